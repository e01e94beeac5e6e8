"""The records of the seller portal's API, typed for /openapi.json (see app/api/records.py)."""

from __future__ import annotations

from typing import Literal, NotRequired

from typing_extensions import TypedDict

from app.api.records import LineCancellation, Money, Timestamp, closed
from db.carriers import CARRIERS
from db.models.offers import CATALOGUE_REQUEST_STATUSES, CONDITIONS
from db.models.sales import ORDER_STATUSES, SHIPMENT_STATUSES
from db.queries.admin_sales import PORTAL_STATUSES

Condition = Literal[CONDITIONS]


@closed
class InviteLink(TypedDict):
    """The one-time link (valid 48 hours) that lets the seller choose a password."""

    link: str
    expiresAt: Timestamp


@closed
class PortalChange(TypedDict):
    sellerId: int
    portal: Literal[PORTAL_STATUSES]


@closed
class InviteAccepted(TypedDict):
    """The password is set and the seller signed in: where to go now."""

    url: str


@closed
class OfferRecord(TypedDict):
    id: int
    productId: int
    title: str
    isbn: str | None
    condition: Condition
    price: Money
    stock: int
    note: str
    # The media paths the offer stores (what a change sends back) and where each is served.
    photos: list[str]
    photoUrls: list[str]
    url: str
    createdAt: Timestamp
    updatedAt: Timestamp


@closed
class CatalogueRequestRecord(TypedDict):
    id: int
    isbn: str
    title: str
    authors: str
    publisher: str
    condition: Condition
    price: Money
    stock: int
    status: Literal[CATALOGUE_REQUEST_STATUSES]
    reason: str
    productId: int | None
    createdAt: Timestamp


@closed
class CatalogueRequestAnswer(TypedDict):
    catalogueRequest: CatalogueRequestRecord


@closed
class ParcelLine(LineCancellation):
    id: int
    productId: int
    offerId: int | None
    title: str
    condition: Condition
    qty: int
    unitPrice: Money
    amount: Money


@closed
class ShipmentRecord(TypedDict):
    """One parcel of the seller's: its lines, the order's number and date, and the delivery
    address (the address only: no email, no phone)."""

    id: int
    orderNo: int
    date: Timestamp
    status: Literal[SHIPMENT_STATUSES]
    orderStatus: Literal[ORDER_STATUSES]
    carrier: Literal[CARRIERS] | None
    trackingNo: str | None
    shippedAt: Timestamp | None
    deliveredAt: Timestamp | None
    address: str
    lines: list[ParcelLine]
    total: Money


@closed
class ToShip(TypedDict):
    shipments: int
    lines: int


@closed
class SellerDashboard(TypedDict):
    salesToday: Money
    salesThisMonth: Money
    balance: Money
    requested: Money
    available: Money
    toShip: ToShip
    lowStock: list[OfferRecord]


@closed
class OfferImportRow(TypedDict):
    """A row of the file (numbered as a spreadsheet shows it): what it does, or its errors by column."""

    row: int
    isbn: str
    condition: str
    action: Literal["add", "update"] | None
    errors: dict[str, str]


@closed
class OfferImportReport(TypedDict):
    rows: list[OfferImportRow]
    added: int
    updated: int
    errors: int
    applied: bool
    message: NotRequired[str]
