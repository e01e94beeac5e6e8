"""a seller cancels a line they cannot fill: the line's cancellation (when, by whom, why, and a
cancellation whose card refund is under way), and the refund that paid it back

Revision ID: 0023
Revises: 0022
Create Date: 2026-11-26 22:00:00

Every row is kept: no line is cancelled, no refund is a cancelled line's. order_line's columns are
added in place (SQLite keeps migration 0012's triggers on it); payment's reference to its line is a
constraint, which SQLite adds only by copying the table (payment has no triggers). Going back drops
the new columns; it is refused once a line was cancelled, since that cancellation and its refund
would read as a line bought and money given back for nothing.
"""

import sqlalchemy as sa
from alembic import op

import db.models.base

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None

WHEN = db.models.base.UTCDateTime(timezone=True)


def upgrade() -> None:
    op.add_column("order_line", sa.Column("cancelled_at", WHEN, nullable=True))
    op.add_column("order_line", sa.Column("cancelled_by", sa.String(length=254), nullable=True))
    op.add_column("order_line", sa.Column("cancel_reason", sa.Text(), nullable=True))
    op.add_column("order_line", sa.Column("cancelling_since", WHEN, nullable=True))
    with op.batch_alter_table("payment", schema=None) as batch_op:
        batch_op.add_column(sa.Column("order_line_id", sa.Integer(), nullable=True))
        batch_op.create_index("ix_payment_order_line_id", ["order_line_id"])
        batch_op.create_foreign_key(
            "fk_payment_order_line_id_order_line", "order_line", ["order_line_id"], ["id"], ondelete="RESTRICT"
        )


def downgrade() -> None:
    cancelled = op.get_bind().execute(sa.text("SELECT count(*) FROM order_line WHERE cancelled_at IS NOT NULL"))
    if cancelled.scalar():
        raise RuntimeError("Lines were cancelled since 0023: going back would lose what happened to them")
    with op.batch_alter_table("payment", schema=None) as batch_op:
        batch_op.drop_constraint("fk_payment_order_line_id_order_line", type_="foreignkey")
        batch_op.drop_index("ix_payment_order_line_id")
        batch_op.drop_column("order_line_id")
    for column in ("cancelling_since", "cancel_reason", "cancelled_by", "cancelled_at"):
        op.drop_column("order_line", column)
