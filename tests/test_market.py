"""The market storefront's lists (SPEC.md §7 /api/market-1/...), the /market-1 and / pages as a
crawler gets them, and the search form's redirect.

Expected figures come from plain SQL on the same database file, not from the application's
query functions, so a wrong query cannot agree with itself.
"""

from __future__ import annotations

import html
import re
import sqlite3
from urllib.parse import unquote

import pytest

PRODUCT = {"id", "title", "price", "discount", "rating", "imgUrl", "imgGroup", "category"}
SHAPES: dict[str, set[str]] = {
    "main-carousel": {"title", "photoUrl", "description", "buttonText", "buttonLik"},
    "flash-deals": PRODUCT,
    "top-categories": {"title", "subtitle", "categoryUrl", "imgUrl"},
    "big-discounts": PRODUCT,
    "toprated-product": PRODUCT,
    "toprated-brand": {"imgUrl", "title", "productUrl"},
    "new-arrivals": PRODUCT,
    "car-list": PRODUCT,
    "mobile-list": PRODUCT,
    "optics-list": PRODUCT,
    "bottom-categories": {"name", "imgUrl"},
    "get-more-items": PRODUCT,
    "get-service-list": {"icon", "title", "subtitle"},
}
# Plain string lists, and the category (by slug) whose products they name.
BRAND_LISTS = {"car-brand-list": "cars", "mobile-brand-list": "mobiles", "optics/watch-brands": "optics-watches"}
SHOP_LISTS = {"mobile-shop-list": "mobiles", "optics/watch-shops": "optics-watches"}
# SPEC.md §9 slice sizes.
SIZES = {"big-discounts": 9, "car-list": 6, "mobile-list": 9, "optics-list": 9, "get-more-items": 12}
CATEGORY_LISTS = {"car-list": "Cars", "mobile-list": "Mobiles", "optics-list": "Optics & Watches"}
ALL_PATHS = [*SHAPES, *BRAND_LISTS, *SHOP_LISTS]


def api(client, path: str, **params):
    response = client.get(f"/api/market-1/{path}", params=params)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/json")
    return response


@pytest.fixture
def sql(db_file):
    connection = sqlite3.connect(db_file)
    yield lambda query, *args: connection.execute(query, args).fetchall()
    connection.close()


MARKET = "FROM product p JOIN category c ON c.id = p.category_id WHERE p.shop = 'market' AND p.published = 1"


# --- Every path: 200, a JSON array of SPEC.md §3 records, the total in X-Total-Count ------------


@pytest.mark.parametrize("path", ALL_PATHS)
def test_every_market_path_answers_an_array_of_records(any_client, path):
    response = api(any_client, path)
    records = response.json()
    assert isinstance(records, list) and records
    assert response.headers["X-Total-Count"] == str(len(records))
    if path in SHAPES:
        for record in records:
            assert SHAPES[path] <= set(record), f"{path}: {set(SHAPES[path]) - set(record)} missing"
    else:
        assert all(isinstance(name, str) and name for name in records)
        assert len(set(records)) == len(records)


@pytest.mark.parametrize("path,size", SIZES.items())
def test_slices_have_the_sizes_of_the_spec(client, path, size):
    assert len(api(client, path).json()) == size


@pytest.mark.parametrize("path,category", CATEGORY_LISTS.items())
def test_category_lists_hold_that_category_only(client, path, category):
    assert {p["category"] for p in api(client, path).json()} == {category}


@pytest.mark.parametrize("path,slug", BRAND_LISTS.items())
def test_brand_lists_name_four_to_six_brands_of_the_category(client, sql, path, slug):
    names = api(client, path).json()
    assert 4 <= len(names) <= 6
    brands = {
        row[0]
        for row in sql(
            f"SELECT DISTINCT b.name {MARKET.replace('WHERE', 'JOIN brand b ON b.id = p.brand_id WHERE')} "
            "AND (c.slug = ? OR c.parent_id = (SELECT id FROM category WHERE slug = ?))",
            slug,
            slug,
        )
    }
    assert set(names) <= brands
    assert len(names) == min(6, len(brands))
    assert 4 <= len(names) <= 6  # SPEC.md §9


@pytest.mark.parametrize("path,slug", SHOP_LISTS.items())
def test_shop_lists_name_the_sellers_of_the_category(client, sql, path, slug):
    names = api(client, path).json()
    shops = {
        row[0]
        for row in sql(
            f"SELECT DISTINCT s.shop_name {MARKET.replace('WHERE', 'JOIN seller s ON s.id = p.seller_id WHERE')} "
            "AND s.published = 1 AND (c.slug = ? OR c.parent_id = (SELECT id FROM category WHERE slug = ?))",
            slug,
            slug,
        )
    }
    assert 1 <= len(names) <= 6
    assert set(names) <= shops and len(names) == min(6, len(shops))
    assert 4 <= len(names) <= 6  # SPEC.md §9


# --- Orders the section names promise ------------------------------------------------------------


def test_flash_deals_are_the_deepest_discounts_and_big_discounts_follow(client, sql):
    flash = api(client, "flash-deals").json()
    big = api(client, "big-discounts").json()
    discounts = [p["discount"] for p in flash + big]
    assert discounts == sorted(discounts, reverse=True) and min(discounts) > 0
    deepest = sql(f"SELECT p.id {MARKET} AND p.discount > 0 ORDER BY p.discount DESC, p.id LIMIT 17")
    assert [p["id"] for p in flash + big] == [row[0] for row in deepest]
    assert not {p["id"] for p in flash} & {p["id"] for p in big}


def test_top_rated_products_come_best_first(client, sql):
    ratings = [p["rating"] for p in api(client, "toprated-product").json()]
    assert ratings == sorted(ratings, reverse=True)
    assert ratings[0] == sql(f"SELECT MAX(p.rating) {MARKET}")[0][0]


def test_new_arrivals_come_newest_first(client, sql):
    ids = [p["id"] for p in api(client, "new-arrivals").json()]
    newest = sql(f"SELECT p.id {MARKET} ORDER BY p.created_at DESC, p.id DESC LIMIT ?", len(ids))
    assert ids == [row[0] for row in newest]


def test_more_items_are_items_48_to_60_of_the_market(client, sql):
    ids = [p["id"] for p in api(client, "get-more-items").json()]
    assert ids == [row[0] for row in sql(f"SELECT p.id {MARKET} ORDER BY p.id LIMIT 12 OFFSET 48")]


def test_prices_are_numbers_and_discounts_whole_percents(client):
    for product in api(client, "big-discounts").json():
        assert isinstance(product["price"], (int, float)) and product["price"] > 0
        assert isinstance(product["discount"], int) and 0 < product["discount"] <= 90


def test_links_go_to_real_searches(client, sql):
    """SPEC.md §2 says some links pointed to / or #; here each goes to a search for a real term."""
    categories = {row[0] for row in sql("SELECT name FROM category")}
    brands = {row[0] for row in sql("SELECT name FROM brand")}
    links = [s["buttonLik"] for s in api(client, "main-carousel").json()]
    links += [c["categoryUrl"] for c in api(client, "top-categories").json()]
    links += [c["categoryUrl"] for c in api(client, "bottom-categories").json()]
    brand_links = [b["productUrl"] for b in api(client, "toprated-brand").json()]
    for link in links + brand_links:
        assert link.startswith("/product/search/"), link
    assert {unquote(link.removeprefix("/product/search/")) for link in links} <= categories
    assert {unquote(link.removeprefix("/product/search/")) for link in brand_links} <= brands


def test_services_use_known_icons(client):
    icons = {s["icon"] for s in api(client, "get-service-list").json()}
    assert icons <= {"truck", "money", "return", "secure", "support", "feedback", "gift", "clock"}


# --- List parameters -----------------------------------------------------------------------------


def test_per_page_and_page_slice_the_list_and_keep_the_total(client):
    everything = api(client, "mobile-list").json()
    first = api(client, "mobile-list", per_page=4)
    second = api(client, "mobile-list", per_page=4, page=2)
    assert first.json() == everything[:4] and second.json() == everything[4:8]
    assert first.headers["X-Total-Count"] == second.headers["X-Total-Count"] == str(len(everything))


def test_q_filters_records_and_names(client):
    assert api(client, "car-brand-list", q="tesla").json() == ["Tesla"]
    phones = api(client, "mobile-list", q="samsung")
    assert phones.json() and all("samsung" in p["title"].lower() for p in phones.json())
    assert phones.headers["X-Total-Count"] == str(len(phones.json()))


def test_bad_list_parameters_answer_422_json(client):
    for params in ({"per_page": "many"}, {"page": "0"}, {"sort": "no_such_field"}):
        response = client.get("/api/market-1/car-list", params=params)
        assert response.status_code == 422
        assert response.json()["message"]


# --- The pages as a crawler or a first visit gets them --------------------------------------------


def root_markup(document: str) -> str:
    """The server-rendered markup only (not the props JSON after it)."""
    return document[document.index('<div id="root">') : document.index('<script id="__PAGE__"')]


@pytest.mark.parametrize("path", ["/", "/market-1"])
def test_storefront_is_server_rendered_with_one_h1_and_one_style_block(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    document = response.text
    assert 'data-theme="DEFAULT"' in document
    assert document.count("<style data-emotion=") == 1
    markup = root_markup(document)
    assert markup.count("<h1") == 1
    assert markup.count("<h2") >= 6
    # Every section is in the markup: no Suspense boundary was left for the browser to render.
    assert "<!--$!-->" not in markup
    assert re.search(r'<link rel="canonical" href="https?://[^/"]+' + re.escape(path) + '">', document)
    assert '<meta name="description" content="' in document


def test_home_shows_books_of_the_catalogue(client, sql):
    markup = root_markup(client.get("/").text)
    featured = [
        row[0] for row in sql("SELECT title FROM product WHERE shop = 'books' AND published = 1 AND featured = 1")
    ]
    assert featured
    for title in featured:
        assert html.escape(title) in markup
    unpublished = sql("SELECT title FROM product WHERE shop = 'books' AND published = 0")
    assert unpublished and not any(html.escape(row[0]) in markup for row in unpublished)
    for shelf in ("School Books", "College Books", "Story Books"):
        assert f"/product/search/{shelf.replace(' ', '%20')}" in markup


def test_home_links_to_every_storefront(client):
    markup = root_markup(client.get("/").text)
    for path in (
        "/market-1",
        "/grocery1",
        "/grocery2",
        "/grocery3",
        "/gadget-shop",
        "/fashion-shop",
        "/furniture-shop",
        "/healthbeauty-shop",
        "/gift-shop",
    ):
        assert f'href="{path}"' in markup


def test_market_page_shows_what_its_lists_answer(client):
    markup = root_markup(client.get("/market-1").text)
    for path in ("flash-deals", "big-discounts", "car-list", "mobile-list", "optics-list", "get-more-items"):
        for product in api(client, path).json():
            assert html.escape(product["title"]) in markup, (path, product["title"])
    for name in api(client, "optics/watch-brands").json():
        assert html.escape(name) in markup


def test_page_props_for_client_navigation_match_the_lists(client):
    response = client.get("/market-1", headers={"Accept": "application/json"})
    assert response.status_code == 200
    page = response.json()
    assert page["page"] == "Market1" and page["theme"] == "DEFAULT"
    assert page["props"]["flashDeals"] == api(client, "flash-deals").json()
    assert page["props"]["mobiles"]["shops"] == api(client, "mobile-shop-list").json()


# --- The search form's target ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "query,location",
    [
        ({"q": "Onion"}, "/product/search/Onion"),
        ({"q": "  Coffee & Snacks "}, "/product/search/Coffee%20%26%20Snacks"),
        ({"q": ""}, "/"),
        ({"q": "   "}, "/"),
        ({}, "/"),
    ],
)
def test_search_form_redirects_to_the_search_page(client, query, location):
    response = client.get("/product/search", params=query, follow_redirects=False)
    assert response.status_code == 302
    assert response.headers["location"] == location
