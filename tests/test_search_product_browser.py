"""Searching, sorting, filtering and buying from a product page in a real browser, with and
without JavaScript, on a wide screen and on a phone."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from test_gadget_fashion_browser import HYDRATED

PRICE = re.compile(r"\$([\d,]+\.\d\d)")


def open_page(page, url: str) -> None:
    page.goto(url)
    page.wait_for_load_state("networkidle")


def results(page) -> list[tuple[str, float]]:
    """(title, price paid) of each result card, in the order shown."""
    cards = page.locator("main article")
    shown = []
    for i in range(cards.count()):
        card = cards.nth(i)
        title = card.get_by_role("heading").inner_text()
        price = PRICE.search(card.inner_text()).group(1)  # the sale price comes before the old one
        shown.append((title, float(price.replace(",", ""))))
    return shown


def cart_count(page) -> int:
    label = page.get_by_role("button", name=re.compile(r"^Cart, ")).get_attribute("aria-label")
    return int(re.search(r"Cart, (\d+)", label).group(1))


def saved_cart(page) -> dict[str, int]:
    return {item["name"]: item["qty"] for item in json.loads(page.evaluate("localStorage.getItem('cart')") or "[]")}


def total_at(page, url: str) -> int:
    """How many results the server has for a search address (its props, as the client router reads them)."""
    props = page.evaluate("url => fetch(url, {headers: {Accept: 'application/json'}}).then(r => r.json())", url)[
        "props"
    ]
    return props["total"]


def wait_for_total(page, total: int) -> None:
    word = "result" if total == 1 else "results"
    page.get_by_role("heading", level=1).filter(has_text=re.compile(rf"^{total} {word} for")).wait_for()


def mark_document(page) -> None:
    """A client-side navigation keeps this mark; a full page load loses it."""
    page.evaluate("window.__sameDocument = true")


def same_document(page) -> bool:
    return page.evaluate("window.__sameDocument === true")


def test_searching_from_the_header_shows_the_results(live_server, page_factory):
    page, log = page_factory()
    open_page(page, live_server + "/")
    page.get_by_role("combobox", name="Search products").fill("Onion")
    page.get_by_role("combobox", name="Search products").press("Enter")
    page.wait_for_url(live_server + "/product/search/Onion")
    heading = page.get_by_role("heading", level=1)
    heading.filter(has_text="for “Onion”").wait_for()
    assert re.fullmatch(r"\d+ results? for “Onion”", heading.inner_text())
    titles = [title for title, _ in results(page)]
    assert titles and all("onion" in title.lower() for title in titles)
    assert "Onion" in titles and "Red Onion" in titles
    assert page.get_by_role("combobox", name="Search products").input_value() == "Onion"
    assert log.errors() == []


def test_changing_the_sort_opens_the_sorted_results_on_the_client(live_server, page_factory):
    page, log = page_factory()
    open_page(page, live_server + "/product/search/vegetables")
    before = results(page)
    assert len(before) > 3
    mark_document(page)
    page.get_by_label("Sort by").select_option("price-desc")
    page.wait_for_url(live_server + "/product/search/vegetables?sort=price-desc")
    page.wait_for_function(
        f"() => document.querySelector('main article h3').textContent !== {json.dumps(before[0][0])}"
    )
    after = results(page)
    prices = [price for _, price in after]
    assert prices == sorted(prices, reverse=True)
    assert sorted(after) == sorted(before) and after != before
    assert same_document(page)
    # Back shows the first order again, and the select follows the results.
    page.go_back()
    page.wait_for_function(
        f"() => document.querySelector('main article h3').textContent === {json.dumps(before[0][0])}"
    )
    assert page.get_by_label("Sort by").input_value() == "relevance"
    assert log.errors() == []


def test_filters_narrow_the_results_and_page_links_keep_them(live_server, page_factory):
    page, log = page_factory()
    open_page(page, live_server + "/product/search/books?sort=price-asc")
    total = int(page.get_by_role("heading", level=1).inner_text().split()[0])
    mark_document(page)
    # Page 2 keeps the sort (clicked once the page is live: on a loaded machine the network can be
    # idle before React has hydrated the link).
    second = page.get_by_role("navigation", name="Result pages").get_by_role("link", name="Page 2")
    page.wait_for_function(HYDRATED, arg=second.element_handle())
    second.click()
    page.wait_for_url(live_server + "/product/search/books?sort=price-asc&page=2")
    page.get_by_role("link", name="Page 2").and_(page.locator("[aria-current=page]")).wait_for()
    prices = [price for _, price in results(page)]
    assert prices == sorted(prices)
    # A category narrows the results to its count, and starts again at page 1.
    filters = page.get_by_role("form", name="Filter results")
    choice = filters.locator("label").filter(has_text="Mathematics")
    count = int(choice.locator(".count").inner_text())
    assert 0 < count < total
    choice.get_by_role("radio").check()
    page.wait_for_url(live_server + "/product/search/books?sort=price-asc&category=mathematics")
    wait_for_total(page, count)
    assert len(results(page)) == count
    # A typed price range applies when the form is submitted.
    filters.get_by_label("Max ($)").fill("8")
    filters.get_by_label("Max ($)").press("Enter")
    page.wait_for_url(re.compile(r"max_price=8$"))
    wait_for_total(page, total_at(page, page.url))
    narrowed = results(page)
    assert narrowed and all(price <= 8 for _, price in narrowed)
    assert same_document(page)
    # "Clear all" drops the filters and keeps the sort.
    filters.get_by_role("link", name="Clear all").click()
    page.wait_for_url(live_server + "/product/search/books?sort=price-asc")
    wait_for_total(page, total)
    assert log.errors() == []


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_pictures_coming_in_move_nothing_under_the_pointer(live_server, page_factory, width, height):
    """The cards' pictures load lazily as they scroll into view: their boxes are kept from the
    first paint, so nothing below moves when they arrive (a book's 3:4 cover used to grow its
    square box, and a click on the page links then met the results' background)."""
    page, log = page_factory(width, height)
    page.add_init_script(
        "window.__shifts = [];"
        "new PerformanceObserver((list) => window.__shifts.push(...list.getEntries().map((e) => e.value)))"
        ".observe({type: 'layout-shift'});"
    )
    open_page(page, live_server + "/product/search/books?sort=price-asc")
    pictures = page.locator("main article img")
    assert pictures.count() > 4 and not all(pictures.evaluate_all("imgs => imgs.map((img) => img.complete)"))
    footer = page.locator("footer").first
    where = "el => el.getBoundingClientRect().top + window.scrollY"
    before = footer.evaluate(where)
    page.evaluate("window.__shifts = []")
    for i in range(pictures.count()):
        pictures.nth(i).scroll_into_view_if_needed()
    page.wait_for_function("() => [...document.querySelectorAll('main article img')].every((img) => img.complete)")
    assert page.evaluate("window.__shifts") == []
    assert footer.evaluate(where) == before
    assert log.errors() == []


def test_a_search_without_results_suggests_other_searches(live_server, page_factory):
    page, log = page_factory()
    open_page(page, live_server + "/product/search/zzzqqqxxx")
    assert page.get_by_role("heading", level=1).inner_text() == "No results for “zzzqqqxxx”"
    suggestion = page.locator("main").get_by_role("link", name=re.compile(r"^[^(]+ \(\d+\)$")).first
    term = suggestion.inner_text().rsplit(" (", 1)[0]
    assert page.get_by_role("link", name="Back to the home page").get_attribute("href") == "/"
    suggestion.click()
    page.wait_for_url(re.compile(r"/product/search/[^?]+$"))
    page.get_by_role("heading", level=1).filter(has_text=f"for “{term}”").wait_for()
    assert results(page)
    assert log.errors() == []


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_add_to_cart_from_the_product_page_and_remove_it_in_the_cart(live_server, page_factory, width, height):
    page, log = page_factory(width, height)
    open_page(page, live_server + "/product/search/Onion")
    page.locator("main article").get_by_role("link", name="Onion", exact=True).click()
    page.get_by_role("heading", level=1, name="Onion", exact=True).wait_for()
    assert re.fullmatch(r"/product/\d+", urlsplit(page.url).path)
    page.wait_for_load_state("networkidle")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    start = cart_count(page)

    page.get_by_role("button", name="One more").click()
    assert page.get_by_label("Quantity").input_value() == "2"
    page.get_by_role("button", name="Add to cart").click()
    page.wait_for_function(
        f"() => document.querySelector('[aria-label^=\"Cart, \"]').getAttribute('aria-label').startsWith('Cart, {start + 2} ')"
    )
    page.locator(".Toastify__toast").filter(has_text="2 × Onion added to your cart").wait_for()
    assert saved_cart(page)["Onion"] == 2

    # Adding again counts on from what the cart holds.
    page.get_by_role("button", name="Add to cart").click()
    page.wait_for_function("() => JSON.parse(localStorage.getItem('cart')).find(i => i.name === 'Onion').qty === 3")

    page.reload()
    page.wait_for_load_state("networkidle")
    assert cart_count(page) == start + 3
    assert saved_cart(page)["Onion"] == 3

    page.get_by_role("button", name=re.compile(r"^Cart, ")).click()
    drawer = page.get_by_role("dialog", name=re.compile(r"^Your cart"))
    drawer.wait_for()
    fewer = drawer.get_by_role("button", name="One less Onion")
    for _ in range(3):
        fewer.click()
    drawer.get_by_role("button", name="One more Onion").wait_for(state="detached")
    assert "Onion" not in saved_cart(page)
    drawer.get_by_role("button", name="Close cart").click()
    drawer.wait_for(state="hidden")
    assert cart_count(page) == start

    page.reload()
    page.wait_for_load_state("networkidle")
    assert "Onion" not in saved_cart(page) and cart_count(page) == start
    assert log.errors() == []


def test_quantity_stays_between_one_and_the_stock(live_server, page_factory):
    page, log = page_factory()
    open_page(page, live_server + "/product/search/Onion")
    href = page.locator("main article").get_by_role("link", name="Onion", exact=True).get_attribute("href")
    stock = page.evaluate("url => fetch(url, {headers: {Accept: 'application/json'}}).then(r => r.json())", href)[
        "props"
    ]["product"]["stock"]
    open_page(page, live_server + href)
    quantity = page.get_by_label("Quantity")
    assert page.get_by_role("button", name="One less").is_disabled()
    quantity.fill(str(stock + 50))
    quantity.blur()
    assert quantity.input_value() == str(stock)
    assert page.get_by_role("button", name="One more").is_disabled()
    quantity.fill("0")
    quantity.blur()
    assert quantity.input_value() == "1"
    assert log.errors() == []


def test_the_gallery_thumbnails_change_the_picture(live_server, page_factory):
    page, log = page_factory()
    open_page(page, live_server + "/product/search/Onion")
    page.locator("main article").get_by_role("link", name="Onion", exact=True).click()
    page.get_by_role("heading", level=1, name="Onion", exact=True).wait_for()
    page.wait_for_load_state("networkidle")
    main_picture = page.get_by_role("img", name="Onion", exact=True)
    first = main_picture.get_attribute("src")
    assert main_picture.get_attribute("width") and main_picture.get_attribute("loading") != "lazy"
    third = page.get_by_role("button", name="Show picture 3 of 3")
    third.click()
    assert third.get_attribute("aria-pressed") == "true"
    picture = page.get_by_role("img", name="Onion, picture 3 of 3")
    assert picture.get_attribute("src") != first
    assert log.errors() == []


def test_phone_filters_fold_behind_a_button_without_horizontal_scroll(live_server, page_factory):
    page, log = page_factory(390, 844)
    open_page(page, live_server + "/product/search/books")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    category = page.get_by_role("radio", name=re.compile("^Mathematics"))
    assert not category.is_visible()
    page.get_by_text("Filters", exact=True).click()
    category.wait_for()
    count = int(page.locator("label").filter(has=category).locator(".count").inner_text())
    category.check()
    page.wait_for_url(live_server + "/product/search/books?category=mathematics")
    wait_for_total(page, count)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert log.errors() == []


def test_without_javascript_search_and_product_pages_work_as_plain_pages(live_server, page_factory):
    page, _ = page_factory(java_script_enabled=False)
    # The header's search form is a plain GET form.
    page.goto(live_server + "/")
    page.get_by_role("searchbox", name="Search products").fill("Onion")
    page.get_by_role("button", name="Search", exact=True).click()
    page.wait_for_url(live_server + "/product/search/Onion")
    assert page.get_by_role("heading", level=1).inner_text() == "2 results for “Onion”"
    assert [title for title, _ in results(page)] == ["Onion", "Red Onion"]

    # Sorting and filtering submit the same form.
    page.get_by_label("Sort by").select_option("price-desc")
    page.get_by_role("button", name="Sort", exact=True).click()
    page.wait_for_url(re.compile(r"/product/search/Onion\?"))
    assert parse_qs(urlsplit(page.url).query)["sort"] == ["price-desc"]
    assert [title for title, _ in results(page)] == ["Red Onion", "Onion"]
    page.get_by_label("Max ($)").fill("1.5")
    page.get_by_role("button", name="Apply filters").click()
    page.wait_for_url(re.compile(r"max_price=1.5"))
    assert page.get_by_role("heading", level=1).inner_text() == "1 result for “Onion”"

    # Page links are real links.
    page.goto(live_server + "/product/search/books?sort=price-asc")
    page.get_by_role("link", name="Page 2").click()
    page.wait_for_url(live_server + "/product/search/books?sort=price-asc&page=2")
    prices = [price for _, price in results(page)]
    assert len(prices) > 1 and prices == sorted(prices)

    # The product page is complete: title, price, stock, reviews.
    page.goto(live_server + "/product/search/Onion")
    page.get_by_role("link", name="Onion", exact=True).click()
    page.wait_for_url(re.compile(r"/product/\d+$"))
    assert page.get_by_role("heading", level=1).inner_text() == "Onion"
    assert page.get_by_text("$1.49").first.is_visible()
    assert page.get_by_text("In stock", exact=True).is_visible()
    reviews = page.get_by_role("region", name="Customer reviews")
    assert reviews.get_by_role("article").count() > 0
    assert reviews.get_by_role("article").first.locator(".comment").inner_text().strip()
    breadcrumb = page.get_by_role("navigation", name="Breadcrumb")
    assert breadcrumb.get_by_role("link", name="Vegetables").get_attribute("href") == "/product/search/Vegetables"
