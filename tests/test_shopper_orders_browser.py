"""A shopper's orders, addresses and a guest's order link in a real browser, at phone width (390 px):
the checkout filled from the account, a delivery address saved there and chosen first next time;
the order in the account with its timeline; "Buy again" with one book sold out; the addresses page
(add, edit, make default, delete after confirming); the guest's signed link and the lookup page.
Screenshots of every page go to SHOTS for a person to look at."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import start_server
from playwright.sync_api import expect
from sqlalchemy import update

from db.engine import make_engine, make_sessionmaker
from db.models import Order, Product
from db.order_links import guest_order_path

SHOTS = Path("/tmp/shopper-shots")
PASSWORD = "correct horse battery staple"


@pytest.fixture
def server(db_file, seeded_sqlite):
    process, base = start_server(db_file, seeded_sqlite[1])
    yield base, f"sqlite:///{db_file}"
    process.terminate()
    process.wait(timeout=10)


def in_db(url, fn):
    engine = make_engine(url)
    with make_sessionmaker(engine)() as session, session.begin():
        answer = fn(session)
    engine.dispose()
    return answer


def shot(page, name):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def sign_up(page, base, email, name="Asha Verma"):
    token = page.request.get(base + "/api/auth/csrf").json()["csrfToken"]
    answer = page.request.post(
        base + "/api/me", data={"name": name, "email": email, "password": PASSWORD}, headers={"X-CSRF-Token": token}
    )
    assert answer.status == 201, answer.text()


def no_horizontal_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_checkout_saves_the_address_orders_show_and_buy_again(server, page_factory):
    base, url = server
    page, log = page_factory(390, 844)
    sign_up(page, base, "asha.browser@example.com")

    page.goto(base + "/checkout")  # the demo cart: three products at $250
    expect(page.get_by_label("Full name")).to_have_value("Asha Verma")
    expect(page.get_by_label("Email")).to_have_value("asha.browser@example.com")
    page.get_by_label("Phone").fill("+1 555 0100 22")
    page.get_by_label("Street, city and postcode").fill("12 Elm Street, Springfield")
    page.get_by_label("Another address").check()
    page.locator("#delivery-name").fill("Ravi Verma")
    page.locator("#delivery-line1").fill("Flat 4B, 12 Park Street")
    page.locator("#delivery-city").fill("Kolkata")
    page.locator("#delivery-postcode").fill("7!")
    page.locator("#delivery-country").fill("India")
    page.get_by_label("Save this address to my account").check()
    page.get_by_label("Cash on delivery").check()
    assert no_horizontal_scroll(page)
    shot(page, "checkout-new-address-390")
    page.get_by_role("button", name=re.compile("^Place order")).click()
    expect(page.locator("#delivery-postcode-help")).to_have_text(
        "A postcode has only letters, digits, spaces and hyphens"
    )
    page.locator("#delivery-postcode").fill("700016")
    page.get_by_role("button", name=re.compile("^Place order")).click()
    expect(page.get_by_role("heading", name=re.compile(r"^Order #\d+ placed"))).to_be_visible()
    first = int(re.search(r"#(\d+)", page.get_by_role("heading", level=1).inner_text()).group(1))
    saved = page.request.get(base + "/api/me/addresses").json()
    assert [a["line1"] for a in saved] == ["Flat 4B, 12 Park Street"] and saved[0]["isDefault"]

    # Next time the saved address is chosen first, and the billing address filled from it.
    lines = page.request.get(base + f"/api/me/orders/{first}").json()["lines"]
    cart = [
        {"id": str(line["productId"]), "name": line["title"], "price": line["unitPrice"], "imgUrl": None, "qty": 1}
        for line in lines
    ]
    page.evaluate(f"localStorage.setItem('cart', {json.dumps(json.dumps(cart[:2]))})")
    page.goto(base + "/checkout")
    expect(page.get_by_label(re.compile(r"^Ravi Verma \(default\)"))).to_be_checked()
    expect(page.get_by_label("Street, city and postcode")).to_have_value(
        "Flat 4B, 12 Park Street\n700016 Kolkata\nIndia"
    )
    shot(page, "checkout-saved-address-390")
    page.locator("#checkout-phone").fill("+1 555 0100 22")
    page.get_by_label("Cash").check()
    page.get_by_role("button", name=re.compile("^Place order")).click()
    expect(page.get_by_role("link", name="See your order")).to_be_visible()
    second = int(re.search(r"#(\d+)", page.get_by_role("heading", level=1).inner_text()).group(1))
    assert page.request.get(base + f"/api/me/orders/{second}").json()["deliveryAddress"].startswith("Ravi Verma\n")

    page.get_by_role("link", name="See your order").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Order #{second}")
    expect(page.get_by_role("heading", name="Timeline")).to_be_visible()
    expect(page.get_by_text("Order placed")).to_be_visible()

    # One of the two books sells out: Buy again adds the other and names it.
    sold_out = int(cart[0]["id"])
    in_db(url, lambda s: s.execute(update(Product).where(Product.id == sold_out).values(stock=0)))
    page.reload()
    page.get_by_role("button", name="Buy again").click()
    said = page.get_by_role("status").filter(has_text="added to your cart")
    expect(said).to_contain_text("1 book added to your cart.")
    expect(said).to_contain_text(f"Left out: {cart[0]['name']} (out of stock).")
    assert [item["id"] for item in json.loads(page.evaluate("localStorage.getItem('cart')"))] == [cart[1]["id"]]
    assert no_horizontal_scroll(page)
    shot(page, "account-order-390")

    page.goto(base + "/account/orders")
    expect(page.get_by_role("link", name=re.compile(rf"^Order #{second}"))).to_be_visible()
    assert no_horizontal_scroll(page)
    shot(page, "account-orders-390")
    assert log.errors() == [], log


def test_the_addresses_page_adds_edits_defaults_and_deletes(server, page_factory):
    base, _ = server
    page, log = page_factory(390, 844)
    sign_up(page, base, "meera.browser@example.com", "Meera Iyer")
    page.goto(base + "/account/addresses")
    expect(page.get_by_text("You have no saved addresses yet.")).to_be_visible()
    for line1, city in (("12 Park Street", "Kolkata"), ("3 College Square", "Howrah")):
        page.get_by_role("button", name="Add an address").click()
        page.locator("#address-name").fill("Meera Iyer")
        page.locator("#address-line1").fill(line1)
        page.get_by_role("button", name="Save address").click()
        expect(page.locator("#address-city-help")).to_have_text("Enter the town or city")
        page.locator("#address-city").fill(city)
        page.locator("#address-postcode").fill("700016")
        page.locator("#address-country").fill("India")
        page.get_by_role("button", name="Save address").click()
        expect(page.get_by_role("status").filter(has_text="was saved")).to_be_visible()
    cards = page.get_by_role("list", name="Saved addresses").get_by_role("listitem")
    expect(cards).to_have_count(2)
    expect(cards.first).to_contain_text("Default")
    expect(cards.first).to_contain_text("12 Park Street")

    page.get_by_role("button", name="Make the address of Meera Iyer, 3 College Square the default").click()
    expect(cards.first).to_contain_text("3 College Square")
    page.get_by_role("button", name="Edit the address of Meera Iyer, 12 Park Street").click()
    page.locator("#address-line2").fill("Flat 4B")
    shot(page, "account-addresses-edit-390")
    page.get_by_role("button", name="Save changes").click()
    expect(cards.nth(1)).to_contain_text("Flat 4B")
    assert no_horizontal_scroll(page)
    shot(page, "account-addresses-390")

    page.get_by_role("button", name="Delete the address of Meera Iyer, 3 College Square").click()
    dialog = page.get_by_role("dialog", name="Delete this address?")
    expect(dialog).to_contain_text("3 College Square")
    dialog.get_by_role("button", name="Keep it").click()
    expect(cards).to_have_count(2)
    page.get_by_role("button", name="Delete the address of Meera Iyer, 3 College Square").click()
    dialog.get_by_role("button", name="Delete").click()
    expect(cards).to_have_count(1)
    expect(cards.first).to_contain_text("Default")
    assert log.errors() == [], log


def test_a_guest_sees_the_order_by_its_link_and_asks_for_it_again(server, page_factory):
    base, url = server
    page, log = page_factory(390, 844)
    page.goto(base + "/checkout")
    page.get_by_label("Full name").fill("Kavya Rao")
    page.get_by_label("Email").fill("kavya.rao@example.com")
    page.get_by_label("Phone").fill("+1 555 0100 22")
    page.get_by_label("Street, city and postcode").fill("12 Elm Street, Springfield")
    page.get_by_label("Cash").check()
    page.get_by_role("button", name=re.compile("^Place order")).click()
    expect(page.get_by_role("heading", name=re.compile(r"^Order #\d+ placed"))).to_be_visible()
    order_no = int(re.search(r"#(\d+)", page.get_by_role("heading", level=1).inner_text()).group(1))

    # The guest's "See your order" is the order's signed link (the key the checkout answered).
    path = in_db(url, lambda s: guest_order_path(s, s.get(Order, order_no)))
    expect(page.get_by_role("link", name="See your order")).to_have_attribute("href", path)
    answer = page.goto(base + path)
    assert answer.status == 200 and answer.headers["cache-control"] == "private, no-store"
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Order #{order_no}")
    expect(page.get_by_text("12 Elm Street, Springfield")).to_be_visible()
    assert no_horizontal_scroll(page)
    shot(page, "guest-order-390")
    assert page.goto(base + path[:-2] + "zz").status == 404

    page.goto(base + "/orders/lookup")
    page.get_by_role("button", name="Mail me the link").click()
    expect(page.locator("#lookup-orderNo-help")).to_have_text("Enter the order number")
    page.get_by_label("Order number").fill(str(order_no))
    page.get_by_label("Email").fill("kavya.rao@example.com")
    page.get_by_role("button", name="Mail me the link").click()
    expect(page.get_by_role("status").filter(has_text="on its way")).to_contain_text("its link is on its way")
    assert no_horizontal_scroll(page)
    shot(page, "order-lookup-390")
    assert log.errors() == [r for r in log.errors() if "404" in r], log
