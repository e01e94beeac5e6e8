"""School booklists as shoppers find them (/booklists, /booklists/{slug}) and as the back office
lists them (GET /api/booklists, searched, sorted and paged in SQL).

What a shopper can add to the cart is decided here once, and the page's buttons follow the same
rule (components/shop/booklist/addable.js): a book is left out when it is not for sale (unpublished)
or out of stock, and a quantity above the stock is cut to the stock. The totals are of what the
buttons add, so the figure on the page is what the cart will show.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import Select, func, literal_column, select
from sqlalchemy.engine import Row
from sqlalchemy.orm import Session, selectinload

from db import isbn, levels
from db.checkout import sale_price
from db.models import Book, BookAuthor, Booklist, BooklistItem, Product
from db.queries.admin_lists import AdminList, Filter, is_flag, whole_number
from db.queries.media import media_url
from db.queries.products import money

CLASSES = tuple(levels.CLASSES)
BOOKS_SHOP = "books"  # the Student Books store's own products (Product.shop)
SLUG = re.compile(r"^[a-z0-9-]{1,200}$")  # what db.seed.common.slugify makes


def class_label(grade: int) -> str:
    return f"Class {grade}"


def booklist_url(slug: str) -> str:
    return f"/booklists/{slug}"


# --- what a shopper can buy of a list ---------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """One item of a list as the shop stands: how many the cart gets (0: left out) and why not more."""

    item: BooklistItem
    unit_price: Decimal
    state: str  # "in-stock", "short" (fewer in stock than listed), "out-of-stock", "unavailable"
    addable: int

    @property
    def subtotal(self) -> Decimal:
        return self.unit_price * self.addable


def line_of(item: BooklistItem) -> Line:
    product = item.product
    if not product.published or product.shop != BOOKS_SHOP:
        return Line(item, sale_price(product), "unavailable", 0)
    if product.stock <= 0:
        return Line(item, sale_price(product), "out-of-stock", 0)
    if product.stock < item.quantity:
        return Line(item, sale_price(product), "short", product.stock)
    return Line(item, sale_price(product), "in-stock", item.quantity)


def totals(lines: list[Line]) -> dict:
    required = [line for line in lines if line.item.required]
    return {
        "required": money(sum((line.subtotal for line in required), Decimal(0))),
        "all": money(sum((line.subtotal for line in lines), Decimal(0))),
        "requiredCount": len(required),
        "allCount": len(lines),
        "leftOut": sum(1 for line in lines if not line.addable),
    }


def item_record(line: Line) -> dict:
    item, product = line.item, line.item.product
    book = product.book
    return {
        "id": product.id,
        "title": product.title,
        "url": f"/product/{product.id}" if line.state != "unavailable" else None,
        "imgUrl": media_url(product.images[0]) if product.images else None,
        "authors": [author.name for author in book.authors] if book else [],
        "isbn": isbn.grouped(book.isbn) if book and book.isbn else None,
        "quantity": item.quantity,
        "required": item.required,
        "note": item.note,
        "price": money(line.unit_price),
        "listPrice": money(product.price),
        "discount": product.discount,
        "stock": max(product.stock, 0),
        "offerCount": product.offer_count,
        "usedFrom": money(product.used_from),
        "state": line.state,
        "addable": line.addable,
    }


def _with_books() -> tuple:
    """The items, their products and books and authors: what a list's page shows, in four SELECTs."""
    return (
        selectinload(Booklist.items)
        .joinedload(BooklistItem.product)
        .joinedload(Product.book)
        .selectinload(Book.credits)
        .joinedload(BookAuthor.author),
    )


class UnknownBooklist(LookupError):
    """No published booklist has this address."""


def booklist_page(session: Session, slug: str) -> dict:
    """A published booklist with every item as the shop stands; UnknownBooklist otherwise."""
    if not SLUG.match(slug):  # no such address can exist (and PostgreSQL refuses NUL in a query)
        raise UnknownBooklist(slug)
    booklist = session.scalar(
        select(Booklist).options(*_with_books()).where(Booklist.slug == slug, Booklist.published.is_(True))
    )
    if booklist is None:
        raise UnknownBooklist(slug)
    lines = [line_of(item) for item in booklist.items]
    return {
        "slug": booklist.slug,
        "url": booklist_url(booklist.slug),
        "school": booklist.school,
        "grade": booklist.grade,
        "classLabel": class_label(booklist.grade),
        "academicYear": booklist.academic_year,
        "items": [item_record(line) for line in lines],
        "totals": totals(lines),
    }


# --- finding a list ---------------------------------------------------------------------------------


def find_booklists(session: Session, q: str = "", grade: int | None = None) -> dict:
    """Published booklists whose school holds every word of `q`, of one class if given, grouped by
    school (schools by name, each school's lists by class)."""
    query = (
        select(Booklist)
        .options(selectinload(Booklist.items).joinedload(BooklistItem.product))
        .where(Booklist.published.is_(True))
    )
    for word in q.split()[:8]:
        query = query.where(func.lower(Booklist.school).contains(word.lower(), autoescape=True))
    if grade is not None:
        query = query.where(Booklist.grade == grade)
    query = query.order_by(func.lower(Booklist.school), Booklist.grade, Booklist.academic_year.desc(), Booklist.id)
    schools: dict[str, list[dict]] = defaultdict(list)
    count = 0
    for booklist in session.scalars(query):
        lines = [line_of(item) for item in booklist.items]
        schools[booklist.school].append(
            {
                "slug": booklist.slug,
                "url": booklist_url(booklist.slug),
                "grade": booklist.grade,
                "classLabel": class_label(booklist.grade),
                "academicYear": booklist.academic_year,
                "items": len(lines),
                "totals": totals(lines),
            }
        )
        count += 1
    return {"schools": [{"name": name, "booklists": lists} for name, lists in schools.items()], "count": count}


# --- the back office's list (see admin_lists.py) ----------------------------------------------------


def item_counts() -> Any:
    """A subquery: each list's number of items."""
    return (
        select(BooklistItem.booklist_id.label("key"), func.count(BooklistItem.id).label("total"))
        .group_by(BooklistItem.booklist_id)
        .subquery()
    )


def booklist_rows() -> Select:
    counted = item_counts()
    return select(
        Booklist.id,
        Booklist.slug,
        Booklist.school,
        Booklist.grade,
        Booklist.academic_year,
        Booklist.published,
        Booklist.updated_at,
        func.coalesce(counted.c.total, 0).label("items"),
    ).outerjoin(counted, counted.c.key == Booklist.id)


def booklist_record(r: Row) -> dict:
    return {
        "id": r.id,
        "slug": r.slug,
        "school": r.school,
        "grade": r.grade,
        "academicYear": r.academic_year,
        "items": int(r.items),
        "published": r.published,
        "url": booklist_url(r.slug),
    }


def booklist_export(r: Row) -> dict:
    return {
        "id": r.id,
        "school": r.school,
        "class": r.grade,
        "academicYear": r.academic_year,
        "items": int(r.items),
        "published": r.published,
        "address": booklist_url(r.slug),
    }


BOOKLISTS = AdminList(
    name="booklists",
    select=booklist_rows,
    record=booklist_record,
    csv_record=booklist_export,
    key=Booklist.id,
    sorts={
        "id": Booklist.id,
        "school": func.lower(Booklist.school),
        "grade": Booklist.grade,
        "academicYear": Booklist.academic_year,  # the figure's label in booklist_rows(): its subquery is built per statement
        "items": literal_column("items"),
        "published": Booklist.published,
    },
    search=(Booklist.school,),
    default_order=(func.lower(Booklist.school), Booklist.grade),
    filters={
        "grade": Filter(whole_number(CLASSES[0], CLASSES[-1]), lambda grade: Booklist.grade == grade),
        "published": is_flag(Booklist.published),
    },
    summary="School booklists with their number of items (filters: grade, published)",
)
