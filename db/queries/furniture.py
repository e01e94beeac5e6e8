"""The furniture storefront (Product.shop and content shop "furniture")."""
from __future__ import annotations

from functools import partial

from sqlalchemy import Select
from sqlalchemy.orm import Session

from ..models import Product
from .navigation import navigation_for
from .products import CATALOGUE_ORDER, NEWEST, TOP_RATED, cards, published_in, units_sold

SHOP = "furniture"
SECTION_SIZE = 8
# SPEC.md §9: the home's "all products" grid shows nine.
ALL_PRODUCTS_SIZE = 9


def goods() -> Select[tuple[Product]]:
    return published_in(SHOP)


navigation = partial(navigation_for, shop=SHOP)


def top_new_products(session: Session) -> list[dict]:
    """Goods flagged "New" first, then the newest."""
    flagged_new = (Product.status == "New").desc()
    return cards(session, goods().order_by(flagged_new, *NEWEST), SECTION_SIZE)


def top_selling_products(session: Session) -> list[dict]:
    return cards(session, goods().order_by(units_sold().desc(), *TOP_RATED), SECTION_SIZE)


def all_products(session: Session) -> list[dict]:
    return cards(session, goods().order_by(*CATALOGUE_ORDER), ALL_PRODUCTS_SIZE)
