"""The book pages in a real browser: a level page's filters open the narrowed list on the client
with JavaScript and as plain pages without it; a book's author link opens the author's page."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit


def open_page(page, url: str) -> None:
    page.goto(url)
    page.wait_for_load_state("networkidle")


def titles(page) -> list[str]:
    cards = page.locator("main article")
    return [cards.nth(i).get_by_role("heading").inner_text() for i in range(cards.count())]


def props_at(page, url: str) -> dict:
    """A page's props as the client router reads them (the same URL as JSON)."""
    return page.evaluate("url => fetch(url, {headers: {Accept: 'application/json'}}).then(r => r.json())", url)["props"]


def props_at_server(page, url: str) -> dict:
    """A page's props read without the page's JavaScript (the test's own request)."""
    response = page.request.get(url, headers={"Accept": "application/json"})
    assert response.ok
    return response.json()["props"]


def wait_for_total(page, total: int) -> None:
    page.get_by_role("status").filter(has_text=re.compile(rf"(of {total}$)|(^{total} books?$)")).wait_for()


def mark_document(page) -> None:
    """A client-side navigation keeps this mark; a full page load loses it."""
    page.evaluate("window.__sameDocument = true")


def same_document(page) -> bool:
    return page.evaluate("window.__sameDocument === true")


def format_choice(page, name: str):
    return page.get_by_role("form", name="Filter results").locator("label").filter(has_text=re.compile(rf"^{name}"))


def test_a_class_page_filters_on_the_client(live_server, page_factory):
    page, log = page_factory()
    open_page(page, live_server + "/books/college")
    assert page.get_by_role("heading", level=1).inner_text() == "College books"
    everything = props_at(page, live_server + "/books/college")
    mark_document(page)

    choice = format_choice(page, "Hardcover")
    count = int(choice.locator(".count").inner_text())
    assert 0 < count < everything["total"]
    choice.get_by_role("radio").check()
    page.wait_for_url(live_server + "/books/college?format=Hardcover")
    wait_for_total(page, count)
    expected = props_at(page, page.url)["products"]
    assert titles(page) == [p["title"] for p in expected] and len(expected) == count

    # The sort select applies at once and keeps the filter.
    page.get_by_label("Sort by").select_option("price-asc")
    page.wait_for_url(live_server + "/books/college?sort=price-asc&format=Hardcover")
    page.get_by_role("status").filter(has_text=f"of {count}").wait_for()
    sorted_titles = [p["title"] for p in props_at(page, page.url)["products"]]
    page.wait_for_function(
        "first => document.querySelector('main article h3').textContent === first", arg=sorted_titles[0]
    )
    assert titles(page) == sorted_titles

    # The class switcher goes to another level on the client too.
    page.get_by_role("navigation", name="Books by level").get_by_role("link", name=re.compile(r"^Class 9\b")).click()
    page.wait_for_url(live_server + "/books/class-9")
    page.get_by_role("heading", level=1, name="Class 9 books").wait_for()
    assert all(title.startswith("Class 9") for title in titles(page))
    assert same_document(page)
    assert log.errors() == []


def test_without_javascript_a_class_page_lists_and_filters_as_plain_pages(live_server, page_factory):
    page, _ = page_factory(java_script_enabled=False)
    page.goto(live_server + "/books/college")
    assert page.get_by_role("heading", level=1).inner_text() == "College books"
    assert len(titles(page)) == 24
    # A wide screen shows the filters open; where the browser cannot, the "Filters" button opens them.
    choice = format_choice(page, "Hardcover")
    if not choice.is_visible():
        page.get_by_text("Filters", exact=True).click()
    count = int(choice.locator(".count").inner_text())
    choice.get_by_role("radio").check()
    page.get_by_label("Max ($)").fill("60")
    page.get_by_role("button", name="Apply filters").click()
    page.wait_for_url(re.compile(r"/books/college\?"))
    query = parse_qs(urlsplit(page.url).query)
    assert query["format"] == ["Hardcover"] and query["max_price"] == ["60"]
    narrowed = props_at_server(page, page.url)
    assert 0 < narrowed["total"] <= count
    assert titles(page) == [p["title"] for p in narrowed["products"]]

    # Page links are real links.
    page.goto(live_server + "/books/college?sort=price-asc")
    page.get_by_role("navigation", name="Result pages").get_by_role("link", name="Page 2").click()
    page.wait_for_url(live_server + "/books/college?sort=price-asc&page=2")
    second = props_at_server(page, page.url)
    assert titles(page) == [p["title"] for p in second["products"]] and len(second["products"]) > 0


def test_a_books_author_link_opens_the_authors_page(live_server, page_factory):
    page, log = page_factory()
    open_page(page, live_server + "/books/class-10")
    page.locator("main article").first.get_by_role("heading").get_by_role("link").click()
    page.wait_for_url(re.compile(r"/product/\d+$"))
    book = props_at(page, page.url)["product"]["book"]
    author = book["authors"][0]
    mark_document(page)
    page.get_by_role("link", name=author["name"], exact=True).first.click()
    page.wait_for_url(live_server + author["url"])
    page.get_by_role("heading", level=1, name=f"Books by {author['name']}").wait_for()
    shown = props_at(page, page.url)
    assert titles(page) == [p["title"] for p in shown["products"]]
    assert all(author["name"] in p["authors"] for p in shown["products"])
    assert same_document(page)
    assert log.errors() == []


def test_a_level_pages_rating_and_stock_facets_narrow_the_books_on_the_client(live_server, page_factory):
    page, log = page_factory()
    open_page(page, live_server + "/books/college")
    mark_document(page)
    form = page.get_by_role("form", name="Filter results")
    # The search page's facets, on a book page.
    for legend in ("Category", "Format", "Subject", "Price", "Customer rating", "Availability"):
        assert form.locator("legend", has_text=legend).count() == 1
    stars = form.locator("label").filter(has_text=re.compile(r"^4\s*stars? & up"))
    count = int(stars.locator(".count").inner_text())
    stars.get_by_role("radio").check()
    page.wait_for_url(live_server + "/books/college?rating=4")
    wait_for_total(page, count)
    rated = props_at(page, page.url)
    assert rated["total"] == count and all(p["rating"] >= 4 for p in rated["products"])
    assert titles(page) == [p["title"] for p in rated["products"]]

    # "In stock only" counts the books rated 4 and up that are in stock, and keeps the rating.
    in_stock = int(form.locator("label").filter(has_text="In stock only").locator(".count").inner_text())
    form.get_by_role("checkbox", name=re.compile("In stock only")).check()
    page.wait_for_url(live_server + "/books/college?rating=4&in_stock=1")
    wait_for_total(page, in_stock)
    both = props_at(page, page.url)
    assert both["total"] == in_stock <= count and all(p["stock"] > 0 and p["rating"] >= 4 for p in both["products"])
    assert same_document(page)
    assert log.errors() == []
