"""page speed: indexes for the demo shops' most reviewed and fewest left sections and the store's best rated

The storefront sections walk an index in the order they show (migration 0012); these three orders
still sorted: a demo shop's "most viewed" (most reviewed) and flash deals (fewest left, then the
biggest discount), and the related list without a product (the whole store's best rated). Indexes
only: no row changes either way.

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-25 14:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

SHOP_PUBLISHED = ["shop", "published"]
INDEXES = {  # name -> columns; the models say the same (db/models/catalogue.py)
    "ix_product_most_reviewed": [*SHOP_PUBLISHED, sa.text("review_count DESC"), sa.text("rating DESC"), "id"],
    "ix_product_fewest_left": [*SHOP_PUBLISHED, "stock", sa.text("discount DESC"), "id"],
    "ix_product_store_top_rated": ["published", sa.text("rating DESC"), sa.text("review_count DESC"), "id"],
}


def upgrade() -> None:
    for name, columns in INDEXES.items():
        op.create_index(name, "product", columns, unique=False)


def downgrade() -> None:
    for name in INDEXES:
        op.drop_index(name, table_name="product")
