"""The staff accounts migration (0010) keeps data both ways: administrators become owners and back,
a disabled owner is not made an administrator again by going back, and every row is kept."""

from __future__ import annotations

from alembic import command
from sqlalchemy import text
from test_migrations import rows, schema_differences, seeded_copy  # noqa: F401 (seeded_copy is a fixture)

from db.engine import make_engine
from db.migrate import alembic_config, upgrade

USERS = 'SELECT id, email, name, password_hash, created_at FROM "user" ORDER BY id'
ROLES = 'SELECT email, role FROM "user" ORDER BY id'


def execute(url: str, *statements: str) -> None:
    engine = make_engine(url)
    with engine.begin() as connection:
        for statement in statements:
            connection.execute(text(statement))
    engine.dispose()


def test_the_staff_migration_keeps_every_account_and_turns_administrators_into_owners(seeded_copy):
    # Accounts of every kind at the newest schema: an owner, a disabled owner, a member of staff.
    execute(
        seeded_copy,
        'INSERT INTO "user" (email, name, password_hash, role, created_at) VALUES'
        " ('owner@x.test', 'Owner', 'h1', 'owner', CURRENT_TIMESTAMP),"
        " ('gone@x.test', 'Gone', 'h2', 'owner', CURRENT_TIMESTAMP),"
        " ('staff@x.test', 'Staff', 'h3', 'staff', CURRENT_TIMESTAMP)",
        "UPDATE \"user\" SET disabled_at = CURRENT_TIMESTAMP WHERE email = 'gone@x.test'",
        "INSERT INTO shop_setting (name, value) VALUES ('require_two_factor', 'true')",
    )
    users = rows(seeded_copy, USERS)
    products = rows(seeded_copy, "SELECT count(*) FROM product")

    command.downgrade(alembic_config(seeded_copy), "0009")
    assert rows(seeded_copy, USERS) == users
    old_roles = dict(rows(seeded_copy, ROLES))
    # Owners are administrators again, but a disabled one keeps a role the older schema refuses.
    assert (old_roles["owner@x.test"], old_roles["gone@x.test"], old_roles["staff@x.test"]) == (
        "admin",
        "owner",
        "staff",
    )
    assert "owner" not in {role for email, role in old_roles.items() if email != "gone@x.test"}
    # An administrator of the older schema (what a restored older backup holds) comes back an owner.
    execute(
        seeded_copy,
        'INSERT INTO "user" (email, name, password_hash, role, created_at) VALUES'
        " ('old@x.test', 'Old', 'h4', 'admin', CURRENT_TIMESTAMP)",
    )
    upgrade(seeded_copy)

    roles = dict(rows(seeded_copy, ROLES))
    assert roles["owner@x.test"] == roles["old@x.test"] == roles["gone@x.test"] == "owner"
    assert roles["staff@x.test"] == "staff" and "admin" not in roles.values()
    assert rows(seeded_copy, USERS)[: len(users)] == users
    assert rows(seeded_copy, 'SELECT count(*) FROM "user" WHERE activated_at IS NULL') == [(0,)]
    assert rows(seeded_copy, "SELECT count(*) FROM product") == products
    assert rows(seeded_copy, "SELECT count(*) FROM shop_setting") == [(0,)], "settings start afresh (defaults)"
    assert schema_differences(seeded_copy) == []
