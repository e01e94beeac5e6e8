"""The marketplace in a real browser, on a wide screen and a phone: a book offered used by other
sellers, the list of its offers, a used copy and the New one in the cart as two lines, a cash
checkout, and the order's page with one shipment per seller."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest
from playwright.sync_api import expect

from tests.test_cart_checkout_browser import PLACE_ORDER, fill_checkout, lines, no_horizontal_scroll, saved_cart

# Published books with a New copy in the buy box and at least two used copies in stock, by id.
USED_BOOKS = """
    SELECT product.id FROM product JOIN offer ON offer.product_id = product.id
    WHERE product.published AND product.condition = 'New' AND product.stock > 0
      AND offer.condition != 'New' AND offer.stock > 0 AND offer.seller_id IS NOT NULL
    GROUP BY product.id HAVING count(*) >= 2 ORDER BY product.id
"""


@pytest.fixture(scope="module")
def used_books(seeded_sqlite) -> list[int]:
    with sqlite3.connect(seeded_sqlite[0]) as connection:
        return [row[0] for row in connection.execute(USED_BOOKS)]


@pytest.mark.parametrize(("width", "height", "nth"), [(1280, 900, 0), (390, 844, 1)])
def test_buying_a_used_copy_and_the_new_one(live_server, page_factory, used_books, width, height, nth):
    page, log = page_factory(width, height)
    book = used_books[nth]
    page.goto(live_server + "/")
    page.evaluate("localStorage.setItem('cart', '[]')")  # not the demo cart
    page.goto(f"{live_server}/product/{book}")
    title = page.get_by_role("heading", level=1).inner_text()
    offers = page.evaluate(f"fetch('/api/products/{book}/offers').then((r) => r.json())")
    new, used = offers[0], next(o for o in offers[1:] if o["condition"] != "New")
    expect(page.get_by_text(re.compile(r"^Condition: New$"))).to_be_visible()

    # The buy box's copy: the New one.
    page.get_by_role("button", name="Add to cart", exact=True).click()
    expect(page.get_by_text(f"1 × {title} added to your cart")).to_be_visible()

    more = page.get_by_role("button", name=re.compile(rf"^{len(offers) - 1} more offers? from \$"))
    more.click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("listitem").filter(has_text="Sold by")).to_have_count(len(offers))
    if width < 600:  # the list fills a phone's screen
        box = dialog.bounding_box()
        assert box["width"] == width and box["height"] == height
    page.screenshot(path=f"/tmp/offers-{width}.png")
    label = f"Used – {used['condition']} from {used['seller']['name']}"
    offer = dialog.get_by_role("listitem", name=label)
    expect(offer).to_contain_text(f"${used['price']:.2f}")
    if used["note"]:
        expect(offer).to_contain_text(used["note"])
    offer.get_by_role("button", name=f"Add to cart: {label}").click()
    expect(page.get_by_text(f"1 × {title} (Used – {used['condition']}) added to your cart")).to_be_visible()
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_have_count(0)

    cart = saved_cart(page)
    assert [(line["offerId"], line["price"]) for line in cart] == [
        (str(new["id"]), new["price"]),
        (str(used["id"]), used["price"]),
    ]
    page.goto(live_server + "/cart")
    expect(lines(page)).to_have_count(2)
    expect(lines(page).nth(1)).to_contain_text(f"Used – {used['condition']} · sold by {used['seller']['name']}")
    assert no_horizontal_scroll(page)
    page.screenshot(path=f"/tmp/cart-{width}.png", full_page=True)

    page.goto(live_server + "/checkout")
    fill_checkout(page)
    with page.expect_request(lambda r: r.url.endswith("/api/checkout")) as sent:
        page.get_by_role("button", name=PLACE_ORDER).click()
    body = json.loads(sent.value.post_data)
    assert [(item["offerId"], item["qty"]) for item in body["items"]] == [(str(new["id"]), 1), (str(used["id"]), 1)]
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"^Order #\d+ placed$"))

    page.get_by_role("link", name="See your order").click()
    shipments = page.get_by_role("region", name=re.compile(r"^Shipment from "))
    expect(shipments).to_have_count(2)
    for seller in {new["seller"]["name"], used["seller"]["name"]}:
        shipment = page.get_by_role("region", name=f"Shipment from {seller}")
        expect(shipment).to_contain_text("Processing")
    used_shipment = page.get_by_role("region", name=f"Shipment from {used['seller']['name']}")
    expect(used_shipment).to_contain_text(f"Used – {used['condition']}")
    assert no_horizontal_scroll(page)
    page.screenshot(path=f"/tmp/order-{width}.png", full_page=True)
    assert log.errors() == []
