"""Catalogue search: every word of the term must match a product's title, category or author
(case-insensitive); results sorted, filtered and paged in SQL."""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import Select, and_, case, false, func, literal, or_, select
from sqlalchemy.orm import Session, aliased

from .. import isbn
from ..models import Book, Category, Product
from .products import CARD_LOADING, NEWEST, TOP_RATED, product_card

SORTS = ("relevance", "price-asc", "price-desc", "rating", "newest")
PER_PAGE = 24
SUGGESTED_CATEGORIES = 8


@dataclass(frozen=True)
class SearchRequest:
    term: str
    sort: str = "relevance"
    category: str | None = None  # a category slug
    min_price: Decimal | None = None
    max_price: Decimal | None = None
    min_rating: int | None = None
    page: int = 1
    per_page: int = PER_PAGE


# A product matches its category's parent too: "School Books" finds every school book.
ParentCategory = aliased(Category)


def _escape_like(word: str) -> str:
    return word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def sale_price_sql():
    return Product.price * (100 - Product.discount) / 100


def _isbn_match(term: str):
    """The product whose ISBN the term is (ISBN-13 or -10, hyphens or spaces), or None."""
    found = isbn.parse_or_none(term) if isbn.looks_like_isbn(term) else None
    return Product.id.in_(select(Book.product_id).where(Book.isbn == found)) if found else None


def _matching(term: str) -> Select:
    words = [w for w in term.lower().split() if w]
    conditions = []
    for word in words:
        pattern = f"%{_escape_like(word)}%"
        conditions.append(or_(
            func.lower(Product.title).like(pattern, escape="\\"),
            func.lower(Category.name).like(pattern, escape="\\"),
            func.lower(func.coalesce(ParentCategory.name, "")).like(pattern, escape="\\"),
            func.lower(func.coalesce(Product.author, "")).like(pattern, escape="\\"),
        ))
    matches = and_(*conditions) if conditions else false()
    if (by_isbn := _isbn_match(term)) is not None:
        matches = or_(by_isbn, matches)
    return (
        select(Product)
        .join(Category, Category.id == Product.category_id)
        .outerjoin(ParentCategory, ParentCategory.id == Category.parent_id)
        .where(Product.published.is_(True), matches)
    )


def _as_word(column, lowered: str):
    """The term as whole words of the column: "books" is in "College Books", not in "Bookshelf"."""
    padded = literal(" ").concat(func.lower(func.coalesce(column, ""))).concat(" ")
    return padded.like(f"% {_escape_like(lowered)} %", escape="\\")


def _relevance(term: str):
    lowered = term.lower().strip()
    by_isbn = _isbn_match(term)
    return case(
        *([(by_isbn, -1)] if by_isbn is not None else []),
        (func.lower(Category.name) == lowered, 0),
        (func.lower(func.coalesce(ParentCategory.name, "")) == lowered, 0),
        (func.lower(Product.title) == lowered, 0),
        (or_(_as_word(Product.title, lowered), _as_word(Category.name, lowered), _as_word(ParentCategory.name, lowered)), 1),
        (func.lower(Product.title).like(f"{_escape_like(lowered)}%", escape="\\"), 2),
        (func.lower(Product.title).like(f"%{_escape_like(lowered)}%", escape="\\"), 3),
        else_=4,
    )


def _ordering(request: SearchRequest):
    return {
        "relevance": (_relevance(request.term), *TOP_RATED),
        "price-asc": (sale_price_sql().asc(), Product.id),
        "price-desc": (sale_price_sql().desc(), Product.id),
        "rating": TOP_RATED,
        "newest": NEWEST,
    }[request.sort]


def _filtered(query: Select, request: SearchRequest) -> Select:
    if request.category:
        parent = select(Category.id).where(Category.slug == request.category).scalar_subquery()
        query = query.where(or_(Category.slug == request.category, Category.parent_id == parent))
    if request.min_price is not None:
        query = query.where(sale_price_sql() >= request.min_price)
    if request.max_price is not None:
        query = query.where(sale_price_sql() <= request.max_price)
    if request.min_rating is not None:
        query = query.where(Product.rating >= request.min_rating)
    return query


def category_facets(session: Session, term: str) -> list[dict]:
    """The categories of everything the term matches, with counts, for the filter list."""
    matched = _matching(term).with_only_columns(Product.id, Category.slug, Category.name).subquery()
    rows = session.execute(
        select(matched.c.slug, matched.c.name, func.count()).group_by(matched.c.slug, matched.c.name)
        .order_by(func.count().desc(), matched.c.name)
    )
    return [{"slug": slug, "name": name, "count": count} for slug, name, count in rows]


def suggestions(session: Session) -> list[dict]:
    """Popular categories to offer when nothing matched."""
    rows = session.execute(
        select(Category.name, func.count(Product.id)).join(Product, Product.category_id == Category.id)
        .where(Product.published.is_(True)).group_by(Category.name)
        .order_by(func.count(Product.id).desc(), Category.name).limit(SUGGESTED_CATEGORIES)
    )
    return [{"term": name, "count": count} for name, count in rows]


def search(session: Session, request: SearchRequest) -> dict:
    query = _filtered(_matching(request.term), request)
    total = session.scalar(select(func.count()).select_from(query.with_only_columns(Product.id).subquery())) or 0
    page_query = (
        query.options(*CARD_LOADING).order_by(*_ordering(request))
        .limit(request.per_page).offset((request.page - 1) * request.per_page)
    )
    products = [product_card(p) for p in session.scalars(page_query).unique()]
    return {
        "term": request.term,
        "products": products,
        "total": total,
        "page": request.page,
        "perPage": request.per_page,
        "pages": max(1, -(-total // request.per_page)),
        "sort": request.sort,
        "filters": {
            "category": request.category,
            "minPrice": None if request.min_price is None else float(request.min_price),
            "maxPrice": None if request.max_price is None else float(request.max_price),
            "minRating": request.min_rating,
        },
        "categories": category_facets(session, request.term),
        "suggestions": suggestions(session) if total == 0 else [],
    }
