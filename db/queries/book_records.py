"""A book as the storefront shows it: what its product page, its JSON props and its JSON-LD carry."""

from __future__ import annotations

from typing import Any

from db import isbn, levels
from db.models import Book


def author_url(slug: str) -> str:
    return f"/author/{slug}"


def book_details(book: Book | Any, authors: list[tuple[str, str]]) -> dict:
    """From anything with a book's attributes (a Book, or a row of db/queries/product_page.py's
    PRODUCT) and its authors' (name, slug) in cover order."""
    level = levels.of_book(book)
    return {
        "isbn": book.isbn,
        "isbnGrouped": isbn.grouped(book.isbn) if book.isbn else None,
        "isbn10": isbn.to_isbn10(book.isbn) if book.isbn else None,
        "authors": [{"name": name, "slug": slug, "url": author_url(slug)} for name, slug in authors],
        "publisher": book.publisher,
        "edition": book.edition,
        "year": book.year,
        "format": book.format,
        "pages": book.pages,
        "language": book.language,
        "level": {"kind": level.kind, "from": level.low, "to": level.high, "label": level.label, "url": level.url},
        "subject": book.subject,
        "series": book.series,
        "volume": book.volume,
    }
