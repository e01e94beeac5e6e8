"""search buckets finer: the first bucket ends at id 4,096, not 65,536

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-26 15:50:00

A search reads its matches a bucket at a time and stops at 501 rows (0017, db/search/tsvector.py),
but it reads the whole of each bucket it starts: the GIN index answers with every match in the
bucket before the first row is read, and each is fetched from the table. With the first bucket
ending at 65,536, a catalogue grown by 100,000 books fetched 2,186 rows of product_search for
"physics" (one in thirty titles) to keep 501, each on a page of its own, and sorted them to merge
them with the products: the search API's median at 2.17x the seeded catalogue's. Buckets that
start at 4,096 ids and double from there hold 136, 136, 273... of those matches: the search reads
about the 501 it keeps (three buckets), the planner sees a few hundred rows and looks the products
up by key, and the rows found are the same. A rare word costs a look into 4 more (empty) buckets.
"""

from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None

INDEXES = {"ix_product_search_document": "document", "ix_product_search_title": "title_document"}


def _bucketed(first: int) -> None:
    """The bucket column anew, its first bucket the ids below 2**first (each next one twice the
    size up to 2**30), and the two GIN indexes that lead with it (dropped with the column)."""
    bucket = "width_bucket(product_id, ARRAY[{}])".format(", ".join(str(2**n) for n in range(first, 31)))
    op.execute("ALTER TABLE product_search DROP COLUMN bucket")
    op.execute(f"ALTER TABLE product_search ADD COLUMN bucket integer GENERATED ALWAYS AS ({bucket}) STORED")
    op.execute("SET LOCAL maintenance_work_mem = '256MB'")
    for name, document in INDEXES.items():
        # The short pending list of migration 0013: every search reads through it until it is merged.
        op.execute(
            f"CREATE INDEX {name} ON product_search USING gin (bucket, {document}) WITH (gin_pending_list_limit = 512)"
        )
    op.execute("ANALYZE product_search")


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        _bucketed(12)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        _bucketed(16)
