"""Deciding a seller's catalogue request (an ISBN the catalogue lacked when they listed it).

Accepting creates the book through the product form's own writer (db/admin/products.py, with its
Book record from db/admin/books.py) in the books shop, in the category and level staff choose. The
product's own listing (the store's New copy every product is created with) gets stock 0 at the
seller's price, and the seller's requested offer is added beside it: being the only one in stock,
it is the buy box, so the seller's copy is what sells. When the ISBN has meanwhile come into the
catalogue, accepting only adds the seller's offer to that book. Refusing needs a reason, which is
mailed to the seller. Either decision is final (409 after it), audited, and one transaction."""

from __future__ import annotations

from typing import Literal

from pydantic import ValidationError, model_validator
from sqlalchemy import select
from sqlalchemy.orm import Session

from db import audit, isbn
from db.admin import Invalid, found, lock, moved
from db.admin.books import BookForm, LevelText
from db.admin.forms import Form, RecordId, Text
from db.admin.products import ProductForm, create_product
from db.events import occurred
from db.models import Book, CatalogueRequest
from db.models.base import utcnow
from db.offers import list_offer
from db.queries.catalogue_requests import catalogue_request_record, catalogue_request_rows
from db.statuses import CATALOGUE_REQUEST_MOVES


class CatalogueDecision(Form):
    status: Literal["Accepted", "Refused"]
    # Where a new book goes (not needed when the ISBN is in the catalogue by now).
    categoryId: RecordId | None = None
    level: LevelText | None = None
    # Why it is refused: mailed to the seller.
    reason: Text(0, 1000, multiline=True) = ""

    @model_validator(mode="after")
    def refused_with_a_reason(self) -> CatalogueDecision:
        if self.status == "Refused" and not self.reason:
            raise ValueError("Say why the request is refused: the seller is mailed the reason")
        return self


def catalogue_request_view(session: Session, request_id: int) -> dict:
    found(session, CatalogueRequest, request_id, "catalogue request")
    row = session.execute(catalogue_request_rows().where(CatalogueRequest.id == request_id)).one()
    return catalogue_request_record(row)


# The product form's field names in the request's own words.
REQUEST_FIELDS = {"name": "title"}


def _checked(form: type[Form], errors: dict[str, str], **values) -> Form | None:
    """The form of the request's values, or None with what is wrong added to `errors`: the seller's
    own words may not make a book record (no author, a one-letter title), and staff must see which."""
    try:
        return form(**values)
    except ValidationError as error:
        for problem in error.errors():
            field = REQUEST_FIELDS.get(str(problem["loc"][0]), str(problem["loc"][0]))
            errors.setdefault(field, f"The request’s {field}: {problem['msg']}")
        return None


def _new_book(session: Session, actor: str, request: CatalogueRequest, decision: CatalogueDecision) -> int:
    """The requested book, created as the product form creates one; its listing stays out of stock."""
    missing = {
        name: message
        for name, message in (("categoryId", "Choose the new book's category"), ("level", "Enter the book's level"))
        if getattr(decision, name) is None
    }
    if missing:
        raise Invalid(missing)
    errors: dict[str, str] = {}
    authors = [name.strip() for name in request.authors.split(",") if name.strip()]
    book = _checked(
        BookForm, errors, isbn=request.isbn, authors=authors, publisher=request.publisher, level=decision.level
    )
    form = _checked(
        ProductForm,
        errors,
        name=request.title,
        price=request.price,
        stock=0,
        categoryId=decision.categoryId,
        shop="books",
    )
    if errors:
        raise Invalid(errors)
    form.book = book
    return create_product(session, actor, form)["id"]


def _isbn_of(request: CatalogueRequest) -> str:
    """The request's ISBN as the catalogue keeps it (ISBN-13), whichever way the seller typed it."""
    try:
        return isbn.parse(request.isbn)
    except isbn.InvalidIsbn as error:
        raise Invalid({"isbn": f"The request’s ISBN: {error}"}) from None


def _accept(session: Session, actor: str, request: CatalogueRequest, decision: CatalogueDecision) -> None:
    product_id = session.scalar(select(Book.product_id).where(Book.isbn == _isbn_of(request)).limit(1))
    if product_id is None:
        product_id = _new_book(session, actor, request, decision)
    wanted = {"condition": request.condition, "price": request.price, "stock": request.stock, "note": request.note}
    list_offer(session, actor, product_id, request.seller_id, **wanted)
    request.product_id = product_id


def decide_catalogue_request(session: Session, actor: str, request_id: int, decision: CatalogueDecision) -> dict:
    found(session, CatalogueRequest, request_id, "catalogue request")
    lock(session, CatalogueRequest, request_id)
    request = session.get(CatalogueRequest, request_id, populate_existing=True)
    before = audit.snapshot(request)
    moved(session, request, decision.status, "catalogue request", CATALOGUE_REQUEST_MOVES)
    request.decided_by, request.decided_at = actor, utcnow()
    if request.status == "Accepted":
        _accept(session, actor, request, decision)
    else:
        request.reason = decision.reason
        occurred(session, "catalogue_request_refused", request_id=request.id)
    session.flush()
    audit.record(session, actor, "status", "catalogue_request", request.id, before, audit.snapshot(request))
    return catalogue_request_view(session, request.id)
