"""Readers of storefront content records (db/models/content.py), shared by every shop.

Each reader takes the content `shop` key ("grocery1", "gift", ...) and, where a shop has several
of a kind, the `slot`; records come in their `position` order and leave shaped as SPEC.md §3 says.
"""
from __future__ import annotations

import datetime as dt
from typing import Any, TypeVar
from urllib.parse import quote

from sqlalchemy import func, select
from sqlalchemy.orm import Session, joinedload

from ..models import (
    Banner,
    Blog,
    CarouselSlide,
    Category,
    Deal,
    OfferCard,
    Product,
    Service,
    ShowcaseCategory,
    Testimonial,
)
from .media import media_url

M = TypeVar("M")


def search_url(term: str) -> str:
    """The storefront search page of a category or keyword ("Coffee & Snacks" is URL-encoded)."""
    return "/product/search/" + quote(term, safe="")


def product_url(product_id: int) -> str:
    return f"/product/{product_id}"


def records(session: Session, model: type[M], shop: str, *conditions: Any, options: tuple = ()) -> list[M]:
    """A shop's records of one content model, in display order."""
    query = (
        select(model)
        .where(model.shop == shop, *conditions)
        .order_by(model.position, model.id)
        .options(*options)
    )
    return list(session.scalars(query))


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
        for banner in records(session, Banner, shop, Banner.slot == slot)
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
        for card in records(session, OfferCard, shop, OfferCard.slot == slot)
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
        for card in records(session, OfferCard, shop, OfferCard.slot == slot)
    ]


# --- Showcased categories: their figures come from the products, so they never go stale --------


def showcase(session: Session, shop: str, slot: str) -> list[ShowcaseCategory]:
    return records(session, ShowcaseCategory, shop, ShowcaseCategory.slot == slot,
                   options=(joinedload(ShowcaseCategory.category),))


def category_figures(session: Session, category_ids: list[int]) -> dict[int, tuple[int, int]]:
    """Published product count and biggest discount of each category, its direct children's
    products included (the same reach as products.in_category, i.e. as the search page)."""
    if not category_ids:
        return {}
    children = session.execute(
        select(Category.id, Category.parent_id).where(Category.parent_id.in_(category_ids))
    ).all()
    owners: dict[int, list[int]] = {cid: [cid] for cid in category_ids}
    for child, parent in children:
        owners.setdefault(child, []).append(parent)
    rows = session.execute(
        select(Product.category_id, func.count(Product.id), func.max(Product.discount))
        .where(Product.published.is_(True), Product.category_id.in_(list(owners)))
        .group_by(Product.category_id)
    ).all()
    figures = {cid: (0, 0) for cid in category_ids}
    for category_id, count, biggest in rows:
        for owner in owners[category_id]:
            total, top = figures[owner]
            figures[owner] = (total + count, max(top, biggest or 0))
    return figures


def showcase_with_figures(session: Session, shop: str, slot: str) -> list[tuple[ShowcaseCategory, int, int]]:
    """(tile, published product count, biggest discount) for each showcased category."""
    tiles = showcase(session, shop, slot)
    figures = category_figures(session, [tile.category_id for tile in tiles])
    return [(tile, *figures[tile.category_id]) for tile in tiles]


def featured_categories(session: Session, shop: str, slot: str) -> list[dict]:
    """Category tiles linking to the category's search page."""
    return [
        {"title": tile.title, "imgUrl": media_url(tile.image), "url": search_url(tile.category.name)}
        for tile in showcase(session, shop, slot)
    ]


# --- Deals ---------------------------------------------------------------------------------------


def deals(session: Session, shop: str, kind: str, now: dt.datetime | None = None) -> list[Deal]:
    """A shop's deals of one kind ("week" or "hot") that are still running, and whose product (if
    any) is still on sale."""
    now = now or dt.datetime.now(dt.timezone.utc)
    return [
        deal
        for deal in records(
            session, Deal, shop, Deal.kind == kind,
            options=(joinedload(Deal.product), joinedload(Deal.brand)),
        )
        if (deal.expires_at is None or deal.expires_at > now)
        and (deal.product is None or deal.product.published)
    ]
