"""A book's offers: the buy box's choice, the summary its product row keeps, a checkout by offer
(priced at the offer, stock taken from it, the buy box handed on when it sells out) and an order
split into one shipment per seller whose states its own status follows."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import select
from test_checkout import FORM

from db.models import Offer, Order, Product, Seller
from db.offers import Candidate, buy_box, offer_price, summarise
from db.shipments import status_from

D = Decimal


def candidate(id, condition, price, stock, rating="4", discount=0):
    return Candidate(id, condition, D(price), discount, stock, D(rating))


def test_the_buy_box_is_the_cheapest_new_copy_in_stock_even_beside_cheaper_used_ones():
    offers = [candidate(1, "New", "20", 5), candidate(2, "New", "18", 1), candidate(3, "Good", "4", 9)]
    assert buy_box(offers).id == 2


def test_a_discount_counts_and_equal_prices_go_to_the_better_rated_seller():
    offers = [candidate(1, "New", "20", 5, rating="4.8", discount=10), candidate(2, "New", "18", 5, rating="4.9")]
    assert buy_box(offers).id == 2  # 18.00 each, 4.9 beats 4.8
    offers.append(candidate(3, "New", "18", 5, rating="3.0"))
    assert buy_box(offers).id == 2


def test_without_a_new_copy_in_stock_the_cheapest_used_one_sells_and_with_nothing_the_cheapest_waits():
    offers = [candidate(1, "New", "20", 0), candidate(2, "Acceptable", "6", 2), candidate(3, "Like New", "5", 1)]
    assert buy_box(offers).id == 3
    sold_out = [candidate(1, "New", "20", 0), candidate(2, "Good", "6", 0)]
    assert buy_box(sold_out).id == 2
    assert buy_box([]) is None


def test_offer_price_rounds_to_the_cent_half_up():
    assert offer_price(D("9.99"), 15) == D("8.49")
    assert offer_price(D("0.05"), 10) == D("0.05")


def test_status_from_shipments():
    assert status_from(["Processing", "Shipped"]) == "Processing"
    assert status_from(["Shipped", "Delivered"]) == "Shipped"
    assert status_from(["Delivered", "Cancelled"]) == "Delivered"
    assert status_from(["Cancelled", "Cancelled"]) == "Cancelled"


def _used_book(session) -> tuple[Product, Offer, Offer]:
    """A published book with a used offer besides its New listing, both in stock."""
    used = session.scalars(
        select(Offer)
        .join(Product, Offer.product_id == Product.id)
        .where(Offer.condition != "New", Offer.stock > 0, Product.published.is_(True), Product.stock > 1)
        .order_by(Offer.id)
    ).first()
    product = used.product
    listing = session.scalars(select(Offer).where(Offer.product_id == product.id).order_by(Offer.id)).first()
    return product, listing, used


def test_the_seeded_summary_is_what_the_offers_make(client):
    def read(session):
        product, listing, used = _used_book(session)
        return product.price, product.stock, product.condition, product.used_from, product.offer_count, listing, used

    price, stock, condition, used_from, count, listing, used = client.app.state.services.db.read_sync(read)
    assert (price, stock, condition) == (listing.price, listing.stock, "New")
    assert used_from is not None and used_from <= offer_price(used.price, used.discount)
    assert count >= 2


def _checkout(client, items, key=None):
    headers = {"Idempotency-Key": key} if key else {}
    return client.post("/api/checkout", json={**FORM, "items": items}, headers=headers)


def test_a_used_copy_is_bought_at_its_own_price_from_its_seller_and_ships_apart(client):
    db = client.app.state.services.db
    product, listing, used = db.read_sync(_used_book)
    used_price = offer_price(used.price, used.discount)
    items = [
        {"id": product.id, "offerId": used.id, "qty": 1, "price": str(used_price)},
        {"id": product.id, "qty": 1, "price": str(offer_price(listing.price, listing.discount))},
    ]
    answer = _checkout(client, items)
    assert answer.status_code == 201, answer.text

    def read(session):
        order = session.get(Order, answer.json()["orderNo"])
        lines = [(line.offer_id, line.condition, line.seller_id, line.unit_price) for line in order.lines]
        shipments = sorted((s.seller_id or 0, s.status, len(s.lines)) for s in order.shipments)
        return lines, shipments, session.get(Offer, used.id).stock, session.get(Product, product.id).stock

    lines, shipments, used_left, product_stock = db.read_sync(read)
    assert (used.id, used.condition, used.seller_id, used_price) in lines
    assert (listing.id, "New", listing.seller_id, offer_price(listing.price, listing.discount)) in lines
    if used.seller_id != listing.seller_id:
        assert shipments == sorted([(used.seller_id or 0, "Processing", 1), (listing.seller_id or 0, "Processing", 1)])
    assert used_left == used.stock - 1
    assert product_stock == listing.stock - 1  # the buy box's stock is the product's


def test_a_wrong_price_or_another_books_offer_is_refused_and_writes_nothing(client):
    db = client.app.state.services.db
    product, listing, used = db.read_sync(_used_book)
    orders_before = db.read_sync(lambda s: s.scalar(select(Order.id).order_by(Order.id.desc()).limit(1)))
    used_price = offer_price(used.price, used.discount)
    wrong_price = [{"id": product.id, "offerId": used.id, "qty": 1, "price": "0.01"}]
    answer = _checkout(client, wrong_price)
    assert answer.status_code == 409
    assert answer.json()["errors"] == {f"{product.id}:{used.id}": f"The price of {product.title} is now {used_price}."}
    other_book = [{"id": product.id + 1, "offerId": used.id, "qty": 1, "price": str(used.price)}]
    assert _checkout(client, other_book).status_code == 409
    assert db.read_sync(lambda s: s.scalar(select(Order.id).order_by(Order.id.desc()).limit(1))) == orders_before


def test_when_the_buy_box_sells_out_the_next_offer_takes_it_and_a_cancel_gives_it_back(client, admin_client):
    db = client.app.state.services.db
    product, listing, used = db.read_sync(_used_book)
    price = offer_price(listing.price, listing.discount)
    answer = _checkout(client, [{"id": product.id, "qty": listing.stock, "price": str(price)}])
    assert answer.status_code == 201, answer.text

    def summary(session):
        p = session.get(Product, product.id)
        return p.condition, p.stock, p.seller_id, p.offer_count

    condition, stock, seller_id, count = db.read_sync(summary)
    assert condition != "New" and stock > 0 and count >= 1  # a used copy sells now
    cancelled = admin_client.patch(f"/api/orders/{answer.json()['orderNo']}", json={"status": "Cancelled"})
    assert cancelled.status_code == 200, cancelled.text
    assert db.read_sync(summary) == ("New", listing.stock, listing.seller_id, count + 1)


def test_a_suspended_sellers_offers_are_not_sold(client):
    db = client.app.state.services.db
    product, listing, used = db.read_sync(_used_book)

    def suspend(session):
        session.get(Seller, used.seller_id).suspended_at = session.get(Seller, used.seller_id).created_at
        summarise(session, [product.id])

    db.write_sync(suspend)
    price = offer_price(used.price, used.discount)
    answer = _checkout(client, [{"id": product.id, "offerId": used.id, "qty": 1, "price": str(price)}])
    assert answer.status_code == 409
    assert answer.json()["errors"] == {f"{product.id}:{used.id}": "This product is no longer sold."}
