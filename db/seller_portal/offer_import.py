"""A seller's offers from a CSV file (isbn, condition, price, stock, note), read as the book import
reads its files (db/admin/book_import.py csv_rows: UTF-8, the header row, a row's number as a
spreadsheet shows it). A dry run answers what each row would do (add an offer, or update the
seller's offer of that book in that condition) and its errors; an apply writes every row or, if
any row has an error, none (ImportRefused, raised after the whole report is built).

An ISBN the catalogue lacks is a row error: the offers form asks the shop to list it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, BinaryIO

from pydantic import Field, ValidationError
from sqlalchemy import select
from sqlalchemy.orm import Session

from db import audit
from db.admin.book_import import column_errors, csv_rows, unescaped
from db.admin.books import Isbn
from db.admin.forms import Form
from db.admin.products import MAX_STOCK
from db.models import Book, Offer
from db.offers import summarise
from db.seller_accounts import BATCH
from db.seller_portal.offers import Condition, Note, Price

COLUMNS = ("isbn", "condition", "price", "stock", "note")
REQUIRED = COLUMNS[:4]
MAX_ROWS = 5_000


class OfferRow(Form):
    isbn: Isbn
    condition: Condition
    price: Price
    # A CSV cell is text: "3" is a whole number here (the JSON API's Stock takes numbers only).
    stock: Annotated[int, Field(ge=0, le=MAX_STOCK)]
    note: Note = ""


@dataclass
class RowReport:
    row: int
    isbn: str
    condition: str
    action: str = ""  # "add" or "update" when the row has no errors
    errors: dict[str, str] = field(default_factory=dict)

    def record(self) -> dict:
        return {
            "row": self.row,
            "isbn": self.isbn,
            "condition": self.condition,
            "action": self.action or None,
            "errors": self.errors,
        }


class OffersRefused(Exception):
    """An apply found rows with errors: nothing is written (the transaction rolls back)."""

    def __init__(self, report: dict):
        super().__init__("Some rows have errors")
        self.report = report


class TooManyRows(ValueError):
    pass


def _read(binary: BinaryIO) -> list[tuple[RowReport, OfferRow | None]]:
    names, rows = csv_rows(binary, REQUIRED, COLUMNS)
    read = []
    for number, cells in rows:
        if len(read) == MAX_ROWS:
            raise TooManyRows(f"A file may hold at most {MAX_ROWS:,} offers; split it into smaller files")
        values = {name: unescaped(cells[i].strip()) if i < len(cells) else "" for i, name in enumerate(names)}
        report = RowReport(number, values.get("isbn", ""), values.get("condition", ""))
        try:
            offer = OfferRow.model_validate(values)
        except ValidationError as error:
            report.errors = column_errors(error)
            offer = None
        read.append((report, offer))
    return read


def _decide(session: Session, seller_id: int, read: list[tuple[RowReport, OfferRow | None]]) -> dict:
    """Each good row's action (its errors otherwise), and the offers the seller has for them."""
    isbns = {offer.isbn for _, offer in read if offer}
    books = dict(session.execute(select(Book.isbn, Book.product_id).where(Book.isbn.in_(isbns))).all())
    mine = {
        (offer.product_id, offer.condition): offer
        for offer in session.scalars(
            select(Offer).where(Offer.seller_id == seller_id, Offer.product_id.in_(set(books.values())))
        )
    }
    seen: dict[tuple[int, str], int] = {}
    for report, offer in read:
        if offer is None:
            continue
        report.isbn = offer.isbn
        product_id = books.get(offer.isbn)
        if product_id is None:
            report.errors["isbn"] = "This ISBN is not in the catalogue: ask the shop to list it from the offers page"
            continue
        key = (product_id, offer.condition)
        if key in seen:
            report.errors["condition"] = f"Row {seen[key]} offers this book in this condition already"
            continue
        seen[key] = report.row
        report.action = "update" if key in mine else "add"
    return {"books": books, "mine": mine}


def _write(session: Session, actor: str, seller_id: int, read, decided: dict) -> None:
    touched = set()
    for _, row in read:
        product_id = decided["books"][row.isbn]
        offer = decided["mine"].get((product_id, row.condition))
        if offer is None:
            offer = Offer(product_id=product_id, seller_id=seller_id, condition=row.condition)
            session.add(offer)
        offer.price, offer.stock, offer.note = row.price, row.stock, row.note
        touched.add(product_id)
    touched = sorted(touched)
    for start in range(0, len(touched), BATCH):
        summarise(session, touched[start : start + BATCH])
    added = sum(1 for report, _ in read if report.action == "add")
    audit.record(session, actor, "import", "offer", seller_id, None, {"added": added, "updated": len(read) - added})


def import_offers(session: Session, actor: str, seller_id: int, binary: BinaryIO, apply: bool) -> dict:
    """The report of every row; with `apply`, the offers written (all of them, or OffersRefused)."""
    read = _read(binary)
    decided = _decide(session, seller_id, read)
    reports = [report for report, _ in read]
    summary = {
        "rows": [r.record() for r in reports],
        "added": sum(1 for r in reports if r.action == "add"),
        "updated": sum(1 for r in reports if r.action == "update"),
        "errors": sum(1 for r in reports if r.errors),
        "applied": False,
    }
    if not apply:
        return summary
    if summary["errors"]:
        raise OffersRefused(summary)
    _write(session, actor, seller_id, read, decided)
    return {**summary, "applied": True}
