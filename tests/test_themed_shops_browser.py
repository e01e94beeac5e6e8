"""The furniture, health & beauty and gift storefronts in a real browser: they hydrate without
warnings on a desktop and on a phone, the side menu's items open with the mouse and the
keyboard, a phone opens the same menu in a drawer, and a product goes into the cart."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

SHOPS = {
    "/furniture-shop": ("FURNITURE", "Sofas", "Loveseat"),
    "/healthbeauty-shop": ("HEALTH", "Skincare", "Serum"),
    "/gift-shop": ("GIFT", "Flowers", "Rose"),
}
VIEWPORTS = [(1280, 800), (390, 844)]


def open_shop(page_factory, live_server, path, size):
    page, log = page_factory(*size)
    page.goto(live_server + path)
    page.wait_for_load_state("networkidle")
    # Hydrated: React owns the root, and the deferred side menu reacts to clicks.
    page.wait_for_function(
        "() => Object.keys(document.getElementById('root')).some(k => k.startsWith('__reactContainer'))"
    )
    return page, log


def toggle(scope, title):
    return scope.get_by_role("button", name=f"{title}: more categories")


@pytest.mark.parametrize("size", VIEWPORTS, ids=["desktop", "phone"])
@pytest.mark.parametrize("path", SHOPS)
def test_storefront_hydrates_without_errors_and_fits_the_screen(live_server, page_factory, path, size):
    page, log = open_shop(page_factory, live_server, path, size)
    assert page.evaluate("document.documentElement.dataset.theme") == SHOPS[path][0]
    assert page.locator("h1").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert log.errors() == []


@pytest.mark.parametrize("path", SHOPS)
def test_desktop_side_menu_opens_an_item_with_the_mouse_and_the_keyboard(live_server, page_factory, path):
    _theme, parent, child = SHOPS[path]
    page, log = open_shop(page_factory, live_server, path, (1280, 800))
    menu = page.get_by_role("navigation", name="Categories")
    # The phone's "Categories" button is there, but not on a wide screen.
    phone_button = menu.get_by_role("button", name="Categories", exact=True, include_hidden=True)
    expect(phone_button).to_have_count(1)
    expect(phone_button).to_be_hidden()
    button = toggle(menu, parent)
    link = menu.get_by_role("link", name=child, exact=True)
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(link).to_be_hidden()
    button.click()
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(link).to_be_visible()
    # The same button closes it again, from the keyboard too.
    button.focus()
    page.keyboard.press("Enter")
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(link).to_be_hidden()
    page.keyboard.press("Space")
    expect(link).to_be_visible()
    # The child is a real link, followed on the client.
    link.click()
    page.wait_for_url(re.compile(r"/product/search/" + re.escape(child) + "$"))
    assert log.errors() == []


@pytest.mark.parametrize("path", SHOPS)
def test_phone_opens_the_menu_in_a_drawer_and_reaches_a_nested_item(live_server, page_factory, path):
    _theme, parent, child = SHOPS[path]
    page, log = open_shop(page_factory, live_server, path, (390, 844))
    # The side panel is for wide screens: a phone shows the button only.
    side_link = page.get_by_role("link", name=parent, exact=True, include_hidden=True)
    expect(side_link).to_have_count(1)
    expect(side_link).to_be_hidden()
    page.get_by_role("button", name="Categories", exact=True).click()
    drawer = page.get_by_role("dialog", name="Categories")
    expect(drawer).to_be_visible()
    link = drawer.get_by_role("link", name=child, exact=True)
    expect(link).to_be_hidden()
    toggle(drawer, parent).click()
    expect(link).to_be_visible()
    link.click()
    page.wait_for_url(re.compile(r"/product/search/" + re.escape(child) + "$"))
    expect(page.get_by_role("dialog", name="Categories")).to_have_count(0)
    assert log.errors() == []


def cart_count(page) -> int:
    badge = page.get_by_test_id("cart-count")
    return int(badge.text_content()) if badge.count() else 0


@pytest.mark.parametrize("size", VIEWPORTS, ids=["desktop", "phone"])
@pytest.mark.parametrize("path", SHOPS)
def test_adding_a_product_raises_the_cart_badge(live_server, page_factory, path, size):
    page, log = open_shop(page_factory, live_server, path, size)
    # The cart loads from localStorage after hydration; wait for it to settle.
    page.wait_for_function("() => localStorage.getItem('cart') !== null")
    before = cart_count(page)
    section = page.get_by_role("region", name="All products")
    add = section.get_by_role("button", name=re.compile(r"^Add .+ to cart$")).first
    add.scroll_into_view_if_needed()
    add.click()
    expect(page.get_by_test_id("cart-count")).to_have_text(str(before + 1))
    assert log.errors() == []
