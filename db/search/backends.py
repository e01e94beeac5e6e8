"""The two homes of the search index, behind one small interface: SQLite FTS5 on the embedded
default (fts5.py), PostgreSQL tsvector with GIN indexes on PostgreSQL (tsvector.py). Both keep the
four text fields of a document (documents.py), so the vocabulary can be kept exact as documents
change, and both answer a query plan (terms.py) as a subquery of the matching product ids, in all
fields or in the first few (the title; the title and authors...: how search ranks, see found.py).

Neither ranks by a text score (bm25, ts_rank): both compute a score for EVERY match and look up
how common each word is over the whole index, so the cost grows with the catalogue (a million
products: 15 ms for "class" alone). Which fields a match is in is a cheap question of the index.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Iterable, Iterator, Sequence

from sqlalchemy import Connection, select, text
from sqlalchemy.sql import Subquery

from .documents import Document
from .terms import Plan

FIELDS = ("title", "authors", "tags", "body")


class Backend:
    name: str
    # Whether a join of the matches to the products, with a limit, reads only as many matches as
    # it keeps (SQLite: FTS5 drives the join). PostgreSQL may walk the products in id order
    # testing every document instead, so its matches are asked for a batch at a time (`first`).
    joins_matches = True
    table: str  # the index's own table
    DDL: tuple[str, ...]  # what creates it (the migration runs it)
    DROP: tuple[str, ...]

    def documents(self, connection: Connection, ids: Sequence[int]) -> list[Document]:
        """The indexed documents of these products (to take their words out of the vocabulary)."""
        raise NotImplementedError

    def remove(self, connection: Connection, ids: Sequence[int]) -> None:
        raise NotImplementedError

    @contextmanager
    def refilling(self, connection: Connection) -> Iterator[None]:
        """The index emptied, to be filled anew inside the block."""
        connection.execute(text(f"DELETE FROM {self.table}"))
        yield

    def add(self, connection: Connection, documents: Sequence[Document]) -> None:
        raise NotImplementedError

    def matches(self, plan: Plan, fields: Sequence[str] = FIELDS) -> Subquery:
        """(product_id) of the indexed products the plan matches within these fields."""
        raise NotImplementedError

    def first(self, plan: Plan, fields: Sequence[str], limit: int) -> Subquery:
        """(product_id) of at most `limit` products the plan matches in these fields, about the
        first ones, read no further than that."""
        matched = self.matches(plan, fields)
        return select(matched.c.product_id).limit(limit).subquery("first")

    def narrowest(self, connection: Connection, plan: Plan, tiers: Sequence[Sequence[str]],
                  ids: Sequence[int]) -> dict[int, int]:
        """{product id: n} for those of these products the plan matches within the fields of
        tiers[n] and of no narrower tier (each tier's fields hold the previous one's)."""
        raise NotImplementedError


def backend_for(dialect_name: str) -> Backend:
    # Imported here: each back end's module imports Backend from this one.
    from .fts5 import Sqlite
    from .tsvector import Postgres

    return Postgres() if dialect_name == "postgresql" else Sqlite()


def every(ids: Iterable[int], size: int = 500):
    """ids in slices a statement's parameter list can hold."""
    batch = []
    for product_id in ids:
        batch.append(product_id)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def is_index_object(name: str | None) -> bool:
    """Tables and indexes the backends make that the models do not describe (FTS5's shadow tables
    among them): schema comparisons leave them out."""
    return bool(name) and (name.startswith(("product_fts", "product_title_fts")) or name in (
        "product_search", "ix_product_search_document", "ix_product_search_title", "ix_search_term_trigram"))
