"""Records of the back office's money side: the dashboard, orders, refund requests, sellers and
their packages, the earning ledger, payouts and the audit log (db/queries/admin.py,
admin_sales.py, and db/admin/orders.py's view of one order)."""

from __future__ import annotations

from typing import Any, Literal, NotRequired

from typing_extensions import TypedDict

from app.api.records import LineCancellation, MediaUrl, Money, Timestamp, closed
from db.models.offers import CONDITIONS
from db.models.payments import PAYMENT_KINDS
from db.models.sales import ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, REFUND_STATUSES, SHIPMENT_STATUSES
from db.models.sellers import PACKAGE_NAMES, PAYOUT_REQUEST_STATUSES
from db.queries.admin_sales import PORTAL_STATUSES

OrderStatus = Literal[ORDER_STATUSES]
RefundStatus = Literal[REFUND_STATUSES]
ShipmentStatus = Literal[SHIPMENT_STATUSES]
Condition = Literal[CONDITIONS]
PayoutRequestStatus = Literal[PAYOUT_REQUEST_STATUSES]
PaymentMethod = Literal[PAYMENT_METHODS]
PaymentStatus = Literal[PAYMENT_STATUSES]
Package = Literal[PACKAGE_NAMES]

# --- the dashboard ---------------------------------------------------------------------------------


@closed
class DashboardCard(TypedDict):
    """A figure of the last 30 days (amount1) against the 30 before (amount2)."""

    id: str
    title: str
    amount1: float
    amount2: float
    color: str
    percentage: float
    status: NotRequired[Literal["down"]]


@closed
class RecentPurchase(TypedDict):
    """`product` is the title of the order's first line."""

    id: int
    amount: Money
    payment: PaymentStatus
    product: str | None


@closed
class StockOut(TypedDict):
    id: int
    amount: Money
    stock: int
    product: str


@closed
class PackageRecord(TypedDict):
    id: int
    name: Package
    price: Money
    commissionRate: float


# --- orders and refunds -------------------------------------------------------------------------------


@closed
class OrderRow(TypedDict):
    """`next` are the statuses the order may move to now."""

    id: int
    qty: int
    amount: Money
    status: OrderStatus
    purchaseDate: Timestamp
    billingAddress: str
    customer: str | None
    customerId: int
    paymentMethod: PaymentMethod
    paymentStatus: PaymentStatus
    next: list[OrderStatus]


@closed
class RefundRequestRow(TypedDict):
    """`name` is the refunded line's title; `next` the statuses it may move to now."""

    id: int
    orderNo: int
    shopName: str | None
    amount: Money
    status: RefundStatus
    name: str
    image: MediaUrl
    customer: str
    reason: str
    date: Timestamp
    sellerId: int | None
    next: list[RefundStatus]


@closed
class OrderCustomer(TypedDict):
    id: int
    name: str
    email: str
    phone: str


@closed
class OrderLineRecord(LineCancellation):
    """`refunded` is accepted so far; `refundable` what new requests may still ask."""

    id: int
    productId: int
    title: str
    image: MediaUrl
    unitPrice: Money
    qty: int
    amount: Money
    shopName: str | None
    sellerId: int | None
    condition: Condition
    # The seller's parcel the line travels in (OrderRecord.shipments).
    shipmentId: int | None
    refunded: Money
    refundable: Money


@closed
class OrderShipment(TypedDict):
    """One seller's parcel of the order (`seller` is the shop's name, the store's own when `sellerId`
    is null): its status, how it travels and when it went and arrived; `lineIds` are its lines."""

    id: int
    sellerId: int | None
    seller: str
    status: ShipmentStatus
    carrier: str | None
    trackingNo: str | None
    trackingUrl: str | None
    shippedAt: Timestamp | None
    deliveredAt: Timestamp | None
    lineIds: list[int]


# "from" is a Python keyword, hence the functional form.
OrderStatusChange = closed(
    TypedDict("OrderStatusChange", {"from": OrderStatus | None, "to": OrderStatus, "by": str, "at": Timestamp})
)


@closed
class OrderRefund(TypedDict):
    id: int
    lineId: int
    title: str
    amount: Money
    status: RefundStatus
    reason: str
    date: Timestamp
    next: list[RefundStatus]


@closed
class PaymentRecord(TypedDict):
    """A charge or a refund of the order (db/models/payments.py)."""

    id: int
    kind: Literal[PAYMENT_KINDS]
    provider: str
    reference: str | None
    amount: Money
    currency: str
    status: str
    message: str
    recordedBy: str | None
    refundRequestId: int | None
    at: Timestamp
    updatedAt: Timestamp


@closed
class PaymentCallRecord(TypedDict):
    id: int
    paymentId: int | None
    provider: str
    action: str
    outcome: str
    detail: str
    at: Timestamp


@closed
class PaymentEventRecord(TypedDict):
    id: int
    type: str
    reference: str | None
    outcome: str
    at: Timestamp


@closed
class OrderRecord(TypedDict):
    """One order with its customer, lines, status history and refund requests."""

    id: int
    status: OrderStatus
    next: list[OrderStatus]
    paymentMethod: PaymentMethod
    paymentStatus: PaymentStatus
    billingAddress: str
    # Where to deliver when not to the billing address (the shopper's checkout), else null.
    deliveryAddress: str | None
    amount: Money
    # `amount` less the lines their sellers cancelled: what the shopper pays.
    due: Money
    purchaseDate: Timestamp
    customer: OrderCustomer
    lines: list[OrderLineRecord]
    history: list[OrderStatusChange]
    refunds: list[OrderRefund]
    shipments: list[OrderShipment]
    # A shipped order's carrier (db/carriers.py), tracking number and the carrier's page for it.
    carrier: str | None
    trackingNo: str | None
    trackingUrl: str | None
    payments: list[PaymentRecord]
    paymentCalls: list[PaymentCallRecord]
    paymentEvents: list[PaymentEventRecord]


# --- sellers and their money ------------------------------------------------------------------------


@closed
class SellerRow(TypedDict):
    """`balance`: earnings less refund reversals less payouts."""

    id: int
    name: str
    phone: str
    email: str
    balance: Money
    shopName: str
    package: Package
    published: bool
    image: MediaUrl
    # The seller's account in the seller portal (db/seller_accounts.py).
    portal: Literal[PORTAL_STATUSES]


@closed
class EarningRow(TypedDict):
    """A ledger row: a sale (a delivered seller line) or the reversal of an accepted refund."""

    no: int
    date: Timestamp
    sellerEarning: Money
    adminCommission: Money
    orderNo: int
    shopName: str
    sellerId: int
    kind: Literal["sale", "refund"]


@closed
class PayoutRequestRow(TypedDict):
    """`totalAmount` is the balance when asked; `balance` the seller's balance now."""

    no: int
    date: Timestamp
    status: PayoutRequestStatus
    seller: str
    totalAmount: Money
    requestAmount: Money
    shopName: str
    sellerId: int
    balance: Money
    next: list[PayoutRequestStatus]


@closed
class PayoutRow(TypedDict):
    no: int
    amount: Money
    date: Timestamp
    payment: PaymentMethod
    sellerInfo: str
    sellerId: int


@closed
class PackagePaymentRow(TypedDict):
    no: int
    date: Timestamp
    seller: str
    package: Package
    amount: Money
    payment: PaymentMethod
    sellerId: int


@closed
class AuditRow(TypedDict):
    """Who wrote what when; `before` and `after` are the record's snapshots (none: created or deleted)."""

    id: int
    date: Timestamp
    actor: str
    action: str
    entity: str
    entityId: str
    before: dict[str, Any] | None
    after: dict[str, Any] | None
