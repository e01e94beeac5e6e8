"""The furniture storefront (Product.shop and content shop "furniture")."""

from __future__ import annotations

from functools import partial

from sqlalchemy.orm import Session

from db.queries.navigation import navigation_for
from db.queries.sections import Section, cards_of, section_cards

SHOP = "furniture"
SECTION_SIZE = 8
# SPEC.md §9: the home's "all products" grid shows nine.
ALL_PRODUCTS_SIZE = 9

SECTIONS = {
    # Goods flagged "New" first, then the newest.
    "topNewProducts": Section(SHOP, "new_first", SECTION_SIZE),
    "topSellingProducts": Section(SHOP, "best_selling", SECTION_SIZE),
    "allProducts": Section(SHOP, "catalogue", ALL_PRODUCTS_SIZE),
}

navigation = partial(navigation_for, shop=SHOP)
top_new_products = partial(section_cards, section=SECTIONS["topNewProducts"])
top_selling_products = partial(section_cards, section=SECTIONS["topSellingProducts"])
all_products = partial(section_cards, section=SECTIONS["allProducts"])


def page(session: Session) -> dict:
    return {"navigation": navigation(session), **cards_of(session, SECTIONS)}
