"""POST /api/checkout: validated server-side, placed in one transaction, refused writes nothing."""

from __future__ import annotations

from sqlalchemy import func, select

from db.checkout import sale_price
from db.models import Customer, Order, OrderLine, Product

FORM = {
    "name": "Asha Verma",
    "email": "asha.verma@example.com",
    "phone": "+1 555 0100 22",
    "billingAddress": "12 Elm Street, Springfield",
    "paymentMethod": "Cash",
}


def in_stock_products(client, count=2, min_stock=3, max_stock=90):
    def read(session):
        query = (
            select(Product)
            .where(Product.published.is_(True), Product.stock.between(min_stock, max_stock))
            .order_by(Product.id)
            .limit(count)
        )
        return [(p.id, float(sale_price(p)), p.stock) for p in session.scalars(query)]

    return client.app.state.services.db.read_sync(read)


def counts(client):
    def read(session):
        return tuple(session.scalar(select(func.count()).select_from(m)) for m in (Order, OrderLine, Customer))

    return client.app.state.services.db.read_sync(read)


def stock_of(client, product_id):
    return client.app.state.services.db.read_sync(lambda s: s.get(Product, product_id).stock)


def test_checkout_places_the_order_lowers_stock_and_answers_the_number(client):
    (a, price_a, stock_a), (b, price_b, _) = in_stock_products(client)
    response = client.post(
        "/api/checkout",
        json={**FORM, "items": [{"id": str(a), "qty": 2, "price": price_a}, {"id": b, "qty": 1, "price": price_b}]},
    )
    assert response.status_code == 201, response.text
    number = response.json()["orderNo"]
    assert stock_of(client, a) == stock_a - 2

    def read(session):
        order = session.get(Order, number)
        return (
            order.status,
            order.payment_method,
            float(order.total),
            [(line.product_id, line.qty) for line in order.lines],
            order.customer.email,
            len(order.history),
        )

    status, method, total, lines, email, history = client.app.state.services.db.read_sync(read)
    assert (status, method, email, history) == ("Pending", "Cash", FORM["email"], 1)
    assert sorted(lines) == sorted([(a, 2), (b, 1)])
    assert total == round(2 * price_a + price_b, 2)


def test_a_returning_customer_is_found_by_email(client):
    ((a, price, _),) = in_stock_products(client, 1)
    for _ in range(2):
        assert (
            client.post(
                "/api/checkout",
                json={**FORM, "email": "Repeat@Example.com", "items": [{"id": a, "qty": 1, "price": price}]},
            ).status_code
            == 201
        )
    found = client.app.state.services.db.read_sync(
        lambda s: s.scalar(
            select(func.count()).select_from(Customer).where(func.lower(Customer.email) == "repeat@example.com")
        )
    )
    assert found == 1


def test_invalid_fields_are_422_per_field_and_write_nothing(client):
    ((a, price, _),) = in_stock_products(client, 1)
    before = counts(client)
    bad = {
        "name": "",
        "email": "not-an-email",
        "phone": "12",
        "billingAddress": "x",
        "paymentMethod": "Bitcoin",
        "items": [{"id": a, "qty": 0, "price": price}],
    }
    response = client.post("/api/checkout", json=bad)
    assert response.status_code == 422
    errors = response.json()["errors"]
    for field in ("name", "email", "phone", "billingAddress", "paymentMethod", "items.0.qty"):
        assert field in errors, field
    assert counts(client) == before


def test_empty_cart_and_non_json_bodies_are_refused(client):
    assert client.post("/api/checkout", json={**FORM, "items": []}).status_code == 422
    assert (
        client.post("/api/checkout", content=b"{oops", headers={"Content-Type": "application/json"}).status_code == 422
    )
    assert client.post("/api/checkout", data={"name": "x"}).status_code == 415


def test_quantity_above_stock_is_409_and_nothing_is_written(client):
    (a, price_a, _), (b, price_b, stock_b) = in_stock_products(client)
    before = counts(client)
    stock_a = stock_of(client, a)
    response = client.post(
        "/api/checkout",
        json={
            **FORM,
            "items": [{"id": a, "qty": 1, "price": price_a}, {"id": b, "qty": stock_b + 1, "price": price_b}],
        },
    )
    assert response.status_code == 409
    assert str(b) in response.json()["errors"]
    assert counts(client) == before and stock_of(client, a) == stock_a


def test_unknown_or_unpublished_product_is_409(client):
    def unpublish(session):
        product = session.scalars(select(Product).where(Product.stock > 0)).first()
        product.published = False
        return product.id, float(sale_price(product))

    hidden, price = client.app.state.services.db.write_sync(unpublish)
    for item in ({"id": hidden, "qty": 1, "price": price}, {"id": 999999, "qty": 1, "price": 1}):
        response = client.post("/api/checkout", json={**FORM, "items": [item]})
        assert response.status_code == 409
        assert str(item["id"]) in response.json()["errors"]


def test_a_changed_price_is_409_with_the_current_price(client):
    ((a, price, _),) = in_stock_products(client, 1)
    response = client.post("/api/checkout", json={**FORM, "items": [{"id": a, "qty": 1, "price": price + 1}]})
    assert response.status_code == 409
    assert "price" in response.json()["errors"][str(a)]


def test_an_order_that_empties_stock_shows_among_stock_out_products(admin_client):
    ((a, price, stock),) = in_stock_products(admin_client, 1, min_stock=1)
    assert (
        admin_client.post(
            "/api/checkout", json={**FORM, "items": [{"id": a, "qty": stock, "price": price}]}
        ).status_code
        == 201
    )
    stock_out = admin_client.get("/api/stock-out-products?per_page=100").json()
    assert any(row["id"] == a and row["stock"] == 0 for row in stock_out)
