"""Storefront sections of product cards: which published products, in what order, how many.

A page reads every one of its sections in ONE statement: each section is a LIMITed arm of a UNION
ALL that walks one of the product indexes in the order it shows (db/models/catalogue.py) and stops
after the products it needs, joined to the card's columns. The authors of the books among them
come in one more statement, and a product shown by several sections is carded once. So a page costs
the same two statements however many sections it has, and a section the same few rows however big
the catalogue grows. The /api lists read one section the same way, so a list and its section
never disagree.

Statements are built once per set of sections and kept: building one costs more Python than
running it. They run on the session's connection, as every plain-column read of the storefront
does: the ORM's result layer would cost more than the statement (grocery1's 68 cards: 3.3 ms of
Python through session.execute, 1.3 ms through its connection).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any, TypeVar

from sqlalchemy import Select, bindparam, exists, false, func, literal_column, or_, select, true, union_all
from sqlalchemy.orm import Session, aliased
from sqlalchemy.sql import operators
from sqlalchemy.sql.elements import UnaryExpression
from sqlalchemy.sql.selectable import ScalarSelect

from db import page_keys
from db.models import Book, BookAuthor, Category, Order, OrderLine, Product
from db.queries.products import (
    BIGGEST_DISCOUNT,
    CARD_AUTHOR,
    CARD_COLUMNS,
    CATALOGUE_ORDER,
    NEWEST,
    TOP_RATED,
    cards_of_rows,
    kept_cards,
    with_authors,
)
from db.queries.remembered import stored
from db.queries.rows import read_rows

K = TypeVar("K")
WEEK = dt.timedelta(days=7)


def sold_since() -> Any:
    """Units of a product ordered since the `since` parameter (a week's best sellers)."""
    return (
        select(func.coalesce(func.sum(OrderLine.qty), 0))
        .join(Order, Order.id == OrderLine.order_id)
        .where(OrderLine.product_id == Product.id, Order.created_at >= bindparam("since"))
        .correlate(Product)
        .scalar_subquery()
    )


def _orders_of_product() -> Select:
    """The orders that hold the `product_id` parameter's product."""
    return select(OrderLine.order_id).where(OrderLine.product_id == bindparam("product_id"))


def bought_with_it() -> Any:
    """Orders a product shares with the `product_id` parameter's product (frequently bought together)."""
    return (
        select(func.count(func.distinct(OrderLine.order_id)))
        .where(OrderLine.product_id == Product.id, OrderLine.order_id.in_(_orders_of_product()))
        .correlate(Product)
        .scalar_subquery()
    )


# The orders sections are named after. The first eight read an index from its start.
ORDERS: dict[str, tuple] = {
    "top_rated": TOP_RATED,
    "newest": NEWEST,
    "biggest_discount": BIGGEST_DISCOUNT,
    "catalogue": CATALOGUE_ORDER,
    "best_selling": (Product.units_sold.desc(), *TOP_RATED),
    "featured_first": (Product.featured.desc(), *TOP_RATED),
    # The demo shops' own orders. Most reviewed and fewest left walk their indexes too (migration
    # 0016; TOP_RATED's review_count is left out after review_count itself, as the index is);
    # "New" first and the week's best sellers sort a shop's few dozen goods.
    "most_reviewed": (Product.review_count.desc(), Product.rating.desc(), Product.id),
    "fewest_left": (Product.stock, *BIGGEST_DISCOUNT),
    "new_first": ((Product.status == "New").desc(), *NEWEST),
    "best_of_week": (sold_since().desc(), *TOP_RATED),  # needs `since`
    "bought_with": (bought_with_it().desc(), *TOP_RATED),  # needs `product_id`
}

# Conditions a section may add; the ones with a parameter need it given when read.
FILTERS: dict[str, Any] = {
    "on_sale": Product.discount > 0,
    "in_stock": Product.stock > 0,
    "featured": Product.featured == true(),
    "in_category": Product.category_id == bindparam("category_id"),
    "beside_category": Product.category_id != bindparam("category_id"),
    "not_product": Product.id != bindparam("product_id"),
}
# Filters naming the few products a section may hold, read first: each product is then found by its
# key (a join). As a condition (`product.id IN (...)`) SQLite's planner, which has no statistics,
# walks the whole catalogue along `published`'s index testing each product: 6.6 ms at 100,000 books
# against 0.4 ms this way.
AMONG: dict[str, Callable[[], Select]] = {
    # In an order with the `product_id` parameter's product: the few a product page's list ranks.
    "bought_with": lambda: select(OrderLine.product_id).where(OrderLine.order_id.in_(_orders_of_product())).distinct(),
}


@dataclass(frozen=True)
class Section:
    """One list of cards. `shop` None: every shop. `categories`: category slugs, each reaching its
    direct children too (as the search page's category filter does)."""

    shop: str | None
    order: str  # a key of ORDERS
    size: int | None = None  # None: all of them
    offset: int = 0
    only: tuple[str, ...] = ()  # keys of FILTERS
    categories: tuple[str, ...] = ()


def in_categories(slugs: tuple[str, ...]) -> Any:
    """The product's category is one of these or a direct child of one: asked of the product's own
    category row (by its key) as a section's index walk meets each product. As `category_id IN
    (ids UNION children)` SQLite ran a home's three shelves together (one UNION ALL) in 2.5 times
    the time of each run alone: 0.32 ms against 0.13 ms for its six sections."""
    own, named = aliased(Category), aliased(Category)
    # The slugs as plain parameters: an IN list is rendered again at every run (SQLAlchemy's
    # "expanding" parameters), 65 µs of a home's miss for its three shelves.
    parents = select(named.id).where(or_(*(named.slug == slug for slug in slugs)))
    return (
        exists()
        .where(own.id == Product.category_id, or_(*(own.slug == slug for slug in slugs), own.parent_id.in_(parents)))
        .correlate(Product)
    )


def _arm(number: int, section: Section) -> Select:
    """The section's product ids and places: its ORDER BY ... LIMIT in a subquery, numbered by the
    same order (a UNION ALL keeps no order of its own)."""
    order = ORDERS[section.order]
    driven = [AMONG[name]().subquery() for name in section.only if name in AMONG]
    # Driven by a few products, `published` is tested on each (coalesce hides its index from the
    # planner); otherwise its index is the one a section walks.
    published = (func.coalesce(Product.published, false()) if driven else Product.published) == true()
    conditions = [published, *(FILTERS[name] for name in section.only if name not in AMONG)]
    if section.shop is not None:
        conditions.append(Product.shop == section.shop)
    if section.categories:
        conditions.append(in_categories(section.categories))
    terms = [
        (term.element, term.modifier is operators.desc_op) if isinstance(term, UnaryExpression) else (term, False)
        for term in order
    ]
    keys = [expression.label(f"k{n}") for n, (expression, _descending) in enumerate(terms)]
    # A term that is a subquery (the orders a product shares, its week's sales) is sorted by its
    # column: written out again in ORDER BY, SQLite ran it again for every row it sorted (a book
    # page's "frequently bought together" 0.20 -> 0.06 ms). The other terms stay as they are,
    # so the planner still walks their index.
    by = [
        (key.desc() if descending else key) if isinstance(expression, ScalarSelect) else term
        for key, (expression, descending), term in zip(keys, terms, order)
    ]
    picked = select(Product.id, *keys)
    for among in driven:
        picked = picked.join(among, among.c.product_id == Product.id)
    picked = picked.where(*conditions).order_by(*by).limit(section.size).offset(section.offset or None).subquery()
    again = [picked.c[f"k{n}"].desc() if descending else picked.c[f"k{n}"] for n, (_e, descending) in enumerate(terms)]
    return select(
        literal_column(str(number)).label("section"), picked.c.id, func.row_number().over(order_by=again).label("place")
    )


def _picks(sections: tuple[Section, ...]) -> Any:
    arms = [_arm(number, section) for number, section in enumerate(sections)]
    return (arms[0] if len(arms) == 1 else union_all(*arms)).subquery("picks")


@lru_cache(maxsize=256)
def _statement(sections: tuple[Section, ...]) -> Select:
    """Every section's products and places, each with its card's columns (a row per author)."""
    picks = _picks(sections)
    return with_authors(
        select(picks.c.section, *CARD_COLUMNS, *CARD_AUTHOR)
        .select_from(picks)
        .join(Product, Product.id == picks.c.id)
        .join(Category, Category.id == Product.category_id)
        .outerjoin(Book, Book.product_id == Product.id)
    ).order_by(picks.c.section, picks.c.place, BookAuthor.position)


@lru_cache(maxsize=256)
def _placed(sections: tuple[Section, ...]) -> Select:
    """Every section's products and places alone, for a loader that keeps cards."""
    picks = _picks(sections)
    return select(picks.c.section, picks.c.id).order_by(picks.c.section, picks.c.place)


# The name of what a loader keeps of its sections' picks, and the keys of the lists they are
# (db/page_keys.py): a list's reorder or refill publishes one of them.
Kept = tuple[Hashable, frozenset[str]]


def _picks_keys(lists: frozenset[str]) -> Callable[[list], frozenset[str]]:
    """The keys of some picks: their lists', and each picked product's (one unpublished or
    deleted leaves its own key, whichever lists it was in)."""
    return lambda rows: lists | {page_keys.product(row.id) for row in rows}


def cards_of(
    session: Session, sections: Mapping[K, Section], kept: Kept | None = None, **params: Any
) -> dict[K, list[dict]]:
    """{key: its section's cards} for every section, read together: in one statement, or, for a
    cached page's loader, which products the sections hold (one statement) and the cards it keeps,
    reading only those it does not (a product's card changed since: a second statement). The
    cards' own columns were four fifths of a home's statement. `kept`: the name and keys under
    which that loader also keeps which products the sections hold."""
    keys = list(sections)
    store = stored(session)
    if store is None:
        rows = read_rows(session, _statement(tuple(sections.values())), params)
        cards = cards_of_rows(session, rows)
    else:
        placed_rows = partial(read_rows, session, _placed(tuple(sections.values())), params)
        rows = placed_rows() if kept is None else store.read(kept[0], _picks_keys(kept[1]), placed_rows)
        cards = kept_cards(session, store, dict.fromkeys(row.id for row in rows))
    found: dict[K, list[dict]] = {key: [] for key in keys}
    placed: set[tuple[int, int]] = set()  # a card's rows are one per author
    for row in rows:
        if (row.section, row.id) not in placed and row.id in cards:
            placed.add((row.section, row.id))
            found[keys[row.section]].append(cards[row.id])
    return found


def section_cards(session: Session, section: Section, **params: Any) -> list[dict]:
    """One section's cards (an /api list)."""
    return cards_of(session, {None: section}, **params)[None]


def week_of(now: dt.datetime | None = None) -> dict[str, dt.datetime]:
    """The `since` parameter of a week's best sellers."""
    return {"since": (now or dt.datetime.now(dt.UTC)) - WEEK}
