"""Payments in the back office, in a real browser: an order placed through POST /api/checkout with
"Cash" is marked processing, shipped (carrier and tracking number, checked in the form first) and
its cash collected by an administrator on the order's page, which shows the payment, who recorded
it and the carrier's tracking link; an order is cancelled, and a move the server refuses (the order
moved on in another tab) is said in a toast; a card order's refund refused by Stripe (localstripe)
shows Stripe's message and stays where it was, then goes back to the card. The order page is
screenshot on a desktop and on a phone (SCREENSHOT_DIR keeps them)."""

from __future__ import annotations

import os
import re
import sqlite3
import uuid
from pathlib import Path

import httpx
import pytest
from conftest import start_server
from fake_stripe import fake_stripe, stripe_server  # noqa: F401
from playwright.sync_api import expect
from sqlalchemy import select
from test_admin_catalogue_browser import api, open_signed_in, toast
from test_admin_sales_browser import confirm, money
from test_checkout import FORM
from test_gadget_fashion_browser import VIEWPORTS

from db.checkout import sale_price
from db.engine import make_engine, make_sessionmaker
from db.models import Product

TRACKING_NO = "1Z999AA10123456784"


def running(settings, seeded_sqlite, **env):
    """A running shop over a private copy of the seed (so the test can place orders on it)."""
    process, base = start_server(Path(settings.database_url.removeprefix("sqlite:///")), seeded_sqlite[1], **env)
    yield base, settings.database_url
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture
def shop(settings, seeded_sqlite):
    yield from running(settings, seeded_sqlite)


@pytest.fixture
def card_shop(settings, seeded_sqlite, fake_stripe):
    """The same, taking cards through localstripe."""
    yield from running(settings, seeded_sqlite, **fake_stripe.env())


@pytest.fixture
def shots(tmp_path_factory) -> Path:
    kept = os.environ.get("SCREENSHOT_DIR")
    return Path(kept) if kept else tmp_path_factory.mktemp("payments-admin-screens")


def products_in_stock(database_url: str, count: int = 2) -> list[dict]:
    engine = make_engine(database_url)
    with make_sessionmaker(engine)() as session:
        query = (
            select(Product)
            .where(Product.published.is_(True), Product.stock.between(5, 90))
            .order_by(Product.id)
            .limit(count)
        )
        items = [{"id": p.id, "qty": 1, "price": float(sale_price(p))} for p in session.scalars(query)]
    engine.dispose()
    return items


def place(base: str, database_url: str, **payment) -> dict:
    """A shopper's checkout, as the checkout page sends it."""
    answer = httpx.post(
        f"{base}/api/checkout",
        json={**FORM, **payment, "items": products_in_stock(database_url)},
        headers={"Idempotency-Key": str(uuid.uuid4())},
    )
    assert answer.status_code == 201, answer.text
    return answer.json()


def cash_order(base: str, database_url: str) -> dict:
    placed = place(base, database_url, paymentMethod="Cash")
    assert (placed["status"], placed["paymentStatus"], placed["payment"]["provider"]) == ("Pending", "Pending", "cash")
    return placed


def actions(page) -> list[str]:
    """What the order's own buttons, beside its heading, say."""
    group = page.get_by_role("group", name="Order actions")
    group.wait_for(state="attached")
    return group.get_by_role("button").all_text_contents()


def screenshots(page, shots: Path, name: str) -> None:
    """The page on a desktop and on a phone, then back on the desktop."""
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        # Wide tables scroll inside their cards; the page itself never scrolls sideways.
        expect(page.get_by_role("heading", name=re.compile(r"^Order #"))).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(shots / f"{name}-{width}.png"), full_page=True)
    page.set_viewport_size({"width": VIEWPORTS[0][0], "height": VIEWPORTS[0][1]})


def test_cash_on_delivery_is_processed_shipped_and_its_cash_collected(shop, page_factory, shots):
    base, database_url = shop
    placed = cash_order(base, database_url)
    number, total = placed["orderNo"], money(placed["total"])
    page, log = page_factory()
    open_signed_in(base, page, f"/admin/orders/{number}")
    page.get_by_role("heading", name=f"Order #{number}").wait_for()
    payments = page.get_by_role("table", name="Payments")
    expect(payments).to_contain_text("Cash")
    expect(payments).to_contain_text("Pending")
    # Nothing to collect before it is on its way.
    expect(page.get_by_role("button", name="Cash collected")).to_have_count(0)
    assert actions(page) == ["Mark processing", "Cancel order"]

    page.get_by_role("button", name="Mark processing").click()
    confirm(page, f"Move order #{number} to Processing", "from Pending to Processing")
    toast(page, f"Order #{number} is now Processing")
    expect(page.get_by_role("button", name="Ship")).to_be_visible()
    assert actions(page) == ["Ship", "Cash collected", "Cancel order"]
    screenshots(page, shots, "admin-order-cash-processing")

    # Shipping: the form checks its fields before anything is sent.
    page.get_by_role("button", name="Ship").click()
    dialog = page.get_by_role("dialog", name=f"Ship order #{number}")
    dialog.get_by_role("button", name="Ship").click()
    expect(dialog.get_by_text("Choose the carrier")).to_be_visible()
    expect(dialog.get_by_text("Enter the tracking number of 3 to 60 characters")).to_be_visible()
    dialog.get_by_role("combobox", name="Carrier").click()
    page.get_by_role("option", name="UPS", exact=True).click()
    dialog.get_by_label("Tracking number").fill(f"  {TRACKING_NO} ")
    dialog.get_by_role("button", name="Ship").click()
    toast(page, f"Order #{number} is now Shipped with UPS ({TRACKING_NO})")
    dialog.wait_for(state="hidden")
    tracking = page.get_by_role("link", name=f"Track {TRACKING_NO} with UPS")
    expect(tracking).to_have_attribute("href", f"https://www.ups.com/track?tracknum={TRACKING_NO}")
    expect(tracking).to_have_attribute("target", "_blank")
    assert actions(page) == ["Cash collected"]

    # The cash taken at the door: the dialog says how much, and Ok waits for the acknowledgement.
    page.get_by_role("button", name="Cash collected").click()
    confirm(page, f"{total} in cash was collected", f"Record {total} in cash collected from {FORM['name']}")
    toast(page, f"Cash of {total} collected: order #{number} is paid and Delivered")
    summary = page.get_by_role("region", name="Summary")
    expect(summary).to_contain_text("Delivered")
    expect(summary).to_contain_text("Success")
    assert actions(page) == []
    paid = payments.get_by_role("row").filter(has_text="Charge")
    expect(paid).to_have_count(1)
    for shown in ("Cash", total, "Succeeded", "Cash collected by admin", "admin@"):
        expect(paid).to_contain_text(shown)
    expect(page.get_by_role("table", name="Payment timeline")).to_contain_text("Cash confirm")
    history = page.get_by_role("table", name="Status history")
    for change in ("Pending → Processing", "Processing → Shipped", "Shipped → Delivered"):
        expect(history.get_by_role("row", name=re.compile(f"{change} admin"))).to_have_count(1)

    # The server agrees with what the page shows.
    view = api(page, "GET", f"/api/orders/{number}")["data"]
    assert (view["status"], view["paymentStatus"], view["carrier"], view["trackingNo"]) == (
        "Delivered",
        "Success",
        "UPS",
        TRACKING_NO,
    )
    page.reload()
    page.get_by_role("heading", name=f"Order #{number}").wait_for()
    screenshots(page, shots, "admin-order-cash-collected")
    assert log.errors() == []


def test_an_order_is_cancelled_and_a_move_refused_meanwhile_is_said(shop, page_factory):
    base, database_url = shop
    cancelled, raced = (cash_order(base, database_url)["orderNo"] for _ in range(2))
    page, log = page_factory()
    open_signed_in(base, page, f"/admin/orders/{cancelled}")
    page.get_by_role("button", name="Cancel order").click()
    confirm(page, f"Cancel order #{cancelled}", "its books go back in stock")
    toast(page, f"Order #{cancelled} is cancelled")
    expect(page.get_by_role("region", name="Summary")).to_contain_text("Cancelled")
    assert actions(page) == []

    # Shipped in another tab while this one still offers to cancel it: the server says no, the
    # page says why and shows the order as it now is.
    page.goto(f"{base}/admin/orders/{raced}")
    page.get_by_role("heading", name=f"Order #{raced}").wait_for()
    for move in ({"status": "Processing"}, {"status": "Shipped", "carrier": "DHL", "trackingNo": "JD0141234567"}):
        assert api(page, "PATCH", f"/api/orders/{raced}", move)["status"] == 200
    page.get_by_role("button", name="Cancel order").click()
    confirm(page, f"Cancel order #{raced}")
    expect(
        page.locator(".Toastify__toast--error").filter(has_text=re.compile("only a pending or processing"))
    ).to_have_count(1)
    expect(page.get_by_role("link", name="Track JD0141234567 with DHL")).to_be_visible()
    assert actions(page) == ["Cash collected"]
    # The browser reports the refused request itself; nothing else may go wrong.
    assert [e for e in log.errors() if "409" not in e] == []


def test_a_refund_stripe_refuses_says_why_and_one_it_makes_goes_back_to_the_card(card_shop, fake_stripe, page_factory):
    base, database_url = card_shop
    placed = place(base, database_url, paymentMethod="Stripe", paymentMethodId=fake_stripe.card_payment_method())
    number = placed["orderNo"]
    assert (placed["paymentStatus"], placed["payment"]["status"]) == ("Success", "paid"), placed
    page, log = page_factory()
    open_signed_in(base, page, f"/admin/orders/{number}")
    charge = page.get_by_role("table", name="Payments").get_by_role("row").filter(has_text="Charge")
    expect(charge).to_contain_text("Stripe")
    expect(charge).to_contain_text("Succeeded")
    expect(charge).to_contain_text("pi_")
    expect(page.get_by_role("table", name="Payment timeline")).to_contain_text("Stripe start")

    for status in ("Processing", "Delivered"):
        assert api(page, "PATCH", f"/api/orders/{number}", {"status": status})["status"] == 200
    line = api(page, "GET", f"/api/orders/{number}")["data"]["lines"][0]
    asked = api(page, "POST", "/api/refund-requests", {"orderLineId": line["id"], "amount": line["amount"]})
    assert asked["status"] == 201, asked
    refund = asked["data"]["id"]
    assert api(page, "PATCH", f"/api/refund-requests/{refund}", {"status": "Processing"})["status"] == 200

    # Stripe says no (here: to an intent it does not know): its message, and the request stays.
    path = database_url.removeprefix("sqlite:///")
    with sqlite3.connect(path, timeout=10) as db:
        reference = db.execute("SELECT reference FROM payment WHERE order_id = ?", (number,)).fetchone()[0]
        db.execute("UPDATE payment SET reference = 'pi_gone' WHERE order_id = ?", (number,))
    page.reload()
    page.get_by_role("button", name=f"Accept refund request #{refund}").click()
    confirm(page, f"Move refund request #{refund} to Accepted", "to the customer’s card through Stripe")
    refused = page.locator(".Toastify__toast--error").filter(has_text="Stripe refused the refund")
    expect(refused).to_have_count(1)
    refunds = page.get_by_role("table", name="Refunds")
    expect(refunds).to_contain_text("Processing")
    expect(page.get_by_role("table", name="Payment timeline")).to_contain_text("refused")

    with sqlite3.connect(path, timeout=10) as db:
        db.execute("UPDATE payment SET reference = ? WHERE order_id = ?", (reference, number))
    page.get_by_role("button", name=f"Accept refund request #{refund}").click()
    confirm(page, f"Move refund request #{refund} to Accepted")
    toast(page, f"Refund request #{refund} is now Accepted")
    expect(refunds).to_contain_text("Accepted")
    given_back = page.get_by_role("table", name="Payments").get_by_role("row").filter(has_text="Refund #")
    expect(given_back).to_contain_text("re_")
    expect(given_back).to_contain_text(f"-{money(line['amount'])}")
    expect(page.get_by_role("region", name="Summary")).to_contain_text("refunded")
    # The browser reports the refused request itself; nothing else may go wrong.
    assert [e for e in log.errors() if "409" not in e] == []
