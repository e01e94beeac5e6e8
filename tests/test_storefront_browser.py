"""The Student Books home and the market storefront in a real browser: hydration without errors
at desktop and phone widths, the cart, the carousel, search, and client-side navigation."""

from __future__ import annotations

import re

import pytest

VIEWPORTS = [(1280, 800), (390, 844)]
STOREFRONTS = ["/", "/market-1"]

# True once React has hydrated an element (its props are attached to the DOM node).
HYDRATED = "(el) => !!el && Object.keys(el).some((key) => key.startsWith('__reactProps'))"


def open_hydrated(page_factory, url: str, width: int = 1280, height: int = 800):
    """Open a storefront and wait until its product sections (loaded after the first-load
    JavaScript) are hydrated, i.e. the first add-to-cart button answers clicks."""
    page, log = page_factory(width, height)
    page.goto(url)
    page.wait_for_function(f"() => ({HYDRATED})(document.querySelector('article button'))")
    # The saved (or demo) cart is read after hydration; it is written back once it has loaded.
    page.wait_for_function("() => localStorage.getItem('cart') !== null")
    return page, log


def cart_count(page) -> int:
    badge = page.locator("[data-testid=cart-count]")
    return int(badge.text_content()) if badge.count() else 0


@pytest.mark.parametrize("width,height", VIEWPORTS)
@pytest.mark.parametrize("path", STOREFRONTS)
def test_storefront_hydrates_without_errors_and_fits_the_screen(live_server, page_factory, path, width, height):
    page, log = open_hydrated(page_factory, live_server + path, width, height)
    page.wait_for_load_state("networkidle")
    assert page.locator("h1").count() == 1
    assert page.locator("main article").count() >= 20
    # No horizontal page scroll, also on a phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert log.errors() == []


@pytest.mark.parametrize("path", STOREFRONTS)
def test_add_to_cart_raises_the_header_badge_and_lists_the_item(live_server, page_factory, path):
    page, log = open_hydrated(page_factory, live_server + path)
    page.wait_for_function(f"() => ({HYDRATED})(document.querySelector('header button[aria-haspopup]'))")
    before = cart_count(page)
    card = page.locator("main article").first
    title = card.locator("h3").text_content()
    card.get_by_role("button", name=f"Add {title} to cart").click()
    page.wait_for_function(f"() => document.querySelector('[data-testid=cart-count]')?.textContent === '{before + 1}'")
    page.get_by_text(f"{title} added to your cart").wait_for()  # the toast (react-toastify, loaded on demand)
    # The cart drawer (loaded on demand) lists the item with its quantity and links onwards.
    page.get_by_role("button", name=re.compile(r"^Cart, ")).click()
    drawer = page.get_by_role("dialog")
    drawer.wait_for()
    assert drawer.get_by_text(title, exact=True).is_visible()
    assert drawer.get_by_role("link", name="Checkout").get_attribute("href") == "/checkout"
    assert drawer.get_by_role("link", name="View cart").get_attribute("href") == "/cart"
    drawer.get_by_role("button", name=f"One more {title}").click()
    page.wait_for_function(f"() => document.querySelector('[data-testid=cart-count]')?.textContent === '{before + 2}'")
    assert log.errors() == []


def test_in_app_link_navigates_on_the_client_with_the_loading_bar(live_server, page_factory):
    page, log = open_hydrated(page_factory, live_server + "/")
    footer_link = page.locator("footer").get_by_role("link", name="Market", exact=True)
    page.wait_for_function(f"() => ({HYDRATED})(document.querySelector('footer a[href=\"/market-1\"]'))")
    # Remember whether the loading bar ever appears; the document must survive the navigation.
    page.evaluate("""() => {
        window.__marker = 1;
        window.__sawProgress = false;
        new MutationObserver(() => { if (document.getElementById('nprogress')) window.__sawProgress = true; })
            .observe(document.documentElement, { childList: true, subtree: true });
    }""")
    footer_link.click()
    page.wait_for_url(live_server + "/market-1")
    page.wait_for_function("() => document.querySelector('h1')?.textContent.startsWith('Market')")
    assert page.evaluate("window.__marker") == 1
    assert page.evaluate("window.__sawProgress") is True
    assert page.evaluate("document.documentElement.dataset.theme") == "DEFAULT"
    # Back returns to the home page, still without reloading.
    page.go_back()
    page.wait_for_function("() => document.querySelector('h1')?.textContent.startsWith('Student Books')")
    assert page.evaluate("window.__marker") == 1
    assert log.errors() == []


def test_carousel_moves_only_when_asked(live_server, page_factory):
    page, log = open_hydrated(page_factory, live_server + "/market-1")
    dots = page.get_by_role("button", name=re.compile(r"^Show slide "))
    assert dots.nth(0).get_attribute("aria-current") == "true"
    page.wait_for_timeout(1500)  # no autoplay
    assert dots.nth(0).get_attribute("aria-current") == "true"
    page.get_by_role("button", name="Next slide").click()
    assert dots.nth(1).get_attribute("aria-current") == "true"
    # Slides not shown are inert: their call to action cannot be focused or clicked.
    groups = page.locator("[aria-roledescription=slide]")
    assert groups.nth(1).get_attribute("inert") is None
    assert groups.nth(0).get_attribute("inert") is not None
    dots.nth(2).click()
    assert dots.nth(2).get_attribute("aria-current") == "true"
    assert log.errors() == []


def test_search_box_goes_to_the_search_page(live_server, page_factory):
    page, _ = open_hydrated(page_factory, live_server + "/", 390, 844)
    page.get_by_role("combobox", name="Search products").fill("Coffee & Snacks")
    page.get_by_role("button", name="Search", exact=True).click()
    page.wait_for_url(live_server + "/product/search/Coffee%20%26%20Snacks")


def test_search_form_works_without_javascript(live_server, page_factory):
    page, _ = page_factory(java_script_enabled=False)
    page.goto(live_server + "/market-1")
    page.get_by_role("searchbox", name="Search products").fill("Onion")
    page.get_by_role("button", name="Search", exact=True).click()
    page.wait_for_url(live_server + "/product/search/Onion")
