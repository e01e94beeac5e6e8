"""A product's offers as the shopper chooses among them: the buy box first, then the others by the
price paid. Offers of a suspended seller are not sold, and a sold-out offer is not listed unless
it is the buy box (a sold-out product's page still shows the price it sells at)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from db.models import Offer, Seller
from db.offers import STORE_NAME, STORE_RATING, Candidate, buy_box, offer_price
from db.queries.media import media_url
from db.queries.products import money
from db.queries.rows import read_rows

# One statement: the offers and their sellers.
OFFERS = (
    select(
        Offer.id,
        Offer.condition,
        Offer.price,
        Offer.discount,
        Offer.stock,
        Offer.note,
        Offer.photos,
        Offer.seller_id,
        Seller.shop_name,
        Seller.rating,
    )
    .outerjoin(Seller, Offer.seller_id == Seller.id)
    .where(Offer.product_id == bindparam("product_id"), Seller.suspended_at.is_(None))
)


def _record(row: Any, best: bool) -> dict[str, Any]:
    store = row.seller_id is None
    return {
        "id": row.id,
        "condition": row.condition,
        "price": money(offer_price(row.price, row.discount)),
        "listPrice": money(row.price),
        "stock": row.stock,
        "note": row.note,
        "photos": [media_url(path) for path in row.photos or []],
        "seller": {"id": row.seller_id, "name": STORE_NAME if store else row.shop_name},
        "rating": None if store else float(row.rating),
        "buyBox": best,
    }


def product_offers(session: Session, product_id: int) -> list[dict[str, Any]]:
    """The offers a shopper may buy of a (published) product: the buy box first, then by price
    paid, better rated seller first at one price."""
    rows = read_rows(session, OFFERS, {"product_id": product_id})
    rating = {row.id: STORE_RATING if row.seller_id is None else Decimal(row.rating) for row in rows}
    candidates = [Candidate(r.id, r.condition, r.price, r.discount, r.stock, rating[r.id]) for r in rows]
    best = buy_box(candidates)
    best_id = best.id if best is not None else None
    shown = [row for row in rows if row.stock > 0 or row.id == best_id]
    shown.sort(key=lambda r: (r.id != best_id, offer_price(r.price, r.discount), -rating[r.id], r.id))
    return [_record(row, row.id == best_id) for row in shown]
