"""The health & beauty storefront (Product.shop and content shop "healthbeauty")."""

from __future__ import annotations

from functools import partial

from sqlalchemy.orm import Session

from db.queries import content
from db.queries.navigation import navigation_for
from db.queries.sections import Section, cards_of, section_cards

SHOP = "healthbeauty"
SECTION_SIZE = 8

SECTIONS = {
    "topNewProducts": Section(SHOP, "newest", SECTION_SIZE),
    "allProducts": Section(SHOP, "catalogue"),
}

navigation = partial(navigation_for, shop=SHOP)
services = partial(content.services, shop=SHOP)
top_new_products = partial(section_cards, section=SECTIONS["topNewProducts"])
all_products = partial(section_cards, section=SECTIONS["allProducts"])


def page(session: Session) -> dict:
    return {"navigation": navigation(session), **cards_of(session, SECTIONS), "services": services(session)}
