"""Everything a product page shows: the product (and a book's details), its gallery, its offers
(the buy box first), its published reviews, and the "frequently bought together" and "related products" lists."""

from __future__ import annotations

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from db.models import Customer, Review
from db.queries import shown
from db.queries.book_records import book_details
from db.queries.media import media_url
from db.queries.offers import product_offers
from db.queries.products import product_card
from db.queries.shared import UnknownProduct, product_lists, published_product

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
        for r in session.connection().execute(REVIEWS, {"product_id": product_id})
    ]


def product_page(session: Session, product_id: int) -> dict:
    """Raises UnknownProduct for an unknown or unpublished id."""
    product = published_product(session, product_id)
    shown.note(session, [product])
    card = product_card(product)
    card.update(
        {
            "description": product.description,
            "brand": product.brand.name if product.brand else None,
            "shopName": product.seller.shop_name if product.seller else "Student Books",
            "categorySlug": product.category.slug,
        }
    )
    if product.book is not None:
        card["book"] = book_details(product.book)
    frequently_bought, related = product_lists(session, product)
    return {
        "product": card,
        "offers": product_offers(session, product.id),
        "reviews": product_reviews(session, product.id),
        "frequentlyBought": frequently_bought,
        "related": related,
    }


__all__ = ["UnknownProduct", "product_page"]
