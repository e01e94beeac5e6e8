"""The outbox: every mail the shop sends, written in the transaction of the change it tells of and
delivered after the commit (app/mail/). A message exists if and only if its cause committed."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from db.models.base import Base, utcnow

MESSAGE_STATES = ("queued", "sending", "sent", "failed")
MESSAGE_KINDS = (
    "order_placed",
    "order_status",
    "refund_accepted",
    "staff_invite",
    "staff_disabled",
    "two_factor_enrolled",
    "two_factor_off",
    # shoppers' accounts
    "verify_email",
    "password_reset",
    "email_change",
    # stock alerts (issue 23)
    "stock_alert",
    "stock_back",
    "order_link",
    # the marketplace (issue 25): a seller's parcel of the order has gone; a line a seller could not
    # fill was cancelled; a seller's catalogue request refused
    "parcel_shipped",
    "line_cancelled",
    "catalogue_request_refused",
)
ATTEMPT_OUTCOMES = ("sent", "retry", "failed")


class OutboxMessage(Base):
    """One mail, rendered when written (subject, HTML, text), so what is delivered is what the
    change said at the time. `message_id` is its `Message-ID`, the same on every delivery attempt:
    a receiver can tell a repeat (delivery is at least once)."""

    __tablename__ = "outbox_message"
    # What a sender asks for, many times a second on every instance: the due messages of a state.
    __table_args__ = (Index("ix_outbox_message_due", "state", "next_attempt_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    message_id: Mapped[str] = mapped_column(String(120), unique=True)
    kind: Mapped[str] = mapped_column(String(40), index=True)
    recipient: Mapped[str] = mapped_column(String(254), index=True)
    recipient_name: Mapped[str] = mapped_column(String(120), default="")
    subject: Mapped[str] = mapped_column(String(200))
    html: Mapped[str] = mapped_column(Text)
    text: Mapped[str] = mapped_column(Text)
    # The order it tells of, if any: the back office finds a shopper's mail by order number.
    order_id: Mapped[int | None] = mapped_column(ForeignKey("order.id", ondelete="SET NULL"), index=True)
    state: Mapped[str] = mapped_column(String(20), default="queued")
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    last_error: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow, index=True)
    # When a sender may next take it (queued), or when a sender that took it is presumed dead and
    # another may take it again (sending).
    next_attempt_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    sent_at: Mapped[dt.datetime | None] = mapped_column()

    attempt_log: Mapped[list[OutboxAttempt]] = relationship(
        back_populates="message", cascade="all, delete-orphan", order_by="OutboxAttempt.id"
    )


class OutboxAttempt(Base):
    """One delivery attempt of a message: when, by which server process, and what came of it."""

    __tablename__ = "outbox_attempt"

    id: Mapped[int] = mapped_column(primary_key=True)
    message_id: Mapped[int] = mapped_column(ForeignKey("outbox_message.id", ondelete="CASCADE"), index=True)
    at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    outcome: Mapped[str] = mapped_column(String(20))
    detail: Mapped[str] = mapped_column(Text, default="")
    sender: Mapped[str] = mapped_column(String(120), default="")

    message: Mapped[OutboxMessage] = relationship(back_populates="attempt_log")
