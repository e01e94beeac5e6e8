"""Readers of storefront content records (db/models/content.py), shared by every shop.

Each reader takes the content `shop` key ("grocery1", "gift", ...) and, where a shop has several
of a kind, the `slot`; records come in their `position` order and leave shaped as SPEC.md §3 says.
"""

from __future__ import annotations

import datetime as dt
from functools import cache
from typing import Any
from urllib.parse import quote

from sqlalchemy import bindparam, case, func, select, union_all
from sqlalchemy.orm import Session

from db import page_keys as keys
from db.models import (
    Banner,
    Blog,
    Brand,
    CarouselSlide,
    Category,
    CategoryCount,
    Deal,
    OfferCard,
    Product,
    Service,
    ShowcaseCategory,
    Testimonial,
)
from db.queries.media import media_url
from db.queries.remembered import remembered
from db.queries.rows import read_rows


def search_url(term: str) -> str:
    """The storefront search page of a category or keyword ("Coffee & Snacks" is URL-encoded)."""
    return "/product/search/" + quote(term, safe="")


def product_url(product_id: int) -> str:
    return f"/product/{product_id}"


def _in_shop(query, model: type, slotted: bool):
    """A shop's records (of one slot), in display order."""
    query = query.where(model.shop == bindparam("shop"))
    if slotted:
        query = query.where(model.slot == bindparam("slot"))
    return query.order_by(model.position, model.id)


@cache
def _records(model: type, slotted: bool):
    return _in_shop(select(*model.__table__.columns), model, slotted)


def records(session: Session, model: type, shop: str, slot: str | None = None) -> list[Any]:
    """A shop's records of one content model (of one slot), in display order, as plain rows."""
    params = {"shop": shop} if slot is None else {"shop": shop, "slot": slot}
    statement = _records(model, slot is not None)
    return remembered(
        session, (statement, shop, slot), content_keys(shop), lambda: read_rows(session, statement, params)
    )


def content_keys(shop: str) -> frozenset[str]:
    """What drops a shop's content kept between misses (db/queries/remembered.py): its records'
    writes, and its tiles' categories' (their names, their figures: db/catalogue_changes.py names
    those shops)."""
    return frozenset({keys.content(shop)})


def services(session: Session, shop: str, split: bool = False) -> list[dict]:
    """Service blurbs. A two-line blurb also carries its lines as subtitle1 and subtitle2; with
    `split` every record has both keys (grocery2's section draws two lines on every card)."""
    shaped = []
    for service in records(session, Service, shop):
        record = {"icon": service.icon, "title": service.title, "subtitle": service.subtitle}
        if service.subtitle2 or split:
            record["subtitle1"] = service.subtitle
            record["subtitle2"] = service.subtitle2 or ""
        shaped.append(record)
    return shaped


def banners(session: Session, shop: str, slot: str) -> list[dict]:
    return [
        {
            "title": banner.title,
            "body": banner.body,
            "buttonText": banner.button_text,
            "imgUrl": media_url(banner.image),
            "url": banner.href,
        }
        for banner in records(session, Banner, shop, slot)
    ]


def carousel(session: Session, shop: str) -> list[dict]:
    # "buttonLik" is the field name the storefront components were written against (SPEC.md §3).
    return [
        {
            "title": slide.title,
            "photoUrl": media_url(slide.image),
            "description": slide.description,
            "buttonText": slide.button_text,
            "buttonLik": slide.href,
        }
        for slide in records(session, CarouselSlide, shop)
    ]


def date_text(moment: dt.datetime) -> str:
    """A date as blog cards print it: "12 Nov 2026"."""
    return f"{moment.day} {moment:%b %Y}"


def blogs(session: Session, shop: str) -> list[dict]:
    """Blog entries, newest first."""
    entries = records(session, Blog, shop)
    entries.sort(key=lambda blog: blog.created_at, reverse=True)
    return [
        {
            "id": blog.id,
            "url": blog.href,
            "comments": blog.comments,
            "createdAt": date_text(blog.created_at),
            "imgUrl": media_url(blog.image),
            "title": blog.title,
            "description": blog.description,
        }
        for blog in entries
    ]


def testimonials(session: Session, shop: str) -> list[dict]:
    return [
        {"clientName": t.client_name, "comment": t.comment, "photoUrl": media_url(t.photo)}
        for t in records(session, Testimonial, shop)
    ]


def offer_cards(session: Session, shop: str, slot: str) -> list[dict]:
    """Coloured offer cards (grocery2's card list)."""
    return [
        {
            "title": card.title,
            "subtitle": card.subtitle,
            "imgUrl": media_url(card.image),
            "shopUrl": card.href,
            "bgColor": card.bg_color,
        }
        for card in records(session, OfferCard, shop, slot)
    ]


def offer_products(session: Session, shop: str, slot: str) -> list[dict]:
    """Offer cards that advertise a discount with a button (grocery3's offer products)."""
    return [
        {
            "title": card.title,
            "discountOffer": card.discount_offer,
            "imgUrl": media_url(card.image),
            "buttonText": card.button_text,
            "url": card.href,
        }
        for card in records(session, OfferCard, shop, slot)
    ]


# --- Showcased categories: their figures come from the products, so they never go stale --------

# A tile with its category's name and slug.
_TILE = (
    ShowcaseCategory.title,
    ShowcaseCategory.subtitle,
    ShowcaseCategory.image,
    ShowcaseCategory.category_id,
    Category.name.label("category"),
    Category.slug.label("category_slug"),
)
SHOWCASE = _in_shop(
    select(*_TILE).join(Category, Category.id == ShowcaseCategory.category_id), ShowcaseCategory, slotted=True
)

# Each tile's category's published products and biggest discount, its direct children's included
# (the same reach as sections.in_categories, i.e. as the search page): read from the counts the
# database keeps (db/models/counts.py), a few rows per category whatever the catalogue's size, in
# the tiles' own statement.
_SHOWN = select(ShowcaseCategory.category_id).where(
    ShowcaseCategory.shop == bindparam("shop"), ShowcaseCategory.slot == bindparam("slot")
)
_OWNED = union_all(
    select(CategoryCount.category_id.label("owner"), CategoryCount.discount, CategoryCount.products).where(
        CategoryCount.category_id.in_(_SHOWN)
    ),
    select(Category.parent_id.label("owner"), CategoryCount.discount, CategoryCount.products)
    .join(Category, Category.id == CategoryCount.category_id)
    .where(Category.parent_id.in_(_SHOWN)),
).subquery()
_FIGURES = (
    select(
        _OWNED.c.owner,
        func.sum(_OWNED.c.products).label("products"),
        func.max(case((_OWNED.c.products > 0, _OWNED.c.discount))).label("biggest"),
    )
    .group_by(_OWNED.c.owner)
    .subquery()
)
SHOWCASE_WITH_FIGURES = _in_shop(
    select(*_TILE, _FIGURES.c.products, _FIGURES.c.biggest)
    .join(Category, Category.id == ShowcaseCategory.category_id)
    .outerjoin(_FIGURES, _FIGURES.c.owner == ShowcaseCategory.category_id),
    ShowcaseCategory,
    slotted=True,
)


def showcase(session: Session, shop: str, slot: str) -> list[Any]:
    """A shop's category tiles of one slot: title, subtitle, image, category_id, category (its
    name), category_slug."""
    params = {"shop": shop, "slot": slot}
    return remembered(session, (SHOWCASE, shop, slot), content_keys(shop), lambda: read_rows(session, SHOWCASE, params))


def showcase_with_figures(session: Session, shop: str, slot: str) -> list[tuple[Any, int, int]]:
    """(tile, published product count, biggest discount) for each showcased category."""
    params = {"shop": shop, "slot": slot}
    rows = remembered(
        session,
        (SHOWCASE_WITH_FIGURES, shop, slot),
        content_keys(shop),
        lambda: read_rows(session, SHOWCASE_WITH_FIGURES, params),
    )
    return [(tile, tile.products or 0, tile.biggest or 0) for tile in rows]


def featured_categories(session: Session, shop: str, slot: str) -> list[dict]:
    """Category tiles linking to the category's search page."""
    return [
        {"title": tile.title, "imgUrl": media_url(tile.image), "url": search_url(tile.category)}
        for tile in showcase(session, shop, slot)
    ]


# --- Deals ---------------------------------------------------------------------------------------

# A shop's deals of every kind, each with its product's id, title and whether it is on sale, and
# its brand's name: a page showing several kinds reads them in one statement.
DEALS = (
    select(
        Deal.kind,
        Deal.off,
        Deal.image,
        Deal.expires_at,
        Deal.product_id,
        Product.title.label("product_title"),
        Product.published.label("product_published"),
        Brand.name.label("brand"),
    )
    .outerjoin(Product, Product.id == Deal.product_id)
    .outerjoin(Brand, Brand.id == Deal.brand_id)
    .where(Deal.shop == bindparam("shop"))
    .order_by(Deal.position, Deal.id)
)


def running_deals(session: Session, shop: str, now: dt.datetime | None = None) -> dict[str, list[Any]]:
    """{kind ("week", "hot"): the shop's deals of that kind that are still running, and whose
    product (if any) is still on sale}, each kind in display order."""
    now = now or dt.datetime.now(dt.UTC)
    running: dict[str, list[Any]] = {}
    deals = remembered(
        session,
        (DEALS, shop),
        lambda rows: (
            content_keys(shop) | {keys.BRANDS, *(keys.product(row.product_id) for row in rows if row.product_id)}
        ),
        lambda: read_rows(session, DEALS, {"shop": shop}),
    )
    for deal in deals:
        if (deal.expires_at is None or deal.expires_at > now) and (deal.product_id is None or deal.product_published):
            running.setdefault(deal.kind, []).append(deal)
    return running
