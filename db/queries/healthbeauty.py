"""The health & beauty storefront (Product.shop and content shop "healthbeauty")."""
from __future__ import annotations

from functools import partial

from sqlalchemy.orm import Session

from . import content
from .navigation import navigation_for
from .products import CATALOGUE_ORDER, NEWEST, cards, published_in

SHOP = "healthbeauty"
SECTION_SIZE = 8

navigation = partial(navigation_for, shop=SHOP)
services = partial(content.services, shop=SHOP)


def top_new_products(session: Session) -> list[dict]:
    return cards(session, published_in(SHOP).order_by(*NEWEST), SECTION_SIZE)


def all_products(session: Session) -> list[dict]:
    return cards(session, published_in(SHOP).order_by(*CATALOGUE_ORDER))
