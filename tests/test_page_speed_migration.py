"""Migration 0016 (indexes for the demo shops' most reviewed and fewest left sections and the
store's best rated) keeps the shop both ways, on SQLite and PostgreSQL, and its sections read the
same products before and after."""

from __future__ import annotations

from alembic import command
from sqlalchemy import inspect
from test_migrations import PRODUCTS, rows, schema_differences, seeded_copy  # noqa: F401  (the fixture)

from db.engine import make_engine, make_sessionmaker
from db.migrate import alembic_config, upgrade
from db.queries import fashion, gadget, shared
from db.queries.sections import section_cards

NEW_INDEXES = {"ix_product_most_reviewed", "ix_product_fewest_left", "ix_product_store_top_rated"}
SECTIONS = [gadget.SECTIONS["mostViewed"], fashion.SECTIONS["flashDeals"], shared.BEST_RATED]


def product_indexes(url: str) -> set[str]:
    engine = make_engine(url)
    found = {index["name"] for index in inspect(engine).get_indexes("product")}
    engine.dispose()
    return found


def section_ids(url: str) -> list[list[int]]:
    engine = make_engine(url)
    with make_sessionmaker(engine)() as session:
        found = [[card["id"] for card in section_cards(session, section)] for section in SECTIONS]
    engine.dispose()
    return found


def test_the_page_speed_migration_adds_its_indexes_and_keeps_the_shop(seeded_copy):
    products, shown = rows(seeded_copy, PRODUCTS), section_ids(seeded_copy)
    assert product_indexes(seeded_copy) >= NEW_INDEXES and all(shown)

    command.downgrade(alembic_config(seeded_copy), "0015")
    assert not NEW_INDEXES & product_indexes(seeded_copy)
    assert rows(seeded_copy, PRODUCTS) == products
    # (The sections are read again at the newest schema only: today's cards read columns that later
    # migrations add, such as the marketplace's used_from.)

    upgrade(seeded_copy)
    assert product_indexes(seeded_copy) >= NEW_INDEXES
    assert rows(seeded_copy, PRODUCTS) == products and section_ids(seeded_copy) == shown
    assert schema_differences(seeded_copy) == []
