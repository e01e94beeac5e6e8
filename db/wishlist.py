"""A shopper's wishlist: the books they saved, saved and removed again (both idempotent)."""

from __future__ import annotations

from sqlalchemy import delete, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from db.admin import NotFound
from db.models import Product, WishlistItem
from db.queries.media import media_url
from db.queries.products import money


def _published(session: Session, product_id: int) -> Product:
    product = session.get(Product, product_id) if 0 < product_id < 2**63 else None
    if product is None or not product.published:
        raise NotFound(f"There is no product {product_id}")
    return product


def wishlist_of(session: Session, user_id: int) -> list[dict]:
    """The saved books that are still on sale, the latest saved first."""
    rows = session.execute(
        select(Product.id, Product.title, Product.price, Product.discount, Product.images, Product.stock)
        .join(WishlistItem, WishlistItem.product_id == Product.id)
        .where(WishlistItem.user_id == user_id, Product.published.is_(True))
        .order_by(WishlistItem.created_at.desc(), Product.id.desc())
    )
    return [
        {
            "id": r.id,
            "title": r.title,
            "price": money(r.price),
            "discount": r.discount,
            "image": media_url(r.images[0]) if r.images else None,
            "url": f"/product/{r.id}",
            "inStock": r.stock > 0,
        }
        for r in rows
    ]


def save(session: Session, user_id: int, product_id: int) -> None:
    _published(session, product_id)
    insert = pg_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert
    session.execute(insert(WishlistItem).values(user_id=user_id, product_id=product_id).on_conflict_do_nothing())


def remove(session: Session, user_id: int, product_id: int) -> None:
    _published(session, product_id)
    session.execute(delete(WishlistItem).where(WishlistItem.user_id == user_id, WishlistItem.product_id == product_id))
