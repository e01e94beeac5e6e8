"""The shopper's ways into the books besides search: an author's books (/author/{slug}) and the
books of a level (/books/class-9, /books/college, /books/stories), filtered by subject, format and
price, sorted and paged in SQL; and how many books each level holds (the home page's "Shop by
class" and the level pages' class switcher).

A level page reads `ix_book_level` (level kind, then class); subject and format are indexed on
the book, price and rating on the product. Every list is one COUNT and one LIMIT/OFFSET query.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any

from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session

from .. import levels
from ..models import Author, Book, BookAuthor, LevelCount, Product
from .book_records import author_url
from .products import TOP_RATED
from .search import PER_PAGE, SORTS, one_page, sale_price_sql, sort_order

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


@dataclass(frozen=True)
class ShelfRequest:
    """The filters, sort and page a visitor chose (app/pages/books.py reads them from the URL)."""

    subject: str | None = None
    format: str | None = None
    min_price: Decimal | None = None
    max_price: Decimal | None = None
    sort: str = "relevance"
    page: int = 1
    per_page: int = PER_PAGE
    # Facets ignore their own filter: the subject list counts every subject under the other filters.
    ignore: tuple[str, ...] = field(default=())


def _books(shelf: Shelf) -> Select:
    return (
        select(Product)
        .join(Book, Book.product_id == Product.id)
        .where(Product.published.is_(True), shelf.condition())
    )


def _filtered(query: Select, request: ShelfRequest) -> Select:
    if request.subject and "subject" not in request.ignore:
        query = query.where(Book.subject == request.subject)
    if request.format and "format" not in request.ignore:
        query = query.where(Book.format == request.format)
    if request.min_price is not None:
        query = query.where(sale_price_sql() >= request.min_price)
    if request.max_price is not None:
        query = query.where(sale_price_sql() <= request.max_price)
    return query


# A shelf has no search term: its "best match" is the shop's featured books, best rated first.
SHELF_RELEVANCE = (Product.featured.desc(), *TOP_RATED)


def _facet(session: Session, shelf: Shelf, request: ShelfRequest, column) -> list[dict]:
    """The values of a book column on the shelf, with counts under the other filters."""
    others = _filtered(_books(shelf), replace(request, ignore=(column.key,)))
    rows = session.execute(
        others.with_only_columns(column, func.count(Product.id))
        .where(column.is_not(None)).group_by(column).order_by(func.count(Product.id).desc(), column)
    )
    facet = [{"value": value, "count": count} for value, count in rows]
    chosen = getattr(request, column.key)
    if chosen and all(row["value"] != chosen for row in facet):
        # The visitor's choice stays on the list (checked, with 0) when the other filters leave none of it.
        facet.append({"value": chosen, "count": 0})
    return facet


def shelf_books(session: Session, shelf: Shelf, request: ShelfRequest) -> dict:
    """One page of a shelf's books, its total, and its subject and format facets."""
    return {
        **one_page(session, _filtered(_books(shelf), request), sort_order(request.sort, SHELF_RELEVANCE),
                   request.page, request.per_page),
        "sort": request.sort,
        "filters": {
            "subject": request.subject,
            "format": request.format,
            "minPrice": None if request.min_price is None else float(request.min_price),
            "maxPrice": None if request.max_price is None else float(request.max_price),
        },
        "subjects": _facet(session, shelf, request, Book.subject),
        "formats": _facet(session, shelf, request, Book.format),
    }


# Published books per level page, from the counts the database keeps (db/models/counts.py): a
# dozen rows whatever the catalogue's size.
LEVEL_COUNTS = select(LevelCount.level_kind, LevelCount.level_number, LevelCount.books)


def level_counts(session: Session) -> list[dict]:
    """Every level page (Class 1-12, College, Stories) with how many published books it holds,
    the empty ones too."""
    counts = {(kind, n): count for kind, n, count in session.connection().execute(LEVEL_COUNTS)}
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


def level_page(session: Session, kind: str, number: int | None, request: ShelfRequest) -> dict:
    """A level page's props: the level, one page of its books, and the other levels to switch to."""
    return {
        "title": LEVEL_TITLES[kind].format(n=number),
        "blurb": LEVEL_BLURBS[kind].format(n=number),
        "url": level_url(kind, number),
        "levels": level_counts(session),
        **shelf_books(session, Shelf(kind, number), request),
    }


def author_page(session: Session, slug: str, request: ShelfRequest) -> dict:
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
        "author": {"name": author.name, "slug": author.slug, "url": author_url(author.slug), "books": _count(session, books)},
        **shelf_books(session, books, request),
    }


def _count(session: Session, books: Shelf) -> int:
    return session.scalar(_books(books).with_only_columns(func.count(Product.id))) or 0


def author_slugs(session: Session) -> list[str]:
    """Authors with at least one published book, for the sitemap."""
    query = (
        select(Author.slug).join(BookAuthor, BookAuthor.author_id == Author.id)
        .join(Product, Product.id == BookAuthor.book_id)
        .where(Product.published.is_(True)).group_by(Author.slug).order_by(Author.slug)
    )
    return list(session.scalars(query))


__all__ = ["SORTS", "ShelfRequest", "UnknownAuthor", "author_page", "author_slugs", "level_counts", "level_page"]
