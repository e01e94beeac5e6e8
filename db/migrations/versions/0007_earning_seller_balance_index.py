"""earning seller balance index

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-21 13:10:00

A seller's balance sums their ledger rows; with the amounts in the index beside the seller, the
sum reads one seller's part of the index and never the table.
"""

from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_earning_seller_balance", "earning", ["seller_id", "seller_earning"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_earning_seller_balance", table_name="earning")
