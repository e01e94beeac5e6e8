"""Issue 26 in a real browser: a client navigation gives the tab the next page's own title (the
router reads it from the page's JSON), back again restores the one before, and the breadcrumbs
of a book lead to its shelf on the client."""

from __future__ import annotations

import re

from app.rendering.document import TITLE


def open_page(page, url: str) -> None:
    page.goto(url)
    page.wait_for_load_state("networkidle")


def mark_document(page) -> None:
    """A client-side navigation keeps this mark; a full page load loses it."""
    page.evaluate("window.__sameDocument = true")


def same_document(page) -> bool:
    return page.evaluate("window.__sameDocument === true")


def head_title(page, url: str) -> str:
    """The title the server's document gives the page at `url`."""
    html = page.request.get(url).text()
    return re.search(r"<title>([^<]*)</title>", html).group(1).replace("&amp;", "&").replace("&#39;", "'")


def test_a_click_from_the_home_to_a_book_changes_the_title(live_server, page_factory):
    page, log = page_factory()
    open_page(page, live_server + "/")
    assert page.title() == TITLE
    mark_document(page)

    link = page.locator('main a[href^="/product/"]').first
    href = link.get_attribute("href")
    link.click()
    page.wait_for_url(live_server + href)
    expected = head_title(page, live_server + href)
    assert expected != TITLE
    page.wait_for_function("title => document.title === title", arg=expected)
    assert same_document(page)  # the router's navigation, not a page load

    page.go_back()
    page.wait_for_url(live_server + "/")
    page.wait_for_function("title => document.title === title", arg=TITLE)
    assert same_document(page)
    assert log.errors() == []


def test_a_books_breadcrumb_opens_its_shelf_with_its_title(live_server, page_factory):
    page, log = page_factory()
    open_page(page, live_server + "/books/class-9")
    assert page.title() == "Class 9 books | Student Books"
    book = page.locator('main a[href^="/product/"]').first
    href = book.get_attribute("href")
    open_page(page, live_server + href)
    assert page.title() == head_title(page, live_server + href)
    trail = page.get_by_role("navigation", name="Breadcrumb")
    assert trail.get_by_role("link").first.inner_text() == "Home"
    assert trail.locator('[aria-current="page"]').count() == 1
    mark_document(page)

    trail.get_by_role("link", name="Class 9", exact=True).click()
    page.wait_for_url(live_server + "/books/class-9")
    page.wait_for_function("() => document.title === 'Class 9 books | Student Books'")
    assert same_document(page)
    assert page.get_by_role("heading", level=1).inner_text() == "Class 9 books"
    assert log.errors() == []


def test_the_cart_and_checkout_retitle_the_tab_on_client_navigation(live_server, page_factory):
    """Home, the cart drawer's "View cart", the cart's "Checkout", and back: each its own title; the
    cart without a page load, the checkout as a page of its own (its Content-Security-Policy lets
    the card form in, so a link to it always loads it whole)."""
    page, log = page_factory()
    open_page(page, live_server + "/")
    mark_document(page)

    page.get_by_role("button", name=re.compile(r"^Cart, ")).click()
    page.get_by_role("link", name="View cart").click()
    page.wait_for_url(live_server + "/cart")
    page.wait_for_function("() => document.title === 'Your cart | Student Books'")

    page.locator("main").get_by_role("link", name="Checkout", exact=True).click()
    page.wait_for_url(live_server + "/checkout")
    page.wait_for_function("() => document.title === 'Checkout | Student Books'")
    assert not same_document(page)
    mark_document(page)

    page.go_back()
    page.wait_for_url(live_server + "/cart")
    page.wait_for_function("() => document.title === 'Your cart | Student Books'")
    assert log.errors() == []
