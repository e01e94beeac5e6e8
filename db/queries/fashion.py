"""The fashion storefronts: "fashion shop 2" product sections and the "fashion store" deals.
Both sell Product.shop "fashion" and show content of shop "fashion"."""
from __future__ import annotations

import datetime as dt
from functools import partial

from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session

from ..models import Order, OrderLine, Product
from . import content
from .media import media_url
from .products import BIGGEST_DISCOUNT, CATALOGUE_ORDER, NEWEST, TOP_RATED, cards, published_in, units_sold

SHOP = "fashion"
SECTION_SIZE = 8
WEEK = dt.timedelta(days=7)


def goods() -> Select[tuple[Product]]:
    return published_in(SHOP)


def products(session: Session) -> list[dict]:
    return cards(session, goods().order_by(*CATALOGUE_ORDER))


def featured_products(session: Session) -> list[dict]:
    """Featured goods first; top rated ones fill the section when too few are featured."""
    return cards(session, goods().order_by(Product.featured.desc(), *TOP_RATED), SECTION_SIZE)


def sale_products(session: Session) -> list[dict]:
    return cards(session, goods().where(Product.discount > 0).order_by(*BIGGEST_DISCOUNT), SECTION_SIZE)


def latest_products(session: Session) -> list[dict]:
    """Newest first (served at /api/fashion-shop-2/lasest-products and .../new-arrivals)."""
    return cards(session, goods().order_by(*NEWEST), SECTION_SIZE)


def best_week_products(session: Session, now: dt.datetime | None = None) -> list[dict]:
    """Most units ordered in the last seven days; rating decides between equal (or no) sales."""
    since = (now or dt.datetime.now(dt.timezone.utc)) - WEEK
    sold_this_week = (
        select(func.coalesce(func.sum(OrderLine.qty), 0))
        .join(Order, Order.id == OrderLine.order_id)
        .where(OrderLine.product_id == Product.id, Order.created_at >= since)
        .correlate(Product)
        .scalar_subquery()
    )
    return cards(session, goods().order_by(sold_this_week.desc(), *TOP_RATED), SECTION_SIZE)


def popular_products(session: Session) -> list[dict]:
    return cards(session, goods().order_by(*TOP_RATED), SECTION_SIZE)


def flash_deals(session: Session) -> list[dict]:
    """Discounted goods about to sell out: the fewest left in stock first."""
    query = goods().where(Product.discount > 0, Product.stock > 0)
    return cards(session, query.order_by(Product.stock, *BIGGEST_DISCOUNT), SECTION_SIZE)


def trending_items(session: Session) -> list[dict]:
    return cards(session, goods().order_by(units_sold().desc(), *TOP_RATED), SECTION_SIZE)


blogs = partial(content.blogs, shop=SHOP)
service_list = partial(content.services, shop=SHOP)


def deal_of_the_week(session: Session) -> list[dict]:
    """Brand deals: {brand, off, imgUrl, url (the brand's search page)}."""
    return [
        {
            "brand": deal.brand.name if deal.brand else "",
            "off": deal.off,
            "imgUrl": media_url(deal.image),
            "url": content.search_url(deal.brand.name) if deal.brand else "/",
        }
        for deal in content.deals(session, SHOP, "week")
    ]


def hot_deals(session: Session) -> list[dict]:
    """Product deals with their expiry: {productName, expireDate (ISO 8601), imgUrl, url}."""
    return [
        {
            "productName": deal.product.title,
            "expireDate": deal.expires_at.isoformat() if deal.expires_at else None,
            "imgUrl": media_url(deal.image),
            "url": content.product_url(deal.product.id),
        }
        for deal in content.deals(session, SHOP, "hot")
        if deal.product is not None
    ]
