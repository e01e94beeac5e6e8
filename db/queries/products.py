"""Product records as storefront cards, and the orders shops show them in."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from functools import cache
from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.orm import Session, joinedload

from db import page_keys as keys
from db.models import Author, Book, BookAuthor, Category, Product
from db.queries import shown
from db.queries.media import media_url
from db.queries.remembered import Remembered, stored
from db.queries.rows import read_rows
from db.search.among import among_ids, listed_ids

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

# A book's authors ride on its card's rows: one row per author, in cover order (a product that is no
# book, or a book without authors, has one row, its author None). A page's cards and their authors
# are one statement: a second one, an IN list of every book shown, cost a storefront's miss a
# fifth of a millisecond to expand and run.
CARD_AUTHOR = (Author.name.label("author_name"), BookAuthor.position.label("author_place"))


def with_authors(query: Select) -> Select:
    """`query` (selecting CARD_COLUMNS and CARD_AUTHOR, joined to the book) joined to the authors."""
    return query.outerjoin(BookAuthor, BookAuthor.book_id == Book.product_id).outerjoin(
        Author, Author.id == BookAuthor.author_id
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


@cache
def _cards(dialect: str) -> Select:
    """The cards of the products whose ids the `ids` parameter lists (listed_ids), each product's
    rows together, its authors in cover order. The ids are one parameter: an IN list of them was
    rendered again by SQLAlchemy at every run."""
    return with_authors(
        select(*CARD_COLUMNS, *CARD_AUTHOR)
        .join(Category, Category.id == Product.category_id)
        .outerjoin(Book, Book.product_id == Product.id)
        .where(among_ids(Product.id, "ids", dialect))
    ).order_by(Product.id, BookAuthor.position)


def _read_cards(session: Session, ids: list[int]) -> list[Any]:
    dialect = session.connection().dialect.name
    return read_rows(session, _cards(dialect), {"ids": listed_ids(ids, dialect)})


def cards_by_id(session: Session, ids: list[int]) -> list[dict[str, Any]]:
    """The cards of these products, in the order given."""
    if not ids:
        return []
    store = stored(session)
    cards = cards_of_rows(session, _read_cards(session, ids)) if store is None else kept_cards(session, store, ids)
    return [cards[product_id] for product_id in ids if product_id in cards]


def card_keys(row: Any) -> frozenset[str]:
    """What drops a product's kept card: a write to what it shows of the product (its authors'
    names included: db/catalogue_changes.py names their books), a stock count pages print, the
    name of its category."""
    return frozenset({keys.product(row.id), keys.stock(row.id), keys.category(row.category_id)})


def kept_cards(session: Session, store: Remembered, ids: Iterable[int]) -> dict[int, dict[str, Any]]:
    """{product id: card} for these products, from the cards a cached page's loader keeps
    (db/queries/remembered.py), the others read in one statement and kept. Each card is a copy:
    the kept one is never changed. Every product's row is noted for the page's keys."""
    kept, missing = store.get_each("card", ids)
    found = {product_id: dict(made) for product_id, (made, _row) in kept.items()}
    shown.note(session, [row for _made, row in kept.values()])
    if missing:
        begun = store.begun()
        rows = _read_cards(session, missing)
        first = {row.id: row for row in reversed(rows)}  # a product's first row (its rows are one per author)
        for product_id, made in cards_of_rows(session, rows).items():
            row = first[product_id]
            store.keep(("card", product_id), (made, shown.of(row)), card_keys(row), begun)
            found[product_id] = dict(made)
    return found


def cards_of_rows(session: Session, rows: list) -> dict[int, dict[str, Any]]:
    """{product id: card} for rows of CARD_COLUMNS and CARD_AUTHOR, a book's authors in cover order
    within each of its cards' rows; each product's card built once (a product in several of a
    page's sections has its rows in each: its authors are taken once)."""
    shown.note(session, rows)
    cards: dict[int, dict[str, Any]] = {}
    credited: set[tuple[int, int]] = set()
    for row in rows:
        made = cards.get(row.id)
        if made is None:
            made = cards[row.id] = card(row, row.category, None if row.book_id is None else (row.isbn, []))
        if row.author_name is not None and (row.id, row.author_place) not in credited:
            credited.add((row.id, row.author_place))
            made["authors"].append(row.author_name)
    return cards


# The orderings storefront sections are named after.
TOP_RATED = (Product.rating.desc(), Product.review_count.desc(), Product.id)
NEWEST = (Product.created_at.desc(), Product.id.desc())
BIGGEST_DISCOUNT = (Product.discount.desc(), Product.id)
CATALOGUE_ORDER = (Product.id,)
