"""The outbox (0018) and shopper accounts (0019) migrations keep data both ways: run back to 0017 and
forward again on a seeded shop with mail in its outbox and a shopper's account, every order,
customer and user is kept, and the schema is the models' again."""

from __future__ import annotations

from alembic import command
from test_migrations import rows, schema_differences, seeded_copy  # noqa: F401 (seeded_copy is a fixture)
from test_staff_migration import execute

from db.migrate import alembic_config, upgrade

ORDERS = 'SELECT id, customer_id, status, total, billing_address FROM "order" ORDER BY id'
CUSTOMERS = "SELECT id, name, email FROM customer ORDER BY id"
USERS = 'SELECT id, email, name, role FROM "user" ORDER BY id'


def test_going_back_before_mail_and_accounts_and_forward_again_keeps_every_row(seeded_copy):
    execute(
        seeded_copy,
        "INSERT INTO outbox_message (message_id, kind, recipient, recipient_name, subject, html, text, state,"
        " attempts, last_error, created_at, next_attempt_at)"
        " VALUES ('<1@x>', 'order_placed', 'a@x.test', 'A', 'S', '<p>h</p>', 't', 'sent', 1, '',"
        " CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)",
        'INSERT INTO "user" (email, name, password_hash, role, created_at, phone)'
        " VALUES ('shopper@x.test', 'Shopper', 'h', 'customer', CURRENT_TIMESTAMP, '+1 555 0100')",
    )
    orders, customers = rows(seeded_copy, ORDERS), rows(seeded_copy, CUSTOMERS)
    users = rows(seeded_copy, USERS)

    command.downgrade(alembic_config(seeded_copy), "0017")
    assert rows(seeded_copy, ORDERS) == orders and rows(seeded_copy, CUSTOMERS) == customers
    assert rows(seeded_copy, USERS) == users
    upgrade(seeded_copy)

    assert rows(seeded_copy, ORDERS) == orders and rows(seeded_copy, CUSTOMERS) == customers
    assert rows(seeded_copy, USERS) == users
    assert rows(seeded_copy, 'SELECT count(*) FROM "order" WHERE account_id IS NOT NULL') == [(0,)]
    assert rows(seeded_copy, "SELECT count(*) FROM outbox_message") == [(0,)], "the outbox starts afresh"
    assert schema_differences(seeded_copy) == []
