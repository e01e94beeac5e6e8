"""A book as the storefront shows it: what its product page, its JSON props and its JSON-LD carry."""

from __future__ import annotations

from db import isbn, levels
from db.models import Book


def author_url(slug: str) -> str:
    return f"/author/{slug}"


def book_details(book: Book) -> dict:
    level = levels.of_book(book)
    return {
        "isbn": book.isbn,
        "isbnGrouped": isbn.grouped(book.isbn) if book.isbn else None,
        "isbn10": isbn.to_isbn10(book.isbn) if book.isbn else None,
        "authors": [{"name": a.name, "slug": a.slug, "url": author_url(a.slug)} for a in book.authors],
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
