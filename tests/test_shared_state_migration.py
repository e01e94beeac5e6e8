"""Migration 0014 (failed sign-ins and uploads in the database), on SQLite and PostgreSQL, run on a
database of the schema before it: the rows it had are kept, the new tables take rows, and going
back removes only them."""

from __future__ import annotations

import pytest
from alembic import command
from conftest import fresh_postgres
from sqlalchemy import inspect, text

from db.engine import make_engine
from db.migrate import alembic_config, upgrade

USERS = 'SELECT email, name, role FROM "user" ORDER BY email'
NEW_TABLES = {"sign_in_failure", "media_file"}


@pytest.fixture(params=["sqlite", "postgresql"])
def previous_schema(request, tmp_path) -> str:
    url = f"sqlite:///{tmp_path / 'shop.db'}" if request.param == "sqlite" else fresh_postgres("shared_state")
    command.upgrade(alembic_config(url), "0013")
    return url


def test_the_shared_state_migration_keeps_the_rows_and_adds_its_tables(previous_schema):
    engine = make_engine(previous_schema)

    def run(sql: str, **values) -> list[tuple]:
        with engine.begin() as connection:
            result = connection.execute(text(sql), values)
            return [tuple(row) for row in result] if result.returns_rows else []

    run(
        'INSERT INTO "user" (email, name, password_hash, role, created_at) '
        "VALUES ('owner@example.com', 'Owner', 'x', 'owner', CURRENT_TIMESTAMP)"
    )
    users = run(USERS)
    assert not NEW_TABLES & set(inspect(engine).get_table_names())

    upgrade(previous_schema)
    engine.dispose()
    assert run(USERS) == users
    run(
        "INSERT INTO sign_in_failure (client, email, failed_at) VALUES ('203.0.113.7', 'owner@example.com', CURRENT_TIMESTAMP)"
    )
    run(
        "INSERT INTO media_file (path, content_type, content, created_at) "
        "VALUES ('uploads/2026/11/a.png', 'image/png', :content, CURRENT_TIMESTAMP)",
        content=b"\x89PNG",
    )
    assert run("SELECT content FROM media_file") == [(b"\x89PNG",)]

    command.downgrade(alembic_config(previous_schema), "0013")
    engine.dispose()
    assert not NEW_TABLES & set(inspect(engine).get_table_names())
    assert run(USERS) == users
    engine.dispose()
