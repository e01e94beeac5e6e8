"""search buckets: PostgreSQL reads the matches of a slice of the catalogue at a time

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-26 09:00:00

A search keeps the first 500 matches (db/search/found.py), but a GIN index answers `@@` with a
bitmap of EVERY match before the first row is read: at a million products "physics" in the titles
read all 33,404 postings to keep 500 (10 ms), "fantasy" anywhere 77,000 (20 ms). So the index's
rows get a bucket, the power-of-two slice of the catalogue their product id is in (below 65,536,
then 65,536-131,071, 131,072-262,143...), and both GIN indexes lead with it (btree_gin): a search
reads one bucket's matches at a time, the first bucket first, and stops when it has enough
(db/search/tsvector.py). A common word is found in the first bucket; a rare one costs a look into
each of the few buckets (log2 of the catalogue's size). SQLite's FTS5 already reads a word's
matches in order and stops at the limit: nothing changes there.
"""

from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None

# Bucket n > 0 holds the ids from 2**(15 + n) up to twice that; bucket 0 those below 2**16.
BUCKET = "width_bucket(product_id, ARRAY[{}])".format(", ".join(str(2**n) for n in range(16, 31)))
INDEXES = {"ix_product_search_document": "document", "ix_product_search_title": "title_document"}


def _index(name: str, columns: str) -> None:
    # The short pending list of migration 0013: every search reads through it until it is merged.
    op.execute(f"CREATE INDEX {name} ON product_search USING gin ({columns}) WITH (gin_pending_list_limit = 512)")


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("CREATE EXTENSION IF NOT EXISTS btree_gin")
    op.execute(f"ALTER TABLE product_search ADD COLUMN bucket integer GENERATED ALWAYS AS ({BUCKET}) STORED")
    op.execute("SET LOCAL maintenance_work_mem = '256MB'")
    for name, document in INDEXES.items():
        op.execute(f"DROP INDEX {name}")
        _index(name, f"bucket, {document}")
    op.execute("ANALYZE product_search")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for name, document in INDEXES.items():
        op.execute(f"DROP INDEX {name}")
        _index(name, document)
    op.execute("ALTER TABLE product_search DROP COLUMN bucket")
    # btree_gin stays: an extension is the database's, and other indexes may have come to use it.
