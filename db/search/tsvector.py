"""The search index on PostgreSQL: a table of the four fields with a weighted tsvector of them
and one of the title, each with a GIN index that leads with the row's bucket (the slice of the
catalogue its product id is in, migrations 0017 and 0020), so the matches can be read a slice at
a time (db/search/backends.py)."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import contextmanager

from sqlalchemy import bindparam, column, func, literal_column, select, table, text, true, union_all

from db.search.among import written
from db.search.backends import FIELDS, TITLE, Backend
from db.search.documents import Document
from db.search.terms import Plan

WEIGHT_OF = dict(zip(FIELDS, "ABCD"))  # the tsvector weight each field is stored with
FEW = 100  # ids that may well be among the first PROBE products (Postgres.first)
PROBE = 2000
INDEX = table("product_search", *map(column, ("product_id", "bucket", "document", "title_document")))
BUCKETS = 20  # the index rows' buckets: 0 (ids below 4,096) to 19 (migrations 0017, 0020)


class Postgres(Backend):
    """tsvector with the English configuration (stems, stop words), weights A-D by field, a GIN
    index; pg_trgm indexes the vocabulary for "did you mean" beyond one typo."""

    name = "postgresql"
    table = "product_search"
    DOCUMENT = (
        "setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', authors), 'B')"
        " || setweight(to_tsvector('english', tags), 'C') || setweight(to_tsvector('english', body), 'D')"
    )
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
        indexes = connection.execute(
            text(
                "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'product_search' "
                "AND indexname <> 'product_search_pkey'"
            )
        ).all()
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
        rows = connection.execute(
            text(
                "SELECT product_id, title, authors, tags, body FROM product_search WHERE product_id IN :ids"
            ).bindparams(bindparam("ids", expanding=True)),
            {"ids": list(ids)},
        )
        return [Document(*row) for row in rows]

    def remove(self, connection, ids):
        connection.execute(
            text("DELETE FROM product_search WHERE product_id IN :ids").bindparams(bindparam("ids", expanding=True)),
            {"ids": list(ids)},
        )

    def add(self, connection, documents):
        if documents:
            connection.execute(
                text(
                    "INSERT INTO product_search (product_id, title, authors, tags, body) "
                    "VALUES (:product_id, :title, :authors, :tags, :body)"
                ),
                [d.__dict__ for d in documents],
            )

    @staticmethod
    def expression(plan: Plan, fields: Sequence[str] = FIELDS) -> str:
        """A tsquery; `'word':AB` keeps a word to the fields weighted A and B (title, authors),
        which the GIN index answers from the stored document. The titles have a tsvector and a
        GIN index of their own (`_matching`): no weight to keep to there."""
        weights = "" if tuple(fields) in (FIELDS, TITLE) else "".join(WEIGHT_OF[f] for f in fields)

        def alternative(alt) -> str:
            tokens = [f"'{token}'" for token in alt.tokens]
            if alt.prefix:
                tokens[-1] += ":*"
            return " <-> ".join(t + (("" if t.endswith(":*") else ":") + weights if weights else "") for t in tokens)

        return " & ".join("(" + " | ".join(alternative(a) for a in group.alternatives) + ")" for group in plan.groups)

    @staticmethod
    def _matching(fields: Sequence[str], words, rows=INDEX):
        """The condition that a row of the index (or of a subquery of its rows) holds the words
        (a tsquery's text: the plan's words are [a-z0-9] only, so it holds no syntax a shopper
        typed) in these fields. The titles have a GIN index of their own (migration 0013): GIN
        does not keep weights, so `'word':A` on the whole document reads every product with the
        word anywhere."""
        searched = "title_document" if tuple(fields) == TITLE else "document"
        return rows.c[searched].op("@@")(func.to_tsquery(literal_column("'english'"), words))

    def matched(self, fields, words):
        return select(INDEX.c.product_id).where(self._matching(fields, words)).subquery("matched")

    def first_rows(self, fields, limit, read, words):
        """A GIN index answers `@@` with a bitmap of every match before the first row is read (a
        million products: 33,404 for "physics", to keep 500). So the matches are read one bucket
        at a time (an equality on the index's first column), the first bucket first, until `read`
        has `limit` rows: a LATERAL join, which stops at the limit. Within a bucket they are a
        MATERIALIZED CTE, planned as if every match were wanted: asked with a limit, the planner
        likes reading the table in order testing every row's tsvector instead, which it thinks
        cheap whenever it cannot tell how rare the words are (a million products: 270 ms to learn
        that no title says "whitf...")."""
        buckets = func.generate_series(0, BUCKETS - 1).table_valued("n").render_derived(name="buckets")
        # Up to the last product's bucket: the buckets after it are empty. (A constant series, so
        # the planner knows how many buckets there are: a series it cannot count is 1,000 rows
        # to it, and a plan that costly is compiled with JIT first, 18 ms.)
        last = select(INDEX.c.bucket).order_by(INDEX.c.product_id.desc()).limit(1).scalar_subquery()
        matched = (
            select(INDEX.c.product_id)
            .where(INDEX.c.bucket == buckets.c.n, self._matching(fields, words))
            .correlate(buckets)
            .cte("matched", nesting=True)
            .prefix_with("MATERIALIZED")
        )
        rows = read(matched).limit(limit).lateral("bucket_rows")
        return select(rows).select_from(buckets).join(rows, true()).where(buckets.c.n <= last).limit(limit)

    def first(self, fields, limit, words):
        """A suggestion's first few dozen matches (a search reads its own through `first_rows`).
        They are looked for among the first PROBE products first: a prefix that many words start
        ("cla" of every "Class 9 ..." title) is found there at once, where the index would read
        every posting of every word that starts so, in any bucket it is asked about. Only when the
        probe does not hold enough is the index read, and then all of its matches (a MATERIALIZED
        CTE, as in `first_rows`): the words are rare enough that their postings are few."""
        if limit > FEW:
            return super().first(fields, limit, words)
        matched = (
            select(INDEX.c.product_id).where(self._matching(fields, words)).cte("matched").prefix_with("MATERIALIZED")
        )
        probed = select(INDEX).order_by(INDEX.c.product_id).limit(PROBE).subquery("probed")
        found = select(probed.c.product_id).where(self._matching(fields, words, probed)).limit(limit).cte("found")
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
        rows = connection.execute(
            text(
                f"WITH q AS (SELECT {parsed}) SELECT product_id, CASE {tier} END "
                "FROM product_search, q WHERE product_id = ANY(CAST(:ids AS INTEGER[]))"
            ),
            {"ids": written(ids), **queries},
        )  # written out: see among.WrittenIntegers
        return {product_id: n for product_id, n in rows if n is not None}
