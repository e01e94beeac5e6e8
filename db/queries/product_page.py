"""Everything a product page shows: the product (and a book's details), its gallery, its offers
(the buy box first), its published reviews, and the "frequently bought together" and "related products" lists."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session, joinedload

from db.models import Review
from db.queries import shown
from db.queries.book_records import book_details
from db.queries.media import media_url
from db.queries.offers import product_offers
from db.queries.products import product_card
from db.queries.shared import UnknownProduct, frequently_bought, published_product, related_products

REVIEWS_SHOWN = 20


def product_reviews(session: Session, product_id: int) -> list[dict]:
    query = (
        select(Review)
        .options(joinedload(Review.customer))
        .where(Review.product_id == product_id, Review.published.is_(True))
        .order_by(Review.created_at.desc(), Review.id.desc())
        .limit(REVIEWS_SHOWN)
    )
    return [
        {
            "id": r.id,
            "rating": r.rating,
            "comment": r.comment,
            "customer": r.customer.name,
            "image": media_url(r.customer.image),
            "date": r.created_at.date().isoformat(),
        }
        for r in session.scalars(query)
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
    return {
        "product": card,
        "offers": product_offers(session, product.id),
        "reviews": product_reviews(session, product.id),
        "frequentlyBought": frequently_bought(session, product.id),
        "related": related_products(session, product.id),
    }


__all__ = ["UnknownProduct", "product_page"]
