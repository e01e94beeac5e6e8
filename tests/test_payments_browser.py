"""Paying at the checkout in a real browser, against localstripe (tests/fake_stripe.py): its Stripe.js
stand-in is the card field, so the card numbers are typed into its inputs as a shopper would. A card
paid; a card declined, the order kept and paid with another card; a card asking for 3-D Secure;
cash on delivery; and a declined order paid from its guest link, then shipped with a tracking link. Each checks what the shopper
sees and the order's payment status in the database. Screenshots of the checkout at 1280 and 390 px
go to SHOTS for a person to look at."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import httpx
import pytest
from conftest import ADMIN_EMAIL, ADMIN_PASSWORD, start_server
from fake_stripe import CARD_3DS, CARD_DECLINED, CARD_PAID, stripe_server  # noqa: F401
from playwright.sync_api import expect

from db.engine import make_engine, make_sessionmaker
from db.models import Order, Payment

SHOTS = Path("/tmp/payment-shots")
PLACE_ORDER = re.compile(r"^Place order")
PLACED = re.compile(r"^Order #(\d+) placed$")


@pytest.fixture(scope="module")
def card_shop(stripe_server, seeded_sqlite, tmp_path_factory):
    """The shop taking cards through localstripe, on a private copy of the seeded database."""
    db_copy = tmp_path_factory.mktemp("card-shop") / "shop.db"
    shutil.copyfile(seeded_sqlite[0], db_copy)
    process, base = start_server(db_copy, seeded_sqlite[1], **stripe_server.env())
    yield base, f"sqlite:///{db_copy}"
    process.terminate()
    process.wait(timeout=10)


def orders_count(url: str) -> int:
    engine = make_engine(url)
    with make_sessionmaker(engine)() as session:
        count = session.query(Order).count()
    engine.dispose()
    return count


def order_payment(url: str, order_no: int) -> tuple[str, str, list[str]]:
    """(order status, payment status, its charges' statuses) as the database has them."""
    engine = make_engine(url)
    with make_sessionmaker(engine)() as session:
        order = session.get(Order, order_no)
        charges = [p.status for p in session.query(Payment).filter_by(order_id=order_no).order_by(Payment.id)]
        answer = order.status, order.payment_status, charges
    engine.dispose()
    return answer


def fill_details(page, method: str):
    page.get_by_label("Full name").fill("Asha Verma")
    page.get_by_label("Email").fill("asha.verma@example.com")
    page.get_by_label("Phone").fill("+1 555 0100 22")
    page.get_by_label("Street, city and postcode").fill("12 Elm Street, Springfield")
    page.get_by_label(method, exact=True).check()


def type_card(page, number: str):
    """The card into localstripe's inputs (its card element), inside the labelled card group."""
    card = page.get_by_role("group", name="Card details")
    card.get_by_placeholder("number").fill(number)
    card.get_by_placeholder("exp_month").fill("12")
    card.get_by_placeholder("exp_year").fill("34")
    card.get_by_placeholder("cvc").fill("123")
    card.get_by_placeholder("postal_code").fill("94110")


def placed_order_no(page) -> int:
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_have_text(PLACED, timeout=15_000)
    return int(PLACED.match(heading.inner_text()).group(1))


def shot(page, name):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def no_horizontal_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_a_card_is_paid_end_to_end(card_shop, page_factory, width, height):
    base, url = card_shop
    page, log = page_factory(width, height)
    sent = []
    page.on("request", lambda r: sent.append(r) if r.url.endswith("/api/checkout") else None)
    page.goto(base + "/checkout")
    # Only what the shop offers, and the demo shop's note is gone.
    methods = page.get_by_role("group", name="Payment method").get_by_role("radio")
    expect(methods).to_have_count(2)
    expect(page.get_by_text(re.compile("no real payment|no payment was taken", re.I))).to_have_count(0)
    fill_details(page, "Card")
    expect(page.get_by_role("group", name="Card details").get_by_placeholder("number")).to_be_visible()
    type_card(page, CARD_PAID)
    assert no_horizontal_scroll(page)
    shot(page, f"checkout-card-{width}")

    page.get_by_role("button", name=PLACE_ORDER).click()
    number = placed_order_no(page)
    expect(page.get_by_text("Your order is paid")).to_be_visible()
    expect(page.get_by_text("Card: Paid")).to_be_visible()
    shot(page, f"paid-{width}")
    assert len(sent) == 1 and re.fullmatch(r"[0-9a-f-]{36}", sent[0].headers["idempotency-key"])
    assert sent[0].post_data_json["paymentMethodId"].startswith("pm_")
    assert order_payment(url, number) == ("Pending", "Success", ["succeeded"])
    assert log.errors() == []


def test_a_lost_answer_is_retried_with_the_same_key_and_places_one_order(card_shop, page_factory):
    base, url = card_shop
    page, log = page_factory()
    keys, setups = [], []
    page.on("request", lambda r: setups.append(r) if r.url.endswith("/api/payments/stripe/setup") else None)

    def lose_the_first_answer(route):
        keys.append((route.request.headers["idempotency-key"], route.request.post_data_json["paymentMethodId"]))
        if len(keys) == 1:
            route.fetch()  # the shop places the order...
            route.abort("connectionreset")  # ...and its answer never arrives
        else:
            route.continue_()

    page.route("**/api/checkout", lose_the_first_answer)
    before = orders_count(url)
    page.goto(base + "/checkout")
    fill_details(page, "Card")
    type_card(page, CARD_PAID)
    page.get_by_role("button", name=PLACE_ORDER).dblclick()  # a double click is one attempt
    expect(page.get_by_text("could not be reached")).to_be_visible(timeout=15_000)
    assert len(keys) == 1
    page.get_by_role("button", name=PLACE_ORDER).click()
    number = placed_order_no(page)
    expect(page.get_by_text("Your order is paid")).to_be_visible()
    assert len(keys) == 2 and keys[0] == keys[1] and len(setups) == 1
    assert orders_count(url) == before + 1
    assert order_payment(url, number) == ("Pending", "Success", ["succeeded"])
    assert [m for m in log.errors() if "ERR_CONNECTION_RESET" not in m] == []


def test_a_declined_card_keeps_the_order_which_another_card_pays(card_shop, page_factory):
    base, url = card_shop
    page, log = page_factory()
    page.goto(base + "/checkout")
    fill_details(page, "Card")
    type_card(page, CARD_DECLINED)
    page.get_by_role("button", name=PLACE_ORDER).click()

    # The order is kept, its number shown, Stripe's message next to the (new) card field.
    number = placed_order_no(page)
    expect(page.get_by_text("it is not paid yet")).to_be_visible()
    card = page.get_by_role("group", name="Card details")
    described = card.get_attribute("aria-describedby")
    expect(page.locator(f"[id='{described}']")).to_contain_text("declined")
    assert order_payment(url, number) == ("Pending", "Failed", ["failed"])
    shot(page, "declined-1280")

    type_card(page, CARD_PAID)
    page.get_by_role("button", name=re.compile(r"^Pay \$750\.00 by card")).click()
    expect(page.get_by_text("Your order is paid")).to_be_visible(timeout=15_000)
    expect(page.get_by_text("Card: Paid")).to_be_visible()
    assert order_payment(url, number) == ("Pending", "Success", ["failed", "succeeded"])
    assert [m for m in log.errors() if "402" not in m] == []  # the browser logs the declined request


def test_a_card_asking_for_3d_secure_is_paid_once_the_shopper_completes_it(card_shop, page_factory):
    base, url = card_shop
    page, log = page_factory()
    page.goto(base + "/checkout")
    fill_details(page, "Cash on delivery")
    fill_details(page, "Card")  # changed their mind: the card field appears
    type_card(page, CARD_3DS)
    page.get_by_role("button", name=PLACE_ORDER).click()
    # localstripe's bank asks twice: when the card is set up, and when it is charged.
    for _ in range(2):
        page.get_by_role("button", name="Complete authentication").click(timeout=15_000)
    number = placed_order_no(page)
    expect(page.get_by_text("Your order is paid")).to_be_visible()
    assert order_payment(url, number) == ("Pending", "Success", ["succeeded"])
    assert log.errors() == []


def test_a_failed_3d_secure_step_keeps_the_order_to_pay_with_another_card(card_shop, page_factory):
    base, url = card_shop
    page, log = page_factory()
    page.goto(base + "/checkout")
    fill_details(page, "Card")
    type_card(page, CARD_3DS)
    page.get_by_role("button", name=PLACE_ORDER).click()
    page.get_by_role("button", name="Complete authentication").click(timeout=15_000)  # the card's setup
    page.get_by_role("button", name="Fail authentication").click(timeout=15_000)  # the payment
    number = placed_order_no(page)
    expect(page.get_by_text("it is not paid yet")).to_be_visible()
    expect(page.get_by_role("button", name=re.compile(r"^Pay \$750\.00 by card"))).to_be_visible()
    expect(page.get_by_role("alert")).to_contain_text("failed authentication")
    assert order_payment(url, number) == ("Pending", "Failed", ["failed"])
    shot(page, "3ds-failed-1280")
    assert log.errors() == []


def test_cash_on_delivery_is_placed_unpaid(card_shop, page_factory):
    base, url = card_shop
    page, log = page_factory(390, 844)
    page.goto(base + "/checkout")
    fill_details(page, "Cash on delivery")
    expect(page.get_by_role("group", name="Card details")).to_have_count(0)
    expect(page.get_by_text("Pay in cash when your order is delivered")).to_be_visible()
    shot(page, "checkout-cash-390")
    page.get_by_role("button", name=PLACE_ORDER).click()
    number = placed_order_no(page)
    expect(page.get_by_text("Cash on delivery: To pay in cash on delivery")).to_be_visible()
    expect(page.get_by_role("alert").or_(page.get_by_role("status")).filter(has_text="Pay in cash")).to_have_count(1)
    assert order_payment(url, number) == ("Pending", "Pending", ["pending"])
    assert log.errors() == []


def staff(base: str) -> httpx.Client:
    """The administrator's API client on the live server, as the /login page signs in."""
    client = httpx.Client(base_url=base, timeout=10)
    token = client.get("/api/auth/csrf").json()["csrfToken"]
    form = {"csrfToken": token, "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD, "json": "true"}
    assert client.post("/api/auth/callback/credentials", data=form).status_code == 200
    client.headers["X-CSRF-Token"] = client.get("/api/auth/csrf").json()["csrfToken"]
    return client


def test_a_declined_order_is_paid_from_its_link_and_then_followed_to_the_parcel(card_shop, page_factory):
    base, url = card_shop
    page, log = page_factory(390, 844)
    # The cart's Checkout link loads the checkout as a full page (its own policy lets Stripe.js in).
    page.goto(base + "/cart")
    page.evaluate("window.stayedOnThisDocument = true")
    page.get_by_role("link", name="Checkout", exact=True).first.click()
    expect(page.get_by_label("Full name")).to_be_visible()
    assert page.evaluate("window.stayedOnThisDocument") is None
    fill_details(page, "Card")
    type_card(page, CARD_DECLINED)
    page.get_by_role("button", name=PLACE_ORDER).click()
    number = placed_order_no(page)

    # The guest's order page: the payment in words, Stripe's message and a way to pay.
    page.get_by_role("link", name="See your order").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Order #{number}")
    expect(page.get_by_text("Card: Not paid: the card was declined")).to_be_visible()
    expect(page.get_by_text("Your card was declined")).to_be_visible()
    page.get_by_role("link", name="Pay with another card").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Pay for order #{number}")
    type_card(page, CARD_PAID)
    assert no_horizontal_scroll(page)
    shot(page, "pay-again-390")
    page.get_by_role("button", name=re.compile(r"^Pay \$750\.00 by card")).click()
    expect(page.get_by_text("Your order is paid")).to_be_visible(timeout=15_000)
    assert order_payment(url, number) == ("Pending", "Success", ["failed", "succeeded"])

    # Shipped by the shop: the order page names the carrier and links the tracking number.
    admin = staff(base)
    try:
        assert admin.patch(f"/api/orders/{number}", json={"status": "Processing"}).status_code == 200
        shipped = {"status": "Shipped", "carrier": "DHL", "trackingNo": "JD0146000"}
        assert admin.patch(f"/api/orders/{number}", json=shipped).status_code == 200
    finally:
        admin.close()
    page.get_by_role("link", name="See your order").click()
    expect(page.get_by_text("Card: Paid")).to_be_visible()
    expect(page.get_by_role("link", name="Pay with another card")).to_have_count(0)
    expect(page.get_by_text("Shipped with DHL, tracking number JD0146000")).to_be_visible()
    tracking = page.get_by_role("link", name=re.compile(r"^JD0146000"))
    expect(tracking).to_have_attribute("href", re.compile(r"^https://www\.dhl\.com/.*tracking-id=JD0146000$"))
    assert no_horizontal_scroll(page)
    shot(page, "shipped-order-390")
    assert [m for m in log.errors() if "402" not in m] == []


def test_a_signed_in_shopper_pays_a_declined_order_from_the_account(card_shop, page_factory):
    base, url = card_shop
    page, log = page_factory()
    token = page.request.get(base + "/api/auth/csrf").json()["csrfToken"]
    account = {"name": "Ravi Verma", "email": "ravi.verma@example.com", "password": "correct horse battery staple"}
    assert page.request.post(base + "/api/me", data=account, headers={"X-CSRF-Token": token}).status == 201
    page.goto(base + "/checkout")
    expect(page.get_by_label("Full name")).to_have_value("Ravi Verma")  # filled from the account
    page.get_by_label("Phone").fill("+1 555 0100 22")
    page.get_by_label("Street, city and postcode").fill("12 Elm Street, Springfield")
    page.get_by_label("Card", exact=True).check()
    type_card(page, CARD_DECLINED)
    page.get_by_role("button", name=PLACE_ORDER).click()
    number = placed_order_no(page)

    page.get_by_role("link", name="See your order").click()
    expect(page).to_have_url(f"{base}/account/orders/{number}")
    page.get_by_role("link", name="Pay with another card").click()
    expect(page).to_have_url(f"{base}/checkout#pay={number}")
    type_card(page, CARD_PAID)
    page.get_by_role("button", name=re.compile(r"^Pay \$750\.00 by card")).click()
    expect(page.get_by_text("Your order is paid")).to_be_visible(timeout=15_000)
    page.get_by_role("link", name="See your order").click()
    expect(page.get_by_text("Card: Paid")).to_be_visible()
    assert order_payment(url, number) == ("Pending", "Success", ["failed", "succeeded"])
    assert [m for m in log.errors() if "402" not in m] == []
