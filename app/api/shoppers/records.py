"""The records of a shopper's own API (/api/me/...), typed for /openapi.json."""

from __future__ import annotations

from typing import Literal

from typing_extensions import TypedDict

from app.api.records import LineCancellation, MediaUrl, Money, PaymentState, Timestamp, closed
from db.models.offers import CONDITIONS
from db.models.sales import ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, SHIPMENT_STATUSES

OrderStatus = Literal[ORDER_STATUSES]


@closed
class AccountOrderRow(TypedDict):
    """One order of the account's list; `books` is the number of copies."""

    orderNo: int
    placedAt: Timestamp
    status: OrderStatus
    total: Money
    books: int


@closed
class AccountOrderLine(LineCancellation):
    """`url` is the product's page, null once it is no longer sold."""

    productId: int
    title: str
    qty: int
    unitPrice: Money
    lineTotal: Money
    imgUrl: MediaUrl
    url: str | None
    condition: Literal[CONDITIONS]
    shipmentId: int | None


@closed
class OrderShipment(TypedDict):
    """One seller's parcel of the order (`seller` the shop's name, the store's own "Student Books"):
    `carrier`, `trackingNo` and `trackingUrl` once shipped."""

    id: int
    seller: str
    status: Literal[SHIPMENT_STATUSES]
    carrier: str | None
    trackingNo: str | None
    trackingUrl: str | None
    shippedAt: Timestamp | None
    deliveredAt: Timestamp | None


@closed
class StatusChange(TypedDict):
    status: OrderStatus
    at: Timestamp


@closed
class AccountOrder(TypedDict):
    """An order as its shopper sees it; `deliveryAddress` is null when it goes to the billing address.
    `payment` is its latest charge (provider null before any); `payableByCard`: a card order not paid
    yet, which POST /api/orders/{orderNo}/payment pays with another card. `carrier` and `trackingNo`
    once shipped; `trackingUrl` is the carrier's tracking page (null where none is known)."""

    orderNo: int
    placedAt: Timestamp
    status: OrderStatus
    paymentMethod: Literal[PAYMENT_METHODS]
    paymentStatus: Literal[PAYMENT_STATUSES]
    payment: PaymentState
    payableByCard: bool
    carrier: str | None
    trackingNo: str | None
    trackingUrl: str | None
    total: Money
    # `total` less the lines their sellers cancelled: what the shopper pays.
    due: Money
    books: int
    name: str
    billingAddress: str
    deliveryAddress: str | None
    lines: list[AccountOrderLine]
    shipments: list[OrderShipment]
    timeline: list[StatusChange]


@closed
class BuyAgainLine(TypedDict):
    """`addable` copies go into the cart: the quantity ordered, cut to the stock (`state` "short")."""

    id: int
    title: str
    quantity: int
    state: Literal["in-stock", "short"]
    addable: int
    price: Money
    imgUrl: MediaUrl
    url: str


@closed
class LeftOutLine(TypedDict):
    id: int
    title: str
    quantity: int
    state: Literal["out-of-stock", "unavailable"]
    addable: int


@closed
class BuyAgain(TypedDict):
    """What of an order can be bought again now: `lines` at today's prices, `leftOut` named."""

    orderNo: int
    lines: list[BuyAgainLine]
    leftOut: list[LeftOutLine]


@closed
class AddressRecord(TypedDict):
    id: int
    name: str
    phone: str
    line1: str
    line2: str
    city: str
    postcode: str
    country: str
    isDefault: bool
