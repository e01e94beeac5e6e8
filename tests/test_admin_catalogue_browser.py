"""The back office's catalogue in a real browser: create a product with an image and find it in
the list and in the shop, switch published inline, delete after the confirmation dialog, lists
whose state lives in the URL, a toast after each action, and the panel on a phone."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest
from PIL import Image
from playwright.sync_api import expect
from test_admin_browser import sign_in_through_the_form


def open_signed_in(live_server, page, path: str) -> None:
    """Open an admin page: it sends us to sign in first, then back to it."""
    page.goto(live_server + path)
    page.wait_for_url(re.compile(r"/login\?callbackUrl="))
    page.wait_for_load_state("networkidle")
    sign_in_through_the_form(page)
    page.wait_for_url(live_server + path)
    page.wait_for_load_state("networkidle")


def toast(page, text: str):
    found = page.locator(".Toastify__toast").filter(has_text=text)
    found.first.wait_for()
    return found


def api(page, method: str, path: str, body: dict | None = None) -> dict:
    """A request from the signed-in page (its cookie and CSRF token), answering {status, data}."""
    return page.evaluate(
        """async ([method, path, body]) => {
            const token = (await (await fetch('/api/auth/csrf')).json()).csrfToken;
            const response = await fetch(path, {method, headers: {'Content-Type': 'application/json', 'X-CSRF-Token': token},
                                                body: body ? JSON.stringify(body) : undefined});
            return {status: response.status, data: response.status === 204 ? null : await response.json()};
        }""",
        [method, path, body],
    )


def new_product(page, name: str) -> int:
    created = api(page, "POST", "/api/products", {"name": name, "price": "3.50", "categoryId": 2})
    assert created["status"] == 201, created
    return created["data"]["id"]


def settled(page) -> None:
    """The list has its rows: no fetch under way (the table says aria-busy while one is)."""
    expect(page.locator("table[aria-busy='true']")).to_have_count(0)


def search_list(page, text: str) -> None:
    page.get_by_role("searchbox").fill(text)
    page.wait_for_url(re.compile(r"[?&]q="))
    settled(page)


def rows(page):
    return page.locator("section[aria-label] tbody tr")


@pytest.fixture
def cover(tmp_path):
    path = tmp_path / "cover.png"
    Image.new("RGB", (120, 160), (190, 40, 70)).save(path)
    return path


def test_create_a_product_with_an_image_find_it_and_see_it_in_the_shop(live_server, page_factory, cover):
    page, log = page_factory()
    open_signed_in(live_server, page, "/admin/products")
    page.get_by_role("link", name="Add product").click()
    page.wait_for_url(live_server + "/admin/products/new")

    # Checked in the browser first: the messages appear next to their fields, nothing is sent.
    page.get_by_role("button", name="Create product").click()
    toast(page, "Please correct the highlighted fields")
    assert page.get_by_text("Enter a name of 2 to 200 characters").is_visible()
    assert page.get_by_text("Choose a category").is_visible()
    assert page.get_by_text("Enter a price such as 12.50").is_visible()

    page.get_by_label("Name").fill("Orbital Mechanics Primer")
    page.get_by_role("combobox", name="Category").click()
    page.get_by_role("option", name="Science", exact=True).click()
    page.get_by_label("Price").fill("18.75")
    page.get_by_test_id("image-input").set_input_files(cover)
    toast(page, "Uploaded cover.png")
    preview = page.get_by_role("img", name="Image 1")
    preview.wait_for()
    assert preview.get_attribute("src").startswith("/media/")
    page.get_by_role("button", name="Create product").click()
    toast(page, "Created “Orbital Mechanics Primer”")
    page.wait_for_url(live_server + "/admin/products")

    # Found by search; the URL keeps the search, so a reload shows the same list.
    search_list(page, "orbital mech")
    rows(page).filter(has_text="Orbital Mechanics Primer").wait_for()
    assert rows(page).count() == 1
    assert parse_qs(urlparse(page.url).query) == {"q": ["orbital mech"]}
    assert page.get_by_role("link", name="Export CSV").get_attribute("href") == "/api/products.csv?q=orbital+mech"
    page.reload()
    page.wait_for_load_state("networkidle")
    assert rows(page).count() == 1 and page.get_by_role("searchbox").input_value() == "orbital mech"
    image = rows(page).first.locator("img").first.get_attribute("src")
    assert image.startswith("/media/uploads/")

    # The storefront shows it at once: in its search results and on its own page, with the image.
    page.goto(live_server + "/product/search/orbital")
    page.get_by_text("Orbital Mechanics Primer").first.wait_for()
    page.get_by_role("link", name=re.compile("Orbital Mechanics Primer")).first.click()
    page.wait_for_url(re.compile(r"/product/\d+$"))
    page.get_by_role("heading", name="Orbital Mechanics Primer").wait_for()
    picture = page.get_by_role("img", name="Orbital Mechanics Primer")
    picture.wait_for()
    assert picture.get_attribute("src") == image
    assert log.errors() == []


def test_the_servers_field_errors_show_next_to_the_fields(live_server, page_factory):
    page, log = page_factory()
    open_signed_in(live_server, page, "/admin/products/new")
    page.route(
        "**/api/products",
        lambda route: route.fulfill(
            status=422,
            content_type="application/json",
            body='{"message": "Please correct the highlighted fields", "errors": {"price": "Input should be less than or equal to 9999999.99", "images.0": "Upload the image again"}}',
        ),
    )
    page.get_by_label("Name").fill("Costly Atlas")
    page.get_by_role("combobox", name="Category").click()
    page.get_by_role("option", name="Science", exact=True).click()
    page.get_by_label("Price").fill("99")
    page.get_by_role("button", name="Create product").click()
    toast(page, "Please correct the highlighted fields")
    assert page.get_by_text("Input should be less than or equal to 9999999.99").is_visible()
    assert page.get_by_text("Upload the image again").is_visible()
    assert page.url == live_server + "/admin/products/new"
    assert [e for e in log.errors() if "422" not in e] == []


def test_toggle_published_from_the_list(live_server, page_factory):
    page, log = page_factory()
    open_signed_in(live_server, page, "/admin/products")
    product_id = new_product(page, "Toggle Test Reader")
    search_list(page, "toggle test reader")
    switch = page.get_by_role("switch", name="Published: Toggle Test Reader")
    assert switch.is_checked()
    switch.click()
    toast(page, "“Toggle Test Reader” is unpublished")
    assert not switch.is_checked()
    assert api(page, "GET", f"/api/products/{product_id}")["data"]["published"] is False
    assert page.request.get(f"{live_server}/product/{product_id}").status == 404, "gone from the shop"
    switch.click()
    toast(page, "“Toggle Test Reader” is published")
    assert api(page, "GET", f"/api/products/{product_id}")["data"]["published"] is True
    page.reload()
    page.wait_for_load_state("networkidle")
    assert page.get_by_role("switch", name="Published: Toggle Test Reader").is_checked()
    assert log.errors() == []


def test_delete_asks_first_and_ok_waits_for_the_name(live_server, page_factory):
    page, log = page_factory()
    open_signed_in(live_server, page, "/admin/products")
    product_id = new_product(page, "Doomed Dictionary")
    search_list(page, "doomed dictionary")

    page.get_by_role("button", name="Delete Doomed Dictionary").click()
    dialog = page.get_by_role("dialog", name="Are you sure?")
    dialog.wait_for()
    ok, cancel = dialog.get_by_role("button", name="Ok"), dialog.get_by_role("button", name="Cancel")
    assert ok.is_disabled() and cancel.is_enabled()
    # Cancel keeps it.
    cancel.click()
    dialog.wait_for(state="hidden")
    assert page.request.get(f"{live_server}/api/products/{product_id}").status == 200

    page.get_by_role("button", name="Delete Doomed Dictionary").click()
    field = dialog.get_by_label("Type “Doomed Dictionary” to confirm")
    field.fill("Doomed Dict")
    assert ok.is_disabled(), "Ok stays disabled until the whole name is typed"
    field.fill("Doomed Dictionary")
    assert ok.is_enabled()
    ok.click()
    toast(page, "Deleted “Doomed Dictionary”")
    dialog.wait_for(state="hidden")
    page.get_by_test_id("list-empty").wait_for()
    assert page.request.get(f"{live_server}/api/products/{product_id}").status == 404
    assert log.errors() == []


def test_a_refused_delete_says_why(live_server, page_factory):
    page, log = page_factory()
    open_signed_in(live_server, page, "/admin/categories")
    search_list(page, "science")
    row = rows(page).filter(has_text="Science").first
    name = row.locator("td").first.inner_text().strip()
    row.get_by_role("button", name=f"Delete {name}").click()
    dialog = page.get_by_role("dialog", name="Are you sure?")
    dialog.get_by_label(f"Type “{name}” to confirm").fill(name)
    dialog.get_by_role("button", name="Ok").click()
    toast(page, f"“{name}” cannot be deleted: it has")
    assert rows(page).filter(has_text=name).count() >= 1
    assert [e for e in log.errors() if "409" not in e] == []


def test_a_review_is_deleted_after_ticking_the_acknowledgement(live_server, page_factory):
    page, log = page_factory()
    open_signed_in(live_server, page, "/admin/reviews?sort=id")
    first = rows(page).first
    customer = first.locator("td").nth(1).inner_text().strip()
    total = lambda: int(page.request.get(f"{live_server}/api/reviews?per_page=1").headers["x-total-count"])  # noqa: E731
    before = total()
    first.get_by_role("button", name=f"Delete the review by {customer}").click()
    dialog = page.get_by_role("dialog", name="Are you sure?")
    ok = dialog.get_by_role("button", name="Ok")
    assert ok.is_disabled()
    dialog.get_by_role("checkbox", name="I understand this cannot be undone").check()
    assert ok.is_enabled()
    ok.click()
    toast(page, f"Deleted the review by {customer}")
    dialog.wait_for(state="hidden")
    assert total() == before - 1
    assert log.errors() == []


def test_sort_and_pages_live_in_the_url_and_back_restores_them(live_server, page_factory):
    page, log = page_factory()
    open_signed_in(live_server, page, "/admin/customers")
    page.get_by_role("button", name="Balance").click()
    page.wait_for_url(re.compile(r"sort=balance"))
    page.get_by_role("button", name="Balance").click()
    page.wait_for_url(re.compile(r"sort=-balance"))
    settled(page)
    first_cell = lambda: rows(page).first.locator("td").first  # noqa: E731
    first_page = first_cell().inner_text()
    page.get_by_role("button", name="Go to next page").click()
    page.wait_for_url(re.compile(r"page=2"))
    settled(page)
    assert first_cell().inner_text() != first_page
    page.go_back()
    page.wait_for_url(re.compile(r"/admin/customers\?sort=-balance$"))
    # The router brings the server's first page for that URL.
    expect(first_cell()).to_have_text(first_page)
    header = page.locator("th[aria-sort]")
    assert header.get_attribute("aria-sort") == "descending" and "Balance" in header.inner_text()
    assert log.errors() == []


def test_the_panel_on_a_phone(live_server, page_factory):
    page, log = page_factory(390, 844)
    open_signed_in(live_server, page, "/admin/products")
    # The table scrolls sideways inside its card; the page itself does not.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    scroller = page.locator(".MuiTableContainer-root").first
    assert scroller.evaluate("el => el.scrollWidth > el.clientWidth")
    product_id = new_product(page, "Pocket Thesaurus")
    search_list(page, "pocket thesaurus")
    page.get_by_role("switch", name="Published: Pocket Thesaurus").click()
    toast(page, "“Pocket Thesaurus” is unpublished")
    assert page.get_by_role("button", name="Go to next page").is_visible()
    # The form fits too, and the sidebar is behind the menu button.
    page.goto(f"{live_server}/admin/products/{product_id}")
    page.wait_for_load_state("networkidle")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.get_by_label("Name").input_value() == "Pocket Thesaurus"
    page.get_by_role("button", name="Open navigation").click()
    page.get_by_role("navigation", name="Back office").get_by_role("link", name="Categories").click()
    page.wait_for_url(live_server + "/admin/categories")
    page.get_by_role("searchbox").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert log.errors() == []
