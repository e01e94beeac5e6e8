"""The seller portal in a real browser, on a server of this module's own: the owner invites a
seller from /admin/sellers and copies the link; the seller chooses a password through it and lands
on their dashboard (1280 px), adds an offer by ISBN-10 and another from a CSV file; then, on a phone (390 px), signs in at
/login, which sends a seller to the portal, ships a parcel of a paid order and cancels a line of\nanother that they cannot fill."""

from __future__ import annotations

import re
import shutil
import sqlite3

import pytest
from conftest import ADMIN_EMAIL, ADMIN_PASSWORD, start_server
from test_gadget_fashion_browser import HYDRATED
from test_staff_browser import fits, sign_in_with_the_form

from db import isbn

SELLER_ID = 3
SHOP = "Storytime Books"
PASSWORD = "storytime's long password"
REASON = "The copy was damaged in storage"
PORTAL_AREAS = ["Dashboard", "Offers", "Orders", "Earnings", "Payouts"]


@pytest.fixture(scope="module")
def own_server(seeded_sqlite, tmp_path_factory):
    folder = tmp_path_factory.mktemp("seller-portal")
    shutil.copyfile(seeded_sqlite[0], folder / "shop.db")
    process, base = start_server(folder / "shop.db", seeded_sqlite[1])
    yield base, folder / "shop.db"
    process.terminate()
    process.wait(timeout=10)


def query(db_file, sql: str, *args):
    with sqlite3.connect(db_file) as connection:
        return connection.execute(sql, args).fetchone()


def a_book_to_list(db_file) -> tuple[str, str]:
    """(ISBN-10, title) of a book the seller does not offer yet."""
    number, title = query(
        db_file,
        "SELECT book.isbn, product.title FROM book JOIN product ON product.id = book.product_id "
        "WHERE book.isbn LIKE '978%' AND product.published AND book.product_id NOT IN "
        "(SELECT product_id FROM offer WHERE seller_id = ?) ORDER BY book.product_id LIMIT 1",
        SELLER_ID,
    )
    return isbn.to_isbn10(number), title


def import_a_file(page, db_file, folder) -> None:
    """Offers from a CSV file: checked, then imported."""
    isbn10, title = a_book_to_list(db_file)
    offers = folder / "offers.csv"
    offers.write_text(f"isbn,condition,price,stock,note\n{isbn10},Very Good,6.20,2,Pencil notes\n")
    page.get_by_role("button", name="Import CSV").click()
    page.get_by_label("CSV file of offers").set_input_files(offers)
    page.get_by_role("button", name="Check file").click()
    page.get_by_role("status").filter(has_text="1 to add, 0 to update").wait_for()
    page.get_by_role("button", name="Import", exact=True).click()
    page.get_by_text("Imported: 1 offers added, 0 updated").wait_for()
    page.get_by_role("row").filter(has_text=title).get_by_text("$6.20").wait_for()


def test_a_seller_is_invited_lists_a_book_and_ships_on_a_phone(own_server, page_factory, tmp_path):
    base, db_file = own_server
    owner, owner_log = page_factory(1280, 900)
    sign_in_with_the_form(owner, base, ADMIN_EMAIL, ADMIN_PASSWORD)
    owner.wait_for_url(base + "/admin")
    owner.goto(base + f"/admin/sellers?q={SHOP.replace(' ', '+')}")
    invite = owner.get_by_role("button", name=f"Invite {SHOP}")
    owner.wait_for_function(HYDRATED, arg=invite.element_handle())
    invite.click()
    link = owner.get_by_test_id("seller-invite-link")
    link.wait_for()
    invite_url = link.input_value()
    assert invite_url.startswith(base + "/seller/invite/")
    owner.get_by_role("button", name="Done").click()
    owner.get_by_role("row").filter(has_text=SHOP).get_by_text("Invited", exact=True).wait_for()
    assert owner_log.errors() == []

    seller, seller_log = page_factory(1280, 900)
    seller.goto(invite_url)
    submit = seller.get_by_role("button", name="Set password and sign in")
    seller.wait_for_function(HYDRATED, arg=submit.element_handle())
    seller.locator("#invite-password").fill(PASSWORD)
    seller.locator("#invite-confirm").fill(PASSWORD)
    submit.click()
    seller.wait_for_url(base + "/seller")
    assert seller.get_by_test_id("admin-sidebar").get_by_role("link").all_inner_texts() == PORTAL_AREAS
    assert seller.get_by_text("Sales today").is_visible()

    isbn10, title = a_book_to_list(db_file)
    seller.get_by_test_id("admin-sidebar").get_by_role("link", name="Offers").click()
    seller.wait_for_url(base + "/seller/offers")
    add = seller.get_by_role("button", name="Add offer")
    seller.wait_for_function(HYDRATED, arg=add.element_handle())
    add.click()
    seller.get_by_role("textbox", name="ISBN").fill(isbn10)
    seller.get_by_label("Price").fill("4.50")
    seller.get_by_label("Note").fill("Name written inside the cover")
    seller.get_by_role("button", name="Save").click()
    seller.get_by_text(f"Saved your Good offer of “{title}”").wait_for()
    seller.get_by_role("row").filter(has_text=title).get_by_text("$4.50").wait_for()
    assert query(db_file, "SELECT count(*) FROM offer WHERE seller_id = ? AND price = 4.5", SELLER_ID) == (1,)
    import_a_file(seller, db_file, tmp_path)
    assert seller_log.errors() == []

    phone, phone_log = page_factory(390, 844)
    sign_in_with_the_form(phone, base, "emma.lindqvist@storytime-books.example.com", PASSWORD)
    phone.wait_for_url(base + "/seller")
    fits(phone, 390)
    phone.goto(base + "/seller/orders?status=Processing")
    ship = phone.get_by_role("button", name="Ship order #").first
    phone.wait_for_function(HYDRATED, arg=ship.element_handle())
    order_no = ship.get_attribute("aria-label").rsplit("#", 1)[1]
    ship.click()
    phone.get_by_role("combobox", name="Carrier").click()
    phone.get_by_role("option", name="UPS").click()
    phone.get_by_label("Tracking number").fill("1Z999AA10123456784")
    phone.get_by_role("button", name="Ship", exact=True).click()
    phone.get_by_text(f"Order #{order_no} shipped with UPS").wait_for()
    fits(phone, 390)
    shipped = query(
        db_file,
        "SELECT status, carrier FROM shipment WHERE order_id = ? AND seller_id = ?",
        int(order_no),
        SELLER_ID,
    )
    assert shipped == ("Shipped", "UPS")

    # A line of another parcel cannot be filled: cancelled with a reason, after a confirmation.
    cancel = phone.get_by_role("button", name=re.compile(r"^Cancel .+ of this order$")).first
    cancel.click()
    dialog = phone.get_by_role("dialog")
    dialog.get_by_text("This cannot be undone").wait_for()
    dialog.get_by_role("button", name="Cancel line", exact=True).click()
    dialog.get_by_text("Enter the reason of 3 to 500 characters").wait_for()
    phone.get_by_label("Reason for the shopper").fill(REASON)
    fits(phone, 390)
    dialog.get_by_role("button", name="Cancel line", exact=True).click()
    phone.get_by_text("Line cancelled on order #").wait_for()
    # Its only line gone, the parcel is cancelled: no longer among those to ship.
    phone.goto(base + "/seller/orders?status=Cancelled")
    phone.get_by_text(f"Cancelled: {REASON}").wait_for()
    fits(phone, 390)
    assert query(
        db_file,
        "SELECT count(*) FROM order_line WHERE seller_id = ? AND cancel_reason = ? AND cancelled_at IS NOT NULL",
        SELLER_ID,
        REASON,
    ) == (1,)
    assert phone_log.errors() == []
