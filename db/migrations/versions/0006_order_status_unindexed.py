"""order status unindexed

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-21 13:00:00

Three statuses split the orders into large parts. Given an index on status, SQLite counts "the
delivered orders matching a search" by probing the table once per delivered order (~10x slower
at 100,000 orders than scanning it), so the order list reads orders by date or by scan instead.
"""

from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_index("ix_order_status", table_name="order")


def downgrade() -> None:
    op.create_index("ix_order_status", "order", ["status"], unique=False)
