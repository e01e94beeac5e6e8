"""Migration 0011 (the catalogue's change log) keeps data both ways: the catalogue version carries
on from `catalogue_state.version` into the log and back, and the shop's rows are untouched."""

from __future__ import annotations

from alembic import command
from sqlalchemy import inspect, text
from test_migrations import seeded_copy  # noqa: F401  (the fixture: a seeded database on SQLite, then PostgreSQL)

from db import catalogue_version
from db.engine import make_engine, make_sessionmaker
from db.migrate import alembic_config, upgrade

PRODUCTS = "SELECT id, title, price, stock, published FROM product ORDER BY id"


def test_the_change_log_migration_keeps_the_catalogue_version_and_the_shop(seeded_copy):
    engine = make_engine(seeded_copy)
    sessions = make_sessionmaker(engine)

    def read(sql: str) -> list[tuple]:
        with engine.connect() as connection:
            return [tuple(row) for row in connection.execute(text(sql))]

    with sessions() as session, session.begin():
        session.execute(text("UPDATE product SET stock = stock + 1 WHERE id = 1"))
        catalogue_version.publish(session, ["p:1"])
    with sessions() as session:
        version = catalogue_version.current(session)
    products = read(PRODUCTS)
    assert version > 1

    command.downgrade(alembic_config(seeded_copy), "0010")
    engine.dispose()
    assert "page_change" not in inspect(engine).get_table_names()
    assert read("SELECT version FROM catalogue_state WHERE id = 1") == [(version,)]
    assert read(PRODUCTS) == products

    upgrade(seeded_copy)
    engine.dispose()
    assert read(PRODUCTS) == products
    with sessions() as session:
        assert catalogue_version.current(session) == version
    # The log carries on after it (on PostgreSQL too: the id sequence was moved past it).
    with sessions() as session, session.begin():
        catalogue_version.publish(session, ["p:2"])
    with sessions() as session:
        assert catalogue_version.current(session) == version + 1
        assert catalogue_version.changes_after(session, version) == [(version + 1, ["p:2"])]
    engine.dispose()
