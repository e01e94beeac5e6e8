"""The search index on SQLite: an FTS5 table of the four fields (db/search/backends.py)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import contextmanager

from sqlalchemy import bindparam, column, literal_column, select, table, text

from db.search.backends import FIELDS, TITLE, Backend
from db.search.documents import Document
from db.search.terms import Plan

TOKENIZE = "tokenize = 'porter unicode61 remove_diacritics 2', prefix = '2 3'"
# The titles alone (migration 0015). A column filter on product_fts (`{title} : physics`) still
# reads the word's whole doclist and drops the rows where it is not in the title: a word common
# in descriptions but rare in titles ("books", "paperback") read every product that has it,
# ~25 ms at a million products, to find a handful. Here a title word's doclist is the titles'.
TITLES_DDL = f"CREATE VIRTUAL TABLE IF NOT EXISTS product_title_fts USING fts5(title, {TOKENIZE})"


class Sqlite(Backend):
    """FTS5 with the porter stemmer (plurals and word forms) over unicode61 without accents, and
    prefix indexes for the last word as typed; the titles also in an FTS5 table of their own."""

    name = "sqlite"
    table = "product_fts"
    titles = "product_title_fts"
    DDL = (f"CREATE VIRTUAL TABLE product_fts USING fts5(title, authors, tags, body, {TOKENIZE})", TITLES_DDL)
    DROP = ("DROP TABLE IF EXISTS product_title_fts", "DROP TABLE IF EXISTS product_fts")

    @contextmanager
    def refilling(self, connection):
        connection.execute(text("DELETE FROM product_title_fts"))
        with super().refilling(connection):
            yield

    def documents(self, connection, ids):
        rows = connection.execute(
            text("SELECT rowid, title, authors, tags, body FROM product_fts WHERE rowid IN :ids").bindparams(
                bindparam("ids", expanding=True)
            ),
            {"ids": list(ids)},
        )
        return [Document(*row) for row in rows]

    def remove(self, connection, ids):
        for table_ in (self.table, self.titles):
            connection.execute(
                text(f"DELETE FROM {table_} WHERE rowid IN :ids").bindparams(bindparam("ids", expanding=True)),
                {"ids": list(ids)},
            )

    def add(self, connection, documents):
        if documents:
            rows = [d.__dict__ for d in documents]
            connection.execute(
                text(
                    "INSERT INTO product_fts (rowid, title, authors, tags, body) "
                    "VALUES (:product_id, :title, :authors, :tags, :body)"
                ),
                rows,
            )
            connection.execute(text("INSERT INTO product_title_fts (rowid, title) VALUES (:product_id, :title)"), rows)

    @staticmethod
    def expression(plan: Plan, fields: Sequence[str] = FIELDS) -> str:
        """An FTS5 query: a quoted string is a phrase, a `*` after it makes its last word a prefix,
        `{title authors} :` keeps it to those columns. The plan's words are [a-z0-9] only, so
        nothing a shopper types is read as FTS syntax."""

        def alternative(alt) -> str:
            return '"' + " ".join(alt.tokens) + '"' + ("*" if alt.prefix else "")

        groups = ["(" + " OR ".join(alternative(a) for a in group.alternatives) + ")" for group in plan.groups]
        query = " AND ".join(groups)
        # The titles are searched in their own table (`matched`): no column to keep to there.
        return query if tuple(fields) in (FIELDS, TITLE) else f"{{{' '.join(fields)}}} : ({query})"

    def matched(self, fields, words):
        searched = self.titles if tuple(fields) == TITLE else self.table
        fts = table(searched, column("rowid"))
        return (
            select(fts.c.rowid.label("product_id"))
            .where(literal_column(searched).op("MATCH")(words))
            .subquery("matched")
        )

    def narrowest(self, connection, plan, tiers, ids):
        """Every tier asked about these products in one statement (a round trip per tier cost a
        search's miss more than the index's work): a product is in every tier wider than its own
        (each tier's fields hold the previous one's), so its tier is the narrowest that has it."""
        if not ids:
            return {}
        inside = sorted(ids)
        # FTS5 reads a rowid range of its doclists at once, where `rowid IN (...)` alone would test
        # every match in the index; the ids came from this index in rowid order, so a few ranges
        # hold them and few others. `+rowid IN` is tested on the range's rows, outside FTS5. Each
        # range is read downwards: a column filter reads on past the range to the next match in
        # those columns, and the ids are the index's first matches, so little lies below them
        # (upwards, "books" in the titles: the whole doclist, 16 ms at a million products).
        union = " UNION ALL ".join(
            f"SELECT {n:d}, rowid FROM (SELECT rowid FROM product_fts WHERE product_fts MATCH :fts{n:d} "
            f"AND rowid BETWEEN {low:d} AND {high:d} AND +rowid IN (SELECT value FROM json_each(:ids)) "
            "ORDER BY rowid DESC)"
            for n in range(len(tiers))
            for low, high in id_ranges(inside)
        )
        words = {f"fts{n}": self.expression(plan, fields) for n, fields in enumerate(tiers)}
        found: dict[int, int] = {}
        for n, rowid in connection.execute(text(union), {**words, "ids": json.dumps(inside)}):
            found[rowid] = min(n, found.get(rowid, n))
        return found


GAP = 4096  # ids further apart than this are looked up in ranges of their own...
RANGES = 16  # ...in at most this many ranges


def id_ranges(ids: list[int]) -> list[tuple[int, int]]:
    """Sorted ids as a few (low, high) ranges: split at gaps wider than GAP, the narrowest of
    those gaps closed again until at most RANGES remain."""
    gaps = sorted((b - a, i) for i, (a, b) in enumerate(zip(ids, ids[1:])) if b - a > GAP)
    cuts = sorted(i for _, i in gaps[-(RANGES - 1) :])
    starts = [0, *(i + 1 for i in cuts)]
    ends = [*cuts, len(ids) - 1]
    return [(ids[a], ids[b]) for a, b in zip(starts, ends)]
