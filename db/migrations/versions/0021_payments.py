"""payments: each charge and refund of an order, the calls made to payment providers, the events
they sent, checkout idempotency keys; shipped orders' carrier and tracking number

Revision ID: 0021
Revises: 0020
Create Date: 2026-11-26 16:05:00

Every existing row is kept. The history the shop took before payments were real is written as it
stood: each order marked paid gets one succeeded charge of its total by its method, each accepted
refund one succeeded refund, and an order with accepted refunds becomes Refunded or Partly
refunded, so `python -m db.ledger_check` finds every paid order's payments less its refunds equal
to its total less what was refunded. Going back drops the new tables and columns (the orders' new
payment statuses become Success again).
"""

import os

import sqlalchemy as sa
from alembic import op

import db.models.base

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None

NOTE = "recorded before the shop took payments"


def upgrade() -> None:
    op.create_table(
        "payment",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("order_id", sa.Integer(), nullable=False),
        sa.Column("provider", sa.String(length=20), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("amount", sa.Numeric(precision=12, scale=2, asdecimal=True), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("reference", sa.String(length=255), nullable=True),
        sa.Column("refund_request_id", sa.Integer(), nullable=True),
        sa.Column("recorded_by", sa.String(length=254), nullable=True),
        sa.Column("message", sa.Text(), nullable=False),
        sa.Column("created_at", db.models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", db.models.base.UTCDateTime(timezone=True), nullable=False),
        sa.CheckConstraint("amount > 0", name=op.f("ck_payment_amount_positive")),
        sa.ForeignKeyConstraint(
            ["order_id"], ["order.id"], name=op.f("fk_payment_order_id_order"), ondelete="RESTRICT"
        ),
        sa.ForeignKeyConstraint(
            ["refund_request_id"],
            ["refund_request.id"],
            name=op.f("fk_payment_refund_request_id_refund_request"),
            ondelete="RESTRICT",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_payment")),
    )
    with op.batch_alter_table("payment", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_payment_order_id"), ["order_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_payment_refund_request_id"), ["refund_request_id"], unique=False)
        batch_op.create_index("ix_payment_provider_reference", ["provider", "reference"], unique=False)
        batch_op.create_index("ix_payment_status", ["status"], unique=False)

    op.create_table(
        "payment_call",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("payment_id", sa.Integer(), nullable=True),
        sa.Column("order_id", sa.Integer(), nullable=True),
        sa.Column("provider", sa.String(length=20), nullable=False),
        sa.Column("action", sa.String(length=20), nullable=False),
        sa.Column("idempotency_key", sa.String(length=100), nullable=True),
        sa.Column("outcome", sa.String(length=20), nullable=False),
        sa.Column("detail", sa.Text(), nullable=False),
        sa.Column("created_at", db.models.base.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["payment_id"], ["payment.id"], name=op.f("fk_payment_call_payment_id_payment"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["order_id"], ["order.id"], name=op.f("fk_payment_call_order_id_order"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_payment_call")),
    )
    with op.batch_alter_table("payment_call", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_payment_call_payment_id"), ["payment_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_payment_call_order_id"), ["order_id"], unique=False)

    op.create_table(
        "payment_event",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("provider", sa.String(length=20), nullable=False),
        sa.Column("event_id", sa.String(length=255), nullable=False),
        sa.Column("type", sa.String(length=80), nullable=False),
        sa.Column("reference", sa.String(length=255), nullable=True),
        sa.Column("order_id", sa.Integer(), nullable=True),
        sa.Column("outcome", sa.String(length=200), nullable=False),
        sa.Column("created_at", db.models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("received_at", db.models.base.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["order_id"], ["order.id"], name=op.f("fk_payment_event_order_id_order"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_payment_event")),
        sa.UniqueConstraint("provider", "event_id", name="uq_payment_event_provider_event_id"),
    )
    with op.batch_alter_table("payment_event", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_payment_event_order_id"), ["order_id"], unique=False)

    op.create_table(
        "checkout_attempt",
        sa.Column("key", sa.String(length=100), nullable=False),
        sa.Column("order_id", sa.Integer(), nullable=False),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column("created_at", db.models.base.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["order_id"], ["order.id"], name=op.f("fk_checkout_attempt_order_id_order"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_checkout_attempt")),
    )
    with op.batch_alter_table("checkout_attempt", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_checkout_attempt_order_id"), ["order_id"], unique=False)

    with op.batch_alter_table("order", schema=None) as batch_op:
        batch_op.add_column(sa.Column("carrier", sa.String(length=40), nullable=True))
        batch_op.add_column(sa.Column("tracking_no", sa.String(length=60), nullable=True))

    currency = os.environ.get("SHOP_CURRENCY", "USD").strip().upper() or "USD"
    op.execute(
        sa.text(
            "INSERT INTO payment (order_id, provider, kind, status, amount, currency, message, created_at, updated_at) "
            "SELECT id, lower(payment_method), 'charge', 'succeeded', total, :currency, :note, created_at, created_at "
            "FROM \"order\" WHERE payment_status = 'Success' AND total > 0"
        ).bindparams(currency=currency, note=NOTE)
    )
    op.execute(
        sa.text(
            "INSERT INTO payment (order_id, provider, kind, status, amount, currency, refund_request_id, message, "
            "created_at, updated_at) "
            "SELECT o.id, lower(o.payment_method), 'refund', 'succeeded', r.amount, :currency, r.id, :note, "
            "coalesce(r.decided_at, r.created_at), coalesce(r.decided_at, r.created_at) "
            'FROM refund_request r JOIN order_line l ON l.id = r.order_line_id JOIN "order" o ON o.id = l.order_id '
            "WHERE r.status = 'Accepted' AND o.payment_status = 'Success'"
        ).bindparams(currency=currency, note=NOTE)
    )
    op.execute(
        'UPDATE "order" SET payment_status = CASE WHEN '
        "(SELECT sum(p.amount) FROM payment p WHERE p.order_id = \"order\".id AND p.kind = 'refund') >= total "
        "THEN 'Refunded' ELSE 'Partly refunded' END "
        "WHERE payment_status = 'Success' AND EXISTS "
        "(SELECT 1 FROM payment p WHERE p.order_id = \"order\".id AND p.kind = 'refund')"
    )


def downgrade() -> None:
    op.execute(
        "UPDATE \"order\" SET payment_status = 'Success' WHERE payment_status IN ('Refunded', 'Partly refunded')"
    )
    op.execute("UPDATE \"order\" SET payment_status = 'Pending' WHERE payment_status = 'Failed'")
    op.execute("UPDATE \"order\" SET status = 'Processing' WHERE status = 'Shipped'")
    op.execute("UPDATE \"order\" SET status = 'Pending' WHERE status = 'Cancelled'")
    with op.batch_alter_table("order", schema=None) as batch_op:
        batch_op.drop_column("tracking_no")
        batch_op.drop_column("carrier")
    op.drop_table("checkout_attempt")
    op.drop_table("payment_event")
    op.drop_table("payment_call")
    op.drop_table("payment")
