"""What a search finds, in a bounded amount of work whatever the catalogue's size: at most CAP
published products, each with the few columns the results' order and the facets need, and its
relevance tier.

Relevance is a field order: the exact title, then every word in the title as typed ("physics" in
"Class 11 Physics"), then every word in the title by its stem only ("physical": the stemmer makes
them one word), then in the title and authors, then also in series/subject/category (a book whose
own subject names the words, as typed, with its title, before one only its shelf's category names:
"history" finds the history books before the geography books of "History & Geography"), then
anywhere; ties go to the books (the shop is a book shop: "french" finds the French books before
French Fries), then to those sold most, then to the titles the words make more of (`title_share`:
"Company Law Handbook" before "Class 6 Law Handbook"), then the best rated. Which fields a product matches in is
asked of the index for the found products only (backends.py `narrowest`), never scored over every
match; whether a title or subject holds the words as typed is read from the found rows.

A term a million products share ("physics") does not make a search read them all: the first
CAP + 1 matches are read in the index's order (`more` then says there were more), after the title
matches, so the best tiers are never crowded out. Filters are part of the query that reads them,
so a filter still finds what it asks for beyond the first CAP.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from sqlalchemy import Float, Select, String, bindparam, case, cast, func, literal, select
from sqlalchemy.orm import Session

from db.models import Book, Product
from db.search.backends import FIELDS, TITLE, words_param
from db.search.dialects import backend_for
from db.search.documents import words
from db.search.terms import Alternative, Plan

CAP = 500
# The fields of each tier below "exact title" (0); a match anywhere is the tier after the last.
TIERS = (TITLE, ("title", "authors"), ("title", "authors", "tags"))
# The tiers a search ranks by: 0 the exact title, 1 the words as typed in the title, 2 the title by
# stems only, 3 the title and authors, 4 and 5 the title, authors and tags (4: the words as typed in
# the title and the book's subject), then anywhere.
AS_TYPED, STEMS_ONLY, AUTHORS, SUBJECT, TAGS = 1, 2, 3, 4, 5
ANYWHERE = TAGS + 1


def sale_price_sql():
    return Product.price * (100 - Product.discount) / 100


def lowest_price_sql():
    """The least a shopper pays for the product: its buy box's sale price, or its cheapest used copy
    in stock when that costs less (the summary's columns: no offer is read)."""
    sale = sale_price_sql()
    return case((Product.used_from < sale, Product.used_from), else_=sale)


# What the order and the facets read: one narrow row per product (its book's columns or None).
# Prices and ratings are only compared and sorted: read as floats (cast in SQL), not made Decimals row by row.
COLUMNS = (
    Product.id,
    Product.category_id,
    # The lowest offer's price: what the price filter, facet and sort read.
    cast(lowest_price_sql(), Float).label("sale"),
    cast(Product.rating, Float).label("rating"),
    Product.review_count,
    Product.units_sold,
    Product.stock,
    # Only sorted: as ISO text (as SQLite stores it; PostgreSQL's text of one time zone sorts as
    # the times do), not made a datetime row by row (0.3 ms for 500 rows on PostgreSQL).
    cast(Product.created_at, String).label("created_at"),
    Product.featured,
    # The buy box's condition, and whether a used copy is in stock (the condition filter).
    Product.condition,
    Product.used_from.is_not(None).label("used"),
    Book.format,
    Book.subject,
    Book.level_kind,
    Book.level_from,
    Product.title,
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
    condition: str
    used: bool
    format: str | None
    subject: str | None
    level_kind: str | None
    level_from: int | None
    title: str
    exact: bool


@dataclass
class Found:
    rows: list[Hit]  # in no particular order
    tiers: dict[int, int]  # product id -> relevance tier
    more: bool  # more than CAP matched: these are the best tiers' first CAP
    plan: Plan | None = None  # what was looked for (none: a shelf, an ISBN)

    def relevance(self) -> Callable[[Hit], tuple]:
        """The key of the relevance order: the tier, then books before the other shops' products
        (a book has a format), then the products sold most, then the titles the words make more of
        (`title_share`), then the best rated (ids break ties)."""
        tiers = self.tiers
        share = title_share(self.plan) if self.plan else lambda _title: 0.0
        return lambda row: (
            tiers[row.id],
            row.format is None,
            -row.units_sold,
            -share(row.title),
            -row.rating,
            -row.review_count,
            row.id,
        )


def published(dialect: str) -> Any:
    """`product.published` as a condition on matches read first. On SQLite as a function's
    argument, so it cannot pick an index: with one that begins with it (the storefront's
    ix_product_store_top_rated), SQLite walks every published product and asks FTS5 or the
    matches' list about each (10 s for "class 9 physics" at 50,000 products) instead of reading
    the matches first. likely(): most products are published, as the planner is told."""
    condition = Product.published.is_(True)
    return func.likely(condition) if dialect == "sqlite" else condition


def reading(dialect: str, matched: bool, fields: Sequence[str], limit: int, conditions: Sequence[Any] = ()) -> Select:
    """The statement of `rows`: the words as a parameter (backends.WORDS) when `matched`, and
    the exact title as typed (`typed`)."""
    exact = func.lower(Product.title) == bindparam("typed", type_=String) if matched else literal(False)

    def of(matches: Any) -> Select:
        """The rows of the matched products (or of all products) under the conditions."""
        source = Product if matches is None else matches.join(Product, Product.id == matches.c.product_id)
        return (
            select(*COLUMNS, exact.label("exact"))
            .select_from(source)
            .outerjoin(Book, Book.product_id == Product.id)
            .where(published(dialect), *conditions)
        )

    if not matched:
        return of(None).limit(limit)
    return backend_for(dialect).first_rows(fields, limit, of, words_param())


# A search without filters reads through a statement built once for each tier (see backends.WORDS).
plain_reading = lru_cache(maxsize=32)(reading)


def rows(
    session: Session, conditions: Sequence[Any], limit: int, plan: Plan | None = None, fields: Sequence[str] = FIELDS
) -> list[Hit]:
    """Published products (that the plan matches in these fields) under these conditions, at most
    `limit`, in about the index's order: the database stops reading at the limit."""
    connection = session.connection()
    dialect, fields = connection.dialect.name, tuple(fields)
    if conditions:
        query = reading(dialect, plan is not None, fields, limit, conditions)
    else:
        query = plain_reading(dialect, plan is not None, fields, limit)
    values = {} if plan is None else {**backend_for(dialect).words_of(plan, fields), "typed": plan.typed}
    # Fetched at once (the driver's fetchall), not row by row through the result's iterator.
    return list(map(Hit._make, connection.execute(query, values).all()))


def typed_in(plan: Plan, title: str) -> bool:
    """Whether the title holds every word as the shopper meant it (as typed, its spelling corrected,
    or a synonym; the last word may be the start of one, as it is matched), rather than only a word
    of the same stem."""
    own = set(words(title, shortest=1))

    def holds(alternative: Alternative) -> bool:
        *whole, last = alternative.tokens
        ends = any(word.startswith(last) for word in own) if alternative.prefix else last in own
        return ends and all(word in own for word in whole)

    return all(any(holds(alternative) for alternative in group.alternatives) for group in plan.groups)


# Words a title holds for its grammar: they neither add to nor take from what a title is about.
GRAMMAR = frozenset(("a", "an", "and", "at", "by", "for", "in", "of", "on", "the", "to", "with"))


def title_share(plan: Plan) -> Callable[[str], float]:
    """The share of a title's words that are the shopper's (as typed, corrected or a synonym; the
    last may be the start of one): "law handbook" is two thirds of "Company Law Handbook", half of
    "Class 6 Law Handbook". Among books of one tier sold as much, the title that is more nearly
    what was asked for ranks first, before the best rated: in a big catalogue many titles share a
    word with the answer, and a rating says nothing of which one was meant."""
    whole = {token for group in plan.groups for alternative in group.alternatives for token in alternative.tokens}
    starts = tuple(
        alternative.tokens[-1] for group in plan.groups for alternative in group.alternatives if alternative.prefix
    )

    def share(title: str) -> float:
        own = title_words(title)
        theirs = sum(word in whole or word.startswith(starts) for word in own)
        return theirs / len(own) if own else 0.0

    return share


@lru_cache(maxsize=8192)
def title_words(title: str) -> tuple[str, ...]:
    """A title's words but its grammar: a search ranks up to CAP titles, mostly the same ones
    search after search, and folding and splitting them was most of the tie-break's time."""
    return tuple(word for word in words(title, shortest=1) if word not in GRAMMAR)


def by_subject(plan: Plan, row: Hit) -> bool:
    """Whether a book's title and its own subject hold the words as typed ("class 6 history": Class 6
    Ancient Civilisations, a history book), not only the category of its shelf."""
    return bool(row.subject) and typed_in(plan, f"{row.title} {row.subject}")


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
    tiers = {row.id: ANYWHERE for row in hits}
    tiers |= {row.id: AS_TYPED if typed_in(plan, row.title) else STEMS_ONLY for row in titled}
    others = [row.id for row in hits if tiers[row.id] == ANYWHERE]
    narrower = backend.narrowest(session.connection(), plan, TIERS[1:], others)
    tiers.update({product_id: (AUTHORS, TAGS)[n] for product_id, n in narrower.items()})
    tiers.update({row.id: SUBJECT for row in hits if tiers[row.id] == TAGS and by_subject(plan, row)})
    tiers.update({row.id: 0 for row in hits if row.exact})
    # At most CAP, the best tiers' (a stable sort: the index's order within a tier).
    return Found(sorted(hits, key=lambda row: tiers[row.id])[:cap], tiers, more, plan)


def browsed(session: Session, conditions: Sequence[Any], query: Select | None = None) -> Found:
    """The published products under these conditions, no term (a book page's shelf): the first
    CAP in the order of the index the conditions read (`more` says there were more). `query`:
    their statement, already built by `browsing`."""
    if query is None:
        hits = rows(session, conditions, CAP + 1)
    else:
        hits = list(map(Hit._make, session.connection().execute(query).all()))
    return Found(hits[:CAP], {}, len(hits) > CAP)


def browsing(dialect: str, conditions: Sequence[Any]) -> Select:
    """`browsed`'s statement of these conditions, to build once and keep (building it and its
    cache key cost a shelf's miss more than running it)."""
    return reading(dialect, False, FIELDS, CAP + 1, conditions)


def found_exactly(session: Session, conditions: Sequence[Any]) -> Found:
    """The products these conditions name (an ISBN's book), without the index: all first."""
    hits = rows(session, conditions, CAP)
    return Found(hits, dict.fromkeys((row.id for row in hits), 0), False)
