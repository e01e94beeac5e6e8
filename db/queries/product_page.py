"""Everything a product page shows: the product (and a book's details), its gallery, its offers
(the buy box first), its published reviews, and the "frequently bought together" and "related products" lists."""

from __future__ import annotations

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from db import page_keys as keys
from db.models import Author, Book, BookAuthor, Brand, Category, Customer, Product, Review, Seller
from db.queries import shown
from db.queries.book_records import book_details
from db.queries.media import media_url
from db.queries.offers import product_offers
from db.queries.products import CARD_COLUMNS, card
from db.queries.remembered import remembered
from db.queries.rows import read_rows
from db.queries.shared import UnknownProduct, product_lists

REVIEWS_SHOWN = 20


# A product's published reviews, newest first, as plain rows: the ORM built a statement and a
# review and a customer object per row on every product page's miss.
REVIEWS = (
    select(Review.id, Review.rating, Review.comment, Review.created_at, Customer.name, Customer.image)
    .outerjoin(Customer, Customer.id == Review.customer_id)
    .where(Review.product_id == bindparam("product_id"), Review.published.is_(True))
    .order_by(Review.created_at.desc(), Review.id.desc())
    .limit(REVIEWS_SHOWN)
)


def product_reviews(session: Session, product_id: int) -> list[dict]:
    return [
        {
            "id": r.id,
            "rating": r.rating,
            "comment": r.comment,
            "customer": r.name,
            "image": media_url(r.image),
            "date": r.created_at.date().isoformat(),
        }
        for r in remembered(
            session,
            (REVIEWS, product_id),
            frozenset({keys.reviews(product_id)}),
            lambda: read_rows(session, REVIEWS, {"product_id": product_id}),
        )
    ]


# The product with all its page shows of it, as plain rows, one per author of a book (in cover
# order): the ORM's load of a product, its category, brand, seller, book and credits built an
# object per row and per relation on every product page's miss, two fifths of its read.
PRODUCT = (
    select(
        *CARD_COLUMNS,
        Product.published,
        Product.description,
        Category.slug.label("category_slug"),
        Brand.name.label("brand"),
        Seller.shop_name,
        Book.publisher,
        Book.edition,
        Book.year,
        Book.format,
        Book.pages,
        Book.language,
        Book.level_kind,
        Book.level_from,
        Book.level_to,
        Book.subject,
        Book.series,
        Book.volume,
        Author.name.label("author_name"),
        Author.slug.label("author_slug"),
    )
    .join(Category, Category.id == Product.category_id)
    .outerjoin(Brand, Brand.id == Product.brand_id)
    .outerjoin(Seller, Seller.id == Product.seller_id)
    .outerjoin(Book, Book.product_id == Product.id)
    .outerjoin(BookAuthor, BookAuthor.book_id == Book.product_id)
    .outerjoin(Author, Author.id == BookAuthor.author_id)
    .where(Product.id == bindparam("product_id"))
    .order_by(BookAuthor.position)
)


def product_page(session: Session, product_id: int) -> dict:
    """Raises UnknownProduct for an unknown or unpublished id."""
    rows = read_rows(session, PRODUCT, {"product_id": product_id})
    if not rows or not rows[0].published:
        raise UnknownProduct(product_id)
    product = rows[0]
    shown.note(session, [product])
    authors = [row for row in rows if row.author_name is not None]
    book = None if product.book_id is None else (product.isbn, [a.author_name for a in authors])
    record = card(product, product.category, book)
    record.update(
        {
            "description": product.description,
            "brand": product.brand,
            "shopName": "Student Books" if product.seller_id is None else product.shop_name,
            "categorySlug": product.category_slug,
        }
    )
    if book is not None:
        record["book"] = book_details(product, [(a.author_name, a.author_slug) for a in authors])
    frequently_bought, related = product_lists(session, product)
    return {
        "product": record,
        "offers": product_offers(session, product.id),
        "reviews": product_reviews(session, product.id),
        "frequentlyBought": frequently_bought,
        "related": related,
    }


__all__ = ["UnknownProduct", "product_page"]
