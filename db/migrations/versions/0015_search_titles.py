"""search titles (placeholder, filled in by the search work)

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-25 14:00:00
"""
revision = '0015'
down_revision = '0014'
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
