"""The cart a first-time visitor starts with in demo mode (SPEC.md §3: three items at 250, qty 1)."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from db.checkout import sale_price
from db.models import Product
from db.queries.media import media_url

DEMO_PRICE = Decimal("250.00")
DEMO_ITEMS = 3


def demo_cart(session: Session) -> list[dict]:
    """Cart items {id, name, price, imgUrl, qty} of the first published, in-stock products that sell
    at exactly the demo price, so a demo checkout orders real products at the price the cart shows."""
    # A discount only lowers a price: anything listed under 250 cannot sell at 250.
    candidates = session.scalars(
        select(Product)
        .where(Product.published.is_(True), Product.stock > 0, Product.price >= DEMO_PRICE)
        .order_by(Product.id)
    )
    chosen = [p for p in candidates if sale_price(p) == DEMO_PRICE][:DEMO_ITEMS]
    return [
        {
            "id": str(p.id),
            "name": p.title,
            "price": float(DEMO_PRICE),
            "imgUrl": media_url(p.images[0] if p.images else None),
            "qty": 1,
        }
        for p in chosen
    ]
