"""The three grocery storefronts. They sell the same goods (Product.shop "grocery") and each has
its own content (shop "grocery1", "grocery2", "grocery3")."""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Callable

from sqlalchemy import Select
from sqlalchemy.orm import Session

from ..models import Product
from . import content
from .media import media_url
from .navigation import navigation_for
from .products import BIGGEST_DISCOUNT, CATALOGUE_ORDER, NEWEST, TOP_RATED, cards, in_category, published_in, units_sold

SHOP = "grocery"
# Product grids of the grocery homes: two rows of four.
SECTION_SIZE = 8


def goods() -> Select[tuple[Product]]:
    return published_in(SHOP)


def popular_products(session: Session) -> list[dict]:
    return cards(session, goods().order_by(*TOP_RATED), SECTION_SIZE)


def top_selling_products(session: Session) -> list[dict]:
    """Most units ordered first ("trending" on grocery1, "top sailed" on grocery3)."""
    return cards(session, goods().order_by(units_sold().desc(), *TOP_RATED), SECTION_SIZE)


def all_products(session: Session) -> list[dict]:
    return cards(session, goods().order_by(*CATALOGUE_ORDER))


# --- grocery1 ------------------------------------------------------------------------------------

grocery1_navigation = partial(navigation_for, shop="grocery1")
grocery1_services = partial(content.services, shop="grocery1")

# --- grocery2: a home of numbered sections ---------------------------------------------------------


@dataclass(frozen=True)
class Grocery2Section:
    title: str
    subtitle: str
    # The section's goods, in the order its name promises.
    query: Callable[[], Select[tuple[Product]]]
    size: int


GROCERY2_SECTIONS: dict[str, Grocery2Section] = {
    "section4": Grocery2Section(
        "Fresh Vegetables", "Picked this week from local farms",
        lambda: in_category(goods(), "vegetables").order_by(*TOP_RATED), 9,
    ),
    "section5": Grocery2Section(
        "Top Rated", "What our customers like best",
        lambda: goods().order_by(*TOP_RATED), 12,
    ),
    "section7": Grocery2Section(
        "Best Deals", "The biggest discounts of the day",
        lambda: goods().where(Product.discount > 0).order_by(*BIGGEST_DISCOUNT), 9,
    ),
    "section8": Grocery2Section(
        "New Arrivals", "Just in on our shelves",
        lambda: goods().order_by(*NEWEST), 9,
    ),
}


def grocery2_section(session: Session, key: str) -> list[dict]:
    section = GROCERY2_SECTIONS[key]
    return cards(session, section.query(), section.size)


def grocery2_section_titles() -> dict[str, dict[str, str]]:
    """{section key: {title, subtitle}} for the page's headings."""
    return {key: {"title": s.title, "subtitle": s.subtitle} for key, s in GROCERY2_SECTIONS.items()}


grocery2_navigation = partial(navigation_for, shop="grocery2")
grocery2_services = partial(content.services, shop="grocery2", split=True)
grocery2_testimonials = partial(content.testimonials, shop="grocery2")
grocery2_offer_cards = partial(content.offer_cards, shop="grocery2", slot="card-list")


def shop_by_category(session: Session) -> list[dict]:
    """Category tiles whose subtitle is the best discount its published products carry now."""
    return [
        {
            "imgUrl": media_url(tile.image),
            "title": tile.title,
            "subtitle": f"Upto {biggest}% off" if biggest else tile.subtitle,
            "url": content.search_url(tile.category.name),
        }
        for tile, _count, biggest in content.showcase_with_figures(session, "grocery2", "shop-by-category")
    ]


# --- grocery3 ------------------------------------------------------------------------------------

grocery3_offer_products = partial(content.offer_products, shop="grocery3", slot="offer-products")
