"""Product records as storefront cards, and the orders shops show them in."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session, joinedload

from db.models import Author, Book, BookAuthor, Category, Product
from db.queries import shown
from db.queries.media import media_url

# What a card shows besides the product's own columns, for readers of ORM products (search, the
# product page): its category, and a book's ISBN and authors.
CARD_LOADING = (joinedload(Product.category), joinedload(Product.book))

# The same as plain columns, for the storefront sections (db/queries/sections.py): no ORM object
# is built on a page's hot path. `book_id` is set for a book. The shop, category, brand and seller
# ids are not shown: the page's invalidation keys are read from them (db/queries/shown.py).
CARD_COLUMNS = (
    Product.id,
    Product.slug,
    Product.title,
    Product.price,
    Product.discount,
    Product.rating,
    Product.review_count,
    Product.images,
    Category.name.label("category"),
    Product.unit,
    Product.stock,
    Product.used_from,
    Product.offer_count,
    Product.author,
    Product.status,
    Product.colors,
    Book.isbn,
    Book.product_id.label("book_id"),
    Product.shop,
    Product.category_id,
    Product.brand_id,
    Product.seller_id,
)

# The authors of many books at once, in each book's cover order.
AUTHORS = (
    select(BookAuthor.book_id, Author.name)
    .join(Author, Author.id == BookAuthor.author_id)
    .where(BookAuthor.book_id.in_(bindparam("books", expanding=True)))
    .order_by(BookAuthor.book_id, BookAuthor.position)
)


def money(value: Decimal | None) -> float | None:
    """JSON has no decimal type: money leaves the server as a number with two decimals."""
    return None if value is None else float(value)


def card(product: Any, category: str, book: tuple[str | None, list[str]] | None) -> dict[str, Any]:
    """The storefront product record of SPEC.md §3, from anything with a product's attributes (an
    ORM product or a row of CARD_COLUMNS); `book` is a book's (ISBN, author names)."""
    images = [media_url(p) for p in product.images] or [None]
    record: dict[str, Any] = {
        "id": product.id,
        "slug": product.slug,
        "title": product.title,
        "price": money(product.price),
        "discount": product.discount,
        "rating": float(product.rating),
        "reviewCount": product.review_count,
        "imgUrl": images[0],
        "imgGroup": images,
        "category": category,
        "unit": product.unit,
        "stock": product.stock,
        # The other offers: "3 offers from $X", "used from $Y" (db/offers.py summarise).
        "offerCount": product.offer_count,
        "usedFrom": money(product.used_from),
    }
    if product.author:
        record["author"] = product.author
    if book is not None:
        record["isbn"], record["authors"] = book
    if product.status:
        record["status"] = product.status
    if product.colors:
        record["productColors"] = product.colors
    return record


def product_card(product: Product) -> dict[str, Any]:
    """The card of an ORM product (loaded with CARD_LOADING)."""
    book = product.book
    return card(product, product.category.name, None if book is None else (book.isbn, [a.name for a in book.authors]))


def authors_of(session: Session, book_ids: list[int]) -> dict[int, list[str]]:
    """{book id: its authors' names in cover order} for these books."""
    names: dict[int, list[str]] = {book_id: [] for book_id in book_ids}
    if book_ids:
        for book_id, name in session.connection().execute(AUTHORS, {"books": book_ids}):
            names[book_id].append(name)
    return names


# The cards of products given by id.
CARDS = (
    select(*CARD_COLUMNS)
    .join(Category, Category.id == Product.category_id)
    .outerjoin(Book, Book.product_id == Product.id)
    .where(Product.id.in_(bindparam("ids", expanding=True)))
)


def cards_by_id(session: Session, ids: list[int]) -> list[dict[str, Any]]:
    """The cards of these products, in the order given."""
    if not ids:
        return []
    cards = cards_of_rows(session, session.connection().execute(CARDS, {"ids": ids}).all())
    return [cards[product_id] for product_id in ids if product_id in cards]


def cards_of_rows(session: Session, rows: list) -> dict[int, dict[str, Any]]:
    """{product id: card} for rows of CARD_COLUMNS; each product's card built once."""
    shown.note(session, rows)
    authors = authors_of(session, [row.book_id for row in rows if row.book_id is not None])
    cards: dict[int, dict[str, Any]] = {}
    for row in rows:
        if row.id not in cards:
            book = None if row.book_id is None else (row.isbn, authors[row.book_id])
            cards[row.id] = card(row, row.category, book)
    return cards


# The orderings storefront sections are named after.
TOP_RATED = (Product.rating.desc(), Product.review_count.desc(), Product.id)
NEWEST = (Product.created_at.desc(), Product.id.desc())
BIGGEST_DISCOUNT = (Product.discount.desc(), Product.id)
CATALOGUE_ORDER = (Product.id,)
