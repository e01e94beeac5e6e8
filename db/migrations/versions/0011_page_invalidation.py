"""page invalidation: the catalogue's change log

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-27 09:00:00

Cached pages were keyed by one catalogue version that every write moved; now every writing
transaction appends the invalidation keys it changed to `page_change`, and the newest row's id is
the catalogue version. The log starts where `catalogue_state.version` stood (its first row, which
changes everything, has that id); going back writes the newest id into `catalogue_state.version`.
"""

import sqlalchemy as sa
from alembic import op

import db.models.base

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "page_change",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("keys", sa.Text(), nullable=False),
        sa.Column("created_at", db.models.base.UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_page_change")),
    )
    op.create_index(op.f("ix_page_change_created_at"), "page_change", ["created_at"], unique=False)
    connection = op.get_bind()
    version = connection.execute(sa.text("SELECT version FROM catalogue_state WHERE id = 1")).scalar() or 0
    if version:
        change = sa.table(
            "page_change",
            sa.column("id", sa.Integer),
            sa.column("keys", sa.Text),
            sa.column("created_at", db.models.base.UTCDateTime(timezone=True)),
        )
        op.bulk_insert(change, [{"id": version, "keys": "*", "created_at": db.models.base.utcnow()}])
        if connection.dialect.name == "postgresql":  # the id was given: the sequence carries on after it
            connection.execute(
                sa.text("SELECT setval(pg_get_serial_sequence('page_change', 'id'), :v)"), {"v": version}
            )


def downgrade() -> None:
    op.execute("UPDATE catalogue_state SET version = COALESCE((SELECT MAX(id) FROM page_change), version) WHERE id = 1")
    op.drop_index(op.f("ix_page_change_created_at"), table_name="page_change")
    op.drop_table("page_change")
