"""search speed: a title index on PostgreSQL

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-28 09:00:00

Search ranks the products whose titles hold the words first, and reads them before the others
(db/search/found.py). On SQLite, FTS5 keeps the column of every word it indexes, so asking for
the title column alone is as fast as asking for every column. PostgreSQL's GIN index does not
keep the weights that mark the title's words: `'fantasy':A` had to check every product with
"fantasy" anywhere, row by row (a million-product catalogue: every fantasy novel, to find none),
so the titles get a tsvector and a GIN index of their own.

Both GIN indexes also keep a smaller list of pending entries (512 kB rather than 4 MB), which
every search reads through until it is merged into the index.
"""

from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(
        "ALTER TABLE product_search ADD COLUMN title_document tsvector "
        "GENERATED ALWAYS AS (to_tsvector('english', title)) STORED"
    )
    op.execute(
        "CREATE INDEX ix_product_search_title ON product_search USING gin (title_document) "
        "WITH (gin_pending_list_limit = 512)"
    )
    op.execute("ALTER INDEX ix_product_search_document SET (gin_pending_list_limit = 512)")
    op.execute("ANALYZE product_search")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("ALTER INDEX ix_product_search_document RESET (gin_pending_list_limit)")
    op.execute("DROP INDEX ix_product_search_title")
    op.execute("ALTER TABLE product_search DROP COLUMN title_document")
