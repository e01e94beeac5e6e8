"""the outbox: every mail the shop sends, and each attempt to deliver it

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-26 12:46:23

Two new tables, empty at first: no mail was ever sent before this revision, so there is nothing to
carry over. Going back drops them (the mails they held are a log of what was sent, not shop data).
"""

import sqlalchemy as sa
from alembic import op

import db.models.base

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "outbox_message",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("message_id", sa.String(length=120), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("recipient", sa.String(length=254), nullable=False),
        sa.Column("recipient_name", sa.String(length=120), nullable=False),
        sa.Column("subject", sa.String(length=200), nullable=False),
        sa.Column("html", sa.Text(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("order_id", sa.Integer(), nullable=True),
        sa.Column("state", sa.String(length=20), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("last_error", sa.Text(), nullable=False),
        sa.Column("created_at", db.models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("next_attempt_at", db.models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("sent_at", db.models.base.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["order_id"], ["order.id"], name=op.f("fk_outbox_message_order_id_order"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_outbox_message")),
        sa.UniqueConstraint("message_id", name=op.f("uq_outbox_message_message_id")),
    )
    with op.batch_alter_table("outbox_message", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_outbox_message_created_at"), ["created_at"], unique=False)
        batch_op.create_index("ix_outbox_message_due", ["state", "next_attempt_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_outbox_message_kind"), ["kind"], unique=False)
        batch_op.create_index(batch_op.f("ix_outbox_message_order_id"), ["order_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_outbox_message_recipient"), ["recipient"], unique=False)

    op.create_table(
        "outbox_attempt",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("message_id", sa.Integer(), nullable=False),
        sa.Column("at", db.models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("outcome", sa.String(length=20), nullable=False),
        sa.Column("detail", sa.Text(), nullable=False),
        sa.Column("sender", sa.String(length=120), nullable=False),
        sa.ForeignKeyConstraint(
            ["message_id"],
            ["outbox_message.id"],
            name=op.f("fk_outbox_attempt_message_id_outbox_message"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_outbox_attempt")),
    )
    with op.batch_alter_table("outbox_attempt", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_outbox_attempt_message_id"), ["message_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("outbox_attempt", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_outbox_attempt_message_id"))

    op.drop_table("outbox_attempt")
    with op.batch_alter_table("outbox_message", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_outbox_message_recipient"))
        batch_op.drop_index(batch_op.f("ix_outbox_message_order_id"))
        batch_op.drop_index(batch_op.f("ix_outbox_message_kind"))
        batch_op.drop_index("ix_outbox_message_due")
        batch_op.drop_index(batch_op.f("ix_outbox_message_created_at"))

    op.drop_table("outbox_message")
