"""The search synonyms page in Chromium: reached from the admin menu, a pair added through the
dialog (checked in the browser first), found in the list and by the shop's search at once, then
deleted after the confirmation dialog."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from test_admin_catalogue_browser import open_signed_in, rows, search_list, settled, toast


def shop_titles(page, base: str, term: str) -> list[str]:
    answer = page.request.get(f"{base}/product/search/{term}", headers={"Accept": "application/json"})
    return [p["title"] for p in answer.json()["props"]["products"]]


def test_add_see_and_delete_a_synonym(live_server, page_factory):
    page, log = page_factory()
    open_signed_in(live_server, page, "/admin")
    page.get_by_role("link", name="Search Synonyms").click()
    page.wait_for_url(live_server + "/admin/search-synonyms")
    settled(page)
    expect(rows(page).filter(has_text="sci fi")).to_have_count(1)  # the seeded pairs, each listed once

    page.get_by_role("button", name="Add synonym").click()
    dialog = page.get_by_role("dialog", name="New synonym")
    dialog.get_by_label("Term").fill("Zeppelin")
    dialog.get_by_label("Synonym").fill("zeppelin")
    dialog.get_by_role("button", name="Save").click()
    expect(dialog.get_by_text("A term can't be its own synonym")).to_be_visible()  # checked before sending
    dialog.get_by_label("Synonym").fill("Balloon")
    dialog.get_by_role("button", name="Save").click()
    toast(page, "Added “zeppelin” ↔ “balloon”")
    dialog.wait_for(state="hidden")
    assert "Milo and the Moon Balloon" in shop_titles(page, live_server, "zeppelin")

    search_list(page, "zeppelin")
    expect(rows(page)).to_have_count(1)
    expect(rows(page).first).to_contain_text("balloon")
    page.get_by_role("button", name="Delete zeppelin ↔ balloon").click()
    confirm = page.get_by_role("dialog", name="Are you sure?")
    ok = confirm.get_by_role("button", name="Ok")
    assert ok.is_disabled()
    confirm.get_by_label(re.compile("I understand")).check()
    ok.click()
    toast(page, "Deleted “zeppelin” ↔ “balloon”")
    page.get_by_test_id("list-empty").wait_for()
    assert shop_titles(page, live_server, "zeppelin") == []
    assert log.errors() == []
