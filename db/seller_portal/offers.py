"""A seller's offers: listed (searched by title or ISBN, sorted, filtered by condition and stock,
paged), added by ISBN, changed, removed. An ISBN the catalogue lacks becomes a catalogue request
for staff once the seller names the book (title, authors, publisher). Every offer write summarises
its product in the same transaction (db/offers.py), so the book's buy box follows at once."""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import AfterValidator, Field
from sqlalchemy import Select, and_, select
from sqlalchemy.engine import Row
from sqlalchemy.orm import Session

from db import audit, isbn
from db.admin import Conflict, Invalid, NotFound
from db.admin.books import Isbn
from db.admin.forms import Form, Text
from db.admin.products import MAX_PRICE, MAX_STOCK, in_cents
from db.models import Book, CatalogueRequest, Offer, Product
from db.models.offers import CONDITIONS
from db.offers import list_offer, summarise
from db.queries.admin import iso
from db.queries.admin_lists import AdminList, Filter, one_of, parse_bool
from db.queries.media import media_url
from db.queries.products import money
from db.seller_portal.photos import Photos, PhotosRefused, checked_photos

Price = Annotated[Decimal, Field(ge=0, le=MAX_PRICE, decimal_places=2), AfterValidator(in_cents)]
Stock = Annotated[int, Field(strict=True, ge=0, le=MAX_STOCK)]
Condition = Literal[CONDITIONS]
Note = Text(0, 500, multiline=True)
LOW_STOCK = 2


class OfferForm(Form):
    isbn: Isbn
    condition: Condition
    price: Price
    stock: Stock = 1
    note: Note = ""
    # Photos of the copy (db/seller_portal/photos.py): the seller's own uploads, at most 4.
    photos: Photos = []
    # Only for an ISBN the catalogue lacks: the book the seller asks staff to list.
    title: Text(2, 200) | None = None
    authors: Text(2, 400) | None = None
    publisher: Text(2, 120) | None = None


class OfferChanges(Form):
    condition: Condition | None = None
    price: Price | None = None
    stock: Stock | None = None
    note: Note | None = None
    photos: Photos | None = None


class NotInCatalogue(Invalid):
    """An ISBN no book has: the seller is asked for what staff need to list it (422)."""

    def __init__(self, errors: dict[str, str]):
        super().__init__(errors)
        self.message = (
            "This ISBN is not in the catalogue yet: give its title, authors and publisher and the shop "
            "will be asked to list it"
        )


# --- the list ------------------------------------------------------------------------------------------


def offer_rows() -> Select:
    return (
        select(
            Offer.id,
            Offer.product_id,
            Offer.condition,
            Offer.price,
            Offer.stock,
            Offer.note,
            Offer.photos,
            Offer.created_at,
            Offer.updated_at,
            Product.title,
            Product.slug,
            Book.isbn,
        )
        .join(Product, Offer.product_id == Product.id)
        .outerjoin(Book, Book.product_id == Product.id)
    )


def offer_record(r: Row) -> dict:
    return {
        "id": r.id,
        "productId": r.product_id,
        "title": r.title,
        "isbn": r.isbn,
        "condition": r.condition,
        "price": money(r.price),
        "stock": r.stock,
        "note": r.note,
        # What the offer stores, and where each is served (the form's previews).
        "photos": list(r.photos or []),
        "photoUrls": [media_url(path) for path in r.photos or []],
        "url": f"/product/{r.product_id}",
        "createdAt": iso(r.created_at),
        "updatedAt": iso(r.updated_at),
    }


def _isbn_search(q: str, dialect: str):
    """A q that is an ISBN (typed or scanned, 10 or 13) finds that book through its unique index."""
    found = isbn.parse_or_none(q)
    return Book.isbn == found if found else None


OFFERS = AdminList(
    name="offers",
    select=offer_rows,
    record=offer_record,
    key=Offer.id,
    sorts={
        "title": Product.title,
        "condition": Offer.condition,
        "price": Offer.price,
        "stock": Offer.stock,
        "updatedAt": Offer.updated_at,
    },
    search=(Product.title,),
    search_with=_isbn_search,
    default_order=(Offer.updated_at.desc(),),
    filters={
        "condition": one_of(Offer.condition, CONDITIONS),
        "inStock": Filter(parse_bool, lambda yes: Offer.stock > 0 if yes else Offer.stock == 0),
    },
    summary="The seller's offers, last changed first; q finds a title or an ISBN (filters: condition, inStock)",
)


def scoped(spec: AdminList, column, seller_id: int) -> AdminList:
    """The list narrowed to one seller's rows: the seller portal's lists are the shop's with this."""
    return dataclasses.replace(spec, select=lambda: spec.select().where(column == seller_id))


def sellers_offers(seller_id: int) -> AdminList:
    return scoped(OFFERS, Offer.seller_id, seller_id)


def offer_view(session: Session, seller_id: int, offer_id: int) -> dict:
    row = session.execute(offer_rows().where(Offer.id == offer_id, Offer.seller_id == seller_id)).one_or_none()
    if row is None:
        raise NotFound(f"You have no offer {offer_id}")
    return offer_record(row)


# --- writes --------------------------------------------------------------------------------------------


def _own_offer(session: Session, seller_id: int, offer_id: int) -> Offer:
    offer = session.get(Offer, offer_id) if 0 < offer_id < 2**63 else None
    if offer is None or offer.seller_id != seller_id:
        raise NotFound(f"You have no offer {offer_id}")
    return offer


def _refuse_twin(session: Session, seller_id: int, product_id: int, condition: str, own_id: int | None = None) -> None:
    """One offer per seller, book and condition: more copies are more stock on the same offer."""
    query = select(Offer.id).where(
        Offer.seller_id == seller_id, Offer.product_id == product_id, Offer.condition == condition
    )
    if own_id is not None:
        query = query.where(Offer.id != own_id)
    if twin := session.scalar(query):
        raise Conflict(f"You already offer this book in {condition} condition (offer {twin}): change its stock instead")


def book_by_isbn(session: Session, value: str) -> int | None:
    return session.scalar(select(Book.product_id).where(Book.isbn == value))


def catalogue_request_record(request: CatalogueRequest) -> dict:
    return {
        "id": request.id,
        "isbn": request.isbn,
        "title": request.title,
        "authors": request.authors,
        "publisher": request.publisher,
        "condition": request.condition,
        "price": money(request.price),
        "stock": request.stock,
        "status": request.status,
        "reason": request.reason,
        "productId": request.product_id,
        "createdAt": iso(request.created_at),
    }


def _request_listing(session: Session, actor: str, seller_id: int, form: OfferForm) -> dict:
    missing = {
        name: f"Give the book's {name}: it is not in the catalogue yet"
        for name in ("title", "authors", "publisher")
        if not getattr(form, name)
    }
    if missing:
        raise NotInCatalogue(missing)
    if form.photos:
        # A catalogue request keeps no photos: the offer it becomes takes them once listed.
        raise PhotosRefused("Add photos once the shop has listed the book: send the request without them")
    pending = session.scalar(
        select(CatalogueRequest.id).where(
            and_(
                CatalogueRequest.seller_id == seller_id,
                CatalogueRequest.isbn == form.isbn,
                CatalogueRequest.status == "Pending",
            )
        )
    )
    if pending:
        raise Conflict(f"You asked for this ISBN already (request {pending}); the shop will answer it")
    request = CatalogueRequest(
        seller_id=seller_id,
        isbn=form.isbn,
        title=form.title,
        authors=form.authors,
        publisher=form.publisher,
        condition=form.condition,
        price=form.price,
        stock=form.stock,
        note=form.note,
        status="Pending",
    )
    session.add(request)
    session.flush()
    audit.record(session, actor, "create", "catalogue_request", request.id, None, audit.snapshot(request))
    return {"catalogueRequest": catalogue_request_record(request)}


def add_offer(session: Session, actor: str, seller_id: int, form: OfferForm) -> dict:
    """{"offer": ...} for a book in the catalogue, else {"catalogueRequest": ...} (see NotInCatalogue)."""
    product_id = book_by_isbn(session, form.isbn)
    if product_id is None:
        return _request_listing(session, actor, seller_id, form)
    _refuse_twin(session, seller_id, product_id, form.condition)
    wanted = {
        "condition": form.condition,
        "price": form.price,
        "stock": form.stock,
        "note": form.note,
        "photos": checked_photos(session, actor, form.photos),
    }
    offer = list_offer(session, actor, product_id, seller_id, **wanted)
    return {"offer": offer_view(session, seller_id, offer.id)}


def change_offer(session: Session, actor: str, seller_id: int, offer_id: int, changes: OfferChanges) -> dict:
    offer = _own_offer(session, seller_id, offer_id)
    values = changes.model_dump(exclude_unset=True)
    if not values or None in values.values():
        raise Invalid({"body": "Change the price, stock, condition, note or photos"})
    if "condition" in values:
        _refuse_twin(session, seller_id, offer.product_id, values["condition"], offer.id)
    if "photos" in values:
        checked_photos(session, actor, values["photos"], kept=offer.photos)
    before = audit.snapshot(offer)
    for column, value in values.items():
        setattr(offer, column, value)
    summarise(session, [offer.product_id])
    audit.record(session, actor, "update", "offer", offer.id, before, audit.snapshot(offer))
    return offer_view(session, seller_id, offer.id)


def remove_offer(session: Session, actor: str, seller_id: int, offer_id: int) -> None:
    offer = _own_offer(session, seller_id, offer_id)
    before = audit.snapshot(offer)
    product_id = offer.product_id
    session.delete(offer)
    summarise(session, [product_id])
    audit.record(session, actor, "delete", "offer", offer_id, before, None)


def catalogue_requests(session: Session, seller_id: int) -> list[dict]:
    """The seller's catalogue requests, newest first, with what staff decided."""
    requests = session.scalars(
        select(CatalogueRequest)
        .where(CatalogueRequest.seller_id == seller_id)
        .order_by(CatalogueRequest.created_at.desc(), CatalogueRequest.id.desc())
    )
    return [catalogue_request_record(r) for r in requests]


def low_stock(session: Session, seller_id: int, limit: int = 10) -> list[dict]:
    """The seller's offers about to sell out (stock at most LOW_STOCK), fewest first."""
    rows = session.execute(
        offer_rows()
        .where(Offer.seller_id == seller_id, Offer.stock <= LOW_STOCK)
        .order_by(Offer.stock, Offer.id)
        .limit(limit)
    )
    return [offer_record(r) for r in rows]
