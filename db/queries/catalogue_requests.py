"""The back office's list of catalogue requests: sellers asking for an ISBN the catalogue lacks,
newest first, searched by ISBN, title, authors and the seller, filtered by status and seller."""

from __future__ import annotations

from sqlalchemy import Select, func, select
from sqlalchemy.engine import Row

from db.models import Book, CatalogueRequest, Seller
from db.models.offers import CATALOGUE_REQUEST_STATUSES
from db.queries.admin import iso
from db.queries.admin_lists import AdminList, Related, equals_id, one_of
from db.queries.products import money
from db.statuses import CATALOGUE_REQUEST_MOVES


def catalogue_request_rows() -> Select:
    # The book that has this ISBN now, if any: a request accepted there adds only the seller's offer.
    in_catalogue = select(Book.product_id).where(Book.isbn == CatalogueRequest.isbn).limit(1).scalar_subquery()
    return select(
        CatalogueRequest,
        Seller.name.label("seller"),
        Seller.shop_name,
        in_catalogue.label("in_catalogue"),
    ).join(Seller, CatalogueRequest.seller_id == Seller.id)


def catalogue_request_record(r: Row) -> dict:
    request: CatalogueRequest = r.CatalogueRequest
    return {
        "id": request.id,
        "date": iso(request.created_at),
        "status": request.status,
        "seller": r.seller,
        "shopName": r.shop_name,
        "sellerId": request.seller_id,
        "isbn": request.isbn,
        "title": request.title,
        "authors": request.authors,
        "publisher": request.publisher,
        "condition": request.condition,
        "price": money(request.price),
        "stock": request.stock,
        "note": request.note,
        "reason": request.reason,
        "decidedBy": request.decided_by,
        "decidedAt": iso(request.decided_at),
        "productId": request.product_id,
        "inCatalogue": r.in_catalogue,
        "next": list(CATALOGUE_REQUEST_MOVES[request.status]),
    }


def catalogue_request_export(r: Row) -> dict:
    record = catalogue_request_record(r)
    del record["next"], record["inCatalogue"]
    return record


CATALOGUE_REQUESTS = AdminList(
    name="catalogue-requests",
    select=catalogue_request_rows,
    record=catalogue_request_record,
    csv_record=catalogue_request_export,
    key=CatalogueRequest.id,
    sorts={
        "id": CatalogueRequest.id,
        "date": CatalogueRequest.created_at,
        "status": CatalogueRequest.status,
        "title": func.lower(CatalogueRequest.title),
        "isbn": CatalogueRequest.isbn,
        "seller": func.lower(Seller.name),
        "price": CatalogueRequest.price,
    },
    search=(
        CatalogueRequest.isbn,
        CatalogueRequest.title,
        CatalogueRequest.authors,
        Related(CatalogueRequest.seller_id, Seller.id, Seller.name),
        Related(CatalogueRequest.seller_id, Seller.id, Seller.shop_name),
    ),
    default_order=(CatalogueRequest.created_at.desc(),),
    filters={
        "status": one_of(CatalogueRequest.status, CATALOGUE_REQUEST_STATUSES),
        "seller": equals_id(CatalogueRequest.seller_id),
    },
    summary="Sellers' requests for an ISBN the catalogue lacks, newest first (filters: status, seller)",
)
