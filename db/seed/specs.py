"""Plain descriptions of categories and products, written by books.py and goods.py, made into rows by catalogue.py."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from db.seed.book_details import BookSpec
from db.seed.common import slugify


@dataclass(frozen=True)
class CategorySpec:
    name: str
    # Navigation icon name (the React side maps names to icons).
    icon: str
    # Twemoji code point drawn on the category tile (and on goods that match no keyword).
    emoji: str
    children: tuple[CategorySpec, ...] = ()
    slug_override: str | None = None

    @property
    def slug(self) -> str:
        return self.slug_override or slugify(self.name)


@dataclass
class Item:
    """One product before it becomes a row: everything but its seller, dates, images and reviews."""

    title: str
    shop: str
    category: str  # category slug
    price: Decimal
    discount: int
    stock: int
    description: str
    unit: str | None = "pcs"
    author: str | None = None
    brand: str | None = None  # brand name
    featured: bool = False
    published: bool = True
    status: str = ""
    colors: list[str] = field(default_factory=list)
    book: BookSpec | None = None  # the books shop's products


def walk(categories: tuple[CategorySpec, ...]):
    """Every category of a tree, parents before children, with its parent (None at the top)."""
    for top in categories:
        yield top, None
        for child in top.children:
            yield child, top
