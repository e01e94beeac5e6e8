"""Helpers the shopper tests share: sign a shopper up (POST /api/me with the pre-sign-in CSRF token),
send their writes with the session's token, place an order through the checkout."""

from __future__ import annotations

from test_checkout import FORM, in_stock_products

from db import accounts


def csrf(client) -> dict:
    return {"X-CSRF-Token": client.get("/api/auth/csrf").json()["csrfToken"]}


def sign_up(client, email="asha.verma@example.com", name="Asha Verma"):
    answer = client.post(
        "/api/me", json={"name": name, "email": email, "password": "correct horse battery staple"}, headers=csrf(client)
    )
    assert answer.status_code == 201, answer.text
    client.headers.update(csrf(client))  # the session's token, for every write from now on
    return answer.json()


def verify(client, email):
    """Verify the account's email with a fresh link's token (as its mail's link would)."""

    def issue(session):
        return accounts.issue_token(session, accounts.account_by_email(session, email).id, "verify")

    token = client.app.state.services.db.write_sync(issue)
    answer = client.post("/api/me/verify", json={"token": token})
    assert answer.status_code == 200, answer.text


def checkout(client, products=None, email="asha.verma@example.com", **extra):
    products = products or in_stock_products(client)
    items = [{"id": pid, "qty": 1, "price": price} for pid, price, _ in products]
    answer = client.post("/api/checkout", json={**FORM, "email": email, "items": items, **extra})
    assert answer.status_code == 201, answer.text
    return answer.json()["orderNo"]
