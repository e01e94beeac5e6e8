"""The gadget and fashion storefronts in a real browser: hydration without errors at desktop and
phone widths, the hot-deal countdown, the cart, and showing every fashion product."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

VIEWPORTS = [(1280, 800), (390, 844)]
PAGES = ["/gadget-shop", "/fashion-shop"]

# True once React has hydrated an element (its props are attached to the DOM node).
HYDRATED = "(el) => !!el && Object.keys(el).some((key) => key.startsWith('__reactProps'))"
# An element of each page's own chunk (the kit's product sections come in another one).
OWN_SECTION = {
    "/gadget-shop": "main article h3 a[href^='/product/search/']",  # a blog post
    "/fashion-shop": "main [role=timer]",  # a hot deal's countdown
}


def open_hydrated(page_factory, url: str, path: str, width: int = 1280, height: int = 800):
    """Open a storefront and wait until both its product cards and its own sections answer."""
    page, log = page_factory(width, height)
    page.goto(url + path)
    page.wait_for_function(f"() => ({HYDRATED})(document.querySelector('main article button'))")
    page.wait_for_function(f'() => ({HYDRATED})(document.querySelector("{OWN_SECTION[path]}"))')
    return page, log


def cart_count(page) -> int:
    badge = page.locator("[data-testid=cart-count]")
    return int(badge.text_content()) if badge.count() else 0


@pytest.mark.parametrize("width,height", VIEWPORTS)
@pytest.mark.parametrize("path", PAGES)
def test_page_hydrates_without_errors_and_fits_the_screen(live_server, page_factory, path, width, height):
    page, log = open_hydrated(page_factory, live_server, path, width, height)
    page.wait_for_load_state("networkidle")
    assert page.locator("h1").count() == 1
    assert page.locator("main h2").count() >= 5
    # No horizontal page scroll, also on a phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # Every picture has an alt text (empty when decorative) and reserved dimensions.
    assert page.evaluate("[...document.images].every((img) => img.hasAttribute('alt') && img.getAttribute('width'))")
    assert log.errors() == []


def test_hot_deal_countdown_ticks_after_hydration(live_server, page_factory):
    page, log = open_hydrated(page_factory, live_server, "/fashion-shop")
    timer = page.locator("main [role=timer]").first
    timer.locator(".unit").first.wait_for()
    assert timer.get_attribute("aria-live") == "off"
    assert re.fullmatch(r"The .+ deal ends \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC", timer.get_attribute("aria-label"))
    assert re.fullmatch(r"\d\d days \d\d hrs \d\d min \d\d sec", " ".join(timer.inner_text().lower().split()))
    before = timer.inner_text()
    page.wait_for_function(
        "(before) => document.querySelector('main [role=timer]').innerText !== before", arg=before, timeout=2500
    )
    assert log.errors() == []


def test_without_javascript_the_countdown_says_when_the_deal_ends_and_show_all_works(live_server, page_factory):
    page, _ = page_factory(390, 844, java_script_enabled=False)
    page.goto(live_server + "/fashion-shop")
    ends = page.locator("main [role=timer]").first.inner_text()
    assert re.fullmatch(r"Ends \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC", ends)
    section = page.locator("section", has=page.get_by_role("heading", name="Shop all fashion"))
    assert section.locator("article").count() == 10
    section.get_by_role("link", name=re.compile(r"^Show all \d+ products$")).click()
    page.wait_for_url("**/fashion-shop?show=all#all-fashion")
    assert section.locator("article").count() > 10


@pytest.mark.parametrize("path", PAGES)
def test_adding_a_product_raises_the_cart_badge(live_server, page_factory, path):
    page, log = open_hydrated(page_factory, live_server, path)
    page.wait_for_function(f"() => ({HYDRATED})(document.querySelector('header button[aria-haspopup]'))")
    # The saved (or demo) cart is read after hydration; it is written back once it has loaded.
    page.wait_for_function("() => localStorage.getItem('cart') !== null")
    before = cart_count(page)
    title = page.locator("main article:has(button) h3").first.text_content()
    button = page.get_by_role("button", name=f"Add {title} to cart").first
    button.click()
    page.wait_for_function(f"() => document.querySelector('[data-testid=cart-count]')?.textContent === '{before + 1}'")
    expect(page.get_by_text(f"{title} added to your cart")).to_be_visible()
    assert log.errors() == []


def test_show_all_reveals_every_fashion_product_and_moves_focus_to_the_first_new_one(live_server, page_factory):
    page, log = open_hydrated(page_factory, live_server, "/fashion-shop")
    section = page.locator("section", has=page.get_by_role("heading", name="Shop all fashion"))
    assert section.locator("article").count() == 10
    link = section.get_by_role("link", name=re.compile(r"^Show all \d+ products$"))
    total = int(re.search(r"\d+", link.inner_text()).group(0))
    link.click()
    expect(section.locator("article")).to_have_count(total)
    focused = page.evaluate("document.activeElement.textContent")
    assert focused == section.locator("article h3").nth(10).text_content()
    assert section.get_by_role("link", name=re.compile("^Show all")).count() == 0
    assert page.url.endswith("/fashion-shop")  # shown in place, no navigation
    assert log.errors() == []
