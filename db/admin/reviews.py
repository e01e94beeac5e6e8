"""Reviews: publish, unpublish, delete. A product's rating and review count are those of its
published reviews (as the seed sets them), so every change here recomputes them."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from pydantic import StrictBool
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from db import audit
from db.admin import found
from db.admin.forms import Form
from db.models import Product, Review


class ReviewChanges(Form):
    published: StrictBool


def rerate(session: Session, product_id: int) -> None:
    session.flush()
    count, total = session.execute(
        select(func.count(Review.id), func.coalesce(func.sum(Review.rating), 0)).where(
            Review.product_id == product_id, Review.published.is_(True)
        )
    ).one()
    product = session.get(Product, product_id)
    product.review_count = count
    product.rating = (
        (Decimal(total) / count).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP) if count else Decimal("0.00")
    )


def review_record(review: Review) -> dict:
    return {
        "id": review.id,
        "published": review.published,
        "rating": review.rating,
        "comment": review.comment,
        "productId": review.product_id,
    }


def update_review(session: Session, actor: str, review_id: int, changes: ReviewChanges) -> dict:
    review = found(session, Review, review_id, "review")
    before = audit.snapshot(review)
    review.published = changes.published
    rerate(session, review.product_id)
    audit.record(
        session,
        actor,
        "publish" if changes.published else "unpublish",
        "review",
        review.id,
        before,
        audit.snapshot(review),
    )
    return review_record(review)


def delete_review(session: Session, actor: str, review_id: int) -> None:
    review = found(session, Review, review_id, "review")
    before = audit.snapshot(review)
    product_id = review.product_id
    session.delete(review)
    rerate(session, product_id)
    audit.record(session, actor, "delete", "review", review_id, before, None)
