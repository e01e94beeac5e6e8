"""School booklists: a school's books for one class and academic year, kept by the administrator.

A list's items are replaced as a whole whenever they are sent (a PATCH without `items` keeps
them): the form always holds every row, and a row's position is simply its place in the list.
Every item must be a published book of the Student Books shop, each book at most once; a row
that is not is a 422 naming that row (`items.2.productId`), so the form can mark it.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, Field, StrictBool
from sqlalchemy import func, select
from sqlalchemy.orm import Session, selectinload

from db import audit, isbn
from db.admin import Conflict, Invalid, found, unique_slug
from db.admin.forms import Form, RecordId, Text, changes_of
from db.levels import CLASSES
from db.models import Book, Booklist, BooklistItem, Product
from db.queries.booklists import BOOKS_SHOP
from db.queries.products import money

MAX_ITEMS = 60
MAX_QUANTITY = 99
# "2026-27"; "2026-2027" is taken too and written the short way.
ACADEMIC_YEAR = re.compile(r"^(\d{4})\s*[-/–]\s*(\d{2}|\d{4})$")
FIRST_YEAR, LAST_YEAR = 2000, 2098


def _year_text(start: int) -> str:
    return f"{start}-{(start + 1) % 100:02d}"


def academic_year(text: str) -> str:
    """ "2026-27" (or "2026-2027") as "2026-27"; the second year must follow the first."""
    match = ACADEMIC_YEAR.match(text.strip())
    if not match:
        raise ValueError("Enter the academic year like 2026-27")
    start, end = int(match[1]), match[2]
    if not FIRST_YEAR <= start <= LAST_YEAR:
        raise ValueError(f"Enter an academic year from {_year_text(FIRST_YEAR)} to {_year_text(LAST_YEAR)}")
    follows = int(end) == start + 1 if len(end) == 4 else int(end) == (start + 1) % 100
    if not follows:
        raise ValueError(f"The second year must follow the first: {_year_text(start)}")
    return _year_text(start)


class BooklistItemForm(Form):
    productId: RecordId
    quantity: Annotated[int, Field(strict=True, ge=1, le=MAX_QUANTITY)] = 1
    required: StrictBool = True
    note: Text(0, 200) = ""


class BooklistForm(Form):
    school: Text(2, 120)
    # The class the list is for (the model calls it grade: "class" is taken in Python).
    grade: Annotated[int, Field(strict=True, ge=CLASSES.start, le=CLASSES.stop - 1)]
    academicYear: Annotated[str, Field(max_length=20), AfterValidator(academic_year)]
    published: StrictBool = True
    items: Annotated[list[BooklistItemForm], Field(min_length=1, max_length=MAX_ITEMS)]


BooklistChanges = changes_of(BooklistForm)

# form field -> Booklist column (items are written apart)
COLUMNS = {"school": "school", "grade": "grade", "academicYear": "academic_year", "published": "published"}


def booklist_form_record(booklist: Booklist) -> dict:
    """A booklist as its edit form shows it: each item with the book's title, ISBN, price and stock."""
    return {
        "id": booklist.id,
        "slug": booklist.slug,
        "school": booklist.school,
        "grade": booklist.grade,
        "academicYear": booklist.academic_year,
        "published": booklist.published,
        "items": [
            {
                "productId": item.product_id,
                "quantity": item.quantity,
                "required": item.required,
                "note": item.note,
                "title": item.product.title,
                "isbn": item.product.book.isbn if item.product.book else None,
                "price": money(item.product.price),
                "stock": item.product.stock,
                "published": item.product.published,
            }
            for item in booklist.items
        ],
    }


def booklist_for_form(session: Session, booklist_id: int) -> dict:
    return booklist_form_record(found(session, Booklist, booklist_id, "booklist"))


def logged(booklist: Booklist) -> dict:
    """The booklist as the audit log keeps it: its columns and its items in order."""
    return {
        **audit.snapshot(booklist),
        "items": [
            {"productId": i.product_id, "quantity": i.quantity, "required": i.required, "note": i.note}
            for i in booklist.items
        ],
    }


def book_choices(session: Session, q: str, limit: int = 20) -> list[dict]:
    """Published books of the shop whose title (or ISBN, hyphens and all) holds `q`: what the form's
    book picker offers."""
    query = (
        select(Product.id, Product.title, Product.price, Product.stock, Book.isbn)
        .join(Book, Book.product_id == Product.id)
        .where(Product.shop == BOOKS_SHOP, Product.published.is_(True))
    )
    typed = isbn.compact(q)
    if whole := isbn.parse_or_none(q) if isbn.looks_like_isbn(q) else None:
        query = query.where(Book.isbn == whole)  # an ISBN-10 or -13, found by its ISBN-13
    elif len(typed) >= 3 and typed.isdigit():
        query = query.where(Book.isbn.contains(typed))  # the start (or any part) of an ISBN
    else:
        for word in q.split()[:8]:
            query = query.where(func.lower(Product.title).contains(word.lower(), autoescape=True))
    rows = session.execute(query.order_by(func.lower(Product.title), Product.id).limit(limit))
    return [{"id": r.id, "title": r.title, "isbn": r.isbn, "price": money(r.price), "stock": r.stock} for r in rows]


def _checked_books(session: Session, items: list[BooklistItemForm]) -> dict[int, Product]:
    """The rows' products by id, once every row is a published book of the shop, each book once;
    errors keyed by row otherwise."""
    ids = {item.productId for item in items}
    products = (
        {
            p.id: p
            for p in session.scalars(select(Product).options(selectinload(Product.book)).where(Product.id.in_(ids)))
        }
        if ids
        else {}
    )
    errors, first_row = {}, {}
    for row, item in enumerate(items):
        key = f"items.{row}.productId"
        product = products.get(item.productId)
        if product is None:
            errors[key] = f"There is no book {item.productId}: choose one from the list"
        elif product.shop != BOOKS_SHOP or product.book is None:
            errors[key] = f"“{product.title}” is not a book of the Student Books shop"
        elif not product.published:
            errors[key] = f"“{product.title}” is not published: shoppers could not buy it"
        elif item.productId in first_row:
            errors[key] = f"“{product.title}” is already on this list (row {first_row[item.productId] + 1})"
        first_row.setdefault(item.productId, row)
    if errors:
        raise Invalid(errors)
    return products


def _refuse_duplicate_list(session: Session, school: str, grade: int, year: str, own_id: int | None = None) -> None:
    query = select(Booklist.id).where(
        func.lower(Booklist.school) == school.lower(), Booklist.grade == grade, Booklist.academic_year == year
    )
    if own_id is not None:
        query = query.where(Booklist.id != own_id)
    if session.scalar(query.limit(1)) is not None:
        raise Conflict(f"{school} already has a Class {grade} booklist for {year}")


def _slug_text(booklist: Booklist) -> str:
    return f"{booklist.school} class {booklist.grade} {booklist.academic_year}"


def _apply(
    session: Session, booklist: Booklist, values: dict, items: list[BooklistItemForm] | None, books: dict[int, Product]
) -> None:
    for name, column in COLUMNS.items():
        if name in values:
            setattr(booklist, column, values[name])
    # The address says which list it is; it follows the school, class and year when they change.
    booklist.slug = unique_slug(session, Booklist, _slug_text(booklist), own_id=booklist.id)
    if items is not None:
        # Replaced as a whole: the old rows go (delete-orphan), the new ones keep the form's order.
        booklist.items = [
            BooklistItem(
                product=books[item.productId],
                quantity=item.quantity,
                required=item.required,
                note=item.note,
                position=position,
            )
            for position, item in enumerate(items)
        ]


def create_booklist(session: Session, actor: str, form: BooklistForm) -> dict:
    values = form.model_dump()
    books = _checked_books(session, form.items)
    _refuse_duplicate_list(session, form.school, form.grade, form.academicYear)
    booklist = Booklist()
    _apply(session, booklist, values, form.items, books)
    session.add(booklist)  # only now: the slug's look-up above must not flush a list without one
    session.flush()
    audit.record(session, actor, "create", "booklist", booklist.id, None, logged(booklist))
    return booklist_form_record(booklist)


def update_booklist(session: Session, actor: str, booklist_id: int, changes: Form) -> dict:
    booklist = found(session, Booklist, booklist_id, "booklist")
    values = changes.model_dump(exclude_unset=True)
    books = _checked_books(session, changes.items) if "items" in values else {}
    _refuse_duplicate_list(
        session,
        values.get("school", booklist.school),
        values.get("grade", booklist.grade),
        values.get("academicYear", booklist.academic_year),
        own_id=booklist.id,
    )
    before = logged(booklist)
    _apply(session, booklist, values, changes.items if "items" in values else None, books)
    session.flush()
    action = ("publish" if values["published"] else "unpublish") if set(values) == {"published"} else "update"
    audit.record(session, actor, action, "booklist", booklist.id, before, logged(booklist))
    return booklist_form_record(booklist)


def delete_booklist(session: Session, actor: str, booklist_id: int) -> None:
    booklist = found(session, Booklist, booklist_id, "booklist")
    before = logged(booklist)
    session.delete(booklist)  # its items go with it
    audit.record(session, actor, "delete", "booklist", booklist_id, before, None)
