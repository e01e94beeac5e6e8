"""What a search page's loader keeps between misses (db/queries/remembered.py), so that the first
shopper after a price change is not answered by reading the index again:

- a term's plan (its vocabulary look-up, synonyms and corrections) and what it finds with no
  filter chosen (which products, their relevance tiers, whether there were more): dropped when a
  write changes what terms find (keys.SEARCH_WORDS: searched text, publication, synonyms);
- each found product's row (its price, rating, stock... what the order and the facets read):
  dropped when the product changes (its product key).

A miss after a price change then reads the one row that changed, by id. A search with a filter
chosen reads as before: a filter reaches past the first CAP matches (db/search/found.py), so what
it finds depends on the figures a price change moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from sqlalchemy import Select
from sqlalchemy.orm import Session

from db import page_keys as keys
from db.models import Product
from db.queries.remembered import Remembered, remembered, stored
from db.search.among import among_ids, listed_ids
from db.search.backends import FIELDS
from db.search.documents import fold
from db.search.found import CAP, Found, Hit, found, reading
from db.search.terms import Plan, plan

# What drops what a term finds (its plan, its matches): a write changing what terms find.
TERM_KEYS = frozenset({keys.SEARCH_WORDS})


def kept_plan(session: Session, term: str) -> Plan:
    """The plan of a term, kept by its folded text (all a plan is made from)."""
    return remembered(session, ("plan", fold(term).strip()), TERM_KEYS, lambda: plan(session.connection(), term))


def kept_found(session: Session, asked: Plan) -> Found:
    """What the plan finds with no filter chosen: `found`, or what it found before with each row as
    the product is now (the rows of products changed since read again, in one statement)."""
    store = stored(session)
    if store is None or asked.empty:
        return found(session, asked, ())
    name = ("found", asked.typed)
    kept = store.get(name)
    if kept is None:
        begun = store.begun()
        result = found(session, asked, ())
        store.keep(name, (tuple(row.id for row in result.rows), result.tiers, result.more), TERM_KEYS, begun)
        _keep_rows(store, result.rows, begun)
        return result
    ids, tiers, more = kept
    return Found(_rows(session, store, ids), tiers, more, asked)


def _rows(session: Session, store: Remembered, ids: Sequence[int]) -> list[Hit]:
    """The rows of these products: kept, or read by id (and kept). A row is the order's and the
    facets' only: it needs no tie to the term (its tier is kept beside the ids)."""
    kept, missing = store.get_each("hit", ids)
    rows: list[Hit] = list(kept.values())
    if missing:
        begun = store.begun()
        connection = session.connection()
        dialect = connection.dialect.name
        read = list(map(Hit._make, connection.execute(_by_id(dialect), {"ids": listed_ids(missing, dialect)}).all()))
        _keep_rows(store, read, begun)
        rows += read
    return rows


def _keep_rows(store: Remembered, rows: Sequence[Hit], begun: int) -> None:
    for row in rows:
        store.keep(("hit", row.id), row, frozenset({keys.product(row.id)}), begun)


@lru_cache(maxsize=2)
def _by_id(dialect: str) -> Select:
    """Found rows by product id (parameter "ids"): built once, as `found`'s own statements are."""
    return reading(dialect, False, FIELDS, CAP, (among_ids(Product.id, "ids", dialect),))
