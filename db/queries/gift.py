"""The gift shop (Product.shop and content shop "gift")."""

from __future__ import annotations

from functools import partial

from sqlalchemy.orm import Session

from db.queries import content
from db.queries.media import media_url
from db.queries.navigation import navigation_for
from db.queries.sections import Section, cards_of, section_cards

SHOP = "gift"
SECTION_SIZE = 8

SECTIONS = {
    "popularProducts": Section(SHOP, "top_rated", SECTION_SIZE),
    "topSoldProducts": Section(SHOP, "best_selling", SECTION_SIZE),
    "allProducts": Section(SHOP, "catalogue"),
}

navigation = partial(navigation_for, shop=SHOP)
service_list = partial(content.services, shop=SHOP)
popular_products = partial(section_cards, section=SECTIONS["popularProducts"])
top_selling_products = partial(section_cards, section=SECTIONS["topSoldProducts"])
all_products = partial(section_cards, section=SECTIONS["allProducts"])


def top_categories(session: Session) -> list[dict]:
    """Category tiles with how many published goods each holds now ("27 Available Items")."""
    return [
        {
            "title": tile.title,
            "available": f"{count} Available Items",
            "imgUrl": media_url(tile.image),
            "url": content.search_url(tile.category),
        }
        for tile, count, _biggest in content.showcase_with_figures(session, SHOP, "top")
    ]


def page(session: Session) -> dict:
    cards = cards_of(session, SECTIONS)
    return {
        "navigation": navigation(session),
        "topCategories": top_categories(session),
        "popularProducts": cards["popularProducts"],
        "topSoldProducts": cards["topSoldProducts"],
        "allProducts": cards["allProducts"],
        "services": service_list(session),
    }
