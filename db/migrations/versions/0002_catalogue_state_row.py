"""The single catalogue_state row that cached pages are keyed by.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    state = sa.table("catalogue_state", sa.column("id", sa.Integer), sa.column("version", sa.Integer))
    op.bulk_insert(state, [{"id": 1, "version": 1}])


def downgrade() -> None:
    op.execute("DELETE FROM catalogue_state WHERE id = 1")
