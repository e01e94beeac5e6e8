"""The grocery storefronts in Chromium, on a desktop and on a phone: they hydrate cleanly, their
menus open, and a product added from each one lands in the cart."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import expect

PAGES = ["/grocery1", "/grocery2", "/grocery3"]
DESKTOP, PHONE = (1280, 800), (390, 844)
HYDRATED = "el => Object.keys(el).some(k => k.startsWith('__reactProps'))"


def open_page(page_factory, base: str, path: str, size: tuple[int, int]):
    page, log = page_factory(*size)
    page.goto(base + path)
    page.wait_for_load_state("networkidle")
    return page, log


def wait_hydrated(page, locator) -> None:
    """Until React has taken over the element (its section's chunk may come after the page's)."""
    page.wait_for_function(HYDRATED, arg=locator.element_handle())


def cart_count(page) -> int:
    label = page.get_by_role("button", name=re.compile(r"^Cart, ")).get_attribute("aria-label")
    return int(re.search(r"Cart, (\d+)", label).group(1))


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("path", PAGES)
def test_storefront_hydrates_without_console_errors(live_server, page_factory, path, size):
    page, log = open_page(page_factory, live_server, path, size)
    assert page.evaluate("Object.keys(document.getElementById('root')).some(k => k.startsWith('__reactContainer'))")
    expect(page.locator("h1")).to_have_count(1)
    expect(page.locator("h1")).to_be_visible()
    # Every section's code has arrived and hydrated: the last product card answers clicks.
    wait_hydrated(page, page.get_by_role("button", name=re.compile(r"^Add .+ to cart$")).last)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert log.errors() == []


@pytest.mark.parametrize("path", PAGES)
def test_adding_a_product_raises_the_cart_badge(live_server, page_factory, path):
    page, log = open_page(page_factory, live_server, path, PHONE)
    add = page.get_by_role("button", name=re.compile(r"^Add .+ to cart$")).first
    wait_hydrated(page, add)
    before = cart_count(page)
    add.click()
    expect(page.get_by_role("button", name=re.compile(r"^Cart, "))).to_have_attribute(
        "aria-label", re.compile(rf"^Cart, {before + 1} items?$")
    )
    expect(page.get_by_test_id("cart-count")).to_have_text(str(before + 1))
    assert log.errors() == []


def nested_item(navigation: list[dict]) -> tuple[dict, dict, dict]:
    """A top item, one of its children, and one of that child's children."""
    for group in navigation:
        for top in group["categoryItem"]:
            for child in top.get("child", []):
                if child.get("child"):
                    return top, child, child["child"][0]
    raise AssertionError("grocery1's navigation has no item nested two levels deep")


def test_grocery1_menu_opens_a_nested_item_on_a_phone(live_server, page_factory):
    top, child, grandchild = nested_item(httpx.get(live_server + "/api/grocery1/navigation").json())
    page, log = open_page(page_factory, live_server, "/grocery1", PHONE)
    # On a phone the side menu is a button that opens a drawer.
    side_link = page.get_by_role("link", name=top["title"], exact=True).first
    expect(side_link).to_be_hidden()
    open_menu = page.get_by_role("button", name="Categories")
    wait_hydrated(page, open_menu)
    open_menu.click()
    drawer = page.get_by_role("dialog", name="Categories")
    expect(drawer).to_be_visible()
    expect(drawer.get_by_role("link", name=grandchild["title"], exact=True)).to_be_hidden()
    drawer.get_by_role("button", name=f"{top['title']}: more categories").click()
    drawer.get_by_role("button", name=f"{child['title']}: more categories").click()
    link = drawer.get_by_role("link", name=grandchild["title"], exact=True)
    expect(link).to_be_visible()
    assert link.get_attribute("href") == grandchild["href"]
    link.click()
    # The drawer closes and the category's search page opens.
    expect(page).to_have_url(live_server + grandchild["href"])
    expect(drawer).to_be_hidden()
    assert log.errors() == []


def test_grocery2_category_bar_shows_children_to_the_keyboard_until_escape(live_server, page_factory):
    navigation = httpx.get(live_server + "/api/grocery-navigation").json()
    top = next(item for group in navigation for item in group["categoryItem"] if item.get("child"))
    child = top["child"][0]
    page, log = open_page(page_factory, live_server, "/grocery2", DESKTOP)
    bar = page.get_by_role("navigation", name="Grocery categories")
    child_link = bar.get_by_role("link", name=child["title"], exact=True)
    wait_hydrated(page, child_link)
    children_box = "el => { const r = el.closest('ul').getBoundingClientRect(); return [r.width, r.height]; }"
    # Closed, the children are in the page but clipped to a single pixel.
    assert max(child_link.evaluate(children_box)) <= 1
    bar.get_by_role("link", name=top["title"], exact=True).focus()
    page.keyboard.press("Tab")
    # Focus moved into the children, which are now shown under their parent.
    expect(child_link).to_be_focused()
    width, height = child_link.evaluate(children_box)
    assert width >= 150 and height >= 30 * len(top["child"])
    # Escape hides them again and puts the focus back on their parent.
    page.keyboard.press("Escape")
    expect(bar.get_by_role("link", name=top["title"], exact=True)).to_be_focused()
    assert max(child_link.evaluate(children_box)) <= 1
    assert log.errors() == []
