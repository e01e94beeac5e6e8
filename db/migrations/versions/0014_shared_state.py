"""shared state of several instances: failed sign-ins and uploaded images in the database

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-25 14:00:00

Several server instances on one database must count failed sign-ins together (one instance's
memory let a fleet of N allow N times the attempts) and serve every upload (a file in one
machine's folder is not on the others). Both tables start empty: the counts of the old in-memory
limiter were never kept, and images already in the media folder stay there (the database store
falls back to the folder).
"""

import sqlalchemy as sa
from alembic import op

import db.models.base

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sign_in_failure",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client", sa.String(length=64), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("failed_at", db.models.base.UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sign_in_failure")),
    )
    op.create_index("ix_sign_in_failure_pair", "sign_in_failure", ["client", "email", "failed_at"], unique=False)
    op.create_index(op.f("ix_sign_in_failure_failed_at"), "sign_in_failure", ["failed_at"], unique=False)
    op.create_table(
        "media_file",
        sa.Column("path", sa.String(length=255), nullable=False),
        sa.Column("content_type", sa.String(length=100), nullable=False),
        sa.Column("content", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", db.models.base.UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("path", name=op.f("pk_media_file")),
    )


def downgrade() -> None:
    op.drop_table("media_file")
    op.drop_index(op.f("ix_sign_in_failure_failed_at"), table_name="sign_in_failure")
    op.drop_index("ix_sign_in_failure_pair", table_name="sign_in_failure")
    op.drop_table("sign_in_failure")
