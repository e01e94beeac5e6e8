"""Writing a book's record: the fields only books have, checked by pydantic, and the one function
that puts them on a product (authors found by name or created, the ISBN kept unique). The product
form and the CSV import both write books through here.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

from pydantic import AfterValidator, BeforeValidator, Field
from sqlalchemy import select
from sqlalchemy.orm import Session

from db import isbn, levels
from db.admin import Invalid, unique_slug, unique_slugs
from db.admin.forms import Form, Text
from db.models import Author, Book, BookAuthor, Product
from db.models.books import FORMATS

MAX_AUTHORS = 10
MAX_PAGES = 20_000
FIRST_PRINTED_YEAR = 1450


def _isbn(value: str) -> str:
    try:
        return isbn.parse(value)
    except isbn.InvalidIsbn as error:
        raise ValueError(str(error)) from None


def _level(value: str) -> str:
    try:
        return levels.parse(value).text
    except levels.InvalidLevel as error:
        raise ValueError(str(error)) from None


def _blank_is_none(value):
    return None if isinstance(value, str) and not value.strip() else value


def _latest_year(value: int | None) -> int | None:
    if value is not None and value > dt.date.today().year + 1:
        raise ValueError(f"Enter a year no later than {dt.date.today().year + 1}")
    return value


def _distinct_names(names: list[str]) -> list[str]:
    if len({name.casefold() for name in names}) != len(names):
        raise ValueError("Name each author once")
    return names


Isbn = Annotated[str, Field(max_length=40), AfterValidator(_isbn)]
LevelText = Annotated[str, Field(max_length=40), AfterValidator(_level)]
Optional = lambda kind: Annotated[kind | None, BeforeValidator(_blank_is_none)]  # noqa: E731


class BookForm(Form):
    """A book's own fields, as the product form sends them under `book` and a CSV row holds them."""

    isbn: Isbn
    authors: Annotated[list[Text(2, 120)], Field(min_length=1, max_length=MAX_AUTHORS), AfterValidator(_distinct_names)]
    publisher: Optional(Text(1, 120)) = None
    edition: Optional(Text(1, 40)) = None
    year: Optional(Annotated[int, Field(ge=FIRST_PRINTED_YEAR), AfterValidator(_latest_year)]) = None
    format: Literal[FORMATS] = "Paperback"
    pages: Optional(Annotated[int, Field(ge=1, le=MAX_PAGES)]) = None
    language: Text(2, 40) = "English"
    level: LevelText
    subject: Optional(Text(1, 80)) = None
    series: Optional(Text(1, 120)) = None
    volume: Optional(Annotated[int, Field(ge=1, le=999)]) = None


def book_form_record(book: Book | None) -> dict | None:
    """A book as the product form (and the CSV export) shows it: the same fields BookForm takes."""
    if book is None:
        return None
    return {
        "isbn": book.isbn or "",
        "authors": [a.name for a in book.authors],
        "publisher": book.publisher,
        "edition": book.edition,
        "year": book.year,
        "format": book.format,
        "pages": book.pages,
        "language": book.language,
        "level": levels.of_book(book).text,
        "subject": book.subject,
        "series": book.series,
        "volume": book.volume,
    }


def authors_named(session: Session, names: list[str]) -> list[Author]:
    """The authors of these names, in order: existing ones by exact name, new ones created."""
    existing = {a.name: a for a in session.scalars(select(Author).where(Author.name.in_(names)))}
    authors = []
    for name in names:
        author = existing.get(name)
        if author is None:
            author = existing[name] = Author(name=name, slug=unique_slug(session, Author, name))
            session.add(author)
            session.flush()  # the next new author's slug must see this one's
        authors.append(author)
    return authors


def refuse_taken_isbn(session: Session, value: str, own_product_id: int | None) -> None:
    query = select(Product.title).join(Book, Book.product_id == Product.id).where(Book.isbn == value)
    if own_product_id is not None:
        query = query.where(Product.id != own_product_id)
    if (title := session.scalar(query.limit(1))) is not None:
        raise Invalid({"book.isbn": f"“{title}” already has this ISBN"})


def write_book(session: Session, product: Product, form: BookForm, *, check_isbn: bool = True) -> None:
    """Give the product this book record (created or replaced field by field)."""
    if check_isbn:
        refuse_taken_isbn(session, form.isbn, product.id)
    values = form.model_dump()
    level = levels.parse(values.pop("level"))
    names = values.pop("authors")
    book = product.book or Book()
    for name, value in values.items():
        setattr(book, name, value)
    book.level_kind, book.level_from, book.level_to = level
    authors = authors_named(session, names)
    if [c.author_id for c in book.credits] != [a.id for a in authors]:
        book.credits = [BookAuthor(author=author, position=i) for i, author in enumerate(authors)]
    product.book = book
    # The authors' names on the product too: what every card shows without a join.
    product.author = ", ".join(names)[:120]


# --- for many books at once (the CSV import): one query per batch, not one per book -----------


def authors_by_name(session: Session, names: set[str]) -> dict[str, Author]:
    """The authors of these names (exact names, as `authors_named`): the existing ones in one query,
    the missing ones created (and flushed, so the next batch finds them)."""
    found = {a.name: a for a in session.scalars(select(Author).where(Author.name.in_(names)))} if names else {}
    missing = sorted(names - found.keys())
    for name, slug in zip(missing, unique_slugs(session, Author, missing)):
        found[name] = Author(name=name, slug=slug)
        session.add(found[name])
    if missing:
        session.flush()
    return found
