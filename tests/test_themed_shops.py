"""The furniture, health & beauty and gift storefronts as a crawler (or a browser without
JavaScript) gets them: themed by path, one h1, and every section showing what its SPEC.md §7
list answers, the side navigation included.

"N Available Items" is checked against plain SQL on the same database file, not against the
application's query functions, so a wrong count cannot agree with itself.
"""

from __future__ import annotations

import html
import re
import sqlite3

import pytest

SHOPS = {
    "/furniture-shop": ("FURNITURE", "FurnitureShop"),
    "/healthbeauty-shop": ("HEALTH", "HealthBeautyShop"),
    "/gift-shop": ("GIFT", "GiftShop"),
}
NAVIGATION = {
    "/furniture-shop": "/api/furniture-shop/navigation",
    "/healthbeauty-shop": "/api/healthbeauty/navigation",
    "/gift-shop": "/api/gift-shop-navigation",
}
PRODUCT_LISTS = {
    "/furniture-shop": [
        "/api/furniture-shop/top-new-products",
        "/api/furniture-shop/top-selling-products",
        "/api/furniture-shop/all-products",
    ],
    "/healthbeauty-shop": ["/api/healthbeauty/top-new-products", "/api/healthbeauty/all-products"],
    "/gift-shop": [
        "/api/gift-shop/popular-products",
        "/api/gift-shop/top-sailed-products",
        "/api/gift-shop/all-products",
    ],
}
SERVICES = {"/healthbeauty-shop": "/api/healthbeauty/services", "/gift-shop": "/api/gift-shop/service-list"}


def api(client, path: str) -> list:
    response = client.get(path)
    assert response.status_code == 200, response.text
    return response.json()


def root_markup(document: str) -> str:
    """The server-rendered markup only (not the props JSON after it)."""
    return document[document.index('<div id="root">') : document.index('<script id="__PAGE__"')]


def page_markup(client, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200
    return root_markup(response.text)


def walk(items: list[dict], depth: int = 0):
    """Every navigation item with its depth, parents before their children."""
    for item in items:
        yield item, depth
        yield from walk(item.get("child", []), depth + 1)


@pytest.fixture
def sql(db_file):
    connection = sqlite3.connect(db_file)
    yield lambda query, *args: connection.execute(query, args).fetchall()
    connection.close()


@pytest.mark.parametrize("path", SHOPS)
def test_storefront_is_themed_by_path_and_server_rendered(client, path):
    theme, page = SHOPS[path]
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    document = response.text
    assert re.search(r'<html [^>]*data-theme="' + theme + '"', document)
    assert document.count("<style data-emotion=") == 1
    assert f'"page": "{page}"' in document or f'"page":"{page}"' in document
    markup = root_markup(document)
    assert markup.count("<h1") == 1
    assert markup.count("<h2") >= 3
    # Every section is in the markup: no Suspense boundary was left for the browser to render.
    assert "<!--$!-->" not in markup
    assert re.search(r'<link rel="canonical" href="https?://[^/"]+' + re.escape(path) + '">', document)
    assert re.search(r'<meta name="description" content="[^"]{50,}">', document)


@pytest.mark.parametrize("path", SHOPS)
def test_every_product_of_the_page_lists_is_on_the_page(client, path):
    markup = page_markup(client, path)
    for list_path in PRODUCT_LISTS[path]:
        products = api(client, list_path)
        assert products, list_path
        for product in products:
            assert html.escape(product["title"]) in markup, (list_path, product["title"])
            assert f'href="/product/{product["id"]}"' in markup


@pytest.mark.parametrize("path", SHOPS)
def test_side_navigation_links_every_item_and_hides_children_behind_a_button(client, path):
    markup = page_markup(client, path)
    groups = api(client, NAVIGATION[path])
    assert groups and any(item.get("child") for group in groups for item in group["categoryItem"])
    for group in groups:
        assert html.escape(group["category"]) in markup
        for item, _depth in walk(group["categoryItem"]):
            link = re.search(r'<a href="' + re.escape(html.escape(item["href"])) + r'"[^>]*>(.*?)</a>', markup)
            assert link, item["href"]
            assert html.escape(item["title"]) in link.group(1)
            if item.get("child"):
                button = re.search(
                    r'<button [^>]*aria-expanded="false" aria-controls="([^"]+)" aria-label="'
                    + re.escape(html.escape(f"{item['title']}: more categories"))
                    + '"',
                    markup,
                )
                assert button, item["title"]
                # The button controls a list that is there, closed, and holds the children's links.
                children = re.search(r'<ul id="' + re.escape(button.group(1)) + r'" hidden="">(.*?)</ul>', markup, re.S)
                assert children, item["title"]
                for child in item["child"]:
                    assert f'href="{html.escape(child["href"])}"' in children.group(1)
    # On a phone the same menu opens from a button.
    assert re.search(r'<button type="button"[^>]*aria-haspopup="dialog"[^>]*>.*?Categories</button>', markup)


def test_furniture_cards_show_the_new_status_and_the_four_colours(client):
    markup = page_markup(client, "/furniture-shop")
    shown = [p for list_path in PRODUCT_LISTS["/furniture-shop"] for p in api(client, list_path)]
    new = [p for p in shown if p.get("status") == "New"]
    assert new and len(new) < len(shown)
    # One "New" label per card of a New product, none on the others.
    assert markup.count(">New</span>") == len(new)
    for product in shown:
        colours = product["productColors"]
        assert len(colours) == 4
        for colour in colours:
            assert f"--swatch:{colour}" in markup
        assert f"{html.escape(product['title'])} comes in 4 colours" in markup


def test_gift_top_categories_show_how_many_items_each_has(client, sql):
    markup = page_markup(client, "/gift-shop")
    tiles = sql(
        "SELECT s.title, s.category_id FROM showcase_category s "
        "WHERE s.shop = 'gift' AND s.slot = 'top' ORDER BY s.position, s.id"
    )
    assert tiles
    for title, category_id in tiles:
        (count,) = sql(
            "SELECT count(*) FROM product p JOIN category c ON c.id = p.category_id "
            "WHERE p.published = 1 AND (c.id = ? OR c.parent_id = ?)",
            category_id,
            category_id,
        )[0]
        tile = re.search(
            r'<span class="title">' + re.escape(html.escape(title)) + r'</span><span class="subtitle">([^<]*)</span>',
            markup,
        )
        assert tile, title
        assert tile.group(1) == f"{count} Available Items"


@pytest.mark.parametrize("path", SERVICES)
def test_services_are_on_the_page(client, path):
    markup = page_markup(client, path)
    services = api(client, SERVICES[path])
    assert services
    for service in services:
        assert html.escape(service["title"]) in markup
        assert html.escape(service["subtitle"]) in markup


@pytest.mark.parametrize(
    "path,props",
    [
        (
            "/furniture-shop",
            {
                "navigation": "/api/furniture-shop/navigation",
                "topNewProducts": "/api/furniture-shop/top-new-products",
                "topSellingProducts": "/api/furniture-shop/top-selling-products",
                "allProducts": "/api/furniture-shop/all-products",
            },
        ),
        (
            "/healthbeauty-shop",
            {
                "navigation": "/api/healthbeauty/navigation",
                "topNewProducts": "/api/healthbeauty/top-new-products",
                "allProducts": "/api/healthbeauty/all-products",
                "services": "/api/healthbeauty/services",
            },
        ),
        (
            "/gift-shop",
            {
                "navigation": "/api/gift-shop-navigation",
                "topCategories": "/api/gift-shop/top-categories",
                "popularProducts": "/api/gift-shop/popular-products",
                "topSoldProducts": "/api/gift-shop/top-sailed-products",
                "allProducts": "/api/gift-shop/all-products",
                "services": "/api/gift-shop/service-list",
            },
        ),
    ],
)
def test_page_props_for_client_navigation_are_the_lists(client, path, props):
    response = client.get(path, headers={"Accept": "application/json"})
    assert response.status_code == 200
    page = response.json()
    assert (page["theme"], page["page"]) == SHOPS[path]
    assert set(page["props"]) == set(props)
    for name, list_path in props.items():
        assert page["props"][name] == api(client, list_path), name


def test_furniture_all_products_shows_nine(client):
    page = client.get("/furniture-shop", headers={"Accept": "application/json"}).json()
    assert len(page["props"]["allProducts"]) == 9
