"""A product's offers and the summary its row keeps of them.

The buy box is the offer a product's page, card and "Add to cart" sell by default: the cheapest
New offer in stock, else the cheapest used one in stock (ties to the seller with the better
rating, then the older offer). A suspended seller's offers are not sold. The product row carries
the buy box's price, discount, seller, condition and stock (what "Add to cart" may take: in stock
exactly when some offer is), the lowest used price and the count of offers in stock, so every
list, card and search reads one row per product; `summarise` writes that summary in the transaction that changed an offer, through the ORM, so the catalogue
change log names the pages it moves (db/catalogue_changes.py)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from db import audit
from db.models import Offer, Product, Seller
from db.models.offers import NEW

CENT = Decimal("0.01")
# Who sells the store's own copies (an offer, line or shipment without a seller), wherever it is named.
STORE_NAME = "Student Books"
# The store's own copies rank with the best rated seller at equal price.
STORE_RATING = Decimal("5")


@dataclass(frozen=True)
class Candidate:
    """An offer as the buy box weighs it."""

    id: int
    condition: str
    price: Decimal
    discount: int
    stock: int
    seller_rating: Decimal


def offer_price(price: Decimal, discount: int) -> Decimal:
    """What a shopper pays for one copy: the offer's price less its own discount, to the cent."""
    return (price * (100 - discount) / 100).quantize(CENT, rounding=ROUND_HALF_UP)


def _rank(candidate: Candidate) -> tuple:
    return (offer_price(candidate.price, candidate.discount), -candidate.seller_rating, candidate.id)


def buy_box(candidates: Iterable[Candidate]) -> Candidate | None:
    """The offer sold by default, or None when there is no offer at all. With nothing in stock,
    the offer that would win were it in stock (the page shows its price as sold out)."""
    candidates = list(candidates)
    in_stock = [c for c in candidates if c.stock > 0]
    for pool in ([c for c in in_stock if c.condition == NEW], in_stock, candidates):
        if pool:
            return min(pool, key=_rank)
    return None


def sold(session: Session, product_ids: Iterable[int]) -> dict[int, list[Candidate]]:
    """The offers shoppers may buy (their seller not suspended), by product."""
    ids = set(product_ids)
    rows = session.execute(
        select(Offer.id, Offer.product_id, Offer.condition, Offer.price, Offer.discount, Offer.stock, Seller.rating)
        .outerjoin(Seller, Offer.seller_id == Seller.id)
        .where(Offer.product_id.in_(ids), Seller.suspended_at.is_(None))
    )
    found: dict[int, list[Candidate]] = {product_id: [] for product_id in ids}
    for offer_id, product_id, condition, price, discount, stock, rating in rows:
        rating = STORE_RATING if rating is None else rating
        found[product_id].append(Candidate(offer_id, condition, price, discount, stock, rating))
    return found


def summarise(session: Session, product_ids: Iterable[int]) -> None:
    """Write each product's summary of its offers (flushing first, so the offers' own pending changes
    count). Only columns that differ are set: an unchanged summary moves no list."""
    session.flush()
    offers = sold(session, product_ids)
    # Fresh rows: a plain UPDATE (a sale, stock put back) may have changed them behind the session.
    products = session.scalars(
        select(Product).where(Product.id.in_(offers)).execution_options(populate_existing=True)
    ).all()
    sellers = dict(session.execute(select(Offer.id, Offer.seller_id).where(Offer.product_id.in_(offers))).all())
    for product in products:
        candidates = offers[product.id]
        best = buy_box(candidates)
        used = [offer_price(c.price, c.discount) for c in candidates if c.condition != NEW and c.stock > 0]
        summary = {
            "stock": best.stock if best is not None else 0,
            "used_from": min(used) if used else None,
            "offer_count": sum(1 for c in candidates if c.stock > 0),
        }
        if best is not None:
            summary |= {
                "price": best.price,
                "discount": best.discount,
                "seller_id": sellers[best.id],
                "condition": best.condition,
            }
        for column, value in summary.items():
            if getattr(product, column) != value:
                setattr(product, column, value)
    session.flush()


def sellers_rating(session: Session, seller_ids: Iterable[int]) -> None:
    """A seller's rating: the average of their products' reviews, weighted by each one's count."""
    for seller in session.scalars(select(Seller).where(Seller.id.in_(set(seller_ids)))):
        rows = session.execute(
            select(Product.rating, Product.review_count).where(Product.seller_id == seller.id, Product.review_count > 0)
        ).all()
        reviews = sum(count for _, count in rows)
        rating = sum(r * c for r, c in rows) / reviews if reviews else Decimal("0")
        seller.rating = Decimal(rating).quantize(CENT, rounding=ROUND_HALF_UP)


def listings(session: Session, product_ids: Iterable[int] | None = None) -> dict[int, int]:
    """Each product's listing: the offer it was created with (its first), by product id."""
    query = select(Offer.product_id, func.min(Offer.id)).group_by(Offer.product_id)
    if product_ids is not None:
        query = query.where(Offer.product_id.in_(set(product_ids)))
    return dict(session.execute(query).all())


def relist(session: Session, product: Product, values: dict) -> None:
    """Set the product's listing's columns (price, discount, stock) and write its summary again."""
    listing = session.get(Offer, listings(session, [product.id])[product.id])
    for column, value in values.items():
        setattr(listing, column, value)
    summarise(session, [product.id])


def put_back(session: Session, offer_id: int | None, qty: int) -> None:
    """Copies of a cancelled line go back to their offer (gone with its seller: nowhere)."""
    if offer_id is not None:
        session.execute(
            update(Offer)
            .where(Offer.id == offer_id)
            .values(stock=Offer.stock + qty)
            .execution_options(synchronize_session=False)
        )


def list_offer(session: Session, actor: str, product_id: int, seller_id: int | None, **columns) -> Offer:
    """A new offer of the product (condition, price, stock, note...), its product's summary written
    again and the offer audited: how a seller's copies come on sale, whoever lists them."""
    offer = Offer(product_id=product_id, seller_id=seller_id, **columns)
    session.add(offer)
    summarise(session, [product_id])
    audit.record(session, actor, "create", "offer", offer.id, None, audit.snapshot(offer))
    return offer
