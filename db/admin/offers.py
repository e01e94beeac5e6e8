"""A product's offers as the back office sees them: every one, in stock or not, a suspended seller's
too (which shoppers do not see), the buy box and the product's own listing marked."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from db.admin import found
from db.models import Offer, Product, Seller
from db.offers import STORE_NAME, buy_box, listings, offer_price, sold
from db.queries.admin import iso
from db.queries.products import money


def product_offers(session: Session, product_id: int) -> list[dict]:
    found(session, Product, product_id, "product")
    best = buy_box(sold(session, [product_id])[product_id])
    listing = listings(session, [product_id]).get(product_id)
    rows = session.execute(
        select(Offer, Seller.name, Seller.shop_name, Seller.suspended_at)
        .outerjoin(Seller, Offer.seller_id == Seller.id)
        .where(Offer.product_id == product_id)
        .order_by(Offer.id)
    )
    return [
        {
            "id": offer.id,
            "sellerId": offer.seller_id,
            "seller": name or STORE_NAME,
            "shopName": shop_name,
            "condition": offer.condition,
            "price": money(offer.price),
            "discount": offer.discount,
            "pays": money(offer_price(offer.price, offer.discount)),
            "stock": offer.stock,
            "note": offer.note,
            "photos": len(offer.photos or []),
            "buyBox": best is not None and best.id == offer.id,
            "listing": offer.id == listing,
            "suspended": suspended_at is not None,
            "updatedAt": iso(offer.updated_at),
        }
        for offer, name, shop_name, suspended_at in rows
    ]
