"""A storefront home: one db/queries function of the session builds every prop of the page (its
product sections read together), the same functions its /api lists answer with."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy.orm import Session
from starlette.routing import Route

from app.pages.heads import page_title
from app.pages.render import Page, page_route

# Each storefront's title is its shop's name.
SHOP_NAMES = {
    "/market-1": "Market",
    "/grocery1": "Grocery",
    "/grocery2": "Fresh Grocery",
    "/grocery3": "Grocery Offers",
    "/gadget-shop": "Gadget Shop",
    "/fashion-shop": "Fashion Shop",
    "/furniture-shop": "Furniture Shop",
    "/healthbeauty-shop": "Health & Beauty Shop",
    "/gift-shop": "Gift Shop",
}


def shop_meta(path: str, description: str) -> dict:
    return {"title": page_title(SHOP_NAMES[path]), "description": description, "canonical": path}


def home_route(path: str, name: str, props: Callable[[Session], dict[str, Any]], description: str) -> Route:
    """The page `name` at `path` with the props `props` reads; its canonical link is its path."""

    def loader(session: Session, path_params: dict, query: dict) -> Page:
        return Page(name, props(session), meta=shop_meta(path, description))

    return page_route(path, loader)
