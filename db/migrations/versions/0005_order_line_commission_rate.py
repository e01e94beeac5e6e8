"""order line commission rate

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-21 12:00:00

Each seller's order line keeps the commission rate of its seller's package at the time of the
order. Lines written before this column existed take their seller's current package rate, the
rate their earnings were split at.
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("order_line", schema=None) as batch_op:
        batch_op.add_column(sa.Column("commission_rate", sa.Numeric(precision=5, scale=4), nullable=True))
    op.execute(
        "UPDATE order_line SET commission_rate = ("
        " SELECT package.commission_rate FROM seller JOIN package ON package.id = seller.package_id"
        " WHERE seller.id = order_line.seller_id)"
        " WHERE seller_id IS NOT NULL"
    )


def downgrade() -> None:
    with op.batch_alter_table("order_line", schema=None) as batch_op:
        batch_op.drop_column("commission_rate")
