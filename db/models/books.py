"""Books as books: the bibliographic record of a Student Books product (ISBN, authors, publisher,
edition, format, level) and its authors.

A `Book` is one-to-one with the `Product` that sells it: the product keeps what every shop's goods
have (title, price, stock, category, pictures), the book what only a book has. `Product.author`
stays as the authors' names joined for display, written with the book, so a product card needs no
join to show them.
"""

from __future__ import annotations

from sqlalchemy import CheckConstraint, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column, relationship

from db.models.base import Base

FORMATS = ("Paperback", "Hardcover", "Spiral", "Board book")
# What a book's level counts: a school class (1-12), a college year (1-5), or a reader's age (story books).
LEVELS = ("class", "college", "age")


class Author(Base):
    __tablename__ = "author"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120), index=True)
    slug: Mapped[str] = mapped_column(String(140), unique=True)

    credits: Mapped[list[BookAuthor]] = relationship(back_populates="author")


class Book(Base):
    __tablename__ = "book"
    __table_args__ = (
        CheckConstraint("level_kind IN ('class', 'college', 'age')", name="level_kind"),
        CheckConstraint("level_from <= level_to", name="level_range"),
        CheckConstraint("pages IS NULL OR pages > 0", name="pages_positive"),
        # Browsing by level (/books/class-9, /books/college) reads this index.
        Index("ix_book_level", "level_kind", "level_from", "level_to"),
    )

    product_id: Mapped[int] = mapped_column(ForeignKey("product.id", ondelete="CASCADE"), primary_key=True)
    # ISBN-13 as 13 digits (db/isbn.py parses what people type); unique, NULL only for a book
    # migrated without one.
    isbn: Mapped[str | None] = mapped_column(String(13), unique=True)
    publisher: Mapped[str | None] = mapped_column(String(120), index=True)
    edition: Mapped[str | None] = mapped_column(String(40))
    year: Mapped[int | None]
    format: Mapped[str] = mapped_column(String(20), default="Paperback", index=True)
    pages: Mapped[int | None]
    language: Mapped[str] = mapped_column(String(40), default="English")
    # class 9 = ("class", 9, 9); college year 2 = ("college", 2, 2); ages 5-8 = ("age", 5, 8)
    level_kind: Mapped[str] = mapped_column(String(10))
    level_from: Mapped[int]
    level_to: Mapped[int]
    subject: Mapped[str | None] = mapped_column(String(80), index=True)
    series: Mapped[str | None] = mapped_column(String(120))
    volume: Mapped[int | None]

    product: Mapped[Product] = relationship(back_populates="book")  # noqa: F821
    credits: Mapped[list[BookAuthor]] = relationship(
        back_populates="book", cascade="all, delete-orphan", order_by="BookAuthor.position", lazy="selectin"
    )

    @property
    def authors(self) -> list[Author]:
        return [credit.author for credit in self.credits]


class BookAuthor(Base):
    """An author's credit on a book, in the order the cover gives them."""

    __tablename__ = "book_author"

    book_id: Mapped[int] = mapped_column(ForeignKey("book.product_id", ondelete="CASCADE"), primary_key=True)
    author_id: Mapped[int] = mapped_column(ForeignKey("author.id", ondelete="RESTRICT"), primary_key=True, index=True)
    position: Mapped[int] = mapped_column(default=0)

    book: Mapped[Book] = relationship(back_populates="credits")
    author: Mapped[Author] = relationship(back_populates="credits", lazy="joined")
