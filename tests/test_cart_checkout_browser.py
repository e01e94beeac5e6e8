"""The cart and checkout in a real browser: the demo cart, changing and removing items, placing an
order, the server's refusals (422 next to a field, 409 brought into the cart) and phone width."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

PLACE_ORDER = re.compile(r"^Place order")


def lines(page):
    """The cart page's item lines (each has a remove button)."""
    return page.locator("li").filter(has=page.get_by_role("button", name=re.compile(r"^Remove ")))


def saved_cart(page) -> list[dict]:
    return json.loads(page.evaluate("localStorage.getItem('cart')"))


def cart_badge(page):
    return page.get_by_test_id("cart-count")


def fill_checkout(page, phone="+1 555 0100 22"):
    page.get_by_label("Full name").fill("Asha Verma")
    page.get_by_label("Email").fill("asha.verma@example.com")
    page.get_by_label("Phone").fill(phone)
    page.get_by_label("Street, city and postcode").fill("12 Elm Street, Springfield")
    page.get_by_label("Cash on delivery").check()


def no_horizontal_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_first_visit_shows_the_demo_cart_and_changes_are_kept(live_server, page_factory):
    page, log = page_factory()
    page.goto(live_server + "/cart")
    expect(lines(page)).to_have_count(3)
    expect(page.get_by_role("heading", level=1)).to_have_text("Shopping cart (3 items)")
    expect(cart_badge(page)).to_have_text("3")
    first, second = (item["name"] for item in saved_cart(page)[:2])

    # A quantity typed as 0 removes the item (SPEC §4) once the shopper confirms it with Enter.
    page.get_by_label(f"Quantity of {first}").fill("0")
    page.get_by_label(f"Quantity of {first}").press("Enter")
    expect(lines(page)).to_have_count(2)
    expect(page.get_by_role("heading", level=1)).to_have_text("Shopping cart (2 items)")
    expect(page.get_by_text(f"Removed {first} from your cart.")).to_be_visible()
    page.get_by_role("button", name=f"One more {second}").click()
    expect(page.get_by_label(f"Quantity of {second}")).to_have_value("2")
    expect(lines(page).nth(0)).to_contain_text("$500.00")  # the line total: 2 × 250

    page.reload()
    expect(lines(page)).to_have_count(2)
    expect(page.get_by_label(f"Quantity of {second}")).to_have_value("2")
    assert first not in [item["name"] for item in saved_cart(page)]
    expect(cart_badge(page)).to_have_text("3")

    # Removing is destructive: the toast's Undo puts the item back with its quantity.
    page.get_by_role("button", name=f"Remove {second}").click()
    expect(lines(page)).to_have_count(1)
    page.get_by_role("button", name="Undo").click()
    expect(lines(page)).to_have_count(2)
    expect(page.get_by_label(f"Quantity of {second}")).to_have_value("2")
    assert log.errors() == []


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_checkout_places_the_order_and_empties_the_cart(live_server, page_factory, width, height):
    page, log = page_factory(width, height)
    sent = []
    page.on("request", lambda r: sent.append(r) if r.url.endswith("/api/checkout") else None)
    page.goto(live_server + "/checkout")
    expect(page.get_by_role("button", name=PLACE_ORDER)).to_have_text("Place order · $750.00")
    assert no_horizontal_scroll(page)

    # Checked in the browser first: nothing is sent while a field is wrong.
    page.get_by_role("button", name=PLACE_ORDER).click()
    expect(page.get_by_text("Enter your name")).to_be_visible()
    expect(page.get_by_text("Choose how you would like to pay")).to_be_visible()
    expect(page.get_by_label("Full name")).to_be_focused()
    assert sent == []

    fill_checkout(page)
    expect(page.get_by_text("Enter your name")).to_have_count(0)
    with page.expect_response(lambda r: r.url.endswith("/api/checkout")) as answer:
        page.get_by_role("button", name=PLACE_ORDER).click()
    assert answer.value.status == 201
    body = json.loads(sent[0].post_data)
    assert [item["price"] for item in body["items"]] == [250, 250, 250] and body["paymentMethod"] == "Cash"
    number = answer.value.json()["orderNo"]
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Order #{number} placed")
    expect(page.get_by_text("$750.00")).to_be_visible()
    expect(cart_badge(page)).to_have_count(0)
    assert saved_cart(page) == []
    assert no_horizontal_scroll(page)

    page.goto(live_server + "/cart")
    expect(page.get_by_text("Your cart is empty.")).to_be_visible()
    assert log.errors() == []


def test_a_server_field_error_is_shown_next_to_the_field(live_server, page_factory):
    page, log = page_factory()

    # The form passes the browser's checks; on its way out the phone number is cut to "12",
    # so the real server refuses it (422) and its own message must appear under the phone field.
    def cut_phone(route):
        body = json.loads(route.request.post_data)
        route.continue_(post_data=json.dumps({**body, "phone": "12"}))

    page.route("**/api/checkout", cut_phone)
    page.goto(live_server + "/checkout")
    fill_checkout(page)
    with page.expect_response(lambda r: r.url.endswith("/api/checkout")) as answer:
        page.get_by_role("button", name=PLACE_ORDER).click()
    assert answer.value.status == 422
    server_message = answer.value.json()["errors"]["phone"]
    phone = page.get_by_label("Phone")
    expect(phone).to_have_attribute("aria-invalid", "true")
    expect(phone).to_be_focused()
    described = phone.get_attribute("aria-describedby")
    expect(page.locator(f"[id='{described}']")).to_have_text(server_message)
    # Nothing was placed: the cart is as it was and the form can be sent again.
    assert len(saved_cart(page)) == 3
    expect(page.get_by_role("button", name=PLACE_ORDER)).to_be_enabled()
    assert [m for m in log.errors() if "422" not in m] == []  # the browser logs the refused request itself


def test_a_changed_price_is_brought_into_the_cart_for_review(live_server, page_factory):
    page, log = page_factory()
    page.goto(live_server + "/cart")
    expect(lines(page)).to_have_count(3)
    bundle = saved_cart(page)[0]
    # The shopper's cart still holds an old price: the server refuses it (409) with the real one.
    page.evaluate("item => localStorage.setItem('cart', JSON.stringify([{...item, price: 199}]))", bundle)
    page.goto(live_server + "/checkout")
    expect(page.get_by_role("button", name=PLACE_ORDER)).to_have_text("Place order · $199.00")
    fill_checkout(page)
    with page.expect_response(lambda r: r.url.endswith("/api/checkout")) as answer:
        page.get_by_role("button", name=PLACE_ORDER).click()
    assert answer.value.status == 409
    changes = page.get_by_test_id("cart-changes")
    expect(changes).to_contain_text(bundle["name"])
    expect(changes).to_contain_text("price updated to $250.00")
    expect(page.get_by_role("button", name=PLACE_ORDER)).to_have_text("Place order · $250.00")
    assert saved_cart(page)[0]["price"] == 250

    # Reviewed: the same form goes through now.
    with page.expect_response(lambda r: r.url.endswith("/api/checkout")) as answer:
        page.get_by_role("button", name=PLACE_ORDER).click()
    assert answer.value.status == 201
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"^Order #\d+ placed$"))
    assert [m for m in log.errors() if "409" not in m] == []
