"""A storefront home: one db/queries function of the session builds every prop of the page (its
product sections read together), the same functions its /api lists answer with."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy.orm import Session
from starlette.routing import Route

from app.pages.render import Page, page_route


def home_route(path: str, name: str, props: Callable[[Session], dict[str, Any]], description: str) -> Route:
    """The page `name` at `path` with the props `props` reads; its canonical link is its path."""

    def loader(session: Session, path_params: dict, query: dict) -> Page:
        return Page(name, props(session), meta={"description": description, "canonical": path})

    return page_route(path, loader)
