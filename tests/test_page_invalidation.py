"""Cached pages are dropped by what they show: after each kind of write, every page that shows the
thing written is fresh on the next request, and the pages that do not show it are still served
from the cache (the page cache counts the pages it builds: a hit builds nothing).

Pages are read anonymously (the fast path in front of the router answers their hits); writes go
through the administrator's API with the session in an explicit header, or straight to the
database as another server would, and are then seen through the change log within its trust period.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from decimal import Decimal

import pytest
from conftest import make_settings, sign_in
from sqlalchemy import select

from app.pages.page_keys import UNDECLARED, products_in
from db import page_keys
from db.checkout import sale_price
from db.models import Product, Review, Seller, Service

STOREFRONTS = [
    "/",
    "/market-1",
    "/grocery1",
    "/grocery2",
    "/grocery3",
    "/gadget-shop",
    "/fashion-shop",
    "/furniture-shop",
    "/healthbeauty-shop",
    "/gift-shop",
]
OTHERS = ["/product/search/Onion", "/books/class-9", "/booklists", "/cart"]
JSON = {"Accept": "application/json"}
BUYER = {
    "name": "Cache Tester",
    "email": "cache@example.com",
    "phone": "+1 555 0100 77",
    "billingAddress": "1 Loopback Lane, Localhost",
    "paymentMethod": "Cash",
}


class Shop:
    """The anonymous shopper's view of the shop, the administrator's writes, and the page count."""

    def __init__(self, client):
        self.client = client
        self.services = client.app.state.services
        sign_in(client)
        self.admin = {
            "Cookie": f"sb_session={client.cookies.get('sb_session')}",
            "X-CSRF-Token": client.get("/api/auth/csrf").json()["csrfToken"],
        }
        client.cookies.clear()  # every page below is asked anonymously

    def props(self, path: str) -> dict:
        response = self.client.get(path, headers=JSON)
        assert response.status_code == 200, (path, response.status_code)
        return response.json()["props"]

    def visit(self, paths: list[str]) -> tuple[dict[str, dict], set[str]]:
        """Each page's props, and which of them the requests built afresh (the rest were hits)."""
        seen, built = {}, set()
        for path in paths:
            before = self.services.page_cache.builds
            seen[path] = self.props(path)
            if self.services.page_cache.builds > before:
                built.add(path)
        return seen, built

    def write(self, method: str, path: str, body: dict | None = None) -> dict:
        response = self.client.request(method, path, json=body, headers=self.admin)
        assert response.status_code in (200, 201, 204), response.text
        return response.json() if response.content else {}

    def write_around(self, fn) -> None:
        """A write by another server: this one learns of it from the change log."""
        self.services.db.write_sync(fn)
        time.sleep(self.services.settings.catalogue_version_ttl + 0.1)

    def read(self, fn):
        return self.services.db.read_sync(fn)

    def showing(self, product_id: int, seen: dict[str, dict]) -> set[str]:
        return {path for path, props in seen.items() if product_id in products_in(props)}


@pytest.fixture
def shop(client) -> Shop:
    return Shop(client)


def warm(shop: Shop, paths: list[str]) -> dict[str, dict]:
    seen, _ = shop.visit(paths)
    _, built = shop.visit(paths)
    assert built == set(), "a warm page must come from the cache"
    return seen


def shown_on(seen: dict[str, dict], page: str, shop_of: set[int]) -> int:
    """A product of this shop (`shop_of`, its ids) that the page shows."""
    return next(i for i in sorted(products_in(seen[page])) if i in shop_of)


def products_of(shop: Shop, which: str) -> set[int]:
    return set(
        shop.read(lambda s: s.scalars(select(Product.id).where(Product.shop == which, Product.published.is_(True))))
    )


def test_a_product_edit_refreshes_every_page_that_shows_it_and_no_other_storefront(shop):
    market = products_of(shop, "market")
    first = warm(shop, STOREFRONTS + OTHERS)
    product_id = shown_on(first, "/market-1", market)
    related = next(
        i for i in sorted(market) if i != product_id and product_id in products_in(shop.props(f"/product/{i}"))
    )
    pages = STOREFRONTS + OTHERS + [f"/product/{product_id}", f"/product/{related}"]
    seen = warm(shop, pages)

    shop.write("PATCH", f"/api/products/{product_id}", {"name": "Renamed Marketplace Gadget"})
    after, built = shop.visit(pages)

    showing = shop.showing(product_id, seen)
    assert {"/market-1", f"/product/{product_id}", f"/product/{related}"} <= showing <= built
    for path in showing:
        assert "Renamed Marketplace Gadget" in str(after[path])
    # Other storefronts, the shelves and the booklists do not show it and cannot list it.
    assert built.isdisjoint(
        {
            "/",
            "/grocery1",
            "/grocery2",
            "/grocery3",
            "/gadget-shop",
            "/fashion-shop",
            "/furniture-shop",
            "/healthbeauty-shop",
            "/gift-shop",
            "/books/class-9",
            "/booklists",
            "/cart",
        }
    )


def test_a_price_change_shows_at_once_on_its_pages_and_leaves_other_shops_cached(shop):
    grocery = products_of(shop, "grocery")
    first = warm(shop, STOREFRONTS)
    product_id = shown_on(first, "/grocery1", grocery)
    pages = STOREFRONTS + [f"/product/{product_id}"]
    seen = warm(shop, pages)

    shop.write("PATCH", f"/api/products/{product_id}", {"price": "123.45"})
    after, built = shop.visit(pages)

    showing = shop.showing(product_id, seen)
    assert {"/grocery1", f"/product/{product_id}"} <= showing <= built
    for path in showing:
        prices = [record["price"] for record in _records(after[path], product_id)]
        assert prices and set(prices) == {123.45}, path
    assert built.isdisjoint({"/", "/market-1", "/gadget-shop", "/fashion-shop", "/furniture-shop", "/gift-shop"})


def _records(props, product_id: int) -> list[dict]:
    found = []

    def walk(value):
        if isinstance(value, dict):
            if value.get("id") == product_id and "price" in value:
                found.append(value)
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(props)
    return found


def test_unpublishing_and_publishing_a_product_takes_it_off_and_puts_it_back(shop):
    gadgets = products_of(shop, "gadget")
    seen = warm(shop, STOREFRONTS)
    product_id = shown_on(seen, "/gadget-shop", gadgets)
    warm(shop, [f"/product/{product_id}"])

    shop.write("PATCH", f"/api/products/{product_id}", {"published": False})
    after, built = shop.visit(STOREFRONTS)
    assert "/gadget-shop" in built and product_id not in products_in(after["/gadget-shop"])
    assert shop.client.get(f"/product/{product_id}").status_code == 404
    assert built.isdisjoint({"/", "/market-1", "/grocery1", "/fashion-shop", "/furniture-shop", "/gift-shop"})

    shop.write("PATCH", f"/api/products/{product_id}", {"published": True})
    after, built = shop.visit(STOREFRONTS)
    assert built == {"/gadget-shop"} and product_id in products_in(after["/gadget-shop"])
    assert shop.client.get(f"/product/{product_id}").status_code == 200


def _buy(shop: Shop, product_id: int, qty: int) -> None:
    price = shop.read(lambda s: sale_price(s.get(Product, product_id)))
    response = shop.client.post(
        "/api/checkout", json={**BUYER, "items": [{"id": product_id, "qty": qty, "price": str(price)}]}
    )
    assert response.status_code == 201, response.text


def test_selling_out_refreshes_the_pages_that_show_the_product(shop):
    grocery = products_of(shop, "grocery")
    first = warm(shop, STOREFRONTS + OTHERS)
    product_id = next(i for i in sorted(products_in(first["/product/search/Onion"])) if i in grocery)
    pages = STOREFRONTS + OTHERS + [f"/product/{product_id}"]
    seen = warm(shop, pages)
    left = shop.read(lambda s: s.get(Product, product_id).stock)
    assert 0 < left <= 99

    _buy(shop, product_id, left)
    after, built = shop.visit(pages)

    showing = shop.showing(product_id, seen)
    assert {"/product/search/Onion", f"/product/{product_id}"} <= showing <= built
    assert after[f"/product/{product_id}"]["product"]["stock"] == 0
    assert built.isdisjoint(
        {
            "/",
            "/market-1",
            "/gadget-shop",
            "/fashion-shop",
            "/furniture-shop",
            "/healthbeauty-shop",
            "/gift-shop",
            "/books/class-9",
            "/cart",
        }
    )


def test_a_burst_of_checkouts_that_leave_products_in_stock_keeps_the_shop_cached(shop):
    seen = warm(shop, STOREFRONTS + OTHERS)
    stock = dict(
        shop.read(lambda s: s.execute(select(Product.id, Product.stock).where(Product.shop == "grocery")).all())
    )
    listed = sorted(products_in(seen["/grocery1"]) & stock.keys())
    # Counts a product page prints ("only 3 left" from 10 down; a booklist up to 99), and one it does not.
    low = [i for i in listed if 20 <= stock[i] < page_keys.STOCK_SHOWN_BELOW][:2]
    high = [i for i in listed if stock[i] >= page_keys.STOCK_SHOWN_BELOW + 10][:1]
    unsold = [i for i in listed if i not in low + high][:2]
    assert len(low) == 2 and len(high) == 1
    products = [f"/product/{i}" for i in low + high + unsold]
    warm(shop, products)

    for n in range(9):
        _buy(shop, (low + high)[n % 3], 1)
    _, built = shop.visit(STOREFRONTS + OTHERS + products)

    # Only the pages that print those products' stock counts are built again.
    assert built == {f"/product/{i}" for i in low}
    assert all(shop.props(f"/product/{i}")["product"]["stock"] == stock[i] - 3 for i in low)


def test_a_category_rename_shows_on_its_products_cards_and_nowhere_else(shop):
    seen = warm(shop, STOREFRONTS)
    card = next(p for p in seen["/gadget-shop"]["topPicks"])
    category_id = shop.read(lambda s: s.get(Product, card["id"]).category_id)

    shop.write("PATCH", f"/api/category/{category_id}", {"name": "Renamed Gadgetry"})
    after, built = shop.visit(STOREFRONTS)

    assert "/gadget-shop" in built and "Renamed Gadgetry" in str(after["/gadget-shop"])
    assert built.isdisjoint({"/grocery1", "/grocery3", "/furniture-shop", "/healthbeauty-shop", "/fashion-shop"})


def test_a_brand_rename_shows_on_its_products_pages(shop):
    product_id, brand_id = shop.read(
        lambda s: s.execute(
            select(Product.id, Product.brand_id)
            .where(Product.brand_id.is_not(None), Product.shop == "market", Product.published.is_(True))
            .order_by(Product.id)
            .limit(1)
        ).one()
    )
    pages = STOREFRONTS + [f"/product/{product_id}"]
    warm(shop, pages)

    shop.write("PATCH", f"/api/brands/{brand_id}", {"name": "Renamed Brandworks"})
    after, built = shop.visit(pages)

    assert after[f"/product/{product_id}"]["product"]["brand"] == "Renamed Brandworks"
    assert f"/product/{product_id}" in built
    assert built.isdisjoint(
        {"/grocery1", "/grocery2", "/grocery3", "/furniture-shop", "/healthbeauty-shop", "/gift-shop"}
    )


def test_a_content_change_refreshes_its_own_storefront_only(shop):
    warm(shop, STOREFRONTS)

    def retitle(session):
        service = session.scalars(select(Service).where(Service.shop == "grocery1").order_by(Service.id)).first()
        service.title = "Renamed Doorstep Delivery"

    shop.write_around(retitle)
    after, built = shop.visit(STOREFRONTS)
    assert built == {"/grocery1"} and "Renamed Doorstep Delivery" in str(after["/grocery1"])


def test_publishing_a_review_refreshes_the_product_page_and_its_shops_lists(shop):
    review_id, product_id, shop_of = shop.read(
        lambda s: s.execute(
            select(Review.id, Review.product_id, Product.shop)
            .join(Product, Product.id == Review.product_id)
            .where(Review.published.is_(True), Product.published.is_(True), Product.shop == "gadget")
            .order_by(Review.id)
            .limit(1)
        ).one()
    )
    pages = STOREFRONTS + [f"/product/{product_id}"]
    seen = warm(shop, pages)
    reviews_before = seen[f"/product/{product_id}"]["reviews"]

    shop.write("PATCH", f"/api/reviews/{review_id}", {"published": False})
    after, built = shop.visit(pages)
    assert review_id not in {r["id"] for r in after[f"/product/{product_id}"]["reviews"]}
    assert len(after[f"/product/{product_id}"]["reviews"]) == len(reviews_before) - 1
    assert {f"/product/{product_id}", "/gadget-shop"} <= built
    assert built.isdisjoint({"/", "/market-1", "/grocery1", "/furniture-shop", "/healthbeauty-shop", "/gift-shop"})

    shop.write("PATCH", f"/api/reviews/{review_id}", {"published": True})
    after, _ = shop.visit([f"/product/{product_id}"])
    assert review_id in {r["id"] for r in after[f"/product/{product_id}"]["reviews"]}


def test_a_seller_change_refreshes_the_pages_that_name_the_seller(shop):
    product_id, seller_id = shop.read(
        lambda s: s.execute(
            select(Product.id, Product.seller_id)
            .join(Seller, Seller.id == Product.seller_id)
            .where(Product.published.is_(True), Seller.published.is_(True), Product.shop == "market")
            .order_by(Product.id)
            .limit(1)
        ).one()
    )
    pages = STOREFRONTS + [f"/product/{product_id}"]
    warm(shop, pages)

    shop.write("PATCH", f"/api/sellers/{seller_id}", {"published": False})
    _, built = shop.visit(pages)
    assert built == {"/market-1"}  # its lists of sellers' shops; product pages name the shop either way

    shop.write_around(lambda s: setattr(s.get(Seller, seller_id), "shop_name", "Renamed Traders"))
    after, built = shop.visit(pages)
    assert after[f"/product/{product_id}"]["product"]["shopName"] == "Renamed Traders"
    assert f"/product/{product_id}" in built and built.isdisjoint({"/grocery1", "/gadget-shop", "/gift-shop"})


def test_a_write_seen_by_a_second_server_drops_its_page_within_the_trust_period(settings, tmp_path):
    from starlette.testclient import TestClient

    from app.main import create_app

    with (
        TestClient(create_app(settings), base_url="http://127.0.0.1") as one,
        TestClient(
            create_app(make_settings(settings.database_url, settings.media_dir)), base_url="http://127.0.0.1"
        ) as two,
    ):
        other = two.app.state.services
        assert two.get("/market-1", headers=JSON).status_code == 200
        built = other.page_cache.builds
        product_id = products_in(two.get("/market-1", headers=JSON).json()["props"]).pop()
        one.app.state.services.db.write_sync(lambda s: setattr(s.get(Product, product_id), "price", Decimal("77.77")))
        time.sleep(other.settings.catalogue_version_ttl + 0.1)
        props = two.get("/market-1", headers=JSON).json()["props"]
        assert other.page_cache.builds == built + 1
        assert {r["price"] for r in _records(props, product_id)} == {77.77}


def test_a_page_read_before_a_change_it_shows_is_answered_but_not_kept(shop):
    services = shop.services
    product_id = min(products_in(shop.props("/grocery3")))
    services.page_cache.clear()
    original = services.renderer.render

    async def render_then_write(name, page_json):
        # The props are read; before the page is stored, a change to what it shows is applied.
        services.db.write_sync(lambda s: setattr(s.get(Product, product_id), "title", "Changed Meanwhile"))
        services.catalogue_version.refresh()
        return await original(name, page_json)

    services.renderer.render = render_then_write
    assert "Changed Meanwhile" not in shop.client.get("/grocery3").text
    services.renderer.render = original
    builds = services.page_cache.builds
    assert "Changed Meanwhile" in shop.client.get("/grocery3").text
    assert services.page_cache.builds == builds + 1


def test_every_cached_route_says_what_its_pages_show(client):
    cached = [
        route for route in client.app.routes if getattr(getattr(route, "endpoint", None), "shows", None) is not None
    ]
    assert len(cached) >= 20
    assert [route.path for route in cached if route.endpoint.shows is UNDECLARED] == []


def test_a_write_that_cannot_say_what_it_changed_drops_every_page(shop):
    from db import catalogue_version

    warm(shop, STOREFRONTS)
    shop.write_around(catalogue_version.written)
    _, built = shop.visit(STOREFRONTS)
    assert built == set(STOREFRONTS)


def test_the_change_log_names_what_a_sale_changed(shop):
    from db import catalogue_version
    from db.models import PageChange

    grocery = sorted(products_of(shop, "grocery"))
    _buy(shop, grocery[0], 1)
    last = shop.read(lambda s: s.scalars(select(PageChange.keys).order_by(PageChange.id.desc())).first())
    assert last == page_keys.stock(grocery[0])
    version = shop.read(catalogue_version.current)
    assert shop.services.catalogue_version.get() == version


def test_a_checkout_reads_the_change_log_only_when_it_changed_what_pages_show(shop, monkeypatch):
    stock = dict(shop.read(lambda s: s.execute(select(Product.id, Product.stock).where(Product.published)).all()))
    low = next(i for i, left in stock.items() if 20 <= left < page_keys.STOCK_SHOWN_BELOW)
    high = next(i for i, left in stock.items() if left >= page_keys.STOCK_SHOWN_BELOW + 10)
    version = shop.services.catalogue_version
    # The change log read by the background task meanwhile is not the checkout's: the follower is
    # started again with a long pause (one already asleep would wake within its old pause and
    # read), and again as it was afterwards, for the tests after this one. What earlier tests
    # committed is read now, before counting (their last commit may be after the last read).
    ttl = version.ttl
    monkeypatch.setattr(version, "ttl", 3600.0)
    shop.client.portal.call(_follow_again, version)
    try:
        version.refresh()
        reads = []
        read = version._read
        monkeypatch.setattr(version, "_read", lambda after: reads.append(after) or read(after))

        _buy(shop, high, 1)
        assert reads == [], "a count no page prints changed: nothing to read"
        _buy(shop, low, 1)
        assert len(reads) == 1, "a printed count changed: this server reads it before answering"
        assert shop.props(f"/product/{low}")["product"]["stock"] == stock[low] - 1
    finally:
        version.ttl = ttl
        shop.client.portal.call(_follow_again, version)


async def _follow_again(version) -> None:
    """Start the change log's follower again, so it sleeps the version's ttl as it is now."""
    version._task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await version._task
    version._task = asyncio.get_running_loop().create_task(version._follow())
