"""What a search finds, in a bounded amount of work whatever the catalogue's size: at most CAP
published products, each with the few columns the results' order and the facets need, and its
relevance tier.

Relevance is a field order, the one the issue names: the exact title, then every word in the
title, then in the title and authors, then also in series/subject/category, then anywhere; ties
go to the books sold most, then the best rated. Which fields a product matches in is asked of
the index for the found products only (backends.py `narrowest`), never scored over every match.

A term a million products share ("physics") does not make a search read them all: the first
CAP + 1 matches are read in the index's order (`more` then says there were more), after the title
matches, so the best tiers are never crowded out. Filters are part of the query that reads them,
so a filter still finds what it asks for beyond the first CAP.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, NamedTuple, Sequence

from sqlalchemy import ARRAY, Float, Integer, Select, String, bindparam, cast, func, literal, select, type_coerce
from sqlalchemy.orm import Session

from ..models import Book, Product
from .backends import FIELDS, backend_for
from .terms import Plan

CAP = 500
# The fields of each tier below "exact title" (0); a match anywhere is the tier after the last.
TIERS = (("title",), ("title", "authors"), ("title", "authors", "tags"))
ANYWHERE = len(TIERS) + 1


def sale_price_sql():
    return Product.price * (100 - Product.discount) / 100


# What the order and the facets read: one narrow row per product (its book's columns or None).
# Prices and ratings are only compared and sorted: read as floats (cast in SQL), not made Decimals row by row.
COLUMNS = (
    Product.id, Product.category_id, cast(sale_price_sql(), Float).label("sale"),
    cast(Product.rating, Float).label("rating"), Product.review_count, Product.units_sold, Product.stock,
    # Only sorted: as stored (ISO text on SQLite), not made a datetime row by row.
    type_coerce(Product.created_at, String).label("created_at"), Product.featured, Book.format, Book.subject,
    Book.level_kind, Book.level_from,
)


class Hit(NamedTuple):
    """A found row, as COLUMNS (and `exact`) read it: a plain tuple, quick to sort and count."""

    id: int
    category_id: int
    sale: float
    rating: float
    review_count: int
    units_sold: int
    stock: int
    created_at: Any
    featured: bool
    format: str | None
    subject: str | None
    level_kind: str | None
    level_from: int | None
    exact: bool


@dataclass
class Found:
    rows: list[Hit]  # in no particular order
    tiers: dict[int, int]  # product id -> relevance tier
    more: bool  # more than CAP matched: these are the best tiers' first CAP


def published(dialect: str) -> Any:
    """`product.published` as a condition on matches read first. On SQLite as a function's
    argument, so it cannot pick an index: with one that begins with it (the storefront's
    ix_product_store_top_rated), SQLite walks every published product and asks FTS5 or the
    matches' list about each (10 s for "class 9 physics" at 50,000 products) instead of reading
    the matches first. likely(): most products are published, as the planner is told."""
    condition = Product.published.is_(True)
    return func.likely(condition) if dialect == "sqlite" else condition


def rows(session: Session, conditions: Sequence[Any], limit: int, plan: Plan | None = None,
         fields: Sequence[str] = FIELDS) -> list[Hit]:
    """Published products (that the plan matches in these fields) under these conditions, at most
    `limit`, in about the index's order: the database stops reading at the limit."""
    exact = (func.lower(Product.title) == plan.typed) if plan is not None and plan.typed else literal(False)
    connection = session.connection()

    def of(source: Any) -> Select:
        return (select(*COLUMNS, exact.label("exact")).select_from(source).outerjoin(Book, Book.product_id == Product.id)
                .where(published(connection.dialect.name), *conditions))


    def read(query: Select) -> list[Hit]:
        return list(map(Hit._make, connection.execute(query.limit(limit))))

    if plan is None:
        return read(of(Product))
    backend = backend_for(connection.dialect.name)
    if backend.joins_matches:
        matched = backend.matches(plan, fields)
        return read(of(matched.join(Product, Product.id == matched.c.product_id)))
    # The index is asked for a batch of ids instead, and a bigger one while the products'
    # conditions leave too few of them.
    batch = limit + limit // 8 + 8  # a few unpublished ones among them
    while True:
        first = backend.first(plan, fields, batch)
        hits = read(of(first.join(Product, Product.id == first.c.product_id)))
        if len(hits) >= limit or connection.scalar(select(func.count()).select_from(first)) < batch:
            return hits  # enough, or every match read
        batch *= 4


def among(column: Any, ids: Sequence[int], dialect: str) -> Any:
    """`column IN ids` as ONE parameter (a JSON list on SQLite, an array on PostgreSQL): a thousand
    ids are not a thousand placeholders to render for every query."""
    if dialect == "postgresql":
        return column == func.any(bindparam("ids", list(ids), type_=ARRAY(Integer), unique=True))
    listed = func.json_each(bindparam("ids", json.dumps(list(ids)), unique=True)).table_valued("value")
    return column.in_(select(listed.c.value))


def _unique(rows_: list[Hit]) -> list[Hit]:
    seen: set[int] = set()
    return [row for row in rows_ if not (row.id in seen or seen.add(row.id))]


def found(session: Session, plan: Plan, conditions: Sequence[Any], ranked: bool = True) -> Found:
    """The products a plan finds under these conditions, with their tiers (unless not `ranked`:
    what a facet counts needs no order)."""
    cap = CAP
    if plan.empty:
        return Found([], {}, False)
    backend = backend_for(session.connection().dialect.name)
    if not ranked:
        hits = rows(session, conditions, cap + 1, plan)
        return Found(hits[:cap], {}, len(hits) > cap)
    # The title matches first, wherever they are in the index: more than CAP of them fill the list.
    titled = rows(session, conditions, cap + 1, plan, TIERS[0])
    hits, more = titled, len(titled) > cap
    if not more:
        anywhere = rows(session, conditions, cap + 1, plan)
        hits, more = _unique(titled + anywhere), len(anywhere) > cap
    tiers = {row.id: ANYWHERE for row in hits} | {row.id: 1 for row in titled}
    others = [row.id for row in hits if tiers[row.id] != 1]
    narrower = backend.narrowest(session.connection(), plan, TIERS[1:], others)
    tiers.update({product_id: n + 2 for product_id, n in narrower.items()})
    tiers.update({row.id: 0 for row in hits if row.exact})
    # At most CAP, the best tiers' (a stable sort: the index's order within a tier).
    return Found(sorted(hits, key=lambda row: tiers[row.id])[:cap], tiers, more)


def browsed(session: Session, conditions: Sequence[Any]) -> Found:
    """The published products under these conditions, no term (a book page's shelf): the first
    CAP in the order of the index the conditions read (`more` says there were more)."""
    hits = rows(session, conditions, CAP + 1)
    return Found(hits[:CAP], {}, len(hits) > CAP)


def found_exactly(session: Session, conditions: Sequence[Any]) -> Found:
    """The products these conditions name (an ISBN's book), without the index: all first."""
    hits = rows(session, conditions, CAP)
    return Found(hits, dict.fromkeys((row.id for row in hits), 0), False)
