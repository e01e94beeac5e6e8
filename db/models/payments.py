"""Money moving for orders: each charge and refund (a `payment`), each call the shop made to a payment
provider, each event a provider told the shop of, and each checkout attempt's idempotency key."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from sqlalchemy import CheckConstraint, ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from db.models.base import Base, utcnow

# A charge is started (pending: a card being confirmed, or cash awaited at the door), may need the
# shopper's 3-D Secure step, then succeeds, fails or is cancelled. A refund is recorded once the
# provider has answered: succeeded (or paid out by hand, for cash) or failed.
CHARGE_STATUSES = ("pending", "requires_action", "succeeded", "failed", "cancelled")
REFUND_OUTCOMES = ("succeeded", "failed")
PAYMENT_KINDS = ("charge", "refund")


class Payment(Base):
    __tablename__ = "payment"
    __table_args__ = (
        CheckConstraint("amount > 0", name="amount_positive"),
        Index("ix_payment_provider_reference", "provider", "reference"),
        # Nearly every charge succeeds: the few that did not are found through it (the unpaid sweep).
        Index("ix_payment_status", "status"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    # RESTRICT: a record of money is never deleted with its order.
    order_id: Mapped[int] = mapped_column(ForeignKey("order.id", ondelete="RESTRICT"), index=True)
    provider: Mapped[str] = mapped_column(String(20))  # "stripe", "cash", or a seeded method's name
    kind: Mapped[str] = mapped_column(String(10), default="charge")
    status: Mapped[str] = mapped_column(String(20))
    amount: Mapped[Decimal]
    currency: Mapped[str] = mapped_column(String(3))
    # The provider's own id: a PaymentIntent (pi_…) or a Refund (re_…); none for cash.
    reference: Mapped[str | None] = mapped_column(String(255))
    # The refund request a refund pays out.
    refund_request_id: Mapped[int | None] = mapped_column(
        ForeignKey("refund_request.id", ondelete="RESTRICT"), index=True
    )
    # The cancelled line a refund paid back (a seller could not fill it: db/line_cancel.py).
    order_line_id: Mapped[int | None] = mapped_column(ForeignKey("order_line.id", ondelete="RESTRICT"), index=True)
    # Who recorded it by hand: the staff member who collected the cash or paid a refund out.
    recorded_by: Mapped[str | None] = mapped_column(String(254))
    # The provider's last word on it, shown to staff (and a decline's reason to the shopper).
    message: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[dt.datetime] = mapped_column(default=utcnow)

    order: Mapped[Order] = relationship()  # noqa: F821


class PaymentCall(Base):
    """One call to a provider and how it ended: what staff read when a payment went wrong."""

    __tablename__ = "payment_call"

    id: Mapped[int] = mapped_column(primary_key=True)
    payment_id: Mapped[int | None] = mapped_column(ForeignKey("payment.id", ondelete="SET NULL"), index=True)
    order_id: Mapped[int | None] = mapped_column(ForeignKey("order.id", ondelete="SET NULL"), index=True)
    provider: Mapped[str] = mapped_column(String(20))
    action: Mapped[str] = mapped_column(String(20))  # start, confirm, read, cancel, refund, setup
    idempotency_key: Mapped[str | None] = mapped_column(String(100))
    outcome: Mapped[str] = mapped_column(String(20))  # ok, refused, unreachable
    detail: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)


class PaymentEvent(Base):
    """A provider's event, verified, kept by its id so a replay changes nothing."""

    __tablename__ = "payment_event"
    __table_args__ = (UniqueConstraint("provider", "event_id", name="uq_payment_event_provider_event_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    provider: Mapped[str] = mapped_column(String(20))
    event_id: Mapped[str] = mapped_column(String(255))
    type: Mapped[str] = mapped_column(String(80))
    reference: Mapped[str | None] = mapped_column(String(255))  # the object it is about (pi_…)
    order_id: Mapped[int | None] = mapped_column(ForeignKey("order.id", ondelete="SET NULL"), index=True)
    outcome: Mapped[str] = mapped_column(String(200))  # what the shop did with it
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)  # when the provider made it
    received_at: Mapped[dt.datetime] = mapped_column(default=utcnow)


class CheckoutAttempt(Base):
    """A checkout's Idempotency-Key and the order it placed: a retry answers that order again."""

    __tablename__ = "checkout_attempt"

    key: Mapped[str] = mapped_column(String(100), primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("order.id", ondelete="CASCADE"), index=True)
    # What was asked (a hash of the checkout's form): the same key with another cart is refused.
    fingerprint: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
