"""The storefront's side of payments, as the server answers it: the checkout's Content-Security-Policy
lets Stripe.js in only there and only when Stripe is configured; prices (the server render and the
JSON-LD) in the shop's currency; a shopper's order with its payment in words' facts, a declined card
order payable again and a shipped one's tracking link."""

from __future__ import annotations

import json
import re
from decimal import Decimal

import pytest
from conftest import another_browser, make_settings, sign_in
from fake_stripe import CARD_DECLINED, fake_stripe, stripe_server  # noqa: F401
from py_mini_racer import MiniRacer
from shoppers import sign_up
from starlette.testclient import TestClient
from test_checkout import FORM, in_stock_products

from app.main import create_app
from app.settings import ROOT
from db.money import currency_of

LOCALSTRIPE_JS = "http://127.0.0.1:12345/js.stripe.com/v3/"


def shop(settings, **overrides) -> TestClient:
    return TestClient(
        create_app(make_settings(settings.database_url, settings.media_dir, **overrides)), base_url="http://127.0.0.1"
    )


def policy(client, path: str) -> dict[str, str]:
    """The page's Content-Security-Policy as {directive: its sources}."""
    answer = client.get(path)
    assert answer.status_code == 200, answer.text
    header = answer.headers["content-security-policy"]
    return dict(part.split(" ", 1) for part in header.split("; "))


def without_nonce(directives: dict[str, str]) -> dict[str, str]:
    return {name: re.sub(r"'nonce-[^']+'", "'nonce'", sources) for name, sources in directives.items()}


STRIPE_KEYS = {"stripe_secret_key": "sk_test_x", "stripe_publishable_key": "pk_test_x"}


def test_the_checkout_lets_stripe_js_in_and_no_other_page_does(settings):
    with shop(settings, **STRIPE_KEYS) as client:  # Stripe's own Stripe.js (STRIPE_JS_URL's default)
        home = policy(client, "/")
        for _ in range(2):  # rendered, then from the page cache
            checkout = policy(client, "/checkout")
            assert checkout["script-src"] == home["script-src"] + " https://js.stripe.com"
            assert checkout["frame-src"] == "https://js.stripe.com https://hooks.stripe.com"
            assert checkout["connect-src"] == "'self' https://api.stripe.com"
            assert without_nonce({**checkout, "script-src": "", "frame-src": "", "connect-src": ""}) == without_nonce(
                {**home, "script-src": "", "frame-src": "", "connect-src": ""}
            )
        for path in ("/", "/cart", "/product/1", "/orders/lookup"):
            directives = policy(client, path)
            assert "stripe" not in json.dumps(directives), path
            assert (directives["frame-src"], directives["connect-src"]) == ("'none'", "'self'")
        # The JSON a client-side navigation would fetch carries no page policy at all.
        navigation = client.get("/checkout", headers={"Accept": "application/json"})
        assert "stripe" not in navigation.headers["content-security-policy"]


def test_a_stripe_stand_in_is_let_in_from_its_one_origin(settings):
    with shop(settings, **STRIPE_KEYS, stripe_js_url=LOCALSTRIPE_JS) as client:
        checkout = policy(client, "/checkout")
        origin = "http://127.0.0.1:12345"
        assert checkout["script-src"].endswith(" " + origin)
        assert (checkout["frame-src"], checkout["connect-src"]) == (origin, f"'self' {origin}")
        page = json.loads(
            re.search(r'id="__PAGE__" type="application/json">(.*?)</script>', client.get("/").text).group(1)
        )
        assert page["config"]["payments"]["stripeJs"] == LOCALSTRIPE_JS


def test_without_stripe_the_checkout_keeps_every_pages_policy(client):
    assert without_nonce(policy(client, "/checkout")) == without_nonce(policy(client, "/"))


def test_prices_are_printed_in_the_shops_currency_on_the_server(settings, monkeypatch):
    monkeypatch.setenv("SHOP_CURRENCY", "EUR")
    with shop(settings) as client:
        home = client.get("/").text
        # Every product card's price (the seeded content's own words, "Start from $10", stay as written).
        prices = re.findall(r'class="now">([^<]+)<', home)
        assert prices and all(re.fullmatch(r"€\d[\d,]*\.\d\d", price) for price in prices)
        product = client.get("/product/1").text
        [offer] = [
            json.loads(block)["offers"]
            for block in re.findall(r'<script type="application/ld\+json">(.*?)</script>', product)
            if '"offers"' in block
        ]
        assert offer["priceCurrency"] == "EUR"
        assert f"€{offer['lowPrice']}" in product.replace(",", "")


def move(admin, order_no, change):
    answer = admin.patch(f"/api/orders/{order_no}", json=change)
    assert answer.status_code == 200, answer.text


def test_a_shoppers_order_tells_its_payment_and_where_the_parcel_is(settings, fake_stripe):
    with shop(settings, **fake_stripe.settings()) as client:
        sign_up(client)
        items = [{"id": pid, "qty": 1, "price": price} for pid, price, _ in in_stock_products(client)]
        card = {"paymentMethod": "Stripe", "paymentMethodId": fake_stripe.card_payment_method(CARD_DECLINED)}
        declined = client.post("/api/checkout", json={**FORM, **card, "items": items}).json()
        cash = client.post("/api/checkout", json={**FORM, "paymentMethod": "Cash", "items": items}).json()

        order = client.get(f"/api/me/orders/{declined['orderNo']}").json()
        assert (order["paymentStatus"], order["payableByCard"]) == ("Failed", True)
        assert order["payment"]["status"] == "declined" and "declined" in order["payment"]["message"]
        assert order["payment"]["clientSecret"] is None and order["carrier"] is None

        admin = another_browser(client)
        assert sign_in(admin).status_code == 200
        admin.headers["X-CSRF-Token"] = admin.get("/api/auth/csrf").json()["csrfToken"]
        move(admin, cash["orderNo"], {"status": "Processing"})
        move(admin, cash["orderNo"], {"status": "Shipped", "carrier": "UPS", "trackingNo": "1Z 999"})
        order = client.get(f"/api/me/orders/{cash['orderNo']}").json()
        assert (order["paymentStatus"], order["payableByCard"], order["payment"]["provider"]) == (
            "Pending",
            False,
            "cash",
        )
        assert (order["carrier"], order["trackingNo"]) == ("UPS", "1Z 999")
        assert order["trackingUrl"] == "https://www.ups.com/track?tracknum=1Z%20999"
        page = client.get(f"/account/orders/{cash['orderNo']}").text.replace("<!-- -->", "")
        assert 'href="https://www.ups.com/track?tracknum=1Z%20999"' in page and "Shipped with UPS" in page
        # A cancelled card order can no longer be paid.
        move(admin, declined["orderNo"], {"status": "Cancelled"})
        assert client.get(f"/api/me/orders/{declined['orderNo']}").json()["payableByCard"] is False


@pytest.mark.parametrize("code", ["USD", "EUR", "CAD"])
def test_the_browsers_formatter_prints_as_the_server_does(code):
    """components/common/currency.js, run in V8 as the server render runs it, against db/money.py."""
    money = currency_of(code)
    formatter = MiniRacer()
    formatter.eval((ROOT / "components" / "common" / "currency.js").read_text().replace("export ", ""))
    formatter.eval(f"setShopCurrency({json.dumps(money.as_config())})")
    amounts = ["0", "0.5", "8.585", "999.99", "1000", "1234.5", "1234567.891", "-5", "-1234.565", "-0.001", "750"]
    printed = [formatter.eval(f"formatAmount({amount})") for amount in amounts]
    assert printed == [money.format(Decimal(amount)) for amount in amounts]
    assert printed[2] == f"{money.symbol}8.59" and printed[6] == f"{money.symbol}1,234,567.89"
