"""Sellers' catalogue requests as the back office decides them: GET /api/catalogue-requests (searched,
filtered by status and seller, sorted and paged; .csv to export), GET one, and PATCH one with
`status` Accepted (the book created in the chosen category and level, the seller's offer added) or
Refused (with the `reason` mailed to the seller), through the back office's Area
(app/api/admin_writes.py: 401, 403, 404, 409 once decided, 422, audited, one transaction)."""

from __future__ import annotations

from typing import Literal

from typing_extensions import TypedDict

from app.api.admin_writes import Area
from app.api.paged_lists import csv_route, paged_list_route
from app.api.records import Money, Timestamp, closed
from app.auth.sessions import require_admin
from db.catalogue_requests import CatalogueDecision, catalogue_request_view, decide_catalogue_request
from db.models.offers import CATALOGUE_REQUEST_STATUSES, CONDITIONS
from db.queries.catalogue_requests import CATALOGUE_REQUESTS

PATH = "/api/catalogue-requests"
Status = Literal[CATALOGUE_REQUEST_STATUSES]


@closed
class CatalogueRequestRow(TypedDict):
    """The seller's book and the offer they want to list; `inCatalogue` is the product that has
    the ISBN now (accepting then only adds the offer), `productId` the book it was accepted into."""

    id: int
    date: Timestamp
    status: Status
    seller: str
    shopName: str
    sellerId: int
    isbn: str
    title: str
    authors: str
    publisher: str
    condition: Literal[CONDITIONS]
    price: Money
    stock: int
    note: str
    reason: str
    decidedBy: str | None
    decidedAt: Timestamp | None
    productId: int | None
    inCatalogue: int | None
    next: list[Status]


AREA = Area(
    PATH,
    "catalogue request",
    CatalogueDecision,
    read=catalogue_request_view,
    update=decide_catalogue_request,
    record=CatalogueRequestRow,
)

routes = [
    paged_list_route(PATH, CATALOGUE_REQUESTS, CatalogueRequestRow, require_admin),
    csv_route(PATH + ".csv", CATALOGUE_REQUESTS, require_admin),
    *AREA.routes(),
]
