"""search index

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-25 10:00:00

The full-text index of the sellable catalogue (SQLite FTS5, or PostgreSQL tsvector with a GIN
index and pg_trgm), its vocabulary and the synonyms administrators edit, filled from the catalogue
as it is (db/search/index.py keeps it in step from then on).
"""

import sqlalchemy as sa
from alembic import op

from db.search.dialects import backend_for
from db.search.index import rebuild

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

# Both directions are stored; words are folded (lower case, no accents), phrases single-spaced.
SYNONYMS = (
    ("maths", "mathematics"),
    ("math", "mathematics"),
    ("sci fi", "science fiction"),
    ("bio", "biology"),
    ("chem", "chemistry"),
    ("econ", "economics"),
    ("stats", "statistics"),
    ("geo", "geography"),
    ("lit", "literature"),
    ("cs", "computer science"),
    ("comp sci", "computer science"),
    ("gk", "general knowledge"),
)


def upgrade() -> None:
    op.create_table(
        "search_term",
        sa.Column("term", sa.String(length=40), nullable=False),
        sa.Column("products", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("term", name=op.f("pk_search_term")),
    )
    synonym = op.create_table(
        "search_synonym",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("term", sa.String(length=60), nullable=False),
        sa.Column("synonym", sa.String(length=60), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_search_synonym")),
        sa.UniqueConstraint("term", "synonym", name="uq_search_synonym_pair"),
    )
    op.create_index(op.f("ix_search_synonym_term"), "search_synonym", ["term"], unique=False)
    op.bulk_insert(synonym, [{"term": a, "synonym": b} for x, y in SYNONYMS for a, b in ((x, y), (y, x))])
    connection = op.get_bind()
    for statement in backend_for(connection.dialect.name).DDL:
        op.execute(statement)
    rebuild(connection)


def downgrade() -> None:
    for statement in backend_for(op.get_bind().dialect.name).DROP:
        op.execute(statement)
    op.drop_table("search_synonym")
    op.drop_table("search_term")
