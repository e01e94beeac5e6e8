"""Editing a book in a real browser: its book details are on the product form, the ISBN is checked
as it is typed (the check digit named before anything is sent), authors are picked from
suggestions or typed in with Enter, and a refusal from the server lands on its field."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from test_admin_catalogue_browser import api, open_signed_in, toast

from db import isbn


def a_seeded_book(page, skip: int = 0) -> dict:
    """A seeded book as its admin form shows it (the last ones by id, so other tests' picks differ)."""
    rows = api(page, "GET", "/api/products?sort=-id&per_page=100")["data"]
    book_id = [row["id"] for row in rows if (row["isbn"] or "").startswith("978")][skip]
    return api(page, "GET", f"/api/products/{book_id}")["data"]


def isbn_field(page):
    return page.get_by_role("textbox", name="ISBN")


def test_edit_a_book_isbn_checked_as_typed_authors_picked_and_typed(live_server, page_factory):
    page, log = page_factory()
    open_signed_in(live_server, page, "/admin/products")
    book = a_seeded_book(page)
    page.goto(f"{live_server}/admin/products/{book['id']}")
    page.wait_for_load_state("networkidle")

    # Its book fields, as stored.
    details = page.get_by_role("region", name="Book details")
    expect(details).to_be_visible()
    digits = book["book"]["isbn"]
    expect(isbn_field(page)).to_have_value(re.compile("^" + "-?".join(digits) + "$"))
    expect(details.get_by_role("textbox", name="Publisher")).to_have_value(book["book"]["publisher"] or "")
    for name in book["book"]["authors"]:
        expect(details.locator(".MuiChip-root", has_text=name)).to_be_visible()

    # A wrong check digit is named as it is typed, before anything is sent.
    wrong = str((int(digits[-1]) + 1) % 10)
    isbn_field(page).fill(digits[:-1] + wrong)
    message = f"The check digit of this ISBN-13 should be {digits[-1]}, not {wrong}"
    expect(details.get_by_text(message)).to_be_visible()
    expect(isbn_field(page)).to_have_attribute("aria-invalid", "true")
    # Fixed (typed as the ISBN-10 this time): the ISBN-13 is shown under it.
    isbn_field(page).fill(isbn.to_isbn10(digits))
    expect(details.get_by_text(f"ISBN-13 {isbn.grouped(digits)}")).to_be_visible()
    expect(details.get_by_text(message)).to_have_count(0)

    # An existing author picked from the suggestions, then a new one typed in with Enter.
    existing = next(a for a in api(page, "GET", "/api/authors")["data"] if a["name"] not in book["book"]["authors"])
    authors = details.get_by_role("combobox", name="Authors")
    authors.fill(existing["name"].split()[-1])
    page.get_by_role("option", name=re.compile("^" + re.escape(existing["name"]))).first.click()
    authors.fill("Ottoline Brightwater")
    authors.press("Enter")
    expected = [*book["book"]["authors"], existing["name"], "Ottoline Brightwater"]
    expect(details.locator(".MuiChip-root")).to_have_text(expected)

    page.get_by_role("button", name="Save changes").click()
    toast(page, f"Saved “{book['name']}”")
    page.wait_for_url(live_server + "/admin/products")

    page.goto(f"{live_server}/admin/products/{book['id']}")
    page.wait_for_load_state("networkidle")
    expect(page.get_by_role("region", name="Book details").locator(".MuiChip-root")).to_have_text(expected)
    assert api(page, "GET", f"/api/products/{book['id']}")["data"]["book"]["authors"] == expected
    assert log.errors() == []


def test_an_isbn_another_book_has_is_refused_on_the_isbn_field(live_server, page_factory):
    page, log = page_factory()
    open_signed_in(live_server, page, "/admin/products")
    book, other = a_seeded_book(page, 1), a_seeded_book(page, 2)
    page.goto(f"{live_server}/admin/products/{book['id']}")
    page.wait_for_load_state("networkidle")

    isbn_field(page).fill(other["book"]["isbn"])
    page.get_by_role("button", name="Save changes").click()

    # The server's answer, keyed book.isbn, is shown on the ISBN field; nothing was saved.
    expect(page.get_by_text(f"“{other['name']}” already has this ISBN")).to_be_visible()
    expect(isbn_field(page)).to_have_attribute("aria-invalid", "true")
    assert api(page, "GET", f"/api/products/{book['id']}")["data"]["book"]["isbn"] == book["book"]["isbn"]
    assert [e for e in log.errors() if "422" not in e] == []


def test_a_book_moved_to_another_shop_loses_its_book_details_after_a_warning(live_server, page_factory):
    page, log = page_factory()
    open_signed_in(live_server, page, "/admin/products")
    category = a_seeded_book(page)["categoryId"]
    book = {"isbn": isbn.make("979", "812345678"), "authors": ["Wren Abernathy"], "level": "Ages 5-8"}
    created = api(
        page, "POST", "/api/products", {"name": "Moon Songs", "price": "6.00", "categoryId": category, "book": book}
    )
    assert created["status"] == 201, created
    page.goto(f"{live_server}/admin/products/{created['data']['id']}")
    page.wait_for_load_state("networkidle")
    expect(page.get_by_role("region", name="Book details")).to_be_visible()

    page.get_by_role("combobox", name="Shop").click()
    page.get_by_role("option", name="Gift shop").click()
    expect(page.get_by_role("region", name="Book details")).to_have_count(0)
    expect(page.get_by_role("alert").filter(has_text="Saving removes its book details")).to_be_visible()
    page.get_by_role("button", name="Save changes").click()
    toast(page, "Saved “Moon Songs”")

    saved = api(page, "GET", f"/api/products/{created['data']['id']}")["data"]
    assert (saved["shop"], saved["book"]) == ("gift", None)
    assert log.errors() == []
