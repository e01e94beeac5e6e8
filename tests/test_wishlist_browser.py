"""Issue 23 in a browser (Debian's Chromium): the heart on product cards and the product page shows
a signed-in shopper's wishlist after hydration (without a hydration mismatch); a guest's heart goes
to sign in with `wish=`, and back on the page signed in the book is saved and `wish` leaves the
address; a sold-out book's "tell me when it's back" form, prefilled with the shopper's email. The
390 px screenshots of the product page, /account/wishlist and the admin customer page are written
to SCREENSHOT_DIR (or a temporary folder) to be looked at."""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

import pytest
from conftest import ADMIN_EMAIL, ADMIN_PASSWORD, start_server
from playwright.sync_api import expect

PASSWORD = "correct horse battery staple"
# True once React has hydrated an element (its props are attached to the DOM node).
HYDRATED = "(el) => Object.keys(el).some((key) => key.startsWith('__reactProps'))"


def hydrated(locator, timeout: float = 30.0):
    """The element, once React has hydrated it (a click before that would do nothing)."""
    locator.wait_for()
    deadline = time.monotonic() + timeout
    while not locator.evaluate(HYDRATED):
        assert time.monotonic() < deadline, "the page did not hydrate"
        time.sleep(0.05)
    return locator


@pytest.fixture(scope="module")
def own_server(seeded_sqlite, tmp_path_factory):
    folder = tmp_path_factory.mktemp("wishlist")
    shutil.copyfile(seeded_sqlite[0], folder / "shop.db")
    process, base = start_server(folder / "shop.db", seeded_sqlite[1])
    yield base
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    kept = os.environ.get("SCREENSHOT_DIR")
    return Path(kept) if kept else tmp_path_factory.mktemp("wishlist-screens")


def csrf(page, base):
    return page.context.request.get(base + "/api/auth/csrf").json()["csrfToken"]


def sign_up(page, base, name, email):
    answer = page.context.request.post(
        base + "/api/me",
        data={"name": name, "email": email, "password": PASSWORD},
        headers={"X-CSRF-Token": csrf(page, base)},
    )
    assert answer.status == 201, answer.text()


def admin_sign_in(page, base):
    answer = page.context.request.post(
        base + "/api/auth/callback/credentials",
        form={
            "csrfToken": csrf(page, base),
            "email": ADMIN_EMAIL,
            "password": ADMIN_PASSWORD,
            "callbackUrl": "/admin",
            "json": "true",
        },
    )
    assert answer.ok, answer.text()


def api(page, base, method, path, body=None):
    answer = page.context.request.fetch(
        base + path, method=method, data=body, headers={"X-CSRF-Token": csrf(page, base)}
    )
    assert answer.ok, (path, answer.status, answer.text())
    return answer.json()


def first_books(page, base):
    cards = page.context.request.get(base + "/books/class-8", headers={"Accept": "application/json"}).json()
    products = cards["props"].get("products") or cards["props"]["results"]
    return [product["id"] for product in products[:3]]


def test_hearts_after_hydration_and_the_guests_detour(own_server, page_factory, shots):
    base = own_server
    shopper, log = page_factory(390, 844)
    sign_up(shopper, base, "Asha Verma", "asha.browser@example.com")
    shopper.goto(base + "/books/class-8")
    ids = [int(h.get_attribute("href").rsplit("/", 1)[1]) for h in shopper.locator("article h3 a").all()[:3]]
    assert len(ids) == 3
    api(shopper, base, "PUT", f"/api/me/wishlist/{ids[1]}")
    shopper.reload()
    saved = shopper.locator(f'article:has(h3 a[href="/product/{ids[1]}"]) button.wish')
    other = shopper.locator(f'article:has(h3 a[href="/product/{ids[0]}"]) button.wish')
    saved.wait_for()
    expect(shopper.locator(f'article:has(h3 a[href="/product/{ids[1]}"]) button.wish')).to_have_attribute(
        "aria-pressed", "true"
    )
    assert other.get_attribute("aria-pressed") == "false"
    # Pressing a heart saves the book; the server agrees.
    hydrated(other).click()
    expect(shopper.locator(f'article:has(h3 a[href="/product/{ids[0]}"]) button.wish')).to_have_attribute(
        "aria-pressed", "true"
    )
    wishlist = shopper.context.request.get(base + "/api/me/wishlist").json()
    assert {book["id"] for book in wishlist} == {ids[0], ids[1]}
    assert not [m for m in log.errors() if "hydrat" in m.lower() or "pageerror" in m], log

    # A guest's heart goes to sign in, and comes back with the book to save.
    guest, guest_log = page_factory(390, 844)
    guest.goto(base + f"/product/{ids[2]}")
    hydrated(guest.locator(".buy button.wish")).click()
    guest.wait_for_url("**/account/sign-in?**")
    assert f"wish={ids[2]}" in guest.url and "next=%2Fproduct%2F" in guest.url
    sign_up(guest, base, "Ravi Kumar", "ravi.browser@example.com")  # the sign-in page is another's
    guest.goto(base + f"/product/{ids[2]}?wish={ids[2]}")
    expect(guest.locator(".buy button.wish")).to_have_attribute("aria-pressed", "true")
    expect(guest).to_have_url(base + f"/product/{ids[2]}")
    assert [book["id"] for book in guest.context.request.get(base + "/api/me/wishlist").json()] == [ids[2]]


def test_a_sold_out_book_asks_for_an_email_and_the_pages_at_390px(own_server, page_factory, shots):
    base = own_server
    owner, _ = page_factory(390, 844)
    admin_sign_in(owner, base)
    shopper, log = page_factory(390, 844)
    sign_up(shopper, base, "Meera Iyer", "meera.browser@example.com")
    shopper.goto(base + "/books/class-9")
    ids = [int(h.get_attribute("href").rsplit("/", 1)[1]) for h in shopper.locator("article h3 a").all()[:2]]
    api(owner, base, "PATCH", f"/api/products/{ids[0]}", {"stock": 0})
    api(shopper, base, "PUT", f"/api/me/wishlist/{ids[0]}")
    api(shopper, base, "PUT", f"/api/me/wishlist/{ids[1]}")

    shopper.goto(base + f"/product/{ids[0]}")
    field = shopper.get_by_label("Tell me when it’s back")
    expect(shopper.locator("input[name=email]")).to_have_value("meera.browser@example.com")
    expect(shopper.locator(".buy button.wish")).to_have_attribute("aria-pressed", "true")
    shopper.screenshot(path=shots / "product-sold-out.png", full_page=True)
    assert field.is_visible()
    hydrated(shopper.get_by_role("button", name="Email me")).click()
    shopper.get_by_text("We will email meera.browser@example.com once when it is back.").wait_for()
    assert shopper.evaluate("document.documentElement.scrollWidth") <= 390

    shopper.goto(base + "/account/wishlist")
    shopper.get_by_role("heading", name="Saved books").wait_for()
    assert shopper.locator("li.book").count() == 2 and shopper.locator("li.alert").count() == 1
    shopper.screenshot(path=shots / "account-wishlist.png", full_page=True)
    assert shopper.evaluate("document.documentElement.scrollWidth") <= 390
    hydrated(shopper.get_by_role("button", name=re.compile("^Cancel the alert for"))).click()
    shopper.get_by_text("No alerts.").wait_for()
    shopper.locator("li.book").first.get_by_role("button", name=re.compile("^Remove ")).click()
    expect(shopper.locator("li.book")).to_have_count(1)
    assert not [m for m in log.errors() if "hydrat" in m.lower() or "pageerror" in m], log

    # The back office's customer page of a customer with this shopper's email.
    customers = owner.context.request.get(base + "/api/customers?per_page=1").json()
    api(owner, base, "PATCH", f"/api/customers/{customers[0]['id']}", {"email": "meera.browser@example.com"})
    owner.goto(base + f"/admin/customers/{customers[0]['id']}")
    owner.get_by_text("Shopper account").wait_for()
    owner.get_by_text("Email not verified").wait_for()
    owner.screenshot(path=shots / "admin-customer.png", full_page=True)
    print("screenshots in", shots)
