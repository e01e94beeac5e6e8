"""The marketplace as the demo shows it: every product its seller's (or the store's) New offer, as
it was listed (the database lists each product as it is inserted); some books also offered used by the books shop's sellers, with a note; every order's
lines bought from those New offers and travelling in one shipment per seller, in the order's state."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from db.models import Offer, Order, Product, Seller
from db.models.offers import USED
from db.seed.common import rng
from db.shipments import shipments_for

# A used copy costs this share of the new price, by condition.
USED_SHARE = {"Like New": (0.70, 0.85), "Very Good": (0.55, 0.70), "Good": (0.40, 0.55), "Acceptable": (0.25, 0.40)}
NOTES = (
    "",
    "Name written inside the cover.",
    "Some pencil notes in the first chapters, easily erased.",
    "Cover slightly bent at one corner.",
    "Highlighting on a few pages.",
    "Spine creased, all pages intact.",
    "",
)
# Share of the books offered used as well, and how many used offers such a book gets.
USED_SHARE_OF_BOOKS = 0.35
SHIPMENT_OF_ORDER = {"Pending": "Processing", "Processing": "Processing"}


def used_offers(products: list[Product], sellers: list[Seller], now: dt.datetime) -> list[Offer]:
    """Used copies of some books from the books shop's sellers (never the book's own seller)."""
    r = rng("offers")
    offers = []
    for product in products:
        if product.shop != "books" or not product.published or r.random() >= USED_SHARE_OF_BOOKS:
            continue
        others = [s for s in sellers if s is not product.seller]
        for seller in r.sample(others, k=min(len(others), r.choice((1, 1, 2, 3)))):
            condition = r.choice(USED)
            low, high = USED_SHARE[condition]
            price = (product.price * Decimal(str(round(r.uniform(low, high), 2)))).quantize(Decimal("0.01"))
            created = max(product.created_at, now - dt.timedelta(days=r.randint(1, 60)))
            offers.append(
                Offer(
                    product=product,
                    seller=seller,
                    condition=condition,
                    price=max(price, Decimal("0.50")),
                    stock=r.choice((1, 1, 1, 2, 3)),
                    note=r.choice(NOTES),
                    created_at=created,
                    updated_at=created,
                )
            )
    return offers


def ship_orders(orders: list[Order], listings: dict[int, int]) -> None:
    """Point each line at its product's listing (its New offer, by product id) and split each order
    into its sellers' shipments, which stand where the order stands (with its carrier), so the
    order's status is theirs."""
    for order in orders:
        for line in order.lines:
            line.offer_id = listings[line.product.id]
        shipped = order.status in ("Shipped", "Delivered")
        for shipment in shipments_for(order.lines):
            shipment.status = SHIPMENT_OF_ORDER.get(order.status, order.status)
            shipment.created_at = order.created_at
            if shipped:
                shipment.carrier, shipment.tracking_no = order.carrier, order.tracking_no
                shipment.shipped_at = next(
                    (h.created_at for h in order.history if h.to_status in ("Shipped", "Delivered")), None
                )
            if order.status == "Delivered":
                shipment.delivered_at = next(h.created_at for h in order.history if h.to_status == "Delivered")
            order.shipments.append(shipment)
