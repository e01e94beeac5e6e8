"""The shopper's side of the marketplace: a book's offers (GET /api/products/{id}/offers and the
product page), the buy box as the page shows it, cards' "offers from" and "used from", the cart's
checkout by offer and the order page's shipments."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

from sqlalchemy import func, select

from app.pages.page_keys import products_in
from db import levels
from db.models import Book, Offer, Order, Product, Seller
from db.offers import offer_price, summarise

JSON = {"Accept": "application/json"}
FORM = {
    "name": "Asha Verma",
    "email": "asha.verma@example.com",
    "phone": "+1 555 0100 22",
    "billingAddress": "12 Elm Street, Springfield",
    "paymentMethod": "Cash",
}


def read(client, fn):
    return client.app.state.services.db.read_sync(fn)


def write(client, fn):
    return client.app.state.services.db.write_sync(fn)


def props(client, url):
    response = client.get(url, headers=JSON)
    assert response.status_code == 200, response.text
    return response.json()["props"]


def book_with_used_offers(client, at_least: int = 2) -> int:
    """A seeded, published book offered used by at least `at_least` sellers, its New copy in stock."""

    def find(session):
        used = (
            select(Offer.product_id)
            .where(Offer.condition != "New", Offer.stock > 0)
            .group_by(Offer.product_id)
            .having(func.count() >= at_least)
        )
        return session.scalar(
            select(Product.id)
            .where(Product.id.in_(used), Product.published.is_(True), Product.condition == "New", Product.stock > 0)
            .order_by(Product.id)
            .limit(1)
        )

    return read(client, find)


def offers_in_db(client, product_id: int) -> list[Offer]:
    def find(session):
        offers = session.scalars(select(Offer).where(Offer.product_id == product_id)).all()
        session.expunge_all()
        return offers

    return read(client, find)


def test_the_offers_api_answers_the_buy_box_first_then_by_price(client):
    product_id = book_with_used_offers(client)
    response = client.get(f"/api/products/{product_id}/offers")  # signed out
    assert response.status_code == 200
    offers = response.json()
    stored = {offer.id: offer for offer in offers_in_db(client, product_id)}
    assert len(offers) == sum(1 for offer in stored.values() if offer.stock > 0) >= 3

    box, *others = offers
    assert box["buyBox"] and box["condition"] == "New" and not any(o["buyBox"] for o in others)
    assert [o["price"] for o in others] == sorted(o["price"] for o in others)
    for record in offers:
        offer = stored[record["id"]]
        assert set(record) == {
            "id",
            "condition",
            "price",
            "listPrice",
            "stock",
            "note",
            "photos",
            "seller",
            "rating",
            "buyBox",
        }
        assert Decimal(str(record["price"])) == offer_price(offer.price, offer.discount)
        assert Decimal(str(record["listPrice"])) == offer.price
        assert record["stock"] == offer.stock and record["note"] == offer.note and record["photos"] == []
        assert record["seller"]["id"] == offer.seller_id
        if offer.seller_id is None:
            assert record["seller"]["name"] == "Student Books" and record["rating"] is None
        else:
            assert record["seller"]["name"] != "Student Books" and isinstance(record["rating"], float)
    # The product page holds the same offers (read in its own data load).
    assert props(client, f"/product/{product_id}")["offers"] == offers


def test_unknown_and_unpublished_products_have_no_offers(client):
    product_id = book_with_used_offers(client)
    for path in ("/api/products/999999/offers", f"/api/products/{2**40}/offers"):
        response = client.get(path)
        assert response.status_code == 404 and response.json()["message"] == "No such product"

    def unpublish(session):
        session.get(Product, product_id).published = False

    write(client, unpublish)
    response = client.get(f"/api/products/{product_id}/offers")
    assert response.status_code == 404 and response.json() == {"message": "No such product"}


def test_a_suspended_sellers_offers_are_hidden(client):
    product_id = book_with_used_offers(client)
    before = client.get(f"/api/products/{product_id}/offers").json()
    # A used copy's seller (not the buy box's: its offers leaving would move the buy box too).
    seller_id = next(
        o["seller"]["id"] for o in before[1:] if o["seller"]["id"] not in (None, before[0]["seller"]["id"])
    )

    def suspend(session):
        session.get(Seller, seller_id).suspended_at = dt.datetime.now(dt.UTC).replace(tzinfo=None)
        summarise(session, [product_id])

    write(client, suspend)
    after = client.get(f"/api/products/{product_id}/offers").json()
    assert after == [o for o in before if o["seller"]["id"] != seller_id]
    card = props(client, f"/product/{product_id}")["product"]
    assert card["offerCount"] == len(after)


def test_the_buy_box_falls_to_the_cheapest_used_copy_when_no_new_one_is_left(client):
    product_id = book_with_used_offers(client)
    offers = client.get(f"/api/products/{product_id}/offers").json()
    new, used = offers[0], sorted(offers[1:], key=lambda o: o["price"])

    def sell_out_the_new_copy(session):
        session.get(Offer, new["id"]).stock = 0
        summarise(session, [product_id])

    write(client, sell_out_the_new_copy)
    page = props(client, f"/product/{product_id}")
    box = page["offers"][0]
    assert box["buyBox"] and box["id"] == used[0]["id"] and box["condition"] != "New"
    # The sold-out New copy is no longer listed.
    assert new["id"] not in {o["id"] for o in page["offers"]}
    product = page["product"]
    assert product["price"] == used[0]["listPrice"] and product["usedFrom"] == used[0]["price"]
    html = client.get(f"/product/{product_id}").text
    assert f"Used – {box['condition']}" in html
    assert re.search(r'class="now">\$' + re.escape(f"{box['price']:.2f}") + "<", html)

    # A New copy cheaper than every used one takes the buy box back.
    def relist(session):
        offer = session.get(Offer, new["id"])
        offer.stock, offer.price, offer.discount = 2, Decimal(str(used[0]["price"])) + 5, 0
        summarise(session, [product_id])

    write(client, relist)
    assert client.get(f"/api/products/{product_id}/offers").json()[0]["id"] == new["id"]


def test_the_product_page_links_the_other_offers_and_single_offer_products_do_not(client):
    product_id = book_with_used_offers(client)
    offers = props(client, f"/product/{product_id}")["offers"]
    lowest = min(o["price"] for o in offers[1:])
    html = client.get(f"/product/{product_id}").text
    assert f"{len(offers) - 1} more offers from ${lowest:.2f}" in html.replace("<!-- -->", "")
    assert "Condition: <strong>New</strong>" in html

    def single(session):
        return session.scalar(
            select(Product.id).where(Product.shop != "books", Product.published.is_(True), Product.offer_count == 1)
        )

    other = read(client, single)
    page = props(client, f"/product/{other}")
    assert len(page["offers"]) == 1 and page["offers"][0]["buyBox"]
    assert "more offer" not in client.get(f"/product/{other}").text


def test_cards_show_offers_from_and_used_from(client):
    product_id = book_with_used_offers(client)
    offers = client.get(f"/api/products/{product_id}/offers").json()
    used = min(o["price"] for o in offers if o["condition"] != "New")
    card = props(client, f"/product/{product_id}")["product"]
    assert card["offerCount"] == len(offers) and card["usedFrom"] == used
    # Cards on the book's shelf and in search results say so.
    results = props(client, f"/product/search/{card['title']}")
    found = next(p for p in results["products"] if p["id"] == product_id)
    assert found["offerCount"] == len(offers) and found["usedFrom"] == used
    html = client.get(f"/product/search/{card['title']}").text.replace("<!-- -->", "")
    lowest = min(used, offers[0]["price"])
    assert f"{len(offers)} offers from ${lowest:.2f}" in html and f"Used from ${used:.2f}" in html


def test_search_finds_a_book_by_its_used_copys_price(client):
    product_id = book_with_used_offers(client)
    card = props(client, f"/product/{product_id}")["product"]
    used = card["usedFrom"]
    sale = float(offer_price(Decimal(str(card["price"])), card["discount"]))
    assert used < sale
    cheap = props(client, f"/product/search/{card['title']}?max_price={used}")
    assert product_id in {p["id"] for p in cheap["products"]}
    as_used = props(client, f"/product/search/{card['title']}?condition=used")
    assert product_id in {p["id"] for p in as_used["products"]}
    assert all(p["usedFrom"] is not None for p in as_used["products"])
    assert as_used["filters"]["condition"] == "used"


def test_checkout_by_offer_keys_its_problems_by_offer_and_ships_per_seller(client):
    product_id = book_with_used_offers(client)
    new, used, *_ = client.get(f"/api/products/{product_id}/offers").json()
    # A price seen before it changed: refused, keyed as the cart keys the line.
    stale = {"id": product_id, "offerId": used["id"], "qty": 1, "price": used["price"] + 1}
    response = client.post("/api/checkout", json={**FORM, "items": [stale]})
    assert response.status_code == 409
    assert list(response.json()["errors"]) == [f"{product_id}:{used['id']}"]

    items = [
        {"id": product_id, "offerId": used["id"], "qty": 1, "price": used["price"]},
        {"id": product_id, "offerId": new["id"], "qty": 1, "price": new["price"]},
    ]
    response = client.post("/api/checkout", json={**FORM, "items": items})
    assert response.status_code == 201, response.text
    placed = response.json()
    # The guest order link's page (the account's order page shows the same record).
    record = props(client, f"/orders/{placed['orderNo']}?key={placed['key']}")["order"]
    sellers = {s["seller"] for s in record["shipments"]}
    assert sellers == {new["seller"]["name"], used["seller"]["name"]} and len(sellers) == 2
    assert all(s["status"] == "Processing" and s["carrier"] is None for s in record["shipments"])
    by_condition = {line["condition"]: line for line in record["lines"]}
    assert set(by_condition) == {"New", used["condition"]}
    shipment_of = {s["id"]: s["seller"] for s in record["shipments"]}
    assert shipment_of[by_condition[used["condition"]]["shipmentId"]] == used["seller"]["name"]

    def stock(session):
        return session.get(Offer, used["id"]).stock, session.get(Order, placed["orderNo"]).total

    left, total = read(client, stock)
    assert left == used["stock"] - 1
    assert total == Decimal(str(used["price"])) + Decimal(str(new["price"]))


def shelf_of(client, product_id: int) -> str:
    """The level page a book is on (/books/class-9, /books/college, /books/stories)."""
    kind, number = read(
        client, lambda s: s.execute(select(Book.level_kind, Book.level_from).where(Book.product_id == product_id)).one()
    )
    return levels.Level(kind, number or 0, number or 0).url


def test_an_offers_price_change_drops_the_books_pages_and_the_lists_it_moves(client):
    from test_page_invalidation import Shop, warm

    shop = Shop(client)
    product_id = book_with_used_offers(client)
    offers = client.get(f"/api/products/{product_id}/offers").json()
    cheapest = min((o for o in offers if o["condition"] != "New"), key=lambda o: o["price"])
    other_book = next(i for i in range(1, 400) if i != product_id and client.get(f"/product/{i}").status_code == 200)
    shelf = shelf_of(client, product_id)
    other_shelf = next(path for path in ("/books/college", "/books/stories", "/books/class-9") if path != shelf)
    pages = [f"/product/{product_id}", f"/product/{other_book}", "/product/search/physics", shelf, other_shelf, "/"]
    seen = warm(shop, pages)

    def cheaper(session):
        offer = session.get(Offer, cheapest["id"])
        offer.price -= Decimal("0.50")
        summarise(session, [product_id])

    shop.write_around(cheaper)
    after, built = shop.visit(pages)
    # Its page (the offers and the card's "Used from"), every page showing its card, the search
    # lists whose price filters and sorts read the lowest offer's price, and its own shelf; not
    # another level's shelf.
    assert f"/product/{product_id}" in built and shop.showing(product_id, seen) <= built
    assert {"/product/search/physics", shelf} <= built
    assert other_shelf not in built
    assert after[f"/product/{product_id}"]["product"]["usedFrom"] == round(cheapest["price"] - 0.5, 2)
    # A page that shows neither the book nor a list it moves stays cached.
    if product_id not in products_in(seen[f"/product/{other_book}"]):
        assert f"/product/{other_book}" not in built
