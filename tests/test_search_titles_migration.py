"""Migration 0015 (the titles' own FTS5 table on SQLite) on a database made by 0014: it is filled
from the index as it stands and kept in step by later catalogue writes; the shop's rows are
untouched, and on PostgreSQL (whose titles 0013 indexed) it changes nothing."""

from __future__ import annotations

from alembic import command
from sqlalchemy import inspect
from test_migrations import rows, schema_differences, seeded_copy  # noqa: F401  (the fixture: SQLite, then PostgreSQL)

from db.engine import make_engine, make_sessionmaker
from db.migrate import alembic_config, upgrade
from db.models import Product
from db.search.found import TIERS
from db.search.found import rows as found_rows
from db.search.terms import plan

PRODUCTS = "SELECT id, title, price, stock, published FROM product ORDER BY id"


def title_matches(url: str, term: str) -> set[int]:
    engine = make_engine(url)
    with make_sessionmaker(engine)() as session:
        found = {row.id for row in found_rows(session, [], 1000, plan(session.connection(), term), TIERS[0])}
    engine.dispose()
    return found


def test_the_titles_migration_indexes_every_title_and_keeps_them_in_step(seeded_copy):
    sqlite = seeded_copy.startswith("sqlite")
    products = rows(seeded_copy, PRODUCTS)
    physics = title_matches(seeded_copy, "physics")
    assert physics

    command.downgrade(alembic_config(seeded_copy), "0014")
    engine = make_engine(seeded_copy)
    assert "product_title_fts" not in inspect(engine).get_table_names()
    engine.dispose()
    upgrade(seeded_copy)

    assert rows(seeded_copy, PRODUCTS) == products
    assert schema_differences(seeded_copy) == []
    if sqlite:
        assert rows(seeded_copy, "SELECT rowid, title FROM product_title_fts ORDER BY rowid") == rows(
            seeded_copy, "SELECT rowid, title FROM product_fts ORDER BY rowid"
        )
    assert title_matches(seeded_copy, "physics") == physics
    # A write after the migration is indexed in the titles in the same transaction.
    renamed = min(physics)
    engine = make_engine(seeded_copy)
    with make_sessionmaker(engine)() as session, session.begin():
        session.get(Product, renamed).title = "Quasar Almanac"
    engine.dispose()
    assert title_matches(seeded_copy, "quasar") == {renamed}
    assert title_matches(seeded_copy, "physics") == physics - {renamed}
