"""The payments migration (0021) on a shop made by the schema before it: going back to 0020 drops
what only payments had, and coming forward writes the history as it stood: one succeeded charge
per paid order, one succeeded refund per accepted refund, and refunded orders' new statuses."""

from __future__ import annotations

from decimal import Decimal

from alembic import command
from test_migrations import rows, schema_differences, seeded_copy  # noqa: F401 (seeded_copy is a fixture)

from db.migrate import alembic_config, upgrade

ORDERS = 'SELECT id, customer_id, status, total, payment_method FROM "order" ORDER BY id'


def test_the_payments_migration_writes_the_paid_history_and_keeps_every_order(seeded_copy):
    command.downgrade(alembic_config(seeded_copy), "0020")
    orders = rows(seeded_copy, ORDERS)
    paid = rows(seeded_copy, "SELECT id, total FROM \"order\" WHERE payment_status = 'Success' ORDER BY id")
    accepted = rows(
        seeded_copy,
        "SELECT r.id, l.order_id, r.amount FROM refund_request r JOIN order_line l ON l.id = r.order_line_id "
        "WHERE r.status = 'Accepted' ORDER BY r.id",
    )
    assert paid and accepted, "the seed has paid orders and accepted refunds"

    upgrade(seeded_copy)
    assert rows(seeded_copy, ORDERS) == orders
    charges = rows(seeded_copy, "SELECT order_id, amount FROM payment WHERE kind = 'charge' ORDER BY order_id")
    assert [(o, Decimal(str(a))) for o, a in charges] == [(o, Decimal(str(t))) for o, t in paid]
    refunds = rows(
        seeded_copy,
        "SELECT refund_request_id, order_id, amount FROM payment WHERE kind = 'refund' ORDER BY refund_request_id",
    )
    assert [(r, o, Decimal(str(a))) for r, o, a in refunds] == [(r, o, Decimal(str(a))) for r, o, a in accepted]
    statuses = dict(rows(seeded_copy, 'SELECT id, payment_status FROM "order"'))
    for _, order_id, _ in accepted:
        assert statuses[order_id] in ("Refunded", "Partly refunded")
    assert rows(seeded_copy, "SELECT count(*) FROM payment WHERE currency <> 'USD'") == [(0,)]
    assert schema_differences(seeded_copy) == []
