"""A shopper's orders: placed signed in they are the account's at once, with their timeline; a guest
order joins only once the account verified its email; another shopper's order is a 404; "Buy again"
answers what is still sold (a sold-out book named and left out, quantities cut to the stock); the
checkout takes an optional delivery address."""

from __future__ import annotations

import pytest
from conftest import another_browser, sign_in
from shoppers import checkout, sign_up, verify
from sqlalchemy import update
from test_checkout import FORM, in_stock_products
from test_openapi import checked_answer

from db.models import Order, Product

DELIVERY = {
    "name": "Ravi Verma",
    "phone": "+91 98765 43210",
    "line1": "Flat 4B, 12 Park Street",
    "line2": "",
    "city": "Kolkata",
    "postcode": "700016",
    "country": "India",
}


def move(admin, order_no, status):
    answer = admin.patch(f"/api/orders/{order_no}", json={"status": status})
    assert answer.status_code == 200, answer.text


def test_an_order_placed_signed_in_is_in_the_account_with_its_timeline(client):
    sign_up(client)
    order_no = checkout(client)
    assert client.app.state.services.db.read_sync(lambda s: s.get(Order, order_no).account_id) is not None

    listed = client.get("/api/me/orders", params={"page": 1, "per_page": 10})
    assert listed.status_code == 200 and listed.headers["x-total-count"] == "1"
    assert "no-store" in listed.headers["cache-control"]
    [row] = listed.json()
    assert row["orderNo"] == order_no and row["status"] == "Pending" and row["books"] == 2

    admin = another_browser(client)
    assert sign_in(admin).status_code == 200
    admin.headers["X-CSRF-Token"] = admin.get("/api/auth/csrf").json()["csrfToken"]
    move(admin, order_no, "Processing")

    order = client.get(f"/api/me/orders/{order_no}").json()
    assert [step["status"] for step in order["timeline"]] == ["Pending", "Processing"]
    assert all(step["at"] for step in order["timeline"])
    assert order["billingAddress"] == FORM["billingAddress"] and order["deliveryAddress"] is None
    assert order["paymentMethod"] == "Cash" and len(order["lines"]) == 2
    line = order["lines"][0]
    assert line["url"] == f"/product/{line['productId']}" and line["lineTotal"] == line["unitPrice"] * line["qty"]

    page = client.get(f"/account/orders/{order_no}")
    assert page.status_code == 200 and "Processing" in page.text and "no-store" in page.headers["cache-control"]
    assert f'href="/account/orders/{order_no}"' in client.get("/account/orders").text


def test_the_answers_are_what_openapi_json_says(client):
    sign_up(client)
    order_no = checkout(client)
    client.post("/api/me/addresses", json=DELIVERY)
    spec = client.get("/openapi.json").json()
    for url, path in (
        ("/api/me/orders", "/api/me/orders"),
        (f"/api/me/orders/{order_no}", "/api/me/orders/{orderNo}"),
        ("/api/me/addresses", "/api/me/addresses"),
    ):
        checked_answer(spec, url, spec["paths"][path]["get"], client.get(url))
    buy = client.post(f"/api/me/orders/{order_no}/buy-again")
    checked_answer(spec, "buy-again", spec["paths"]["/api/me/orders/{orderNo}/buy-again"]["post"], buy)


def test_another_shoppers_order_is_404_and_a_guest_is_401(client):
    sign_up(client)
    order_no = checkout(client)
    other = another_browser(client)
    assert other.get(f"/api/me/orders/{order_no}").status_code == 401
    assert other.get(f"/account/orders/{order_no}", follow_redirects=False).status_code == 302
    sign_up(other, email="someone.else@example.com", name="Someone Else")
    assert other.get(f"/api/me/orders/{order_no}").status_code == 404
    assert other.post(f"/api/me/orders/{order_no}/buy-again").status_code == 404
    assert other.get(f"/account/orders/{order_no}").status_code == 404
    assert other.get("/api/me/orders").json() == []
    assert other.get("/api/me/orders/999999999").status_code == 404


def test_a_guest_order_joins_the_account_only_once_its_email_is_verified(client):
    guest_order = checkout(client, email="Meera.Iyer@example.com")
    sign_up(client, email="meera.iyer@example.com", name="Meera Iyer")
    assert client.get("/api/me/orders").json() == []
    assert client.get(f"/api/me/orders/{guest_order}").status_code == 404
    verify(client, "meera.iyer@example.com")
    assert [o["orderNo"] for o in client.get("/api/me/orders").json()] == [guest_order]
    assert client.get(f"/api/me/orders/{guest_order}").status_code == 200


def test_the_list_is_newest_first_and_paged(client):
    sign_up(client)
    numbers = [checkout(client, in_stock_products(client, 1)) for _ in range(3)]
    first = client.get("/api/me/orders", params={"per_page": 2})
    assert first.headers["x-total-count"] == "3"
    assert [o["orderNo"] for o in first.json()] == numbers[::-1][:2]
    assert [o["orderNo"] for o in client.get("/api/me/orders?per_page=2&page=2").json()] == numbers[:1]
    assert client.get("/api/me/orders?per_page=0").status_code == 422


def test_buy_again_leaves_out_a_sold_out_book_and_cuts_to_the_stock(client):
    sign_up(client)
    (a, price_a, _), (b, price_b, _), (c, price_c, _) = in_stock_products(client, 3, min_stock=5)
    items = [{"id": a, "qty": 1, "price": price_a}, {"id": b, "qty": 1, "price": price_b}]
    items.append({"id": c, "qty": 4, "price": price_c})
    answer = client.post("/api/checkout", json={**FORM, "items": items})
    order_no = answer.json()["orderNo"]

    def change(session):
        session.execute(update(Product).where(Product.id == b).values(stock=0))
        session.execute(update(Product).where(Product.id == c).values(stock=2))

    client.app.state.services.db.write_sync(change)
    assert client.post(f"/api/me/orders/{order_no}/buy-again", headers={"X-CSRF-Token": "wrong"}).status_code == 403
    again = client.post(f"/api/me/orders/{order_no}/buy-again")
    assert again.status_code == 200, again.text
    body = again.json()
    lines = {line["id"]: line for line in body["lines"]}
    assert set(lines) == {a, c}
    assert lines[a]["addable"] == 1 and lines[a]["state"] == "in-stock" and lines[a]["price"] == price_a
    assert lines[c]["addable"] == 2 and lines[c]["state"] == "short" and lines[c]["quantity"] == 4
    [left] = body["leftOut"]
    assert left["id"] == b and left["state"] == "out-of-stock" and left["title"]


def test_the_checkout_stores_a_delivery_address_and_the_back_office_sees_it(admin_client):
    without = checkout(admin_client)
    with_delivery = checkout(admin_client, deliveryAddress=DELIVERY)
    assert admin_client.get(f"/api/orders/{without}").json()["deliveryAddress"] is None
    shown = admin_client.get(f"/api/orders/{with_delivery}").json()["deliveryAddress"]
    assert shown.splitlines() == [
        "Ravi Verma",
        "Flat 4B, 12 Park Street",
        "700016 Kolkata",
        "India",
        "Phone: +91 98765 43210",
    ]
    # An admin signed in is no shopper: the order is nobody's account's.
    assert admin_client.app.state.services.db.read_sync(lambda s: s.get(Order, with_delivery).account_id) is None


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("city", "", "Enter the town or city"),
        ("postcode", "7!", "letters, digits"),
        ("phone", "12", "7 to 20 digits"),
        ("line1", "x" * 201, "at most 200"),
    ],
)
def test_a_wrong_delivery_address_is_refused_by_field(client, field, value, message):
    ((a, price, _),) = in_stock_products(client, 1)
    answer = client.post(
        "/api/checkout",
        json={**FORM, "items": [{"id": a, "qty": 1, "price": price}], "deliveryAddress": {**DELIVERY, field: value}},
    )
    assert answer.status_code == 422
    assert message in answer.json()["errors"][f"deliveryAddress.{field}"]
