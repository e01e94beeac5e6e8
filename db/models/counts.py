"""Counts the storefronts show that would otherwise count the whole catalogue on every page: how
many published products a category holds (and its biggest discount), how many published books a
level holds. Kept by the database itself: migration 0012's triggers on product and book change
them with every write, in its transaction, whoever writes (the admin, the book import, the seed, a
bulk INSERT), so a page reads a few rows however big the catalogue grows.
"""

from __future__ import annotations

from sqlalchemy import ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from db.models.base import Base


class CategoryCount(Base):
    """Published products of one category at one discount. A category's count is the sum of its
    rows; its biggest discount the largest with products left."""

    __tablename__ = "category_count"

    category_id: Mapped[int] = mapped_column(ForeignKey("category.id", ondelete="CASCADE"), primary_key=True)
    discount: Mapped[int] = mapped_column(primary_key=True)
    products: Mapped[int]


class LevelCount(Base):
    """Published books of one level page: a class (its number), college or story books (number 0)."""

    __tablename__ = "level_count"

    level_kind: Mapped[str] = mapped_column(String(10), primary_key=True)
    level_number: Mapped[int] = mapped_column(primary_key=True)
    books: Mapped[int]


class CountChange(Base):
    """PostgreSQL only: a change to the counts above, written by a trigger and folded into them
    when its transaction commits (migration 0012 says why). Empty outside a writing transaction."""

    __tablename__ = "count_change"

    id: Mapped[int] = mapped_column(primary_key=True)
    category_id: Mapped[int | None]
    discount: Mapped[int | None]
    level_kind: Mapped[str | None] = mapped_column(String(10))
    level_number: Mapped[int | None]
    n: Mapped[int]
