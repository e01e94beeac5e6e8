"""Keeping the index in step with the catalogue, inside the transaction that changes it.

A flush hook (registered by db/engine.py) finds the products a flush touched (a product, its
book or authors' credits, a category, author or brand they show) and re-indexes exactly those in
the same transaction, so a product edited in the admin is found by its new title on the next
request and a rolled-back write leaves the index as it was. Writes the hook cannot see (bulk
UPDATE/INSERT statements) call `reindex` themselves. `rebuild` fills the index from scratch
(the migration that creates it, and `python -m db.search rebuild`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from sqlalchemy import Connection, bindparam, event, select, text
from sqlalchemy.orm import Session

from db.models import Author, Book, BookAuthor, Brand, Category, Product
from db.search.backends import every
from db.search.dialects import backend_for
from db.search.documents import Document, document_of, documents_query

REBUILD_BATCH = 2000


def _documents(connection: Connection, ids: Iterable[int] | None) -> list[Document]:
    return [document_of(row) for row in connection.execute(documents_query(ids))]


def _count_terms(connection: Connection, delta: Counter[str]) -> None:
    changes = [{"term": term, "n": n} for term, n in delta.items() if n]
    if not changes:
        return
    connection.execute(
        text(
            "INSERT INTO search_term (term, products) VALUES (:term, :n) "
            "ON CONFLICT (term) DO UPDATE SET products = search_term.products + excluded.products"
        ),
        changes,
    )
    # Only a word that lost products can have none left.
    for fewer in every(c["term"] for c in changes if c["n"] < 0):
        connection.execute(
            text("DELETE FROM search_term WHERE products <= 0 AND term IN :terms").bindparams(
                bindparam("terms", expanding=True)
            ),
            {"terms": fewer},
        )


def reindex(connection: Connection, product_ids: Iterable[int]) -> None:
    """Index these products as they are now (a deleted one leaves the index)."""
    backend = backend_for(connection.dialect.name)
    for ids in every(sorted(set(product_ids))):
        old = backend.documents(connection, ids)
        backend.remove(connection, ids)
        new = _documents(connection, ids)
        backend.add(connection, new)
        delta: Counter[str] = Counter()
        for document in new:
            delta.update(document.terms())
        for document in old:
            delta.subtract(document.terms())
        _count_terms(connection, delta)


def rebuild(connection: Connection) -> int:
    """Empty the index and the vocabulary and index every product; answers how many."""
    backend = backend_for(connection.dialect.name)
    vocabulary: Counter[str] = Counter()
    count = 0
    with backend.refilling(connection):
        connection.execute(text("DELETE FROM search_term"))
        batch: list[Document] = []
        for row in connection.execute(documents_query()).yield_per(REBUILD_BATCH):
            document = document_of(row)
            vocabulary.update(document.terms())
            batch.append(document)
            if len(batch) == REBUILD_BATCH:
                backend.add(connection, batch)
                count += len(batch)
                batch = []
        backend.add(connection, batch)
        count += len(batch)
        _count_terms(connection, vocabulary)
    return count


# --- the flush hook -------------------------------------------------------------------------------


def _touched_products(session: Session) -> set[int]:
    ids: set[int] = set()
    categories, authors, brands = set(), set(), set()
    for obj in (*session.new, *session.dirty, *session.deleted):
        if isinstance(obj, Product):
            ids.add(obj.id)
        elif isinstance(obj, Book):
            ids.add(obj.product_id)
        elif isinstance(obj, BookAuthor):
            ids.add(obj.book_id)
        elif isinstance(obj, Category) and obj not in session.new:
            categories.add(obj.id)
        elif isinstance(obj, Author) and obj not in session.new:
            authors.add(obj.id)
        elif isinstance(obj, Brand) and obj not in session.new:
            brands.add(obj.id)
    # A renamed category, author or brand changes the documents of the products that show it.
    if categories:
        children = select(Category.id).where(Category.parent_id.in_(categories))
        ids.update(
            session.scalars(
                select(Product.id).where(Product.category_id.in_(categories) | Product.category_id.in_(children))
            )
        )
    if authors:
        ids.update(session.scalars(select(BookAuthor.book_id).where(BookAuthor.author_id.in_(authors))))
    if brands:
        ids.update(session.scalars(select(Product.id).where(Product.brand_id.in_(brands))))
    ids.discard(None)
    return ids


def _after_flush(session: Session, _context) -> None:
    if ids := _touched_products(session):
        reindex(session.connection(), ids)


def register() -> None:
    if not event.contains(Session, "after_flush", _after_flush):
        event.listen(Session, "after_flush", _after_flush)
