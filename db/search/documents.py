"""What the search index knows of a product: its text in four fields, weighted in that order.

- title: the product's title
- authors: its authors' names (Product.author holds them joined)
- tags: a book's series, subject, level ("Class 9") and format, its category and the category's parent
- body: a book's publisher, the brand, the description

Every product is indexed, published or not: the storefront's queries keep to published products
(they join the product row and ask for it), and the back office's product list finds unpublished
ones through the same index. The words of the first three fields also make the vocabulary
(`search_term`) that typo tolerance and "did you mean" look words up in; descriptions stay out of
it, so a suggestion is always a word of a title, a name or a category.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import Select, select
from sqlalchemy.orm import aliased

from db.models import Book, Brand, Category, Product

WORD = re.compile(r"[a-z0-9]+")
# Words shorter than this are not worth correcting or suggesting.
MIN_TERM = 2
MAX_TERM = 40


@dataclass(frozen=True)
class Document:
    product_id: int
    title: str
    authors: str
    tags: str
    body: str

    def terms(self) -> Counter[str]:
        """The vocabulary words of this document, each once."""
        return Counter(set(words(f"{self.title} {self.authors} {self.tags}")))


def fold(text: str) -> str:
    """Lower case without accents ("Brontë" -> "bronte"), the form every index word takes."""
    return unicodedata.normalize("NFKD", text or "").encode("ascii", "ignore").decode().lower()


def words(text: str, shortest: int = MIN_TERM) -> list[str]:
    """The folded words of a text (a query keeps one-letter words: "class 9")."""
    return [w for w in WORD.findall(fold(text)) if shortest <= len(w) <= MAX_TERM]


Parent = aliased(Category)


def documents_query(product_ids: Iterable[int] | None = None) -> Select:
    """The text of products (of these ids, or all), one row per product."""
    query = (
        select(
            Product.id,
            Product.title,
            Product.author,
            Product.description,
            Book.series,
            Book.subject,
            Book.publisher,
            Book.format,
            Book.level_kind,
            Book.level_from,
            Category.name.label("category"),
            Parent.name.label("parent"),
            Brand.name.label("brand"),
        )
        .join(Category, Category.id == Product.category_id)
        .outerjoin(Parent, Parent.id == Category.parent_id)
        .outerjoin(Book, Book.product_id == Product.id)
        .outerjoin(Brand, Brand.id == Product.brand_id)
        .order_by(Product.id)
    )
    if product_ids is not None:
        query = query.where(Product.id.in_(list(product_ids)))
    return query


def document_of(row) -> Document:
    # "Class 9" finds a school book; college and story books are found by their category.
    level = f"Class {row.level_from}" if row.level_kind == "class" else ""
    tags = " ".join(filter(None, (row.series, row.subject, level, row.format, row.category, row.parent)))
    body = " ".join(filter(None, (row.publisher, row.brand, row.description)))
    return Document(row.id, row.title, row.author or "", tags, body)
