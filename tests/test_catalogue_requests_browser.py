"""Catalogue requests and a book's offers in a real browser, on a desktop and on a phone: a pending
request accepted (its category and level chosen in the dialog, Ok waiting for them and the
acknowledgement), the toast, the request shown Accepted with a link to its new book, and the book's
admin page listing its offers, the seller's copy holding the buy box and the form's price named the
listing's; without console errors."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_admin_catalogue_browser import api, open_signed_in, rows, settled, toast
from test_book_import_browser import own_server  # noqa: F401 (a fixture: this test writes a book)
from test_gadget_fashion_browser import VIEWPORTS

TITLE = {1280: "A Field Guide to School Chemistry", 390: "Calculus for the First Year"}


@pytest.mark.parametrize(("width", "height"), VIEWPORTS)
def test_accept_a_catalogue_request_and_see_the_books_offers(own_server, page_factory, width, height):
    page, log = page_factory(width, height)
    open_signed_in(own_server, page, "/admin/catalogue-requests?status=Pending")
    settled(page)
    [request] = api(page, "GET", f"/api/catalogue-requests?q={TITLE[width]}")["data"]
    row = rows(page).filter(has_text=TITLE[width])
    expect(row).to_contain_text("Pending")

    row.get_by_role("button", name=f"Accept catalogue request #{request['id']}").click()
    dialog = page.get_by_role("dialog", name="Are you sure?")
    dialog.wait_for()
    expect(dialog).to_contain_text(f"{request['condition']} copy")
    ok = dialog.get_by_role("button", name="Ok")
    dialog.get_by_role("checkbox", name=f"Accept catalogue request #{request['id']}").check()
    assert ok.is_disabled()  # the new book's category and level first
    dialog.get_by_role("combobox", name="Category").click()
    page.get_by_role("option", name="Mathematics", exact=True).click()
    dialog.get_by_role("combobox", name="Level").click()
    page.get_by_role("option", name="College year 1", exact=True).click()
    ok.click()
    toast(page, f"Catalogue request #{request['id']} accepted")
    dialog.wait_for(state="hidden")
    settled(page)

    [accepted] = api(page, "GET", f"/api/catalogue-requests?q={TITLE[width]}")["data"]
    assert accepted["status"] == "Accepted" and accepted["productId"]
    page.goto(f"{own_server}/admin/catalogue-requests?status=Accepted")
    settled(page)
    link = rows(page).filter(has_text=TITLE[width]).get_by_role("link", name=TITLE[width])
    link.click()
    page.wait_for_url(f"{own_server}/admin/products/{accepted['productId']}")
    page.wait_for_load_state("networkidle")

    offers = page.get_by_role("region", name="Offers (2)")
    expect(offers).to_be_visible()
    seller_row = offers.locator("tbody tr").filter(has_text=request["shopName"])
    expect(seller_row).to_contain_text(request["condition"])
    expect(seller_row).to_contain_text("Buy box")
    store_row = offers.locator("tbody tr").filter(has_text="The store’s own copies")
    expect(store_row).to_contain_text("Listing")
    expect(store_row).to_contain_text("Sold out")
    expect(page.get_by_label("Listing price")).to_be_visible()
    assert log.errors() == []
