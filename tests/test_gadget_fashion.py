"""The gadget and fashion storefronts as a crawler gets them: one server-rendered document per
shop whose sections show what the shop's SPEC.md §7 lists answer, each list in its own section.

Expected records come from the /api lists (their own tests check them against the database), so
these tests fail when a section drops, mixes up or invents records.
"""

from __future__ import annotations

import datetime as dt
import html
import re

import pytest

JSON = {"Accept": "application/json"}
PAGES = {"/gadget-shop": "GadgetShop", "/fashion-shop": "FashionShop"}


def root_markup(document: str) -> str:
    """The server-rendered markup only (not the props JSON after it)."""
    return document[document.index('<div id="root">') : document.index('<script id="__PAGE__"')]


def text(markup: str) -> str:
    """What a reader sees: tags and React's text separators dropped, entities decoded."""
    markup = re.sub(r"<!--.*?-->", "", markup, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def sections(markup: str) -> dict[str, str]:
    """Each <section>'s markup by the text of its h2 (sections on these pages do not nest)."""
    found = {}
    for section in re.findall(r"<section\b.*?</section>", markup, flags=re.S):
        heading = re.search(r"<h2\b[^>]*>(.*?)</h2>", section, flags=re.S)
        if heading:
            found[text(heading.group(1))] = section
    return found


def api(client, path: str) -> list:
    response = client.get(path)
    assert response.status_code == 200, response.text
    return response.json()


@pytest.fixture
def page_markup(client):
    cache = {}

    def get(path: str) -> str:
        if path not in cache:
            response = client.get(path)
            assert response.status_code == 200
            cache[path] = root_markup(response.text)
        return cache[path]

    return get


def assert_titles_in(section: str, records: list[dict], key: str = "title") -> None:
    shown = text(section)
    assert records
    for record in records:
        assert record[key] in shown, record[key]


# --- Both pages ----------------------------------------------------------------------------------


@pytest.mark.parametrize("path", PAGES)
def test_page_is_a_server_rendered_default_theme_document(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    document = response.text
    assert '<html lang="en" dir="ltr" data-theme="DEFAULT">' in document
    markup = root_markup(document)
    assert markup.count("<h1") == 1
    assert len(sections(markup)) >= 5
    # Every section is in the markup: no Suspense boundary was left for the browser to render.
    assert "<!--$!-->" not in markup
    description = re.search(r'<meta name="description" content="([^"]+)">', document).group(1)
    assert len(description) > 60 and "Admin" not in description
    assert re.search(rf'<link rel="canonical" href="[^"]*{path}">', document)


@pytest.mark.parametrize("path,name", PAGES.items())
def test_client_navigation_gets_the_same_page_as_json(client, path, name):
    document = client.get(path, headers=JSON).json()
    assert document["page"] == name and document["theme"] == "DEFAULT"


# --- Gadget shop ---------------------------------------------------------------------------------

GADGET = "/api/gadget-store/"


def test_gadget_page_props_are_the_gadget_store_lists(client):
    props = client.get("/gadget-shop", headers=JSON).json()["props"]
    assert props == {
        "carousel": api(client, GADGET + "main-carousel"),
        "banners": api(client, GADGET + "two-banners"),
        "featuredCategories": api(client, GADGET + "featured-categories"),
        "topPicks": api(client, GADGET + "top-picks-list"),
        "mostViewed": api(client, GADGET + "most-viewed"),
        "blogs": api(client, GADGET + "blog-lists"),
    }


def test_gadget_hero_shows_every_slide_and_both_banners_with_their_links(client, page_markup):
    markup = page_markup("/gadget-shop")
    carousel = re.search(r'<section aria-roledescription="carousel".*?</section>', markup, flags=re.S).group(0)
    slides = api(client, GADGET + "main-carousel")
    assert_titles_in(carousel, slides)
    for slide in slides:
        assert f'href="{html.escape(slide["buttonLik"])}"' in carousel
    banners = api(client, GADGET + "two-banners")
    assert len(banners) == 2
    for banner in banners:
        assert banner["title"] in text(markup) and banner["body"] in text(markup)
        assert f'href="{html.escape(banner["url"])}"' in markup


def test_gadget_sections_show_their_own_lists(client, page_markup):
    found = sections(page_markup("/gadget-shop"))
    assert_titles_in(found["Top picks"], api(client, GADGET + "top-picks-list"))
    assert_titles_in(found["Most viewed"], api(client, GADGET + "most-viewed"))
    categories = api(client, GADGET + "featured-categories")
    assert_titles_in(found["Featured categories"], categories)
    for category in categories:
        assert f'href="{html.escape(category["url"])}"' in found["Featured categories"]


def test_gadget_blog_shows_date_comments_description_and_links_each_post(client, page_markup):
    blog = sections(page_markup("/gadget-shop"))["From our blog"]
    posts = api(client, GADGET + "blog-lists")
    assert len(posts) >= 2
    shown = text(blog)
    for post in posts:
        assert post["title"] in shown and post["description"] in shown and post["createdAt"] in shown
        assert f"{post['comments']} comments" in shown
        assert re.search(
            rf'<a href="{re.escape(html.escape(post["url"]))}"[^>]*>{re.escape(html.escape(post["title"]))}</a>', blog
        )
    # Newest first, as the list answers.
    assert [shown.index(post["title"]) for post in posts] == sorted(shown.index(post["title"]) for post in posts)


# --- Fashion shop ---------------------------------------------------------------------------------

SHOP2 = "/api/fashion-shop-2/"
STORE = "/api/fashion-store/"
# Section heading -> the list whose records it shows.
FASHION_SECTIONS = {
    "Flash deals": STORE + "flash-deals",
    "Featured products": SHOP2 + "feature-products",
    "New arrivals": STORE + "new-arrivals",
    "On sale": SHOP2 + "sale-products",
    "Popular": SHOP2 + "popular-products",
    "Trending items": STORE + "trending-items",
    "Best of the week": SHOP2 + "best-week-products",
}
FIRST_SHOWN = 10  # "Shop all fashion" shows two rows of five until asked for the rest


def test_fashion_page_props_are_the_fashion_lists(client):
    props = client.get("/fashion-shop", headers=JSON).json()["props"]
    assert props == {
        "dealsOfTheWeek": api(client, STORE + "deal-of-the-week"),
        "services": api(client, STORE + "service-list"),
        "hotDeals": api(client, STORE + "hot-deals"),
        "flashDeals": api(client, STORE + "flash-deals"),
        "featured": api(client, SHOP2 + "feature-products"),
        "newArrivals": api(client, STORE + "new-arrivals"),
        "onSale": api(client, SHOP2 + "sale-products"),
        "popular": api(client, SHOP2 + "popular-products"),
        "trending": api(client, STORE + "trending-items"),
        "bestOfTheWeek": api(client, SHOP2 + "best-week-products"),
        "products": api(client, SHOP2 + "products"),
        "showAllProducts": False,
        "blogs": api(client, SHOP2 + "blogs"),
    }
    # "Latest products" of fashion-shop-2 and "new arrivals" of fashion-store are one list.
    assert props["newArrivals"] == api(client, SHOP2 + "lasest-products")


@pytest.mark.parametrize("heading,path", FASHION_SECTIONS.items())
def test_fashion_product_sections_show_their_own_lists(client, page_markup, heading, path):
    section = sections(page_markup("/fashion-shop"))[heading]
    products = api(client, path)
    assert_titles_in(section, products)
    for product in products:
        assert f'href="/product/{product["id"]}"' in section


def test_shop_all_shows_the_first_rows_and_links_every_category(client, page_markup):
    section = sections(page_markup("/fashion-shop"))["Shop all fashion"]
    products = api(client, SHOP2 + "products")
    assert len(products) > FIRST_SHOWN
    assert_titles_in(section, products[:FIRST_SHOWN])
    assert section.count("<article") == FIRST_SHOWN
    assert re.search(
        rf'<a href="/fashion-shop\?show=all#all-fashion"[^>]*>Show all (<!-- -->)?{len(products)}', section
    )
    for category in {product["category"] for product in products}:
        assert f'href="/product/search/{category}"' in section


def test_show_all_address_renders_every_fashion_product(client):
    markup = root_markup(client.get("/fashion-shop?show=all").text)
    section = sections(markup)["Shop all fashion"]
    products = api(client, SHOP2 + "products")
    assert section.count("<article") == len(products)
    assert_titles_in(section, products)
    assert 'id="all-fashion"' in section and "Show all" not in text(section)


def test_deals_of_the_week_show_brand_and_percent_off(client, page_markup):
    section = sections(page_markup("/fashion-shop"))["Deals of the week"]
    deals = api(client, STORE + "deal-of-the-week")
    assert deals
    shown = text(section)
    for deal in deals:
        assert f"{deal['brand']} {deal['off']}% off Shop {deal['brand']}" in shown
        assert f'href="{html.escape(deal["url"])}"' in section


def test_hot_deals_name_the_product_and_render_their_end_as_stable_text(client, page_markup):
    section = sections(page_markup("/fashion-shop"))["Hot deals"]
    deals = api(client, STORE + "hot-deals")
    assert deals
    for deal in deals:
        assert deal["productName"] in text(section)
        assert f'href="{deal["url"]}"' in section
        # The server cannot know when the page is read: it prints the end, the browser counts down.
        end = dt.datetime.fromisoformat(deal["expireDate"]).astimezone(dt.UTC)
        assert f'<time dateTime="{deal["expireDate"]}">{end.day} {end:%b %Y, %H:%M} UTC</time>' in section
        label = f'aria-label="The {html.escape(deal["productName"])} deal ends {end.day} {end:%b %Y, %H:%M} UTC"'
        assert re.search(rf'role="timer" aria-live="off"[^>]*{re.escape(label)}', section)


def test_fashion_services_and_blog(client, page_markup):
    markup = page_markup("/fashion-shop")
    shown = text(markup)
    for service in api(client, STORE + "service-list"):
        assert f"{service['title']} {service['subtitle']}" in shown
    blog = sections(markup)["Style notes from our blog"]
    posts = api(client, SHOP2 + "blogs")
    assert posts
    for post in posts:
        assert post["title"] in text(blog) and f"{post['comments']} comments" in text(blog)
        assert f'href="{html.escape(post["url"])}"' in blog


def test_expired_hot_deal_leaves_the_page(client, db_file):
    import sqlite3

    deals = api(client, STORE + "hot-deals")
    gone = deals[0]["productName"]
    with sqlite3.connect(db_file) as connection:
        connection.execute(
            "UPDATE deal SET expires_at = '2000-01-01 00:00:00' WHERE kind = 'hot' AND shop = 'fashion' "
            "AND product_id = ?",
            (int(deals[0]["url"].rsplit("/", 1)[1]),),
        )
    section = sections(root_markup(client.get("/fashion-shop").text))["Hot deals"]
    assert gone not in text(section)
    assert all(deal["productName"] in text(section) for deal in deals[1:])
