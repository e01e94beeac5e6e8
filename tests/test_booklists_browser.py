"""School booklists in a real browser: a shopper puts a seeded list in the cart (each book with
its quantity, the sold-out one left out and named), the page without JavaScript, and the
administrator's form creating a list end to end (client checks, a server error on its row)."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect
from test_admin_catalogue_browser import api, open_signed_in, toast

DEMO_SLUG = "hillcrest-high-school-class-10-2026-27"


def saved_cart(page) -> dict[str, int]:
    return {item["id"]: item["qty"] for item in json.loads(page.evaluate("localStorage.getItem('cart')") or "[]")}


def booklist_props(page, slug: str) -> dict:
    return page.evaluate(
        """async (slug) => (await (await fetch('/booklists/' + slug,
                              {headers: {Accept: 'application/json'}})).json()).props.booklist""",
        slug,
    )


def open_with_empty_cart(live_server, page, path: str) -> None:
    # Before any script of the page runs: a first visit in demo mode would otherwise start with the
    # demo cart, saved whenever hydration gets to it (a later overwrite could lose that race).
    page.add_init_script("if (localStorage.getItem('cart') === null) localStorage.setItem('cart', '[]')")
    page.goto(live_server + path)
    page.wait_for_load_state("networkidle")


def test_add_required_books_to_the_cart_leaves_the_sold_out_one_out(live_server, page_factory):
    page, log = page_factory()
    open_with_empty_cart(live_server, page, f"/booklists/{DEMO_SLUG}")
    expect(page.get_by_role("heading", level=1)).to_have_text("Hillcrest High School: Class 10 booklist 2026-27")
    items = booklist_props(page, DEMO_SLUG)["items"]
    sold_out = [i for i in items if i["stock"] == 0]
    assert sold_out and all(i["required"] for i in sold_out), "the seed's demo list holds a sold-out required book"
    row = page.get_by_role("listitem").filter(has=page.get_by_role("heading", name=sold_out[0]["title"]))
    expect(row).to_contain_text("Out of stock")

    page.get_by_role("button", name=re.compile(r"^Add required books to cart")).click()
    required = {str(i["id"]): i["quantity"] for i in items if i["required"] and i["stock"] > 0}
    assert saved_cart(page) == required
    copies = sum(required.values())
    status = page.get_by_role("status").filter(has_text="added to your cart")
    expect(status).to_have_text(f"{copies} books added to your cart. Left out: {sold_out[0]['title']} (out of stock).")
    toast(page, f"Left out: {sold_out[0]['title']} (out of stock)")
    expect(page.get_by_test_id("cart-count")).to_have_text(str(copies))

    # Pressing it again does not buy the list twice; "all" adds the optional books as well.
    page.get_by_role("button", name=re.compile(r"^Add required books to cart")).click()
    assert saved_cart(page) == required
    page.get_by_role("button", name=re.compile(r"^Add all books to cart")).click()
    assert saved_cart(page) == {str(i["id"]): i["quantity"] for i in items if i["stock"] > 0}

    # The cart page lists them with their quantities.
    page.goto(live_server + "/cart")
    chemistry = next(i for i in items if i["quantity"] == 2)
    expect(page.get_by_label(f"Quantity of {chemistry['title']}")).to_have_value("2")
    expect(page.get_by_text(sold_out[0]["title"])).to_have_count(0)
    assert log.errors() == []


def test_a_book_already_in_the_cart_is_raised_to_the_list_quantity_never_lowered(live_server, page_factory):
    page, log = page_factory()
    open_with_empty_cart(live_server, page, f"/booklists/{DEMO_SLUG}")
    items = booklist_props(page, DEMO_SLUG)["items"]
    first, workbook = items[0], next(i for i in items if i["quantity"] == 2)
    page.evaluate(
        """([a, b]) => localStorage.setItem('cart', JSON.stringify([
        {id: String(a.id), name: a.title, price: a.price, imgUrl: a.imgUrl, qty: 5},
        {id: String(b.id), name: b.title, price: b.price, imgUrl: b.imgUrl, qty: 1}]))""",
        [first, workbook],
    )
    page.reload()
    page.wait_for_load_state("networkidle")
    page.get_by_role("button", name=re.compile(r"^Add required books to cart")).click()
    cart = saved_cart(page)
    assert cart[str(first["id"])] == 5 and cart[str(workbook["id"])] == 2
    assert log.errors() == []


def test_the_list_reads_without_javascript(live_server, page_factory):
    page, _ = page_factory(java_script_enabled=False)
    page.goto(live_server + "/booklists")
    page.get_by_label("School", exact=True).fill("hillcrest")
    page.get_by_label("Class", exact=True).select_option("10")
    page.get_by_role("button", name="Find lists").click()
    page.wait_for_url(re.compile(r"/booklists\?q=hillcrest&class=10$"))
    page.get_by_role("link", name=re.compile(r"^Class 10")).click()
    page.wait_for_url(live_server + f"/booklists/{DEMO_SLUG}")
    expect(page.get_by_text("Out of stock", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name=re.compile(r"^Add required books to cart"))).to_be_disabled()
    # The hint is in <noscript> (Chromium with scripts switched off by the test still hides that).
    assert "Turn on JavaScript to add the whole list to your cart" in page.content()


def test_the_finder_opens_a_class_at_once_and_works_on_a_phone(live_server, page_factory):
    page, log = page_factory(width=390, height=844)
    page.goto(live_server + "/booklists")
    page.wait_for_load_state("networkidle")
    page.get_by_label("Class", exact=True).select_option("7")
    page.wait_for_url(re.compile(r"/booklists\?class=7$"))
    expect(page.get_by_role("main").get_by_role("heading", level=2)).to_have_text(
        ["Hillcrest High School", "St. Aldric's Academy"]
    )
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert log.errors() == []


def test_the_admin_form_creates_a_list_end_to_end(live_server, page_factory):
    page, log = page_factory()
    open_signed_in(live_server, page, "/admin/booklists")
    page.get_by_role("link", name="Add booklist").click()
    page.wait_for_url(live_server + "/admin/booklists/new")

    # Checked in the browser first.
    page.get_by_role("button", name="Create booklist").click()
    expect(page.get_by_text("Enter the school’s name (2 to 120 characters)")).to_be_visible()
    expect(page.get_by_text("Add at least one book")).to_be_visible()

    page.get_by_label("School").fill("Birchwood Junior School")
    page.get_by_role("combobox", name="Class").click()
    page.get_by_role("option", name="Class 5", exact=True).click()
    page.get_by_label("Academic year").fill("2026-27")

    picker = page.get_by_role("combobox", name="Add a book")
    picker.fill("class 5")
    first_option = page.get_by_role("option").first
    first_title = first_option.locator("strong").inner_text()
    first_option.click()
    book = api(page, "GET", "/api/booklists/book-choices?q=story")["data"][0]
    picker.fill(book["isbn"])
    page.get_by_role("option", name=re.compile(re.escape(book["title"]))).click()
    page.get_by_label(f"Quantity of {first_title}").fill("3")
    page.get_by_label(f"{book['title']} is required").uncheck()
    page.get_by_label(f"Note for {book['title']}").fill("Holiday reading")

    # The server's refusal lands on its row: the story book is unpublished meanwhile.
    assert api(page, "PATCH", f"/api/products/{book['id']}", {"published": False})["status"] == 200
    page.get_by_role("button", name="Create booklist").click()
    expect(page.get_by_role("alert").filter(has_text="is not published")).to_contain_text(book["title"])
    assert api(page, "PATCH", f"/api/products/{book['id']}", {"published": True})["status"] == 200

    page.get_by_role("button", name="Create booklist").click()
    toast(page, "Created “Birchwood Junior School, Class 5 2026-27”")
    page.wait_for_url(live_server + "/admin/booklists")

    page.goto(live_server + "/booklists/birchwood-junior-school-class-5-2026-27")
    items = booklist_props(page, "birchwood-junior-school-class-5-2026-27")["items"]
    assert [(i["title"], i["quantity"], i["required"], i["note"]) for i in items] == [
        (first_title, 3, True, ""),
        (book["title"], 1, False, "Holiday reading"),
    ]
    expect(page.get_by_text("Holiday reading")).to_be_visible()

    # Fewer in stock than the list asks for: the cart gets what there is, and the message says so.
    first = items[0]
    stock = api(page, "GET", f"/api/products/{first['id']}")["data"]["stock"]
    assert api(page, "PATCH", f"/api/products/{first['id']}", {"stock": 2})["status"] == 200
    try:
        page.evaluate("localStorage.setItem('cart', '[]')")
        page.reload()
        page.wait_for_load_state("networkidle")
        expect(page.get_by_text("Only 2 in stock")).to_be_visible()
        page.get_by_role("button", name=re.compile(r"^Add required books to cart")).click()
        expect(page.get_by_role("status").filter(has_text="added to your cart")).to_have_text(
            f"2 books added to your cart. Fewer than listed: {first_title} (only 2 in stock)."
        )
        assert saved_cart(page) == {str(first["id"]): 2}
    finally:
        api(page, "PATCH", f"/api/products/{first['id']}", {"stock": stock})
    assert [e for e in log.errors() if "422" not in e] == []  # the browser logs the refused request itself
