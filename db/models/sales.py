"""Sales: customers, orders with their lines and status history, refund requests."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from sqlalchemy import CheckConstraint, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from db.models.base import Base, CommissionRate, utcnow

ORDER_STATUSES = ("Pending", "Processing", "Shipped", "Delivered", "Cancelled")
# "Success" is the specification's word for paid.
PAYMENT_STATUSES = ("Pending", "Success", "Failed", "Refunded", "Partly refunded")
# Every method an order may name: the seeded history has all five; a new checkout offers only the
# configured providers' (app/payments/).
PAYMENT_METHODS = ("Stripe", "PayPal", "Payoneer", "Visa Card", "Cash")
REFUND_STATUSES = ("Pending", "Processing", "Accepted")
# One seller's lines of an order travel together; the order's status follows its shipments
# (db/shipments.py).
SHIPMENT_STATUSES = ("Processing", "Shipped", "Delivered", "Cancelled")


class Customer(Base):
    __tablename__ = "customer"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120), index=True)
    email: Mapped[str] = mapped_column(String(254), unique=True)
    phone: Mapped[str] = mapped_column(String(40), default="")
    image: Mapped[str | None] = mapped_column(String(255))
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    # The shopper account this customer is, once that account verified the customer's email: from
    # then on the account sees every order placed with that email, guest orders included.
    user_id: Mapped[int | None] = mapped_column(ForeignKey("user.id", ondelete="SET NULL"), unique=True)

    orders: Mapped[list[Order]] = relationship(back_populates="customer")
    reviews: Mapped[list[Review]] = relationship(back_populates="customer")  # noqa: F821


class Order(Base):
    __tablename__ = "order"
    __table_args__ = (CheckConstraint("total >= 0", name="total_not_negative"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    customer_id: Mapped[int] = mapped_column(ForeignKey("customer.id", ondelete="RESTRICT"), index=True)
    # Not indexed (migration 0006): three statuses split the orders into large parts, which a scan
    # reads faster than an index can point into them (the admin's order list at 100k orders).
    status: Mapped[str] = mapped_column(String(20), default="Pending")
    payment_method: Mapped[str] = mapped_column(String(20))
    payment_status: Mapped[str] = mapped_column(String(20), default="Pending")
    billing_address: Mapped[str] = mapped_column(Text)
    # Where to deliver, when not to the billing address.
    delivery_address: Mapped[str | None] = mapped_column(Text, default=None)
    # The shopper account signed in when the order was placed (verified or not).
    account_id: Mapped[int | None] = mapped_column(ForeignKey("user.id", ondelete="SET NULL"), index=True)
    total: Mapped[Decimal]
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow, index=True)
    # How a shipped order travels (db/carriers.py), shown to the shopper with a tracking link.
    carrier: Mapped[str | None] = mapped_column(String(40))
    tracking_no: Mapped[str | None] = mapped_column(String(60))

    customer: Mapped[Customer] = relationship(back_populates="orders")
    lines: Mapped[list[OrderLine]] = relationship(back_populates="order", cascade="all, delete-orphan")
    history: Mapped[list[OrderStatusChange]] = relationship(
        back_populates="order", cascade="all, delete-orphan", order_by="OrderStatusChange.id"
    )
    shipments: Mapped[list[Shipment]] = relationship(
        back_populates="order", cascade="all, delete-orphan", order_by="Shipment.id"
    )


class OrderLine(Base):
    __tablename__ = "order_line"
    __table_args__ = (CheckConstraint("qty > 0", name="qty_positive"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("order.id", ondelete="CASCADE"), index=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("product.id", ondelete="RESTRICT"), index=True)
    # The seller and the price are those at the time of the order.
    seller_id: Mapped[int | None] = mapped_column(ForeignKey("seller.id", ondelete="RESTRICT"), index=True)
    # The store's share of a seller's line: the seller's package rate when the order was placed,
    # so a later package change does not rewrite what earlier sales earn (db/ledger.py).
    commission_rate: Mapped[Decimal | None] = mapped_column(CommissionRate)
    title: Mapped[str] = mapped_column(String(200))
    unit_price: Mapped[Decimal]
    qty: Mapped[int]
    amount: Mapped[Decimal]
    # The offer bought and its condition then (the offer may change or go later).
    offer_id: Mapped[int | None] = mapped_column(ForeignKey("offer.id", ondelete="SET NULL"), index=True)
    condition: Mapped[str] = mapped_column(String(20), default="New", server_default="New")
    shipment_id: Mapped[int | None] = mapped_column(ForeignKey("shipment.id", ondelete="SET NULL"), index=True)
    # A line its seller could not fill (db/line_cancel.py): its copies went back on the offer, it
    # earns nothing and is not collected, and money taken for it went back to the shopper.
    cancelled_at: Mapped[dt.datetime | None]
    cancelled_by: Mapped[str | None] = mapped_column(String(254))
    cancel_reason: Mapped[str | None] = mapped_column(Text)
    # Set while its refund is with the card's provider: the parcel does not go until it is settled.
    cancelling_since: Mapped[dt.datetime | None]

    order: Mapped[Order] = relationship(back_populates="lines")
    product: Mapped[Product] = relationship()  # noqa: F821
    seller: Mapped[Seller | None] = relationship()  # noqa: F821
    offer: Mapped[Offer | None] = relationship()  # noqa: F821
    shipment: Mapped[Shipment | None] = relationship(back_populates="lines")


class Shipment(Base):
    """One seller's lines of an order (the store's own when seller_id is None), shipped together."""

    __tablename__ = "shipment"
    # A seller's shipments, newest first: what the seller portal lists to ship.
    __table_args__ = (Index("ix_shipment_seller_status", "seller_id", "status", "id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("order.id", ondelete="CASCADE"), index=True)
    seller_id: Mapped[int | None] = mapped_column(ForeignKey("seller.id", ondelete="RESTRICT"))
    status: Mapped[str] = mapped_column(String(20), default="Processing")
    carrier: Mapped[str | None] = mapped_column(String(40))
    tracking_no: Mapped[str | None] = mapped_column(String(60))
    shipped_at: Mapped[dt.datetime | None]
    delivered_at: Mapped[dt.datetime | None]
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)

    order: Mapped[Order] = relationship(back_populates="shipments")
    lines: Mapped[list[OrderLine]] = relationship(back_populates="shipment", order_by="OrderLine.id")
    seller: Mapped[Seller | None] = relationship()  # noqa: F821


class OrderStatusChange(Base):
    __tablename__ = "order_status_change"

    id: Mapped[int] = mapped_column(primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("order.id", ondelete="CASCADE"), index=True)
    from_status: Mapped[str | None] = mapped_column(String(20))
    to_status: Mapped[str] = mapped_column(String(20))
    changed_by: Mapped[str] = mapped_column(String(254), default="system")
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)

    order: Mapped[Order] = relationship(back_populates="history")


class RefundRequest(Base):
    __tablename__ = "refund_request"
    __table_args__ = (CheckConstraint("amount > 0", name="amount_positive"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    order_line_id: Mapped[int] = mapped_column(ForeignKey("order_line.id", ondelete="RESTRICT"), index=True)
    amount: Mapped[Decimal]
    status: Mapped[str] = mapped_column(String(20), default="Pending", index=True)
    reason: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    decided_at: Mapped[dt.datetime | None]

    order_line: Mapped[OrderLine] = relationship()
