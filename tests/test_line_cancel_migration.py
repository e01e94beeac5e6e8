"""Migration 0023 (lines cancelled by their sellers) on a shop of the schema before it (the seed
taken back to 0022): coming forward keeps every order, line, payment and earning, cancels no line
and ties no payment to a line; SQLite's triggers on order_line (migration 0012's units sold) are
still there; going back keeps every row too, and is refused once a line was cancelled. On SQLite
and PostgreSQL (skipped when it does not answer)."""

from __future__ import annotations

import pytest
from alembic import command
from sqlalchemy import text
from test_marketplace_migration import triggers, units_sold_follow_a_line
from test_migrations import rows, schema_differences, seeded_copy  # noqa: F401 (seeded_copy is a fixture)

from db.engine import make_engine
from db.migrate import alembic_config, upgrade

PREVIOUS = "0022"
KEPT = {
    "orders": 'SELECT id, status, total, payment_status FROM "order" ORDER BY id',
    "lines": "SELECT id, order_id, offer_id, shipment_id, seller_id, qty, amount, condition FROM order_line ORDER BY id",
    "payments": "SELECT id, order_id, kind, provider, amount, status, refund_request_id FROM payment ORDER BY id",
    "earnings": "SELECT id, order_line_id, seller_earning, admin_commission FROM earning ORDER BY id",
    "shipments": "SELECT id, order_id, seller_id, status FROM shipment ORDER BY id",
}


def kept(url: str) -> dict[str, list[tuple]]:
    return {name: rows(url, sql) for name, sql in KEPT.items()}


def test_the_line_cancel_migration_keeps_every_row_and_cancels_nothing(seeded_copy):
    command.downgrade(alembic_config(seeded_copy), PREVIOUS)
    before, old_triggers = kept(seeded_copy), triggers(seeded_copy)
    assert before["payments"] and before["lines"]

    upgrade(seeded_copy)
    assert kept(seeded_copy) == before
    assert schema_differences(seeded_copy) == []
    assert rows(seeded_copy, "SELECT count(*) FROM order_line WHERE cancelled_at IS NOT NULL") == [(0,)]
    assert rows(seeded_copy, "SELECT count(*) FROM payment WHERE order_line_id IS NOT NULL") == [(0,)]
    assert triggers(seeded_copy) == old_triggers
    units_sold_follow_a_line(seeded_copy)

    command.downgrade(alembic_config(seeded_copy), PREVIOUS)
    assert kept(seeded_copy) == before
    upgrade(seeded_copy)
    assert kept(seeded_copy) == before

    # A cancelled line cannot be taken back to a schema that has no word for it.
    engine = make_engine(seeded_copy)
    with engine.begin() as connection:
        connection.execute(
            text("UPDATE order_line SET cancelled_at = CURRENT_TIMESTAMP WHERE id = (SELECT min(id) FROM order_line)")
        )
    engine.dispose()
    with pytest.raises(RuntimeError, match="Lines were cancelled"):
        command.downgrade(alembic_config(seeded_copy), PREVIOUS)
    assert rows(seeded_copy, "SELECT count(*) FROM order_line WHERE cancelled_at IS NOT NULL") == [(1,)]
