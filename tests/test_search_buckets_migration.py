"""Migration 0017 (on PostgreSQL the search index's rows get the bucket of their product id, and both
GIN indexes lead with it, so that a search reads its matches a slice of the catalogue at a time) on
a seeded database brought back to the schema before it, on SQLite (where it changes nothing) and
PostgreSQL: the shop's rows are kept and searches find what they found; and a search finds products
in any bucket (the first ends at id 4,096 since 0020), the first ones first, also after the index is
rebuilt. Migration 0020 (finer buckets) likewise."""

from __future__ import annotations

import re
from decimal import Decimal

from alembic import command
from sqlalchemy import select
from test_migrations import rows, schema_differences, seeded_copy  # noqa: F401  (the fixture: SQLite, then PostgreSQL)

from db.engine import make_engine, make_sessionmaker
from db.migrate import alembic_config, upgrade
from db.models import Category, Product
from db.search.backends import FIELDS
from db.search.found import TIERS
from db.search.found import rows as found_rows
from db.search.index import rebuild
from db.search.terms import plan

PRODUCTS = "SELECT id, title, price, stock, published FROM product ORDER BY id"
TERMS = ("physics", "mathematics", "moon balloon", "chem", "fantasy", "phisics")
FAR = (5_000, 70_000, 300_000, 2_000_000)  # in the second, sixth, eighth and tenth buckets


def found(url: str, term: str, fields=FIELDS, limit: int = 1000) -> list[int]:
    """The ids a search reads, in the order it reads them."""
    engine = make_engine(url)
    with make_sessionmaker(engine)() as session:
        ids = [row.id for row in found_rows(session, [], limit, plan(session.connection(), term), fields)]
    engine.dispose()
    return ids


def searches(url: str) -> dict:
    return {term: (sorted(found(url, term)), sorted(found(url, term, TIERS[0]))) for term in TERMS}


def gin_indexes(url: str) -> list[str]:
    return [
        definition
        for (definition,) in rows(
            url, "SELECT indexdef FROM pg_indexes WHERE tablename = 'product_search' AND indexdef LIKE '%USING gin%'"
        )
    ]


def test_the_buckets_migration_keeps_the_rows_and_what_searches_find(seeded_copy):
    postgres = seeded_copy.startswith("postgresql")
    products = rows(seeded_copy, PRODUCTS)
    before = searches(seeded_copy)
    assert all(anywhere for anywhere, _titles in before.values())

    command.downgrade(alembic_config(seeded_copy), "0016")
    if postgres:
        assert len(gin_indexes(seeded_copy)) == 2 and not any("bucket" in index for index in gin_indexes(seeded_copy))
    upgrade(seeded_copy)

    assert rows(seeded_copy, PRODUCTS) == products
    assert schema_differences(seeded_copy) == []
    if postgres:
        assert len(gin_indexes(seeded_copy)) == 2 and all("(bucket, " in index for index in gin_indexes(seeded_copy))
    assert searches(seeded_copy) == before


def first_bucket_end(url: str) -> int:
    """The first id past the index's first bucket, as its generated bucket column says."""
    [(expression,)] = rows(
        url,
        "SELECT generation_expression FROM information_schema.columns "
        "WHERE table_name = 'product_search' AND column_name = 'bucket'",
    )
    return int(re.search(r"ARRAY\[(\d+)", expression).group(1))


def test_the_finer_buckets_migration_keeps_the_rows_and_what_searches_find(seeded_copy):
    postgres = seeded_copy.startswith("postgresql")
    products = rows(seeded_copy, PRODUCTS)
    before = searches(seeded_copy)

    command.downgrade(alembic_config(seeded_copy), "0019")
    if postgres:
        assert first_bucket_end(seeded_copy) == 65_536
    upgrade(seeded_copy)

    assert rows(seeded_copy, PRODUCTS) == products
    assert schema_differences(seeded_copy) == []
    if postgres:
        assert first_bucket_end(seeded_copy) == 4_096
        assert len(gin_indexes(seeded_copy)) == 2 and all("(bucket, " in index for index in gin_indexes(seeded_copy))
    assert searches(seeded_copy) == before


def test_a_search_finds_products_in_every_bucket_the_first_ones_first(seeded_copy):
    engine = make_engine(seeded_copy)
    with make_sessionmaker(engine)() as session, session.begin():
        category = session.scalar(
            select(Category.id).where(Category.parent_id.is_not(None)).order_by(Category.id).limit(1)
        )
        for n in reversed(FAR):  # written last first: the order found is the ids', not the writes'
            session.add(
                Product(
                    id=n,
                    title=f"Quasar Almanac {n}",
                    slug=f"quasar-almanac-{n}",
                    shop="books",
                    category_id=category,
                    price=Decimal("9.50"),
                    stock=3,
                )
            )
    engine.dispose()

    for _ in range(2):  # as written by the shop, then as `python -m db.search rebuild` writes them
        assert found(seeded_copy, "quasar") == list(FAR)
        assert found(seeded_copy, "quasar almanac", TIERS[0]) == list(FAR)
        assert found(seeded_copy, "quasar", limit=2) == list(FAR[:2])  # a read stops at its limit
        engine = make_engine(seeded_copy)
        with engine.begin() as connection:
            rebuild(connection)
        engine.dispose()
