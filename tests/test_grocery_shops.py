"""The three grocery storefronts as a crawler (or a browser without JavaScript) gets them: every
record their SPEC.md §7 endpoints answer is in the server-rendered markup, with real links.

The page's props travel in the same document as JSON; every check here reads the rendered markup
only (the <div id="root"> part), so a section that fails to render cannot pass on its props.
"""

from __future__ import annotations

import html
import re

import pytest

from db.queries import grocery

PAGES = ["/grocery1", "/grocery2", "/grocery3"]
JSON = {"Accept": "application/json"}


def markup_of(document: str) -> str:
    """The server-rendered markup, without the props JSON that follows it."""
    match = re.search(r'<div id="root">(.*)</div>\s*<script id="__PAGE__"', document, re.S)
    assert match, "no server-rendered root in the document"
    return match.group(1)


def text(value: str) -> str:
    """A value as React writes it into markup."""
    return html.escape(value, quote=True)


def has_link(markup: str, href: str, label: str) -> bool:
    """An <a href=href> whose content (tags aside) includes label."""
    for match in re.finditer(r'<a\b[^>]*\bhref="' + re.escape(text(href)) + r'"[^>]*>(.*?)</a>', markup, re.S):
        if text(label) in re.sub(r"<[^>]+>", "", match.group(1)):
            return True
    return False


def api(client, path: str) -> list:
    response = client.get(path)
    assert response.status_code == 200, response.text
    return response.json()


def page(client, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, response.text
    return response.text


def navigation_items(groups: list[dict]):
    """Every item of a navigation tree, at every depth."""

    def walk(items, depth):
        for item in items:
            yield item, depth
            yield from walk(item.get("child", []), depth + 1)

    for group in groups:
        yield from walk(group["categoryItem"], 0)


# --- Every grocery page --------------------------------------------------------------------------


@pytest.mark.parametrize("path", PAGES)
def test_page_is_server_rendered_in_the_default_theme_with_one_h1(client, path):
    document = page(client, path)
    assert re.search(r'<html[^>]*\bdata-theme="DEFAULT"', document)
    markup = markup_of(document)
    assert len(re.findall(r"<h1\b", markup)) == 1
    assert len(re.findall(r"<h2\b", markup)) >= 3
    # Its own description (not the store's default) and its canonical address.
    description = re.search(r'<meta name="description" content="([^"]*)"', document).group(1)
    assert "grocer" in description.lower()
    assert re.search(r'<link rel="canonical" href="[^"]*' + re.escape(path) + '">', document)


@pytest.mark.parametrize("path", PAGES)
def test_every_link_in_the_page_goes_somewhere_real(client, path):
    main = re.search(r"<main\b.*?</main>", markup_of(page(client, path)), re.S).group(0)
    hrefs = re.findall(r'<a\b[^>]*\bhref="([^"]*)"', main)
    assert len(hrefs) > 20
    # Banners, cards, tiles and menus lead to a search, a category or a product: never / or #.
    assert all(href.startswith("/product/") for href in hrefs), sorted(
        set(hrefs) - {h for h in hrefs if h.startswith("/product/")}
    )


@pytest.mark.parametrize("path", PAGES)
def test_images_have_alt_width_and_height(client, path):
    for tag in re.findall(r"<img\b[^>]*>", markup_of(page(client, path))):
        assert re.search(r'\balt="', tag) and re.search(r'\bwidth="\d+"', tag) and re.search(r'\bheight="\d+"', tag), (
            tag
        )


# --- /grocery1 -----------------------------------------------------------------------------------

GROCERY1_LISTS = {
    "popularProducts": "/api/grocery1/popular-products",
    "trendingProducts": "/api/grocery1/trending-products",
    "allProducts": "/api/grocery1/all-products",
    "services": "/api/grocery1/services",
    "navigation": "/api/grocery1/navigation",
}


def test_grocery1_props_are_its_endpoints_lists(client):
    props = client.get("/grocery1", headers=JSON).json()["props"]
    for prop, endpoint in GROCERY1_LISTS.items():
        assert props[prop] == api(client, endpoint), prop


def test_grocery1_shows_its_products_and_services(client):
    markup = markup_of(page(client, "/grocery1"))
    for endpoint in ("/api/grocery1/popular-products", "/api/grocery1/trending-products", "/api/grocery1/all-products"):
        products = api(client, endpoint)
        assert products
        for product in products:
            assert has_link(markup, f"/product/{product['id']}", product["title"]), (endpoint, product["title"])
    for section in ("Popular products", "Trending products", "All products"):
        assert re.search(r"<h2\b[^>]*>(?:<svg.*?</svg>)?" + re.escape(section) + "</h2>", markup, re.S), section
    for service in api(client, "/api/grocery1/services"):
        assert text(service["title"]) in markup and text(service["subtitle"]) in markup


def test_grocery1_navigation_is_in_the_markup_with_nested_items(client):
    markup = markup_of(page(client, "/grocery1"))
    groups = api(client, "/api/grocery1/navigation")
    items = list(navigation_items(groups))
    assert max(depth for _, depth in items) == 2, "the seed nests grocery1's navigation two levels deep"
    for group in groups:
        assert text(group["category"]) in markup
    for item, _depth in items:
        assert has_link(markup, item["href"], item["title"]), item["title"]


# --- /grocery2 -----------------------------------------------------------------------------------

# SPEC.md §9 slice sizes of the product sections.
SECTION_SIZES = {"section4": 9, "section5": 12, "section7": 9, "section8": 9}


def test_grocery2_props_are_its_endpoints_lists(client):
    props = client.get("/grocery2", headers=JSON).json()["props"]
    assert props["navigation"] == api(client, "/api/grocery-navigation")
    assert props["services"] == api(client, "/api/grocery-section2/services")
    assert props["shopByCategory"] == api(client, "/api/grocery-section3/shop-by-category")
    assert props["offerCards"] == api(client, "/api/grocery-section6/card-list")
    assert props["testimonials"] == api(client, "/api/grocery-section9/testimonial-list")
    assert [s["key"] for s in props["productSections"]] == list(SECTION_SIZES)
    for section in props["productSections"]:
        assert section["products"] == api(client, f"/api/grocery-{section['key']}/products")
        assert len(section["products"]) == SECTION_SIZES[section["key"]]


def test_grocery2_product_sections_come_in_order_with_their_titles_and_goods(client):
    markup = markup_of(page(client, "/grocery2"))
    titles = grocery.grocery2_section_titles()
    positions = []
    for key in SECTION_SIZES:
        heading = re.search(
            r"<h2\b[^>]*>(?:<svg.*?</svg>)?" + re.escape(text(titles[key]["title"])) + "</h2>", markup, re.S
        )
        assert heading, titles[key]["title"]
        positions.append(heading.start())
        for product in api(client, f"/api/grocery-{key}/products"):
            assert has_link(markup, f"/product/{product['id']}", product["title"]), (key, product["title"])
    assert positions == sorted(positions)


def test_grocery2_services_show_both_lines(client):
    markup = markup_of(page(client, "/grocery2"))
    services = api(client, "/api/grocery-section2/services")
    assert services
    for service in services:
        assert service["subtitle2"], "the seed gives grocery2's services a second line"
        for line in (service["title"], service["subtitle1"], service["subtitle2"]):
            assert f">{text(line)}</p>" in markup, line


def test_grocery2_shop_by_category_shows_upto_discounts_linking_to_the_category(client):
    markup = markup_of(page(client, "/grocery2"))
    tiles = api(client, "/api/grocery-section3/shop-by-category")
    assert tiles and all(re.fullmatch(r"Upto \d+% off", tile["subtitle"]) for tile in tiles)
    for tile in tiles:
        assert has_link(markup, tile["url"], tile["title"]) and has_link(markup, tile["url"], tile["subtitle"]), tile


def test_grocery2_offer_cards_have_their_colours_and_links(client):
    markup = markup_of(page(client, "/grocery2"))
    cards = api(client, "/api/grocery-section6/card-list")
    assert cards
    for card in cards:
        anchors = re.findall(r'<a\b[^>]*href="' + re.escape(text(card["shopUrl"])) + r'"[^>]*>', markup)
        assert any(f"background:{card['bgColor']}" in anchor for anchor in anchors), card
        assert has_link(markup, card["shopUrl"], card["title"]) and has_link(markup, card["shopUrl"], card["subtitle"])


def test_grocery2_testimonials_name_each_client_with_photo_and_comment(client):
    markup = markup_of(page(client, "/grocery2"))
    testimonials = api(client, "/api/grocery-section9/testimonial-list")
    assert testimonials
    for testimonial in testimonials:
        figure = re.search(
            r"<figure\b(?:(?!</figure>).)*"
            + re.escape(text(testimonial["clientName"]))
            + r"(?:(?!</figure>).)*</figure>",
            markup,
            re.S,
        )
        assert figure, testimonial["clientName"]
        assert text(testimonial["comment"]) in figure.group(0)
        assert f'src="{text(testimonial["photoUrl"])}"' in figure.group(0)


def test_grocery2_category_bar_links_every_navigation_item(client):
    markup = markup_of(page(client, "/grocery2"))
    nav = re.search(r'<nav\b[^>]*aria-label="Grocery categories".*?</nav>', markup, re.S)
    assert nav
    items = list(navigation_items(api(client, "/api/grocery-navigation")))
    assert any(depth > 0 for _, depth in items)
    for item, _depth in items:
        assert has_link(nav.group(0), item["href"], item["title"]), item["title"]


# --- /grocery3 -----------------------------------------------------------------------------------


def test_grocery3_props_are_its_endpoints_lists(client):
    props = client.get("/grocery3", headers=JSON).json()["props"]
    assert props["topSoldProducts"] == api(client, "/api/grocery3/top-sailed-products")
    assert props["allProducts"] == api(client, "/api/grocery3/all-products")
    assert props["offerProducts"] == api(client, "/api/grocery3/offer-products")


def test_grocery3_shows_top_sold_and_all_products(client):
    markup = markup_of(page(client, "/grocery3"))
    for endpoint in ("/api/grocery3/top-sailed-products", "/api/grocery3/all-products"):
        products = api(client, endpoint)
        assert products
        for product in products:
            assert has_link(markup, f"/product/{product['id']}", product["title"]), (endpoint, product["title"])


def test_grocery3_offer_products_show_discount_and_button_on_a_real_link(client):
    markup = markup_of(page(client, "/grocery3"))
    offers = api(client, "/api/grocery3/offer-products")
    assert offers
    for offer in offers:
        assert offer["url"].startswith("/product/search/")
        for label in (offer["title"], offer["discountOffer"], offer["buttonText"]):
            assert has_link(markup, offer["url"], label), (offer["title"], label)
