"""The marketplace at scale: generated books offered used by the shop's sellers besides their New
listing (`python -m bench search offers`, `python -m bench miss offers`: OFFERS offers on each of
BOOKS generated books), and what one offer's price change drops from a server's page cache.

The used copies are bulk inserted beside bench/search.py's generated books; their products'
summary (db/offers.py `summarise`: stock, lowest used price, offers in stock) is written by one
UPDATE in SQL, and through `summarise` itself for the few books whose New copy is sold out (their
buy box is then a used copy, which the SQL does not choose)."""

from __future__ import annotations

import random
import time
from decimal import Decimal
from urllib.parse import quote

import httpx

BOOKS = 100_000
OFFERS = 5
# A used copy costs this share of its book's price.
USED_SHARE = (0.25, 0.85)


def used_copies(connection, products: list[dict], per_book: int, r: random.Random) -> None:
    """per_book - 1 used copies of each generated product (its New listing is the database
    trigger's), from the shop's sellers, in one bulk insert."""
    from sqlalchemy import insert, select

    from db.models import Offer, Seller
    from db.models.offers import USED

    sellers = list(connection.scalars(select(Seller.id).where(Seller.suspended_at.is_(None)).order_by(Seller.id)))
    offers = [
        {
            "product_id": product["id"],
            "seller_id": r.choice(sellers),
            "condition": r.choice(USED),
            "price": max(Decimal("0.50"), (product["price"] * Decimal(str(round(r.uniform(*USED_SHARE), 2))))),
            "discount": 0,
            "stock": r.randint(0, 3),
            "note": "",
            "photos": [],
        }
        for product in products
        for _ in range(per_book - 1)
    ]
    connection.execute(insert(Offer), offers)


def summarised(connection, first_id: int) -> None:
    """The summary of every product from `first_id` on, from its offers (the used copies carry no
    discount: their lowest price is their lowest list price)."""
    from sqlalchemy import text
    from sqlalchemy.orm import Session

    from db.offers import summarise

    connection.execute(
        text(
            """
            UPDATE product SET
              stock = (SELECT coalesce(sum(o.stock), 0) FROM offer o WHERE o.product_id = product.id),
              used_from = (SELECT min(o.price) FROM offer o
                           WHERE o.product_id = product.id AND o.condition != 'New' AND o.stock > 0),
              offer_count = (SELECT count(*) FROM offer o WHERE o.product_id = product.id AND o.stock > 0)
            WHERE id >= :first
            """
        ),
        {"first": first_id},
    )
    sold_out = list(
        connection.scalars(
            text(
                "SELECT product_id FROM offer WHERE product_id >= :first AND seller_id IS NULL"
                " AND condition = 'New' AND stock = 0"
            ),
            {"first": first_id},
        )
    )
    session = Session(bind=connection)
    for start in range(0, len(sold_out), 1000):
        summarise(session, sold_out[start : start + 1000])
    session.flush()


def a_used_offer(url: str) -> tuple[int, int, str]:
    """(offer id, its product, the product's shelf) of a generated book's cheapest used copy in
    stock: a change of its price moves the book's card ("Used from"), not only its page."""
    from sqlalchemy import select

    from db.engine import make_engine
    from db.models import Book, Offer, Product

    engine = make_engine(url)
    with engine.connect() as connection:
        offer_id, product_id, level = connection.execute(
            select(Offer.id, Offer.product_id, Book.level_from)
            .join(Product, Product.id == Offer.product_id)
            .join(Book, Book.product_id == Product.id)
            .where(Product.slug.like("bench-search-%"), Product.published.is_(True), Offer.condition != "New")
            .where(Offer.stock > 0, Offer.price == Product.used_from)
            .order_by(Offer.id)
            .limit(1)
        ).one()
    engine.dispose()
    return offer_id, product_id, f"/books/class-{level}"


def an_author_page(url: str) -> str:
    """A seeded author's page: the generated books credit no author, so it shows none of them."""
    from sqlalchemy import select

    from db.engine import make_engine
    from db.models import Author

    engine = make_engine(url)
    with engine.connect() as connection:
        slug = connection.scalar(select(Author.slug).order_by(Author.id).limit(1))
    engine.dispose()
    return f"/author/{slug}"


def change_price(url: str, offer_id: int) -> None:
    """The seller lowers the offer's price by a cent, as the seller portal will: one transaction
    with the product's summary, whose change log names the pages to drop."""
    import db.catalogue_version  # noqa: F401  (its flush hooks write the change log)
    from db.engine import make_engine, make_sessionmaker
    from db.models import Offer
    from db.offers import summarise

    engine = make_engine(url)
    with make_sessionmaker(engine)() as session, session.begin():
        offer = session.get(Offer, offer_id)
        offer.price -= Decimal("0.01")
        summarise(session, [offer.product_id])
    engine.dispose()


def cached(client: httpx.Client, path: str) -> bool:
    """Whether the page came from the cache (a page built for the answer says so in Server-Timing)."""
    response = client.get(path)
    response.raise_for_status()
    return "server-timing" not in response.headers


def dropped_pages(base: str, url: str) -> str:
    """Cache a book's page, its shelf, a search that finds it and pages that do not show it (other
    shelves, an author's page, other searches and products); change the price of one of its used
    copies; say which cached pages were dropped."""
    offer_id, product_id, shelf = a_used_offer(url)
    with httpx.Client(base_url=base, timeout=60) as client:
        page = client.get(f"/product/{product_id}", headers={"Accept": "application/json"}).json()
        pages = [
            f"/product/{product_id}",
            shelf,
            "/product/search/" + quote(page["props"]["product"]["title"], safe=""),
            "/",
            "/books/stories",
            "/books/class-9" if shelf != "/books/class-9" else "/books/class-10",
            "/product/1",
            "/product/3",
            "/product/search/physics",
            "/product/search/dragon",
            an_author_page(url),
        ]
        for path in pages:
            cached(client, path)
        held = [path for path in pages if cached(client, path)]
        change_price(url, offer_id)
        time.sleep(1)  # the server reads the change log every CATALOGUE_VERSION_TTL (0.25 s)
        dropped = [path for path in held if not cached(client, path)]
    return (
        f"an offer's price change (offer {offer_id} of product {product_id}) dropped {len(dropped)} of "
        f"{len(held)} cached pages: {', '.join(dropped) or 'none'}"
    )
