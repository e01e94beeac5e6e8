"""School booklists: what a school asks its pupils of one class to buy for one academic year."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import CheckConstraint, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from db.models.base import Base, utcnow


class Booklist(Base):
    __tablename__ = "booklist"
    __table_args__ = (
        CheckConstraint("grade >= 1 AND grade <= 12", name="grade_range"),
        Index("ix_booklist_school_grade", "school", "grade"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(200), unique=True)
    school: Mapped[str] = mapped_column(String(120))
    # The class the list is for, 1-12 (the word "class" is taken in Python).
    grade: Mapped[int]
    # "2026-27"
    academic_year: Mapped[str] = mapped_column(String(9))
    published: Mapped[bool] = mapped_column(default=True)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[dt.datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    items: Mapped[list[BooklistItem]] = relationship(
        back_populates="booklist", cascade="all, delete-orphan", order_by="BooklistItem.position"
    )


class BooklistItem(Base):
    __tablename__ = "booklist_item"
    __table_args__ = (CheckConstraint("quantity >= 1 AND quantity <= 99", name="quantity_range"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    booklist_id: Mapped[int] = mapped_column(ForeignKey("booklist.id", ondelete="CASCADE"), index=True)
    # A book on a list cannot be deleted from the catalogue (unpublish it instead).
    product_id: Mapped[int] = mapped_column(ForeignKey("product.id", ondelete="RESTRICT"), index=True)
    quantity: Mapped[int] = mapped_column(default=1)
    required: Mapped[bool] = mapped_column(default=True)
    note: Mapped[str] = mapped_column(Text, default="")
    position: Mapped[int] = mapped_column(default=0)

    booklist: Mapped[Booklist] = relationship(back_populates="items")
    product: Mapped[Product] = relationship()  # noqa: F821
