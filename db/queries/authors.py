"""Authors as the product form suggests them: typing part of a name finds the authors already in
the catalogue, so a book credits the same author record as the author's other books rather than
a second one spelt slightly differently."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from db.models import Author, BookAuthor
from db.queries.admin_lists import contains, dialect_of

SUGGESTIONS = 20


def books_by(author_id: Any) -> Any:
    """How many books credit the author (the book_author index on author_id answers it)."""
    return select(func.count()).where(BookAuthor.author_id == author_id).scalar_subquery()


def author_suggestions(session: Session, q: str = "", limit: int = SUGGESTIONS) -> list[dict]:
    """Up to `limit` authors whose name contains q (any case), by name; an empty q lists the first
    ones by name."""
    query = select(Author.id, Author.name, Author.slug, books_by(Author.id).label("books"))
    if q:
        query = query.where(contains(Author.name, q, dialect_of(session)))
    rows = session.execute(query.order_by(func.lower(Author.name), Author.id).limit(limit))
    return [{"id": r.id, "name": r.name, "slug": r.slug, "books": r.books} for r in rows]
