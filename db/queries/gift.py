"""The gift shop (Product.shop and content shop "gift")."""
from __future__ import annotations

from functools import partial

from sqlalchemy.orm import Session

from . import content
from .media import media_url
from .navigation import navigation_for
from .products import CATALOGUE_ORDER, TOP_RATED, cards, published_in, units_sold

SHOP = "gift"
SECTION_SIZE = 8

navigation = partial(navigation_for, shop=SHOP)
service_list = partial(content.services, shop=SHOP)


def popular_products(session: Session) -> list[dict]:
    return cards(session, published_in(SHOP).order_by(*TOP_RATED), SECTION_SIZE)


def top_selling_products(session: Session) -> list[dict]:
    return cards(session, published_in(SHOP).order_by(units_sold().desc(), *TOP_RATED), SECTION_SIZE)


def all_products(session: Session) -> list[dict]:
    return cards(session, published_in(SHOP).order_by(*CATALOGUE_ORDER))


def top_categories(session: Session) -> list[dict]:
    """Category tiles with how many published goods each holds now ("27 Available Items")."""
    return [
        {
            "title": tile.title,
            "available": f"{count} Available Items",
            "imgUrl": media_url(tile.image),
            "url": content.search_url(tile.category.name),
        }
        for tile, count, _biggest in content.showcase_with_figures(session, SHOP, "top")
    ]
