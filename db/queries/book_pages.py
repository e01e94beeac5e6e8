"""The shopper's ways into the books besides search: an author's books (/author/{slug}) and the
books of a level (/books/class-9, /books/college, /books/stories), with the search page's filters
and counts (category, author, level, format, subject, price, rating, in stock), sorted and paged;
and how many books each level holds (the home page's "Shop by class" and the level pages' class
switcher).

A shelf is read as search reads its matches, with no term (db/search/found.py `browsed`): at most
CAP narrow rows through `ix_book_level` (level kind, then class) or the author's credits, sorted,
paged and counted from those rows, so a level page costs about the same at a million books.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session

from db import levels
from db import page_keys as keys
from db.models import Author, Book, BookAuthor, LevelCount, Product
from db.queries.book_records import author_url
from db.queries.remembered import remembered
from db.queries.rows import read_rows
from db.queries.search import SORTS, SearchRequest, conditions, faceted, featured_first, known_author, listed_page
from db.search.found import Found, browsed, browsing

LEVEL_TITLES = {"class": "Class {n} books", "college": "College books", "age": "Story books"}
LEVEL_BLURBS = {
    "class": "Textbooks, workbooks and guides for Class {n}",
    "college": "Textbooks and references for college and university years",
    "age": "Picture books, novels and classics for young readers",
}


class UnknownAuthor(LookupError):
    """No author has this slug."""


@dataclass(frozen=True)
class Shelf:
    """Which books a page shows: a level ("class" with its number, "college" or "age") or an author's."""

    kind: str
    number: int | None = None
    author_id: int | None = None

    def condition(self) -> Any:
        if self.author_id is not None:
            return Book.product_id.in_(select(BookAuthor.book_id).where(BookAuthor.author_id == self.author_id))
        if self.kind == "class":
            # A school book is for one class: (kind, from) is the index's prefix.
            return (Book.level_kind == "class") & (Book.level_from == self.number)
        return Book.level_kind == self.kind


def shelf_books(session: Session, shelf: Shelf, request: SearchRequest) -> dict:
    """One page of a shelf's books (a request without a term: its filters, sort and page), its
    total and the facets, as search lists them (db/queries/search.py): at most CAP books read in
    the shelf's index order, whatever the catalogue's size (`more` says there were more)."""
    request = known_author(session, request)
    dialect = session.connection().dialect.name

    def finds(where) -> Found:
        if not where:  # the shelf as it is first seen: its statement is kept
            return browsed(session, (), unfiltered(dialect, shelf))
        return browsed(session, [shelf.condition(), *where])

    result = finds(conditions(request))
    return {
        **listed_page(session, result, request, featured_first),
        **faceted(session, request, result, finds, subjects=True),
    }


@lru_cache(maxsize=256)
def unfiltered(dialect: str, shelf: Shelf) -> Select:
    """A shelf's statement without filters, built once per shelf (the levels' few, the authors most
    visited)."""
    return browsing(dialect, [shelf.condition()])


# Published books per level page, from the counts the database keeps (db/models/counts.py): a
# dozen rows whatever the catalogue's size.
LEVEL_COUNTS = select(LevelCount.level_kind, LevelCount.level_number, LevelCount.books)


def level_counts(session: Session) -> list[dict]:
    """Every level page (Class 1-12, College, Stories) with how many published books it holds,
    the empty ones too."""
    rows = remembered(session, LEVEL_COUNTS, frozenset({keys.LEVELS}), lambda: read_rows(session, LEVEL_COUNTS))
    counts = {(kind, n): count for kind, n, count in rows}
    pages = [*(("class", n) for n in levels.CLASSES), ("college", 0), ("age", 0)]
    return [
        {
            "label": f"Class {n}" if kind == "class" else LEVEL_TITLES[kind],
            "url": level_url(kind, n),
            "count": counts.get((kind, n), 0),
        }
        for kind, n in pages
    ]


def level_url(kind: str, number: int | None = None) -> str:
    """/books/class-9, /books/college, /books/stories (db/levels.py names them)."""
    return levels.Level(kind, number or 0, number or 0).url


def level_page(session: Session, kind: str, number: int | None, request: SearchRequest) -> dict:
    """A level page's props: the level, one page of its books, and the other levels to switch to."""
    return {
        "title": LEVEL_TITLES[kind].format(n=number),
        "blurb": LEVEL_BLURBS[kind].format(n=number),
        "url": level_url(kind, number),
        "levelPages": level_counts(session),
        **shelf_books(session, Shelf(kind, number), request),
    }


def author_page(session: Session, slug: str, request: SearchRequest) -> dict:
    """An author's page: their name, how many published books they have, one page of them.
    Raises UnknownAuthor for a slug no author has."""
    author = session.scalar(select(Author).where(Author.slug == slug))
    if author is None:
        raise UnknownAuthor(slug)
    books = Shelf("author", author_id=author.id)
    return {
        "title": author.name,
        "url": author_url(author.slug),
        # All their books, whatever the filters narrow the list to.
        "author": {
            "id": author.id,  # what its cached pages are dropped by (app/pages/page_keys.py)
            "name": author.name,
            "slug": author.slug,
            "url": author_url(author.slug),
            "books": _count(session, books),
        },
        **shelf_books(session, books, request),
    }


def _count(session: Session, books: Shelf) -> int:
    published = select(func.count()).select_from(Book).join(Product, Product.id == Book.product_id)
    return session.scalar(published.where(Product.published.is_(True), books.condition())) or 0


def author_slugs(session: Session) -> list[str]:
    """Authors with at least one published book, for the sitemap."""
    query = (
        select(Author.slug)
        .join(BookAuthor, BookAuthor.author_id == Author.id)
        .join(Product, Product.id == BookAuthor.book_id)
        .where(Product.published.is_(True))
        .group_by(Author.slug)
        .order_by(Author.slug)
    )
    return list(session.scalars(query))


__all__ = ["SORTS", "UnknownAuthor", "author_page", "author_slugs", "level_counts", "level_page"]
