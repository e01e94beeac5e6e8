"""The fashion storefronts: "fashion shop 2" product sections and the "fashion store" deals.
Both sell Product.shop "fashion" and show content of shop "fashion"."""

from __future__ import annotations

import datetime as dt
from functools import partial

from sqlalchemy.orm import Session

from db.queries import content
from db.queries.media import media_url
from db.queries.sections import Section, cards_of, section_cards, week_of

SHOP = "fashion"
SECTION_SIZE = 8

SECTIONS = {
    "flashDeals": Section(SHOP, "fewest_left", SECTION_SIZE, only=("on_sale", "in_stock")),
    "featured": Section(SHOP, "featured_first", SECTION_SIZE),
    "newArrivals": Section(SHOP, "newest", SECTION_SIZE),
    "onSale": Section(SHOP, "biggest_discount", SECTION_SIZE, only=("on_sale",)),
    "popular": Section(SHOP, "top_rated", SECTION_SIZE),
    "trending": Section(SHOP, "best_selling", SECTION_SIZE),
    "bestOfTheWeek": Section(SHOP, "best_of_week", SECTION_SIZE),
    "products": Section(SHOP, "catalogue"),
}

products = partial(section_cards, section=SECTIONS["products"])
# Featured goods first; top rated ones fill the section when too few are featured.
featured_products = partial(section_cards, section=SECTIONS["featured"])
sale_products = partial(section_cards, section=SECTIONS["onSale"])
# Newest first (served at /api/fashion-shop-2/lasest-products and .../new-arrivals).
latest_products = partial(section_cards, section=SECTIONS["newArrivals"])
popular_products = partial(section_cards, section=SECTIONS["popular"])
# Discounted goods about to sell out: the fewest left in stock first.
flash_deals = partial(section_cards, section=SECTIONS["flashDeals"])
trending_items = partial(section_cards, section=SECTIONS["trending"])


def best_week_products(session: Session, now: dt.datetime | None = None) -> list[dict]:
    """Most units ordered in the last seven days; rating decides between equal (or no) sales."""
    return section_cards(session, SECTIONS["bestOfTheWeek"], **week_of(now))


def product_sections(session: Session, now: dt.datetime | None = None) -> dict[str, list[dict]]:
    """Every product section of the page, read together."""
    return cards_of(session, SECTIONS, **week_of(now))


blogs = partial(content.blogs, shop=SHOP)
service_list = partial(content.services, shop=SHOP)


def running_deals(session: Session) -> dict[str, list]:
    """The fashion store's running deals by kind, for a page showing several kinds (content.running_deals)."""
    return content.running_deals(session, SHOP)


def deal_of_the_week(session: Session, running: dict[str, list] | None = None) -> list[dict]:
    """Brand deals: {brand, off, imgUrl, url (the brand's search page)}; `running`: the deals
    already read (running_deals)."""
    return [
        {
            "brand": deal.brand or "",
            "off": deal.off,
            "imgUrl": media_url(deal.image),
            "url": content.search_url(deal.brand) if deal.brand is not None else "/",
        }
        for deal in (running_deals(session) if running is None else running).get("week", [])
    ]


def hot_deals(session: Session, running: dict[str, list] | None = None) -> list[dict]:
    """Product deals with their expiry: {productName, expireDate (ISO 8601), imgUrl, url};
    `running`: the deals already read (running_deals)."""
    return [
        {
            "productName": deal.product_title,
            "expireDate": deal.expires_at.isoformat() if deal.expires_at else None,
            "imgUrl": media_url(deal.image),
            "url": content.product_url(deal.product_id),
        }
        for deal in (running_deals(session) if running is None else running).get("hot", [])
        if deal.product_id is not None
    ]
