"""Product records as storefront cards and the common ways shops pick them."""
from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session, joinedload

from ..models import Category, OrderLine, Product
from .media import media_url

# What a card shows besides the product's own columns: its category, and a book's ISBN and authors
# (the book in the same SELECT, its authors in one more for the whole list).
CARD_LOADING = (joinedload(Product.category), joinedload(Product.book))


def money(value: Decimal | None) -> float | None:
    """JSON has no decimal type: money leaves the server as a number with two decimals."""
    return None if value is None else float(value)


def product_card(product: Product) -> dict[str, Any]:
    """The storefront product record of SPEC.md §3."""
    images = [media_url(p) for p in product.images] or [None]
    record: dict[str, Any] = {
        "id": product.id,
        "slug": product.slug,
        "title": product.title,
        "price": money(product.price),
        "discount": product.discount,
        "rating": float(product.rating),
        "reviewCount": product.review_count,
        "imgUrl": images[0],
        "imgGroup": images,
        "category": product.category.name,
        "unit": product.unit,
        "stock": product.stock,
    }
    if product.author:
        record["author"] = product.author
    if product.book is not None:
        record["isbn"] = product.book.isbn
        record["authors"] = [author.name for author in product.book.authors]
    if product.status:
        record["status"] = product.status
    if product.colors:
        record["productColors"] = product.colors
    return record


def published_in(shop: str | tuple[str, ...]) -> Select[tuple[Product]]:
    """Published products of one storefront (or several), with what a card shows loaded."""
    shops = (shop,) if isinstance(shop, str) else shop
    return (
        select(Product)
        .options(*CARD_LOADING)
        .where(Product.published.is_(True), Product.shop.in_(shops))
    )


def in_category(query: Select[tuple[Product]], *slugs: str) -> Select[tuple[Product]]:
    """Narrow to products of these categories or their direct children."""
    ids = select(Category.id).where(Category.slug.in_(slugs))
    children = select(Category.id).where(Category.parent_id.in_(ids))
    return query.where(Product.category_id.in_(ids.union(children)))


def units_sold() -> Any:
    """A scalar subquery: units of a product ordered so far (for "top selling" sections)."""
    return (
        select(func.coalesce(func.sum(OrderLine.qty), 0))
        .where(OrderLine.product_id == Product.id)
        .correlate(Product)
        .scalar_subquery()
    )


def cards(session: Session, query: Select[tuple[Product]], limit: int | None = None, offset: int = 0) -> list[dict]:
    if limit is not None:
        query = query.limit(limit)
    if offset:
        query = query.offset(offset)
    return [product_card(p) for p in session.scalars(query).unique()]


# The orderings storefront sections are named after.
TOP_RATED = (Product.rating.desc(), Product.review_count.desc(), Product.id)
NEWEST = (Product.created_at.desc(), Product.id.desc())
BIGGEST_DISCOUNT = (Product.discount.desc(), Product.id)
CATALOGUE_ORDER = (Product.id,)
