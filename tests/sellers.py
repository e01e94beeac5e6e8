"""Helpers of the seller portal's tests: sellers invited by the owner, their accounts set up in
browsers of their own, books to list by ISBN."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from conftest import another_browser
from sqlalchemy import select, update
from starlette.testclient import TestClient

from db import isbn
from db.models import Book, Offer, Product, Seller, StaffInvite

SELLER_PASSWORD = "a long seller password"


def read(client: TestClient, fn):
    return client.app.state.services.db.read_sync(fn)


def write(client: TestClient, fn):
    return client.app.state.services.db.write_sync(fn)


def sellers_without_account(client: TestClient, count: int = 2) -> list[Seller]:
    return read(client, lambda s: list(s.scalars(select(Seller).order_by(Seller.id).limit(count))))


def invite(owner: TestClient, seller_id: int) -> str:
    response = owner.post(f"/api/sellers/{seller_id}/invite", json={})
    assert response.status_code == 201, response.text
    return response.json()["link"]


def token_of(link: str) -> str:
    return link.rsplit("/", 1)[1]


def accept(browser: TestClient, link: str, password: str = SELLER_PASSWORD):
    csrf = browser.get("/api/auth/csrf").json()["csrfToken"]
    return browser.post(
        f"/api/seller/invite/{token_of(link)}", json={"password": password}, headers={"X-CSRF-Token": csrf}
    )


@dataclass
class SellerBrowser:
    seller_id: int
    email: str
    client: TestClient


def signed_in_seller(owner: TestClient, seller: Seller) -> SellerBrowser:
    """A browser of the seller, invited by the owner, who set a password (and so is signed in)."""
    browser = another_browser(owner)
    answer = accept(browser, invite(owner, seller.id))
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"url": "/seller"}
    browser.headers["X-CSRF-Token"] = browser.get("/api/auth/csrf").json()["csrfToken"]
    return SellerBrowser(seller.id, seller.email, browser)


@dataclass(frozen=True)
class BookToList:
    product_id: int
    isbn13: str

    @property
    def isbn10(self) -> str:
        return isbn.to_isbn10(self.isbn13)


def books_nobody_sells_used(client: TestClient, count: int = 2) -> list[BookToList]:
    """Books with an ISBN-10 form (978 prefix) and no seller's offer yet, in stock."""

    def query(session):
        offered = select(Offer.product_id).where(Offer.seller_id.is_not(None))
        rows = session.execute(
            select(Book.product_id, Book.isbn)
            .join(Product, Product.id == Book.product_id)
            .where(
                Book.isbn.like("978%"),
                Product.published.is_(True),
                Book.product_id.not_in(offered),
            )
            .order_by(Book.product_id)
            .limit(count)
        )
        return [BookToList(product_id, number) for product_id, number in rows]

    return read(client, query)


def expire_invites(client: TestClient) -> None:
    """Every unused invite link ran out (48 hours passed)."""
    write(client, lambda s: s.execute(update(StaffInvite).values(expires_at=dt.datetime(2000, 1, 1))))
