"""What a shopper's account keeps: one-time links it was mailed (verify an email, reset a password,
confirm a new email), addresses, the wishlist, and "tell me when it's back" alerts (which guests
may ask for too)."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import Boolean, ForeignKey, Index, String, false
from sqlalchemy.orm import Mapped, mapped_column

from db.models.base import Base, utcnow

TOKEN_PURPOSES = ("verify", "reset", "email_change")


class AccountToken(Base):
    """A link mailed to an account: only its sha256 is kept; it works once, until `expires_at`.
    An email change keeps the new address here until its link confirms it."""

    __tablename__ = "account_token"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user.id", ondelete="CASCADE"), index=True)
    purpose: Mapped[str] = mapped_column(String(20))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    new_email: Mapped[str | None] = mapped_column(String(254), default=None)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[dt.datetime] = mapped_column()
    used_at: Mapped[dt.datetime | None] = mapped_column(default=None)


class Address(Base):
    """A delivery or billing address a shopper saved; one of theirs may be the default."""

    __tablename__ = "address"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(120))
    phone: Mapped[str] = mapped_column(String(40), default="")
    line1: Mapped[str] = mapped_column(String(200))
    line2: Mapped[str] = mapped_column(String(200), default="")
    city: Mapped[str] = mapped_column(String(100))
    postcode: Mapped[str] = mapped_column(String(20))
    country: Mapped[str] = mapped_column(String(60))
    is_default: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)


class WishlistItem(Base):
    __tablename__ = "wishlist_item"

    user_id: Mapped[int] = mapped_column(ForeignKey("user.id", ondelete="CASCADE"), primary_key=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("product.id", ondelete="CASCADE"), primary_key=True, index=True)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)


class StockAlert(Base):
    """ "Tell me when it's back": one mail when the product's stock returns, then done (`sent_at`),
    or cancelled by its mail's link (`cancel_hash`, the sha256 of that link's token)."""

    __tablename__ = "stock_alert"
    # What a stock change asks: the open alerts of a product.
    __table_args__ = (Index("ix_stock_alert_open", "product_id", "sent_at", "cancelled_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("product.id", ondelete="CASCADE"))
    email: Mapped[str] = mapped_column(String(254), index=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("user.id", ondelete="SET NULL"), index=True)
    cancel_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    sent_at: Mapped[dt.datetime | None] = mapped_column(default=None)
    cancelled_at: Mapped[dt.datetime | None] = mapped_column(default=None)
