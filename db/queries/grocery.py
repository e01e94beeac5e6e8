"""The three grocery storefronts. They sell the same goods (Product.shop "grocery") and each has
its own content (shop "grocery1", "grocery2", "grocery3")."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from sqlalchemy.orm import Session

from db.queries import content
from db.queries.media import media_url
from db.queries.navigation import navigation_for
from db.queries.sections import Section, cards_of, section_cards

SHOP = "grocery"
# Product grids of the grocery homes: two rows of four.
SECTION_SIZE = 8

POPULAR = Section(SHOP, "top_rated", SECTION_SIZE)
# Most units ordered first ("trending" on grocery1, "top sailed" on grocery3).
TOP_SELLING = Section(SHOP, "best_selling", SECTION_SIZE)
ALL = Section(SHOP, "catalogue")

popular_products = partial(section_cards, section=POPULAR)
top_selling_products = partial(section_cards, section=TOP_SELLING)
all_products = partial(section_cards, section=ALL)


# --- grocery1 ------------------------------------------------------------------------------------

grocery1_navigation = partial(navigation_for, shop="grocery1")
grocery1_services = partial(content.services, shop="grocery1")


def grocery1_page(session: Session) -> dict:
    cards = cards_of(session, {"popularProducts": POPULAR, "trendingProducts": TOP_SELLING, "allProducts": ALL})
    return {
        "navigation": grocery1_navigation(session),
        "popularProducts": cards["popularProducts"],
        "trendingProducts": cards["trendingProducts"],
        "allProducts": cards["allProducts"],
        "services": grocery1_services(session),
    }


# --- grocery2: a home of numbered sections ---------------------------------------------------------


@dataclass(frozen=True)
class Grocery2Section:
    title: str
    subtitle: str
    # The section's goods, in the order its name promises.
    products: Section


GROCERY2_SECTIONS: dict[str, Grocery2Section] = {
    "section4": Grocery2Section(
        "Fresh Vegetables",
        "Picked this week from local farms",
        Section(SHOP, "top_rated", 9, categories=("vegetables",)),
    ),
    "section5": Grocery2Section("Top Rated", "What our customers like best", Section(SHOP, "top_rated", 12)),
    "section7": Grocery2Section(
        "Best Deals", "The biggest discounts of the day", Section(SHOP, "biggest_discount", 9, only=("on_sale",))
    ),
    "section8": Grocery2Section("New Arrivals", "Just in on our shelves", Section(SHOP, "newest", 9)),
}


def grocery2_section(session: Session, key: str) -> list[dict]:
    return section_cards(session, GROCERY2_SECTIONS[key].products)


def grocery2_section_titles() -> dict[str, dict[str, str]]:
    """{section key: {title, subtitle}} for the page's headings."""
    return {key: {"title": s.title, "subtitle": s.subtitle} for key, s in GROCERY2_SECTIONS.items()}


def grocery2_product_sections(session: Session) -> list[dict]:
    """Sections 4, 5, 7 and 8: [{key, title, subtitle, products}] in section order, read together."""
    cards = cards_of(session, {key: section.products for key, section in GROCERY2_SECTIONS.items()})
    return [
        {"key": key, "title": section.title, "subtitle": section.subtitle, "products": cards[key]}
        for key, section in GROCERY2_SECTIONS.items()
    ]


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
            "url": content.search_url(tile.category),
        }
        for tile, _count, biggest in content.showcase_with_figures(session, "grocery2", "shop-by-category")
    ]


def grocery2_page(session: Session) -> dict:
    return {
        "navigation": grocery2_navigation(session),
        "services": grocery2_services(session),
        "shopByCategory": shop_by_category(session),
        "productSections": grocery2_product_sections(session),
        "offerCards": grocery2_offer_cards(session),
        "testimonials": grocery2_testimonials(session),
    }


# --- grocery3 ------------------------------------------------------------------------------------

grocery3_offer_products = partial(content.offer_products, shop="grocery3", slot="offer-products")


def grocery3_page(session: Session) -> dict:
    cards = cards_of(session, {"topSoldProducts": TOP_SELLING, "allProducts": ALL})
    return {**cards, "offerProducts": grocery3_offer_products(session)}
