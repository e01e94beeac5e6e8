"""The marketplace: a book's offers (one per seller and condition, the store's own among them) and
the catalogue requests sellers send for an ISBN the catalogue does not have yet."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from sqlalchemy import JSON, CheckConstraint, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from db.models.base import Base, utcnow

# The grades book shops publish, best first. Every good that is not a book is sold "New".
CONDITIONS = ("New", "Like New", "Very Good", "Good", "Acceptable")
NEW = "New"
USED = CONDITIONS[1:]
# A used copy may show the seller's photos of it; a new one shows the catalogue's cover.
MAX_PHOTOS = 4
CATALOGUE_REQUEST_STATUSES = ("Pending", "Accepted", "Refused")


class Offer(Base):
    """One seller's copies of one product in one condition, at the seller's price.

    The product row keeps a summary of its offers (db/offers.py `summarise`): the buy box's price,
    discount, seller, condition and stock, the lowest used price and the count of offers
    in stock, so cards, lists and search read one row per product as before."""

    __tablename__ = "offer"
    __table_args__ = (
        CheckConstraint("price >= 0", name="price_not_negative"),
        CheckConstraint("discount >= 0 AND discount <= 90", name="discount_range"),
        CheckConstraint("stock >= 0", name="stock_not_negative"),
        # A seller's offers, newest first (the seller portal's list).
        Index("ix_offer_seller_id", "seller_id", "id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("product.id", ondelete="CASCADE"), index=True)
    # None: the store's own copies.
    seller_id: Mapped[int | None] = mapped_column(ForeignKey("seller.id", ondelete="RESTRICT"))
    condition: Mapped[str] = mapped_column(String(20), default=NEW)
    price: Mapped[Decimal]
    # Whole percent off: only the offer's own (a product's discount is not a seller's).
    discount: Mapped[int] = mapped_column(default=0)
    stock: Mapped[int] = mapped_column(default=0)
    # What the copy is like ("name written inside the cover").
    note: Mapped[str] = mapped_column(Text, default="")
    # Up to MAX_PHOTOS image paths relative to the media folder (used copies).
    photos: Mapped[list[str]] = mapped_column(JSON, default=list)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[dt.datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    product: Mapped[Product] = relationship()  # noqa: F821
    seller: Mapped[Seller | None] = relationship()  # noqa: F821


class CatalogueRequest(Base):
    """A seller's ask to sell an ISBN the catalogue lacks: staff accept it (the book is created and
    the seller's offer with it) or refuse it with a reason the seller is mailed."""

    __tablename__ = "catalogue_request"

    id: Mapped[int] = mapped_column(primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("seller.id", ondelete="CASCADE"), index=True)
    isbn: Mapped[str] = mapped_column(String(13), index=True)
    title: Mapped[str] = mapped_column(String(200))
    # Comma-separated, as the book import takes them.
    authors: Mapped[str] = mapped_column(String(400), default="")
    publisher: Mapped[str] = mapped_column(String(120), default="")
    # The offer to list once the book exists.
    condition: Mapped[str] = mapped_column(String(20), default=NEW)
    price: Mapped[Decimal]
    stock: Mapped[int] = mapped_column(default=1)
    note: Mapped[str] = mapped_column(Text, default="")
    status: Mapped[str] = mapped_column(String(20), default="Pending", index=True)
    reason: Mapped[str] = mapped_column(Text, default="")
    decided_by: Mapped[str | None] = mapped_column(String(254))
    decided_at: Mapped[dt.datetime | None]
    product_id: Mapped[int | None] = mapped_column(ForeignKey("product.id", ondelete="SET NULL"))
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)

    seller: Mapped[Seller] = relationship()  # noqa: F821
