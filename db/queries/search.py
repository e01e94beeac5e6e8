"""Catalogue search through the full-text index (db/search): words matched in titles, authors,
series, subjects, categories, publishers and descriptions, with word forms, the last word as a
prefix, synonyms and one-typo corrections; an ISBN (either form) finds its book exactly. Results
are ranked, filtered, sorted and paged in SQL; a search that finds nothing offers "did you mean".
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import Select, case, func, literal, select
from sqlalchemy.orm import Session

from .. import isbn
from ..models import Book, Category, Product
from ..search.backends import backend_for
from ..search.documents import fold
from ..search.terms import Plan, did_you_mean, plan
from .products import CARD_LOADING, NEWEST, TOP_RATED, product_card

SORTS = ("relevance", "price-asc", "price-desc", "rating", "newest")
PER_PAGE = 24
SUGGESTED_CATEGORIES = 8
CONTROL = re.compile(r"[\x00-\x1f\x7f]")


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


def sale_price_sql():
    return Product.price * (100 - Product.discount) / 100


def isbn_match(term: str):
    """The product whose ISBN the term is (ISBN-13 or -10, hyphens or spaces), or None."""
    found = isbn.parse_or_none(term) if isbn.looks_like_isbn(term) else None
    return Product.id.in_(select(Book.product_id).where(Book.isbn == found)) if found else None


@dataclass
class Matching:
    """The products a term finds and how well: the query, its relevance order, the plan it was read with."""

    query: Select
    relevance: tuple
    plan: Plan


def matching(session: Session, term: str) -> Matching:
    term = CONTROL.sub("", term)  # PostgreSQL refuses NUL in text, and no title holds control characters
    published = select(Product).join(Category, Category.id == Product.category_id).where(Product.published.is_(True))
    if (by_isbn := isbn_match(term)) is not None:
        return Matching(published.where(by_isbn), (Product.id,), Plan([], []))
    connection = session.connection()
    read = plan(connection, term)
    if read.empty:
        return Matching(published.where(literal(False)), (Product.id,), read)
    backend = backend_for(connection.dialect.name)
    matched = backend.matches(read)
    in_titles = backend.matches(read, titles_only=True)
    tier = case(
        (func.lower(Product.title) == fold(term).strip(), 0),  # the exact title
        (Product.id.in_(select(in_titles.c.product_id)), 1),  # every word in the title
        else_=2,
    )
    query = published.join(matched, matched.c.product_id == Product.id)
    return Matching(query, (tier, matched.c.rank, *TOP_RATED), read)


def sort_order(sort: str, relevance: tuple) -> tuple:
    """The ORDER BY of one of SORTS: "relevance" is what the list calls its best match."""
    return {
        "relevance": relevance,
        "price-asc": (sale_price_sql().asc(), Product.id),
        "price-desc": (sale_price_sql().desc(), Product.id),
        "rating": TOP_RATED,
        "newest": NEWEST,
    }[sort]


def _filtered(query: Select, request: SearchRequest) -> Select:
    if request.category:
        parent = select(Category.id).where(Category.slug == request.category).scalar_subquery()
        query = query.where((Category.slug == request.category) | (Category.parent_id == parent))
    if request.min_price is not None:
        query = query.where(sale_price_sql() >= request.min_price)
    if request.max_price is not None:
        query = query.where(sale_price_sql() <= request.max_price)
    if request.min_rating is not None:
        query = query.where(Product.rating >= request.min_rating)
    return query


def category_facets(session: Session, found: Matching) -> list[dict]:
    """The categories of everything the term matches, with counts, for the filter list."""
    matched = found.query.with_only_columns(Product.id, Category.slug, Category.name).subquery()
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
    found = matching(session, request.term)
    query = _filtered(found.query, request)
    total = session.scalar(select(func.count()).select_from(query.with_only_columns(Product.id).subquery())) or 0
    page_query = (
        query.options(*CARD_LOADING).order_by(*sort_order(request.sort, found.relevance))
        .limit(request.per_page).offset((request.page - 1) * request.per_page)
    )
    products = [product_card(p) for p in session.scalars(page_query).unique()]
    nothing = total == 0
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
        "categories": category_facets(session, found),
        "suggestions": suggestions(session) if nothing else [],
        "didYouMean": did_you_mean(session.connection(), found.plan) if nothing else None,
    }
