"""The two homes of the search index, behind one small interface: SQLite FTS5 on the embedded
default, PostgreSQL tsvector (GIN) on PostgreSQL. Both keep the four text fields of a document
(documents.py), so the vocabulary can be kept exact as documents change, and both answer a query
plan (terms.py) as a subquery of (product_id, rank), lower rank first.
"""
from __future__ import annotations

from typing import Iterable, Sequence

from sqlalchemy import Connection, bindparam, column, func, literal_column, select, table, text
from sqlalchemy.sql import Subquery

from .documents import Document
from .terms import Plan

FIELDS = ("title", "authors", "tags", "body")
# How much a match in each field counts: title, then authors, then series/subject/category, then the rest.
WEIGHTS = (10.0, 6.0, 3.0, 1.0)


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

    def clear(self, connection: Connection) -> None:
        connection.execute(text(f"DELETE FROM {self.table}"))

    def add(self, connection: Connection, documents: Sequence[Document]) -> None:
        raise NotImplementedError

    def matches(self, plan: Plan, *, titles_only: bool = False) -> Subquery:
        """(product_id, rank) of the indexed products the plan matches."""
        raise NotImplementedError


class Sqlite(Backend):
    """FTS5 with the porter stemmer (plurals and word forms) over unicode61 without accents, and
    prefix indexes for the last word as typed."""

    name = "sqlite"
    table = "product_fts"
    DDL = (
        "CREATE VIRTUAL TABLE product_fts USING fts5(title, authors, tags, body, "
        "tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3')",
    )
    DROP = ("DROP TABLE IF EXISTS product_fts",)

    def documents(self, connection, ids):
        rows = connection.execute(text("SELECT rowid, title, authors, tags, body FROM product_fts WHERE rowid IN :ids")
                                  .bindparams(bindparam("ids", expanding=True)), {"ids": list(ids)})
        return [Document(*row) for row in rows]

    def remove(self, connection, ids):
        connection.execute(text("DELETE FROM product_fts WHERE rowid IN :ids").bindparams(bindparam("ids", expanding=True)),
                           {"ids": list(ids)})

    def add(self, connection, documents):
        if documents:
            connection.execute(text("INSERT INTO product_fts (rowid, title, authors, tags, body) "
                                    "VALUES (:product_id, :title, :authors, :tags, :body)"),
                               [d.__dict__ for d in documents])

    @staticmethod
    def expression(plan: Plan, titles_only: bool = False) -> str:
        """An FTS5 query: a quoted string is a phrase, a `*` after it makes its last word a prefix.
        The plan's words are [a-z0-9] only, so nothing a shopper types is read as FTS syntax."""
        def alternative(alt) -> str:
            return '"' + " ".join(alt.tokens) + '"' + ("*" if alt.prefix else "")

        groups = ["(" + " OR ".join(alternative(a) for a in group.alternatives) + ")" for group in plan.groups]
        query = " AND ".join(groups)
        return f"{{title}} : ({query})" if titles_only else query

    def matches(self, plan, *, titles_only=False):
        fts = table("product_fts", column("rowid"))
        rank = literal_column(f"bm25(product_fts, {', '.join(map(str, WEIGHTS))})")
        return (
            select(fts.c.rowid.label("product_id"), rank.label("rank"))
            .where(literal_column("product_fts").op("MATCH")(bindparam("fts", self.expression(plan, titles_only), unique=True)))
            .subquery("titles" if titles_only else "matched")
        )


class Postgres(Backend):
    """tsvector with the English configuration (stems, stop words), weights A-D by field, a GIN
    index; pg_trgm indexes the vocabulary for "did you mean" beyond one typo."""

    name = "postgresql"
    table = "product_search"
    DOCUMENT = ("setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', authors), 'B')"
                " || setweight(to_tsvector('english', tags), 'C') || setweight(to_tsvector('english', body), 'D')")
    DDL = (
        "CREATE EXTENSION IF NOT EXISTS pg_trgm",
        "CREATE TABLE product_search (product_id INTEGER PRIMARY KEY REFERENCES product (id) ON DELETE CASCADE, "
        "title TEXT NOT NULL, authors TEXT NOT NULL, tags TEXT NOT NULL, body TEXT NOT NULL, "
        f"document tsvector GENERATED ALWAYS AS ({DOCUMENT}) STORED)",
        "CREATE INDEX ix_product_search_document ON product_search USING gin (document)",
        "CREATE INDEX ix_search_term_trigram ON search_term USING gin (term gin_trgm_ops)",
    )
    DROP = ("DROP INDEX IF EXISTS ix_search_term_trigram", "DROP TABLE IF EXISTS product_search")

    def documents(self, connection, ids):
        rows = connection.execute(text("SELECT product_id, title, authors, tags, body FROM product_search "
                                       "WHERE product_id IN :ids").bindparams(bindparam("ids", expanding=True)),
                                  {"ids": list(ids)})
        return [Document(*row) for row in rows]

    def remove(self, connection, ids):
        connection.execute(text("DELETE FROM product_search WHERE product_id IN :ids")
                           .bindparams(bindparam("ids", expanding=True)), {"ids": list(ids)})

    def add(self, connection, documents):
        if documents:
            connection.execute(text("INSERT INTO product_search (product_id, title, authors, tags, body) "
                                    "VALUES (:product_id, :title, :authors, :tags, :body)"),
                               [d.__dict__ for d in documents])

    @staticmethod
    def expression(plan: Plan) -> str:
        def alternative(alt) -> str:
            tokens = [f"'{token}'" for token in alt.tokens]
            if alt.prefix:
                tokens[-1] += ":*"
            return " <-> ".join(tokens)

        return " & ".join("(" + " | ".join(alternative(a) for a in group.alternatives) + ")" for group in plan.groups)

    def matches(self, plan, *, titles_only=False):
        # The plan's words are [a-z0-9] only: the tsquery holds no syntax a shopper typed.
        query = func.to_tsquery(literal_column("'english'"), bindparam("tsquery", self.expression(plan), unique=True))
        searched = func.to_tsvector(literal_column("'english'"), column("title")) if titles_only else column("document")
        return (
            select(column("product_id"), (-func.ts_rank(column("document"), query, 1)).label("rank"))
            .select_from(table("product_search"))
            .where(searched.op("@@")(query))
            .subquery("titles" if titles_only else "matched")
        )


def backend_for(dialect_name: str) -> Backend:
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
    return bool(name) and (name.startswith("product_fts") or name in (
        "product_search", "ix_product_search_document", "ix_search_term_trigram"))
