"""shared state of several instances (placeholder, filled in by the scale-out work)

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-25 14:00:00
"""
revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
