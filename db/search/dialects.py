"""The search back end of a database: SQLite's FTS5 or PostgreSQL's tsvector."""

from __future__ import annotations

from db.search.backends import Backend
from db.search.fts5 import Sqlite
from db.search.tsvector import Postgres


def backend_for(dialect_name: str) -> Backend:
    return Postgres() if dialect_name == "postgresql" else Sqlite()
