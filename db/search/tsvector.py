"""The search index on PostgreSQL: a table of the four fields with a weighted tsvector of them
and one of the title, each with a GIN index (db/search/backends.py)."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Sequence

from sqlalchemy import bindparam, column, func, literal_column, select, table, text, union_all

from .backends import FIELDS, Backend
from .documents import Document
from .terms import Plan

WEIGHT_OF = dict(zip(FIELDS, "ABCD"))  # the tsvector weight each field is stored with
FEW = 100  # ids that may well be among the first PROBE products (Postgres.first)
PROBE = 2000



class Postgres(Backend):
    """tsvector with the English configuration (stems, stop words), weights A-D by field, a GIN
    index; pg_trgm indexes the vocabulary for "did you mean" beyond one typo."""

    name = "postgresql"
    table = "product_search"
    joins_matches = False
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

    @contextmanager
    def refilling(self, connection):
        # Rows added under a GIN index update it one by one (or through its pending list); an index
        # built afterwards sorts its entries once. Whatever indexes the table has are built again
        # as they were (pg_indexes holds each one's statement), then the planner's statistics.
        indexes = connection.execute(text("SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'product_search' "
                                          "AND indexname <> 'product_search_pkey'")).all()
        for name, _ in indexes:
            connection.execute(text(f'DROP INDEX "{name}"'))
        connection.execute(text("TRUNCATE product_search"))
        yield
        connection.execute(text("SET LOCAL maintenance_work_mem = '256MB'"))
        for _, statement in indexes:
            connection.execute(text(statement))
        connection.execute(text("ANALYZE product_search"))
        connection.execute(text("ANALYZE search_term"))

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
    def expression(plan: Plan, fields: Sequence[str] = FIELDS) -> str:
        """A tsquery; `'word':AB` keeps a word to the fields weighted A and B (title, authors),
        which the GIN index answers from the stored document."""
        weights = "" if tuple(fields) == FIELDS else "".join(WEIGHT_OF[f] for f in fields)

        def alternative(alt) -> str:
            tokens = [f"'{token}'" for token in alt.tokens]
            if alt.prefix:
                tokens[-1] += ":*"
            return " <-> ".join(t + (("" if t.endswith(":*") else ":") + weights if weights else "") for t in tokens)

        return " & ".join("(" + " | ".join(alternative(a) for a in group.alternatives) + ")" for group in plan.groups)

    def _query(self, plan: Plan, fields: Sequence[str]):
        # The plan's words are [a-z0-9] only: the tsquery holds no syntax a shopper typed.
        return func.to_tsquery(literal_column("'english'"), bindparam("tsquery", self.expression(plan, fields), unique=True))

    @staticmethod
    def _searched(fields: Sequence[str]) -> tuple[str, Sequence[str]]:
        # The titles have a GIN index of their own (migration 0013): GIN does not keep weights, so
        # `'word':A` on the whole document reads every product with the word anywhere.
        return ("title_document", FIELDS) if tuple(fields) == ("title",) else ("document", fields)

    def matches(self, plan, fields=FIELDS):
        searched, fields = self._searched(fields)
        return (
            select(column("product_id")).select_from(table("product_search"))
            .where(column(searched).op("@@")(self._query(plan, fields)))
            .subquery("matched")
        )

    def first(self, plan, fields, limit):
        """Asked with a limit, the planner likes reading the table until it has enough, which it
        thinks cheap whenever it cannot tell how rare the words are; but every row's tsvector is
        read and tested (a million products: 270 ms to learn that no title says "whitf...", 20 ms
        to find 500 physics books where the GIN index takes 6). So the matches are a MATERIALIZED
        CTE, planned as if every match were wanted (the GIN index, unless most products match)
        and read only as far as the limit. A few ids are looked for among the first PROBE
        products before (a word many products hold, "cla" of every "Class 9 ..." title, is found
        there at once), and the index is read only when they do not hold enough."""
        searched, fields = self._searched(fields)
        query = self._query(plan, fields)
        matched = (select(column("product_id")).select_from(table("product_search")).where(column(searched).op("@@")(query))
                   .cte("matched").prefix_with("MATERIALIZED"))
        if limit > FEW:
            return select(matched.c.product_id).limit(limit).subquery("first")
        probed = (select(column("product_id"), column(searched)).select_from(table("product_search"))
                  .order_by(column("product_id")).limit(PROBE).subquery("probed"))
        found = select(probed.c.product_id).where(probed.c[searched].op("@@")(query)).limit(limit).cte("found")
        # Counted once (an InitPlan): the index's branch is not even started when the probe is enough.
        enough = select(func.count()).select_from(found).scalar_subquery() == limit
        return union_all(
            select(found.c.product_id).where(enough),
            select(matched.c.product_id).where(~enough).limit(limit),
        ).subquery("first")

    def narrowest(self, connection, plan, tiers, ids):
        if not ids:
            return {}
        # One pass over these products' documents, by primary key: `ts_match_vq` is the function
        # behind `@@`, which the planner cannot hand to the GIN index (that would read every
        # product with the words anywhere, to keep a thousand). The queries are parsed once (the
        # CTE), not for every row.
        queries = {f"q{n}": self.expression(plan, fields) for n, fields in enumerate(tiers)}
        parsed = ", ".join(f"to_tsquery('english', :q{n}) AS q{n}" for n in range(len(tiers)))
        tier = " ".join(f"WHEN ts_match_vq(document, q{n}) THEN {n}" for n in range(len(tiers)))
        rows = connection.execute(text(f"WITH q AS (SELECT {parsed}) SELECT product_id, CASE {tier} END "
                                       "FROM product_search, q WHERE product_id = ANY(:ids)"), {"ids": list(ids), **queries})
        return {product_id: n for product_id, n in rows if n is not None}
