"""Deterministic demo data: the Student Books catalogue, the demo storefronts, people, sales and money.

Every draw comes from a `random.Random` seeded per topic and every date is `now` less an offset, so
seeding twice with the same `now` writes the same rows and pictures.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from db.models import Product
from db.money import shop_money
from db.offers import listings, sellers_rating, summarise
from db.seed import content, ledger
from db.seed.booklists import build_booklists
from db.seed.catalogue import build_catalogue
from db.seed.catalogue_requests import build_catalogue_requests
from db.seed.common import normalise_now
from db.seed.images import Media
from db.seed.offers import ship_orders, used_offers
from db.seed.payments import build_payments
from db.seed.people import build_people, register_at_first_order
from db.seed.reviews import build_reviews
from db.seed.sales import build_sales

__all__ = ["is_empty", "seed"]


def is_empty(session: Session) -> bool:
    """True when there are no products (the database has never been seeded)."""
    return session.scalar(select(Product.id).limit(1)) is None


def seed(session: Session, media_dir: Path, *, now: dt.datetime | None = None) -> None:
    """Fill an EMPTY database with the demo data and write its images under media_dir. Caller commits."""
    now = normalise_now(now)
    media = Media(Path(media_dir))

    # 1. Everything that only refers to other new rows through relationships.
    people = build_people(now)
    catalogue = build_catalogue(media, people.sellers_by_shop, now)
    reviews = build_reviews(catalogue.products, people.customers, now)
    sales = build_sales(catalogue.products, people.customers, now)
    register_at_first_order(people.customers, sales.orders)
    shop_content = content.build_content(media, catalogue, now)
    session.add_all(
        [
            *people.packages.values(),
            *people.sellers,
            *people.customers,
            *people.payments,
            *catalogue.all_rows(),
            *reviews,
            *sales.orders,
            *sales.refunds,
            *shop_content,
        ]
    )
    session.flush()
    content.settle(session, shop_content)

    # 1b. The marketplace: used copies of some books, orders by offer, one shipment per seller.
    book_sellers = [listing.seller for listing in people.sellers_by_shop["books"]]
    used = used_offers(catalogue.products, book_sellers, now)
    with session.no_autoflush:  # the shipments join the session with their orders
        ship_orders(sales.orders, listings(session))
    session.add_all([*used, *build_catalogue_requests(book_sellers, now)])
    summarise(session, {offer.product.id for offer in used})
    sellers_rating(session, [seller.id for seller in people.sellers])

    # 2. What needs ids: avatars are named after them, the ledger points at orders, lines and refunds.
    for seller in people.sellers:
        seller.image = media.avatar("seller", seller.id, seller.name)
    for customer in people.customers:
        customer.image = media.avatar("customer", customer.id, customer.name)
    earnings = ledger.sale_earnings(sales.orders) + ledger.refund_reversals(sales.refunds)
    requests = ledger.build_payout_requests(people.sellers, earnings, now)
    session.add_all([*earnings, *requests, *build_payments(sales.orders, sales.refunds, shop_money())])
    session.flush()

    # 3. Payouts point at the accepted requests.
    session.add_all(ledger.build_payouts(requests))
    session.flush()

    # 4. School booklists, from the stock as the sales left it (the demo list shows a sold-out book).
    session.add_all(build_booklists(catalogue.products, now))
    session.flush()
