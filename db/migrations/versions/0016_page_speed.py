"""page speed (placeholder, filled in by the page-speed work)

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-25 14:00:00
"""
revision = '0016'
down_revision = '0015'
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
