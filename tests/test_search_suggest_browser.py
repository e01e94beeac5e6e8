"""The header search box suggests as a shopper types, and is an ARIA combobox a keyboard drives."""

from __future__ import annotations

from playwright.sync_api import expect


def open_home(page_factory, live_server, width=1280):
    page, log = page_factory(width=width)
    page.goto(live_server + "/")
    page.wait_for_load_state("networkidle")
    return page, log, page.get_by_role("combobox", name="Search products")


def test_arrow_keys_choose_a_suggestion_and_enter_opens_it(page_factory, live_server):
    page, log, box = open_home(page_factory, live_server)
    box.click()
    box.press_sequentially("phys", delay=40)
    listbox = page.get_by_role("listbox", name="Suggestions")
    listbox.wait_for()
    options = listbox.get_by_role("option")
    count = options.count()
    assert count > 0 and box.get_attribute("aria-expanded") == "true"
    assert page.get_by_role("status").filter(has_text=f"{count} suggestion").count() == 1  # what a screen reader hears

    box.press("ArrowDown")
    box.press("ArrowDown")
    second = options.nth(1)
    assert box.get_attribute("aria-activedescendant") == second.get_attribute("id")
    assert second.get_attribute("aria-selected") == "true"
    title = second.locator(".title").text_content()
    box.press("ArrowUp")
    assert options.nth(0).get_attribute("aria-selected") == "true"
    box.press("ArrowDown")
    box.press("Enter")
    page.wait_for_url(live_server + "/product/**")
    # The address changes as the router starts loading; the page's heading follows when its data arrives.
    expect(page.get_by_role("heading", level=1)).to_have_text(title)
    assert log.errors() == []


def test_escape_closes_the_suggestions_and_enter_searches_the_text(page_factory, live_server):
    page, log, box = open_home(page_factory, live_server, width=390)
    box.click()
    box.press_sequentially("chem", delay=40)
    page.get_by_role("listbox", name="Suggestions").wait_for()
    box.press("Escape")
    page.get_by_role("listbox", name="Suggestions").wait_for(state="hidden")
    assert box.get_attribute("aria-expanded") == "false" and box.input_value() == "chem"
    box.press("Enter")
    page.wait_for_url(live_server + "/product/search/chem")
    page.get_by_role("heading", level=1).filter(has_text="chem").wait_for()
    assert log.errors() == []
