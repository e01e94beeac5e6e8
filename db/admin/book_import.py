"""Books from a CSV file, the way a shop loads a distributor's catalogue: upserted by ISBN, checked
row by row, written in ONE transaction or not at all; and the same columns exported back.

The file is read as a stream of lines (never whole), decoded line by line so that a byte that is
not UTF-8 is reported with its line, and checked in batches of `BATCH` rows: one query finds the
batch's books by ISBN, one their authors; the categories are read once. A dry run only reports. An
apply writes each batch as it goes, in a few multi-row statements (INSERT ... RETURNING, UPDATE by
key, the audit entries alike; memory holds one batch plus the report), stops writing at the first
row with an error, and raises `ImportRefused` at the end when there was one, so the caller's
transaction rolls back and nothing is written. The catalogue version moves once, as for any write.

A book without an image (or with only a drawn cover) gets a cover drawn from its title, authors,
level and publisher (db/covers.py) when the caller passes `keep_covers`, which keeps a batch's
drawings (the media store, in this transaction where it is the database); the report counts them,
a dry run's too. A real image is never replaced.

A row is "unchanged" when every column equals what the shop holds (money as Decimal, the authors
in order, the level as its text); "updated" writes only the columns that differ. An export's cells
are escaped against spreadsheet formulas (a ' before =, +, -, @): the import takes the ' off again,
so an export imports back unchanged (a value really starting with '= would lose its ').
"""

from __future__ import annotations

import csv
import datetime as dt
import functools
import itertools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Annotated, BinaryIO

from pydantic import BeforeValidator, ValidationError
from sqlalchemy import String, bindparam, cast, delete, func, insert, or_, select, update
from sqlalchemy.orm import Session, aliased

from db import catalogue_changes, catalogue_version, isbn, levels, stock_alerts
from db.admin import unique_slugs
from db.admin.books import BookForm, authors_by_name
from db.admin.forms import Form, Text
from db.admin.products import MAX_PRICE, MAX_STOCK
from db.covers import DrawnCover, drawn_cover, needs_cover
from db.models import AuditEntry, Author, Book, BookAuthor, Category, Offer, Product
from db.models.base import utcnow
from db.offers import summarise
from db.search import index as search_index

SHOP = "books"
# The header, in the order an export writes it; the last three may be left out of a file.
COLUMNS = (
    "isbn",
    "title",
    "authors",
    "publisher",
    "edition",
    "year",
    "format",
    "pages",
    "language",
    "level",
    "subject",
    "category",
    "price",
    "stock",
    "published",
)
OPTIONAL_COLUMNS = ("series", "volume", "description")
ALL_COLUMNS = COLUMNS + OPTIONAL_COLUMNS
BOOK_COLUMNS = tuple(BookForm.model_fields)
PRODUCT_COLUMNS = ("title", "category", "price", "stock", "published", "description")
# The product columns that are its listing's (db/offers.py).
LISTED = ("price", "stock")
# Product columns as the Product model names them.
PRODUCT_ATTRIBUTES = {
    "title": "title",
    "category": "category_id",
    "price": "price",
    "stock": "stock",
    "published": "published",
    "description": "description",
}
# A blank cell in these takes the form's default rather than failing its check.
DEFAULTED = ("format", "language")
REQUIRED = {
    "isbn": "Enter the ISBN",
    "title": "Enter the title",
    "authors": "Name at least one author",
    "level": "Enter the level: Class 1 to Class 12, College year 1 to 5, or an age range such as Ages 5-8",
    "category": "Enter the category (its name or its slug)",
    "price": "Enter the price",
}
AUTHOR_SEPARATOR = ";"
# The books shop's categories are the children of these three (db/seed/catalogue.py).
BOOK_SECTIONS = ("school-books", "college-books", "story-books")
BATCH = 100
HEAD_BYTES = 8192
# What an export's cells are escaped against (app/api/paged_lists.py csv_cell puts a ' before a
# cell starting with one of these, so a spreadsheet does not run it); an import takes it off again.
FORMULA_ESCAPE = "'"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
YES = ("yes", "true", "1", "y")
NO = ("no", "false", "0", "n")
NO_ERRORS: dict[str, str] = {}  # shared by every good row of a report (never written to)
# How often (in rows) the caller hears how far the import is.
PROGRESS_STEP = 10
# Keeps a batch's drawn covers where the media are kept, in the import's session (app/media/store.py).
KeepCovers = Callable[[Session, list[DrawnCover]], None]


class FileRefused(Exception):
    """The file as a whole cannot be read as a books CSV: 415 (not UTF-8 text) or 422."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


class ImportRefused(Exception):
    """An apply found rows with errors: raised after the whole report is built, to roll back."""

    def __init__(self, report: ImportReport):
        super().__init__("Some rows have errors")
        self.report = report


# --- one row's product columns -----------------------------------------------------------------


def _price(value: str) -> Decimal:
    try:
        price = Decimal(value.strip())
    except InvalidOperation:
        raise ValueError("Write the price as a number such as 12.50") from None
    if not price.is_finite():
        raise ValueError("Write the price as a number such as 12.50")
    if price < 0:
        raise ValueError("The price cannot be negative")
    if price != price.quantize(Decimal("0.01")):
        raise ValueError("Give the price to the cent: at most two decimals")
    if price > MAX_PRICE:
        raise ValueError(f"The price can be at most {MAX_PRICE}")
    return price.quantize(Decimal("0.01"))


def _stock(value: str) -> int:
    text = value.strip()
    if not text:
        return 0
    if not text.isdigit():
        raise ValueError("Write the stock as a whole number, 0 or more")
    if int(text) > MAX_STOCK:
        raise ValueError(f"The stock can be at most {MAX_STOCK:,}")
    return int(text)


def _published(value: str) -> bool:
    text = value.strip().lower()
    if not text or text in YES:
        return True
    if text in NO:
        return False
    raise ValueError("Write yes or no (or true/false, 1/0)")


class ProductColumns(Form):
    """The product's own columns of a row (the category is looked up separately)."""

    title: Text(2, 200)
    price: Annotated[Decimal, BeforeValidator(_price)]
    stock: Annotated[int, BeforeValidator(_stock)] = 0
    published: Annotated[bool, BeforeValidator(_published)] = True
    description: Text(0, 5000, multiline=True) = ""


def column_errors(error: ValidationError) -> dict[str, str]:
    """pydantic's errors keyed by the CSV column (an author's error is the `authors` column's)."""
    errors: dict[str, str] = {}
    for item in error.errors():
        column = str(item["loc"][0]) if item["loc"] else "row"
        message = item["msg"].removeprefix("Value error, ")
        errors.setdefault(column, message[0].upper() + message[1:])
    return errors


def unescaped(cell: str) -> str:
    """The cell as it was before an export escaped it against spreadsheet formulas."""
    if cell.startswith(FORMULA_ESCAPE) and cell[1:2] and cell[1] in "".join(FORMULA_STARTS):
        return cell[1:]
    return cell


# --- reading the file --------------------------------------------------------------------------


def _decoded(binary: BinaryIO) -> Iterator[str]:
    """The file's lines as text, checked one by one so an error names its line; a byte order mark
    at the start (exports write one) is dropped."""
    for number, raw in enumerate(binary, 1):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise FileRefused(
                415, f"Line {number} is not UTF-8 text. Save the file as “CSV UTF-8” and try again."
            ) from None
        yield line.removeprefix("\ufeff") if number == 1 else line


def _refuse_binary(binary: BinaryIO) -> None:
    binary.seek(0)
    head = binary.read(HEAD_BYTES)
    binary.seek(0)
    if not head.strip():
        raise FileRefused(422, "The file is empty. Download the template to see the columns.")
    if b"\x00" in head:
        raise FileRefused(
            415,
            "This is not a CSV file (it holds binary data, such as a picture or a spreadsheet). "
            "Save the spreadsheet as “CSV UTF-8” and choose that file.",
        )


def _header(cells: list[str], columns: tuple[str, ...], known: tuple[str, ...]) -> list[str]:
    names = [cell.strip().lower() for cell in cells]
    while names and not names[-1]:  # a spreadsheet's empty columns after the last one
        names.pop()
    listed = ", ".join(columns)
    if unknown := [name for name in names if name not in known]:
        shown = ", ".join(f"“{name}”" for name in unknown[:5])
        raise FileRefused(422, f"The first row must name the columns ({listed}); unknown: {shown}.")
    if doubled := sorted({name for name in names if names.count(name) > 1}):
        raise FileRefused(422, f"The first row names {', '.join(doubled)} more than once.")
    if missing := [name for name in columns if name not in names]:
        raise FileRefused(422, f"The first row must name the columns ({listed}); missing: {', '.join(missing)}.")
    return names


def csv_rows(
    binary: BinaryIO, columns: tuple[str, ...] = COLUMNS, known: tuple[str, ...] = ALL_COLUMNS
) -> tuple[list[str], Iterator[tuple[int, list[str]]]]:
    """The header's column names (every one of `columns`, any of `known`) and an iterator of (row
    number, cells): the header is row 1, as a spreadsheet numbers it; blank rows are skipped (but
    counted). The seller portal's offers import reads its CSV files with this too."""
    _refuse_binary(binary)
    reader = csv.reader(_decoded(binary))
    try:
        header = next(reader, None)
    except csv.Error as error:
        raise FileRefused(422, f"This is not a CSV file: line {reader.line_num}: {error}") from None
    if not header or not any(cell.strip() for cell in header):
        raise FileRefused(422, f"The first row must name the columns ({', '.join(columns)}).")
    names = _header(header, columns, known)

    def rows() -> Iterator[tuple[int, list[str]]]:
        number = 1
        while True:
            try:
                cells = next(reader)
            except StopIteration:
                return
            except csv.Error as error:
                raise FileRefused(422, f"Line {reader.line_num} cannot be read as CSV: {error}") from None
            number += 1
            if any(cell.strip() for cell in cells):
                yield number, cells

    return names, rows()


# --- checking rows -----------------------------------------------------------------------------


@dataclass
class Categories:
    """The shop's categories by slug and by name (any case), read once per import."""

    books: dict[str, int]  # lower-cased slug or name of a books-shop category -> id
    others: set[str]  # lower-cased slugs and names of every other category
    named: list[tuple[str, str]] = field(default_factory=list)  # the books-shop ones: (slug, name)

    @classmethod
    def read(cls, session: Session) -> Categories:
        sections = set(session.scalars(select(Category.id).where(Category.slug.in_(BOOK_SECTIONS))))
        books, others, named = {}, set(), []
        for category in session.scalars(select(Category).order_by(Category.parent_id, Category.name)):
            keys = (category.slug.lower(), " ".join(category.name.split()).casefold())
            if category.parent_id in sections:
                books.update(dict.fromkeys(keys, category.id))
                named.append((category.slug, category.name))
            else:
                others.update(keys)
        return cls(books, others, named)

    def slugs(self) -> list[dict]:
        """The categories a row may name, for the import page's help."""
        return [{"slug": slug, "name": name} for slug, name in self.named]

    def find(self, text: str) -> int:
        key = " ".join(text.split()).casefold()
        if key in self.books:
            return self.books[key]
        if key in self.others:
            raise ValueError(
                f"“{text.strip()}” is not a books category: use a category under School, College or Story Books"
            )
        raise ValueError(f"There is no category “{text.strip()}”")


@dataclass
class Row:
    """One row, checked: the values it wants (by column) or its errors."""

    number: int
    isbn: str
    title: str
    errors: dict[str, str]
    wanted: dict = field(default_factory=dict)
    isbn_valid: bool = False
    action: str = "error"
    changes: dict = field(default_factory=dict)
    cover: DrawnCover | None = None  # the drawn cover its book gets (None: it keeps its images)

    def reported(self) -> tuple:
        return self.number, self.isbn, self.title, self.action, self.errors or NO_ERRORS


REPORT_ROW = ("row", "isbn", "title", "action", "errors")


@dataclass
class ImportReport:
    """What an import did or would do: the counts, and a line per row (as a tuple of REPORT_ROW's
    fields: a 100,000-row report is held as small tuples, not dicts)."""

    created: int = 0
    updated: int = 0
    unchanged: int = 0
    errors: int = 0
    covers: int = 0  # books given a drawn cover
    rows: list[tuple] = field(default_factory=list)

    def add(self, row: Row) -> None:
        if row.errors:
            self.errors += 1
        else:
            setattr(self, row.action, getattr(self, row.action) + 1)
            self.covers += row.cover is not None
        self.rows.append(row.reported())

    def counts(self) -> dict[str, int]:
        return {
            "created": self.created,
            "updated": self.updated,
            "unchanged": self.unchanged,
            "errors": self.errors,
            "covers": self.covers,
        }

    def row_records(self, start: int = 0, stop: int | None = None) -> list[dict]:
        return [dict(zip(REPORT_ROW, row)) for row in self.rows[start:stop]]

    def as_dict(self) -> dict:
        return {**self.counts(), "rows": self.row_records()}


def checked(number: int, cells: dict[str, str], columns: list[str], categories: Categories) -> Row:
    """The row's values, normalised as the shop stores them, or its errors by column."""
    errors = {name: message for name, message in REQUIRED.items() if not cells[name].strip()}
    book_columns = [name for name in BOOK_COLUMNS if name in columns]
    book_values = {name: cells[name] for name in book_columns if not (name in DEFAULTED and not cells[name].strip())}
    book_values["authors"] = [name.strip() for name in cells["authors"].split(AUTHOR_SEPARATOR) if name.strip()]
    if not book_values["authors"]:  # a cell of separators only
        errors["authors"] = REQUIRED["authors"]
    product_columns = [name for name in PRODUCT_COLUMNS if name in columns and name != "category"]
    product_values = {name: cells[name] for name in product_columns}
    wanted: dict = {}
    for form, values, names in (
        (BookForm, book_values, book_columns),
        (ProductColumns, product_values, product_columns),
    ):
        try:
            wanted.update(form.model_validate(values).model_dump(include=set(names)))
        except ValidationError as error:
            for column, message in column_errors(error).items():
                errors.setdefault(column, message)
    if "category" not in errors:
        try:
            wanted["category"] = categories.find(cells["category"])
        except ValueError as error:
            errors["category"] = str(error)
    shown_isbn = wanted.get("isbn") or cells["isbn"].strip()[:40]
    return Row(number, shown_isbn, cells["title"].strip()[:200], errors, {} if errors else wanted, "isbn" in wanted)


# --- what the shop holds -----------------------------------------------------------------------
# Read and written with plain SQL statements rather than ORM objects: at 100,000 rows the ORM's
# per-object bookkeeping costs ten times the statements themselves.

PRODUCTS, BOOKS, CREDITS = Product.__table__, Book.__table__, BookAuthor.__table__
BOOK_FIELDS = ("isbn", "publisher", "edition", "year", "format", "pages", "language", "subject", "series", "volume")


def _json_ready(value):
    # As audit.snapshot keeps a record: money as an exact string, times in ISO form.
    if isinstance(value, Decimal):
        return str(value)
    return value.isoformat() if isinstance(value, dt.datetime) else value


@dataclass
class Stored:
    """A books-shop product and its book as the shop holds them."""

    product: dict  # the product's columns, its price and stock its listing's
    book: dict  # the book as book_form_record gives it
    category_slug: str
    listing_id: int | None = None  # the offer the book was created as (None: not yet written)

    def values(self, columns: Iterable[str]) -> dict:
        """These columns' values in the form `checked` gives a row's."""
        values = {**self.book, **{name: self.product[attribute] for name, attribute in PRODUCT_ATTRIBUTES.items()}}
        return {name: values[name] for name in columns}

    def logged(self) -> dict:
        """As the audit log keeps a product (db/admin/products.py `logged`)."""
        return {**{key: _json_ready(value) for key, value in self.product.items()}, "book": self.book}


def stored_books(session: Session, condition, limit: int | None = None) -> list[Stored]:
    """The books-shop products matching `condition`, in id order, each with its book and authors:
    two queries, whatever the number."""
    # A book's price and stock in the file are its listing's (the offer it was created as): the
    # product row's are the summary of every seller's offers (db/offers.py).
    listed = aliased(Offer)
    first_offer = (
        select(func.min(listed.id)).where(listed.product_id == PRODUCTS.c.id).correlate(PRODUCTS).scalar_subquery()
    )
    query = (
        select(
            PRODUCTS,
            BOOKS,
            Category.slug.label("category_slug"),
            Offer.id.label("listing_id"),
            Offer.price.label("listing_price"),
            Offer.stock.label("listing_stock"),
        )
        .join(BOOKS, BOOKS.c.product_id == PRODUCTS.c.id)
        .join(Category, Category.id == PRODUCTS.c.category_id)
        .join(Offer, Offer.id == first_offer)
        .where(condition)
        .order_by(BOOKS.c.product_id)
        .limit(limit)
    )
    rows = session.execute(query).mappings().all()
    authors: dict[int, list[str]] = {row["id"]: [] for row in rows}
    if authors:
        credits = (
            select(CREDITS.c.book_id, Author.name)
            .join(Author, Author.id == CREDITS.c.author_id)
            .where(CREDITS.c.book_id.in_(authors))
            .order_by(CREDITS.c.book_id, CREDITS.c.position)
        )
        for book_id, name in session.execute(credits):
            authors[book_id].append(name)
    return [
        Stored(
            product={column.key: row[column.key] for column in PRODUCTS.columns}
            | {"price": row["listing_price"], "stock": row["listing_stock"]},
            listing_id=row["listing_id"],
            book={
                "isbn": row["isbn"] or "",
                "authors": authors[row["id"]],
                **{name: row[name] for name in BOOK_FIELDS if name != "isbn"},
                "level": levels.Level(row["level_kind"], row["level_from"], row["level_to"]).text,
            },
            category_slug=row["category_slug"],
        )
        for row in rows
    ]


def _existing(session: Session, isbns: list[str]) -> dict[str, Stored]:
    return {found.book["isbn"]: found for found in stored_books(session, BOOKS.c.isbn.in_(isbns))} if isbns else {}


COVER_COLUMNS = ("title", "authors", "level", "publisher")


# A dry run's mark for a book that would get a drawn cover (only an apply draws it).
UNDRAWN = DrawnCover("", "")


@functools.lru_cache(maxsize=256)
def _level_label(text: str) -> str:
    return levels.parse(text).label if text else ""


def _cover_of(values: dict) -> DrawnCover:
    level = _level_label(values.get("level") or "")
    return drawn_cover(values["title"], values["authors"], level, values.get("publisher") or "")


def _decide(rows: list[Row], existing: dict[str, Stored], covers: bool = False, draw: bool = True) -> None:
    """Each row's action and changes; with `covers`, the drawn cover its book gets (UNDRAWN unless
    `draw`, where that is sure without drawing it)."""
    for row in rows:
        if row.errors:
            continue
        found = existing.get(row.wanted["isbn"])
        if found is None:
            row.action, row.changes = "created", dict(row.wanted)
            if covers:
                row.cover = _cover_of(row.wanted) if draw else UNDRAWN
            continue
        now = found.values(row.wanted)
        row.changes = {name: value for name, value in row.wanted.items() if now[name] != value}
        row.action = "updated" if row.changes else "unchanged"
        images = found.product["images"] or []
        if covers and not images:
            row.cover = _cover_of({**found.values(COVER_COLUMNS), **row.wanted}) if draw else UNDRAWN
        elif covers and needs_cover(images) and any(name in row.changes for name in COVER_COLUMNS):
            # A drawn cover: drawn anew when what it shows changed.
            cover = _cover_of({**found.values(COVER_COLUMNS), **row.wanted})
            row.cover = cover if images != [cover.path] else None


# --- writing -----------------------------------------------------------------------------------


def _book_columns(changes: dict) -> dict:
    """Book table columns of these changes (a level is three columns)."""
    columns = {name: value for name, value in changes.items() if name in BOOK_FIELDS}
    if "level" in changes:
        columns["level_kind"], columns["level_from"], columns["level_to"] = levels.parse(changes["level"])
    return columns


def _product_columns(changes: dict, cover: DrawnCover | None = None) -> dict:
    columns = {PRODUCT_ATTRIBUTES[name]: value for name, value in changes.items() if name in PRODUCT_ATTRIBUTES}
    if "authors" in changes:  # the names every card shows without a join
        columns["author"] = ", ".join(changes["authors"])[:120]
    if cover is not None:
        columns["images"] = [cover.path]
    return columns


def _updated_in(session: Session, table, key: str, changes: dict[int, dict]) -> None:
    """UPDATE table SET <changed columns> WHERE key = id, one executemany per set of columns."""
    groups: dict[tuple, list[dict]] = {}
    for record_id, columns in changes.items():
        if columns:
            groups.setdefault(tuple(sorted(columns)), []).append(
                {"record_id": record_id, **{f"new_{name}": value for name, value in columns.items()}}
            )
    for names, params in groups.items():
        statement = (
            update(table)
            .where(table.c[key] == bindparam("record_id"))
            .values({name: bindparam(f"new_{name}") for name in names})
        )
        session.execute(statement, params)


def _relisted(session: Session, found: list[Stored], changed: list[Row]) -> None:
    """A new price or stock is the listing's: written there, and the books' summaries after it."""
    relisted = {
        f.listing_id: {c: v for c, v in _product_columns(row.changes).items() if c in LISTED}
        for f, row in zip(found, changed)
    }
    _updated_in(session, Offer.__table__, "id", relisted)
    summarise(session, [f.product["id"] for f, row in zip(found, changed) if relisted[f.listing_id]])


def _credited(session: Session, book_ids: list[int], names: list[list[str]], authors: dict[str, Author]) -> None:
    rows = [
        {"book_id": book_id, "author_id": authors[name].id, "position": position}
        for book_id, book_names in zip(book_ids, names)
        for position, name in enumerate(book_names)
    ]
    if rows:
        session.execute(insert(CREDITS), rows)


def _covered(session: Session, rows: list[Row], existing: dict[str, Stored]) -> None:
    """Unchanged books that get a drawn cover: only their images are written (no audit entry, as
    `python -m app.media.covers` writes them)."""
    if not rows:
        return
    found = [(existing[row.wanted["isbn"]].product, [row.cover.path]) for row in rows if row.cover]
    _updated_in(session, PRODUCTS, "id", {product["id"]: {"images": images} for product, images in found})
    written = [(p["id"], p["category_id"], {"images": (p["images"], images)}, False) for p, images in found]
    catalogue_version.publish(session, catalogue_changes.named(session, catalogue_changes.books_written(written)))


def _write(
    session: Session, actor: str, rows: list[Row], existing: dict[str, Stored], keep_covers: KeepCovers | None = None
) -> list[int]:
    """The batch's created and updated books, each with its audit entry (as the product form writes
    them), in a few statements per batch; answers the books whose stock went from 0 up."""
    new = [row for row in rows if row.action == "created"]
    changed = [row for row in rows if row.action == "updated"]
    if keep_covers is not None and (covers := [row.cover for row in rows if row.cover is not None and not row.errors]):
        keep_covers(session, covers)
        _covered(session, [row for row in rows if row.action == "unchanged" and row.cover is not None], existing)
    if not new and not changed:
        return []
    now = utcnow()
    authors = authors_by_name(session, {name for row in new + changed for name in row.changes.get("authors", ())})
    entries = []
    written: list[catalogue_changes.BookWritten] = []

    # Created: the product, its book, its authors' credits.
    slugs = unique_slugs(session, Product, [row.wanted["title"] for row in new])
    products = [
        {
            "slug": slug,
            "shop": SHOP,
            "description": "",
            "brand_id": None,
            "seller_id": None,
            "discount": 0,
            "rating": Decimal("0"),
            "review_count": 0,
            "units_sold": 0,
            "unit": None,
            "status": "",
            "colors": [],
            "images": [row.cover.path] if row.cover else [],
            "featured": False,
            "created_at": now,
            "used_from": None,
            "condition": "New",
            **_product_columns(row.wanted),
        }
        for row, slug in zip(new, slugs)
    ]
    for product in products:
        product["offer_count"] = 1 if product.get("stock", 0) > 0 else 0  # its listing, when in stock
    if products:
        ids = session.scalars(insert(PRODUCTS).returning(PRODUCTS.c.id, sort_by_parameter_order=True), products).all()
        books = [
            {"product_id": product_id, **dict.fromkeys(BOOK_FIELDS), **_book_columns(row.wanted)}
            for product_id, row in zip(ids, new)
        ]
        session.execute(insert(BOOKS), books)
        _credited(session, ids, [row.wanted["authors"] for row in new], authors)
        written += [(product_id, product.get("category_id"), None, True) for product_id, product in zip(ids, products)]
        for product_id, product, book, row in zip(ids, products, books, new):
            record = {"id": product_id, **product}
            made = Stored(
                {column.key: record[column.key] for column in PRODUCTS.columns},
                {name: book[name] for name in BOOK_FIELDS}
                | {"authors": row.wanted["authors"], "level": row.wanted["level"]},
                "",
            )
            entries.append(("create", product_id, None, made.logged()))

    # Updated: only the columns that differ.
    if changed:
        found = [existing[row.wanted["isbn"]] for row in changed]
        _updated_in(
            session,
            PRODUCTS,
            "id",
            {f.product["id"]: _product_columns(row.changes, row.cover) for f, row in zip(found, changed)},
        )
        _relisted(session, found, changed)
        _updated_in(
            session,
            BOOKS,
            "product_id",
            {f.product["id"]: _book_columns(row.changes) for f, row in zip(found, changed)},
        )
        recredited = [
            (f.product["id"], row.changes["authors"]) for f, row in zip(found, changed) if "authors" in row.changes
        ]
        if recredited:
            session.execute(delete(CREDITS).where(CREDITS.c.book_id.in_([book_id for book_id, _ in recredited])))
            _credited(session, [book_id for book_id, _ in recredited], [names for _, names in recredited], authors)
        for f, row in zip(found, changed):
            columns = _product_columns(row.changes, row.cover)
            written.append(
                (
                    f.product["id"],
                    columns.get("category_id", f.product["category_id"]),
                    {column: (f.product[column], value) for column, value in columns.items()},
                    bool(_book_columns(row.changes)) or "authors" in row.changes,
                )
            )
            after = Stored(
                {**f.product, **columns},
                {**f.book, **{name: value for name, value in row.changes.items() if name in f.book}},
                "",
            )
            entries.append(("update", f.product["id"], f.logged(), after.logged()))

    # The statements above are no ORM flush: say what they changed, for the pages that show it.
    catalogue_version.publish(session, catalogue_changes.named(session, catalogue_changes.books_written(written)))
    session.execute(
        insert(AuditEntry),
        [
            {
                "actor": actor,
                "action": action,
                "entity": "product",
                "entity_id": str(product_id),
                "before": before,
                "after": after,
                "created_at": now,
            }
            for action, product_id, before, after in entries
        ],
    )
    # Nor does the search index hear of these statements by itself: the batch is found at once.
    search_index.reindex(session.connection(), [product_id for _action, product_id, _before, _after in entries])
    session.expunge_all()  # the new authors: the next batch finds them by name
    return (
        [
            f.product["id"]
            for f, row in zip(found, changed)
            if f.product["stock"] <= 0 and _product_columns(row.changes).get("stock", 0) > 0
        ]
        if changed
        else []
    )


# --- the import --------------------------------------------------------------------------------


def import_books(
    session: Session,
    actor: str,
    binary: BinaryIO,
    *,
    apply: bool,
    progress: Callable[[int, int], None] | None = None,
    keep_covers: KeepCovers | None = None,
) -> ImportReport:
    """The report of importing the file. With `apply`, the books are written in the session's
    transaction, or ImportRefused is raised when any row has an error (after every row is checked,
    so the report is whole). `progress(rows, covers)` hears every PROGRESS_STEP rows how many are
    done and how many covers are drawn (decided a batch at a time: they follow the rows).
    With `keep_covers`, books without an image get a drawn cover (a dry run only counts them)."""
    columns, rows = csv_rows(binary)
    categories = Categories.read(session)
    report = ImportReport()
    first_row_of: dict[str, int] = {}
    done = 0
    restocked: list[int] = []
    for batch in _batches(rows):
        checked_rows = []
        for number, cells in batch:
            row = checked(number, _cells(cells, columns), columns, categories)
            if len(cells) > len(columns) and any(cell.strip() for cell in cells[len(columns) :]):
                row.errors["row"] = f"This row has {len(cells)} cells; the first row names {len(columns)} columns"
            if row.isbn_valid and row.isbn in first_row_of:
                row.errors["isbn"] = f"Row {first_row_of[row.isbn]} has this ISBN too: give each book one row"
            elif row.isbn_valid:
                first_row_of[row.isbn] = number
            checked_rows.append(row)
            done += 1
            if progress and done % PROGRESS_STEP == 0:
                progress(done, report.covers)
        existing = _existing(session, [row.wanted["isbn"] for row in checked_rows if not row.errors])
        _decide(checked_rows, existing, covers=keep_covers is not None, draw=apply)
        for row in checked_rows:
            report.add(row)
        if apply and not report.errors:
            restocked += _write(session, actor, checked_rows, existing, keep_covers)
            if progress:
                progress(done, report.covers)
    if progress:
        progress(done, report.covers)
    if apply and report.errors:
        raise ImportRefused(report)
    if apply:
        # One event for the whole import: every restocked book's open alerts are mailed.
        stock_alerts.restocked(session, restocked)
    return report


def _cells(cells: list[str], columns: list[str]) -> dict[str, str]:
    """The row's cells by column (missing trailing cells are blank), formula escapes taken off."""
    return {name: unescaped(cell) for name, cell in itertools.zip_longest(columns, cells[: len(columns)], fillvalue="")}


def _batches(rows: Iterator[tuple[int, list[str]]]) -> Iterator[list[tuple[int, list[str]]]]:
    while batch := list(itertools.islice(rows, BATCH)):
        yield batch


# --- the export and the template ---------------------------------------------------------------


def export_record(found: Stored) -> dict:
    """A book as a CSV row: the columns an import reads, in the same order."""
    book, product = found.book, found.product
    return {
        "isbn": isbn.grouped(book["isbn"]) if book["isbn"] else "",
        "title": product["title"],
        "authors": f"{AUTHOR_SEPARATOR} ".join(book["authors"]),
        "publisher": book["publisher"],
        "edition": book["edition"],
        "year": book["year"],
        "format": book["format"],
        "pages": book["pages"],
        "language": book["language"],
        "level": book["level"],
        "subject": book["subject"],
        "category": found.category_slug,
        "price": product["price"],
        "stock": product["stock"],
        "published": product["published"],
        "series": book["series"],
        "volume": book["volume"],
        "description": product["description"],
    }


def exported_books(session: Session) -> Iterator[dict]:
    """Every books-shop product that has a book record, in id order, read BATCH at a time."""
    after = 0
    # Paged by the book's key (the product's id), read in key order; the shop is checked here, as a
    # condition in SQL would lead SQLite to the shop's index and a sort of all its products per page.
    while batch := stored_books(session, BOOKS.c.product_id > after, limit=BATCH):
        yield from (export_record(found) for found in batch if found.product["shop"] == SHOP)
        after = batch[-1].product["id"]


TEMPLATE_RECORD = {
    "isbn": "978-0-306-40615-7",
    "title": "Class 9 Science Workbook",
    "authors": "Asha Rao; Vikram Sen",
    "publisher": "Brightpath Education",
    "edition": "2nd",
    "year": 2025,
    "format": "Paperback",
    "pages": 240,
    "language": "English",
    "level": "Class 9",
    "subject": "Science",
    "category": "science",
    "price": Decimal("12.50"),
    "stock": 40,
    "published": True,
    "series": "",
    "volume": "",
    "description": "",
}


# --- covers for books without an image -----------------------------------------------------------


def _imageless():
    text = cast(PRODUCTS.c.images, String)
    return or_(PRODUCTS.c.images.is_(None), text == "[]", text == "null")


def draw_missing_covers(session: Session, keep_covers: KeepCovers, after: int = 0) -> tuple[int, int | None]:
    """The next BATCH books-shop books (by id, after `after`) that have no image get a drawn cover,
    kept by `keep_covers` in this transaction: (how many, the last id, None when none was left)."""
    found = stored_books(session, (BOOKS.c.product_id > after) & (PRODUCTS.c.shop == SHOP) & _imageless(), BATCH)
    if not found:
        return 0, None
    drawn = [(stored.product, _cover_of(stored.values(COVER_COLUMNS))) for stored in found]
    keep_covers(session, [cover for _product, cover in drawn])
    _updated_in(session, PRODUCTS, "id", {product["id"]: {"images": [cover.path]} for product, cover in drawn})
    written = [(p["id"], p["category_id"], {"images": (p["images"], [cover.path])}, False) for p, cover in drawn]
    catalogue_version.publish(session, catalogue_changes.named(session, catalogue_changes.books_written(written)))
    return len(drawn), found[-1].product["id"]
