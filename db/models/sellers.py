"""Sellers and their money: packages, package payments, the earning ledger, payouts and payout requests."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from sqlalchemy import CheckConstraint, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column, relationship

from db.models.base import Base, CommissionRate, Rating, utcnow

PACKAGE_NAMES = ("Silver", "Gold", "Premium")
PAYOUT_REQUEST_STATUSES = ("Processing", "Accepted", "Rejected")


class Package(Base):
    __tablename__ = "package"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(40), unique=True)
    price: Mapped[Decimal]
    # Share of a sale the store keeps, e.g. 0.1000 for 10 %.
    commission_rate: Mapped[Decimal] = mapped_column(CommissionRate)


class Seller(Base):
    __tablename__ = "seller"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    email: Mapped[str] = mapped_column(String(254), unique=True)
    phone: Mapped[str] = mapped_column(String(40), default="")
    shop_name: Mapped[str] = mapped_column(String(120), index=True)
    package_id: Mapped[int] = mapped_column(ForeignKey("package.id", ondelete="RESTRICT"))
    published: Mapped[bool] = mapped_column(default=True)
    image: Mapped[str | None] = mapped_column(String(255))
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    # The average rating of the seller's products' reviews (the buy box's tie-break between offers
    # of one price), kept by db/offers.py.
    rating: Mapped[Decimal] = mapped_column(Rating, default=Decimal("0"), server_default="0")
    # A suspended seller's offers are hidden and their portal sessions ended.
    suspended_at: Mapped[dt.datetime | None] = mapped_column(default=None)

    package: Mapped[Package] = relationship()
    products: Mapped[list[Product]] = relationship(back_populates="seller")  # noqa: F821


class PackagePayment(Base):
    __tablename__ = "package_payment"

    id: Mapped[int] = mapped_column(primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("seller.id", ondelete="RESTRICT"), index=True)
    package_id: Mapped[int] = mapped_column(ForeignKey("package.id", ondelete="RESTRICT"))
    amount: Mapped[Decimal]
    payment_method: Mapped[str] = mapped_column(String(20))
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)

    seller: Mapped[Seller] = relationship()
    package: Mapped[Package] = relationship()


class Earning(Base):
    """One ledger row: a delivered order line's split between seller and store, or its refund reversal.

    Sale rows are positive; a reversal (refund_request_id set) carries the negated split.
    """

    __tablename__ = "earning"
    # A seller's balance sums their rows: read from the index alone (migration 0007).
    __table_args__ = (Index("ix_earning_seller_balance", "seller_id", "seller_earning"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("seller.id", ondelete="RESTRICT"), index=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("order.id", ondelete="RESTRICT"), index=True)
    order_line_id: Mapped[int] = mapped_column(ForeignKey("order_line.id", ondelete="RESTRICT"), index=True)
    refund_request_id: Mapped[int | None] = mapped_column(
        ForeignKey("refund_request.id", ondelete="RESTRICT"), unique=True
    )
    commission_rate: Mapped[Decimal] = mapped_column(CommissionRate)
    seller_earning: Mapped[Decimal]
    admin_commission: Mapped[Decimal]
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow, index=True)

    seller: Mapped[Seller] = relationship()


class PayoutRequest(Base):
    __tablename__ = "payout_request"
    __table_args__ = (CheckConstraint("amount > 0", name="amount_positive"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("seller.id", ondelete="RESTRICT"), index=True)
    amount: Mapped[Decimal]
    # The seller's balance when the request was made (the list's "total amount").
    balance_at_request: Mapped[Decimal]
    status: Mapped[str] = mapped_column(String(20), default="Processing", index=True)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    decided_at: Mapped[dt.datetime | None]

    seller: Mapped[Seller] = relationship()


class Payout(Base):
    __tablename__ = "payout"
    __table_args__ = (CheckConstraint("amount > 0", name="amount_positive"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("seller.id", ondelete="RESTRICT"), index=True)
    payout_request_id: Mapped[int | None] = mapped_column(
        ForeignKey("payout_request.id", ondelete="RESTRICT"), unique=True
    )
    amount: Mapped[Decimal]
    payment_method: Mapped[str] = mapped_column(String(20))
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)

    seller: Mapped[Seller] = relationship()
