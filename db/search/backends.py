"""The two homes of the search index, behind one small interface: SQLite FTS5 on the embedded
default (fts5.py), PostgreSQL tsvector with GIN indexes on PostgreSQL (tsvector.py). Both keep the
four text fields of a document (documents.py), so the vocabulary can be kept exact as documents
change, and both answer a query plan (terms.py) as a subquery of the matching product ids, in all
fields or in the first few (the title; the title and authors...: how search ranks, see found.py).
The plan goes in as a parameter (WORDS), so the statements that read the index are built once.

Neither ranks by a text score (bm25, ts_rank): both compute a score for EVERY match and look up
how common each word is over the whole index, so the cost grows with the catalogue (a million
products: 15 ms for "class" alone). Which fields a match is in is a cheap question of the index.
Nor does either read every match to keep the first few (`first_rows`): FTS5 reads a word's matches
in order and stops at the limit; PostgreSQL reads a slice of the catalogue at a time (tsvector.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager

from sqlalchemy import Connection, Select, String, bindparam, select, text
from sqlalchemy.sql import FromClause, Subquery
from sqlalchemy.sql.elements import BindParameter

from db.search.documents import Document
from db.search.terms import Plan

FIELDS = ("title", "authors", "tags", "body")
TITLE = ("title",)  # the fields of the first tier (found.py): each back end indexes the titles apart too
# A statement that reads the index takes the shopper's words as this parameter, so that it can be
# built once and run for every search (building and keying a statement costs as much as running
# a small one): `words_param()` makes it, `Backend.words_of` gives its value for a plan.
WORDS = "words"


def words_param() -> BindParameter:
    return bindparam(WORDS, type_=String)


class Backend:
    name: str
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

    @staticmethod
    def expression(plan: Plan, fields: Sequence[str] = FIELDS) -> str:
        """The plan as the index's query language has it, to be kept to these fields."""
        raise NotImplementedError

    def words_of(self, plan: Plan, fields: Sequence[str] = FIELDS) -> dict[str, str]:
        """The parameter of a statement built with `words_param()`: the plan, for these fields."""
        return {WORDS: self.expression(plan, fields)}

    def matched(self, fields: Sequence[str], words: BindParameter) -> Subquery:
        """(product_id) of the indexed products whose fields hold the words (an expression of
        the plan for these fields, as a parameter)."""
        raise NotImplementedError

    def matches(self, plan: Plan, fields: Sequence[str] = FIELDS) -> Subquery:
        """(product_id) of the indexed products the plan matches within these fields."""
        return self.matched(fields, bindparam(WORDS, self.expression(plan, fields), unique=True))

    def first_rows(
        self, fields: Sequence[str], limit: int, read: Callable[[FromClause], Select], words: BindParameter
    ) -> Select:
        """`read(matched)`, a select of rows from the matches (product_id) of the words in these
        fields, as a statement that answers its first `limit` rows in about the index's order
        and reads no further matches than those (and the ones `read` leaves out). FTS5 drives a
        join of its matches and stops at the limit."""
        return read(self.matched(fields, words)).limit(limit)

    def first(self, fields: Sequence[str], limit: int, words: BindParameter) -> Subquery:
        """(product_id) of at most `limit` products the words match in these fields, about the
        first ones, read no further than that."""
        return self.first_rows(fields, limit, lambda matched: select(matched.c.product_id), words).subquery("first")

    def narrowest(
        self, connection: Connection, plan: Plan, tiers: Sequence[Sequence[str]], ids: Sequence[int]
    ) -> dict[int, int]:
        """{product id: n} for those of these products the plan matches within the fields of
        tiers[n] and of no narrower tier (each tier's fields hold the previous one's)."""
        raise NotImplementedError


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
    return bool(name) and (
        name.startswith(("product_fts", "product_title_fts"))
        or name in ("product_search", "ix_product_search_document", "ix_product_search_title", "ix_search_term_trigram")
    )
