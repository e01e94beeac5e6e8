"""Signing up as a shopper: POST /api/me with the pre-sign-in CSRF token makes the account and signs it
in; a weak password or one holding the email is refused with the reason; the same email twice is a
409 that says no more than the sign-in page would; a shopper is refused the back office; GET /api/me
answers null for a guest."""

from __future__ import annotations

from conftest import another_browser, sign_in
from sqlalchemy import select

from db.models import AccountToken, User

SHOPPER = {"name": "Asha Verma", "email": "Asha.Verma@example.com", "password": "correct horse battery staple"}


def csrf(client) -> dict:
    return {"X-CSRF-Token": client.get("/api/auth/csrf").json()["csrfToken"]}


def sign_up(client, **fields):
    return client.post("/api/me", json={**SHOPPER, **fields}, headers=csrf(client))


def test_a_guest_is_null_and_a_new_shopper_is_signed_in_unverified(client):
    assert client.get("/api/me").json() is None
    answer = sign_up(client)
    assert answer.status_code == 201, answer.text
    assert answer.json() == {
        "name": "Asha Verma",
        "email": "asha.verma@example.com",
        "emailVerified": False,
        "role": "customer",
    }
    assert client.get("/api/me").json()["email"] == "asha.verma@example.com"
    assert "no-store" in client.get("/api/me").headers["cache-control"]

    def stored(session):
        user = session.scalar(select(User).where(User.email == "asha.verma@example.com"))
        return user.role, session.scalar(select(AccountToken.purpose).where(AccountToken.user_id == user.id))

    assert client.app.state.services.db.read_sync(stored) == ("customer", "verify")


def test_weak_passwords_are_refused_with_the_reason(client):
    for password, reason in (
        ("short", "at least 10"),
        ("asha.verma-2026", "email"),
        ("password1234", "common"),
    ):
        answer = sign_up(client, password=password)
        assert answer.status_code == 422, password
        assert reason in answer.json()["errors"]["password"], answer.json()
    assert client.get("/api/me").json() is None


def test_the_same_email_twice_is_409_and_no_second_account(client):
    assert sign_up(client).status_code == 201
    again = sign_up(another_browser(client), name="Someone Else")
    assert again.status_code == 409 and "sign in" in again.json()["message"]


def test_sign_up_needs_the_csrf_token(client):
    assert client.post("/api/me", json=SHOPPER).status_code == 403
    assert client.get("/api/me").json() is None


def test_a_shopper_is_refused_every_admin_api_and_gets_the_sign_in_page_for_admin_pages(client):
    assert sign_up(client).status_code == 201
    assert sign_in(client, SHOPPER["email"], SHOPPER["password"]).status_code == 200
    assert client.get("/api/products").status_code == 403
    assert client.get("/api/orders").status_code == 403
    page = client.get("/admin")
    assert page.status_code in (200, 401) and 'name="password"' in page.text


def test_the_account_page_is_the_signed_in_shoppers_and_never_cached(client):
    first = client.get("/account", follow_redirects=False)
    assert first.status_code == 302 and first.headers["location"] == "/account/sign-in?next=%2Faccount"
    assert sign_up(client).status_code == 201
    page = client.get("/account")
    assert page.status_code == 200 and "asha.verma@example.com" in page.text
    assert page.headers["cache-control"] == "private, no-store"
