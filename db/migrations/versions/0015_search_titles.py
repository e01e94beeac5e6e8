"""search titles: an FTS5 table of the titles alone on SQLite

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-25 14:00:00

Search reads the products whose titles hold the words first (db/search/found.py). On SQLite that
was a column filter on the whole index, which reads every posting of the word and keeps the
title ones: a word common in descriptions but rare in titles ("books", "paperback") read every
product that has it. The titles get an FTS5 table of their own (as PostgreSQL's titles got a
tsvector and GIN index in 0013), filled here from the index and kept in step with it from now on
(db/search/fts5.py). A database made by the newer 0009 already has the table: it is refilled.
"""

from alembic import op

from db.search.fts5 import TITLES_DDL

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        return
    op.execute(TITLES_DDL)
    op.execute("DELETE FROM product_title_fts")
    op.execute("INSERT INTO product_title_fts (rowid, title) SELECT rowid, title FROM product_fts")


def downgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        return
    op.execute("DROP TABLE IF EXISTS product_title_fts")
