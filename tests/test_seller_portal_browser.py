"""The seller portal in a real browser, on a server of this module's own: the owner invites a
seller from /admin/sellers and copies the link; the seller chooses a password through it and lands
on their dashboard (1280 px), adds an offer by ISBN-10 with a photo of the copy (which the book page's offers
show) and another from a CSV file; then, on a phone (390 px), signs in at /login, which sends a seller to the
portal, ships a parcel of a paid order and cancels a line of another that they cannot fill. Another seller
sets up two-factor sign-in on /seller/account on a phone."""

from __future__ import annotations

import datetime as dt
import re
import shutil
import sqlite3

import pyotp
import pytest
from conftest import ADMIN_EMAIL, ADMIN_PASSWORD, start_server
from PIL import Image
from playwright.sync_api import expect
from test_gadget_fashion_browser import HYDRATED
from test_payments_browser import staff
from test_staff_browser import fits, sign_in_with_the_form

from db import isbn

SELLER_ID = 3
SHOP = "Storytime Books"
PASSWORD = "storytime's long password"
REASON = "The copy was damaged in storage"
PORTAL_AREAS = ["Dashboard", "Offers", "Orders", "Earnings", "Payouts", "Your Account"]


@pytest.fixture(scope="module")
def own_server(seeded_sqlite, tmp_path_factory):
    folder = tmp_path_factory.mktemp("seller-portal")
    shutil.copyfile(seeded_sqlite[0], folder / "shop.db")
    # Uploads go to the database copy: the seeded media folder is every test's.
    process, base = start_server(folder / "shop.db", seeded_sqlite[1], MEDIA_STORE="database")
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


def a_photo(folder) -> str:
    """A phone's photo of the copy: a 1280 x 960 JPEG."""
    path = folder / "my-copy.jpg"
    Image.new("RGB", (1280, 960), (120, 96, 64)).save(path, format="JPEG")
    return str(path)


def the_photo_on_the_book_page(page, base: str, product_id: int) -> None:
    """The book page's offers dialog shows the seller's copy with its photo, named by its condition."""
    page.goto(f"{base}/product/{product_id}")
    more = page.get_by_role("button", name=re.compile(r"more offers? from \$"))
    page.wait_for_function(HYDRATED, arg=more.element_handle())
    more.click()
    offer = page.get_by_role("dialog").get_by_role("listitem", name=f"Used – Good from {SHOP}")
    photo = offer.get_by_role("img", name=f"Used – Good copy from {SHOP}, view 1 of 1")
    photo.wait_for()
    page.wait_for_function("(img) => img.complete && img.naturalWidth === 1280", arg=photo.element_handle())
    page.wait_for_timeout(400)  # the dialog's fade-in, for the picture only
    page.screenshot(path="/tmp/seller-photo-offers-1280.png")


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
    expect(seller.get_by_text("Sales today")).to_be_visible()  # the portal has loaded, not just its address
    assert seller.get_by_test_id("admin-sidebar").get_by_role("link").all_inner_texts() == PORTAL_AREAS

    isbn10, title = a_book_to_list(db_file)
    seller.get_by_test_id("admin-sidebar").get_by_role("link", name="Offers").click()
    seller.wait_for_url(base + "/seller/offers")
    add = seller.get_by_role("button", name="Add offer")
    seller.wait_for_function(HYDRATED, arg=add.element_handle())
    add.click()
    seller.get_by_role("textbox", name="ISBN").fill(isbn10)
    seller.get_by_label("Price").fill("4.50")
    seller.get_by_label("Note").fill("Name written inside the cover")
    seller.get_by_test_id("image-input").set_input_files(a_photo(tmp_path))
    seller.get_by_role("img", name="Photo 1").wait_for()
    seller.screenshot(path="/tmp/seller-photo-form-1280.png")
    seller.get_by_role("button", name="Save").click()
    seller.get_by_text(f"Saved your Good offer of “{title}”").wait_for()
    seller.get_by_role("row").filter(has_text=title).get_by_text("$4.50").wait_for()
    assert query(db_file, "SELECT count(*) FROM offer WHERE seller_id = ? AND price = 4.5", SELLER_ID) == (1,)
    (product_id, photos) = query(
        db_file, "SELECT product_id, photos FROM offer WHERE seller_id = ? AND price = 4.5", SELLER_ID
    )
    assert re.fullmatch(r'\["uploads/\d{4}/\d{2}/[0-9a-f]{32}\.jpg"\]', photos)
    the_photo_on_the_book_page(seller, base, product_id)
    seller.goto(base + "/seller/offers")
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


def test_a_seller_sets_up_two_factor_sign_in_on_their_account_page_on_a_phone(own_server, page_factory):
    base, db_file = own_server
    seller_id, email = query(
        db_file,
        'SELECT id, email FROM seller WHERE id NOT IN (SELECT seller_id FROM "user" '
        "WHERE seller_id IS NOT NULL) AND id != ? ORDER BY id LIMIT 1",
        SELLER_ID,
    )
    link = staff(base).post(f"/api/sellers/{seller_id}/invite", json={}).json()["link"]
    page, log = page_factory(390, 844)
    page.goto(link)
    submit = page.get_by_role("button", name="Set password and sign in")
    page.wait_for_function(HYDRATED, arg=submit.element_handle())
    page.locator("#invite-password").fill(PASSWORD)
    page.locator("#invite-confirm").fill(PASSWORD)
    submit.click()
    page.wait_for_url(base + "/seller")

    menu = page.get_by_role("button", name="Open navigation")
    page.wait_for_function(HYDRATED, arg=menu.element_handle())
    menu.click()
    page.get_by_test_id("admin-drawer").get_by_role("link", name="Your Account").click()
    page.wait_for_url(base + "/seller/account")
    page.get_by_text(email).wait_for()
    set_up = page.get_by_role("button", name="Set up two-factor sign-in")
    page.wait_for_function(HYDRATED, arg=set_up.element_handle())
    set_up.click()
    secret = page.get_by_test_id("two-factor-secret")
    secret.wait_for()
    assert page.get_by_role("img", name="QR code to scan with your authenticator app").locator("svg path").count() >= 1
    fits(page, 390)
    page.screenshot(path="/tmp/seller-account-390.png", full_page=True)
    app = pyotp.TOTP(secret.input_value())
    page.get_by_label("Code from the app").fill(app.at(dt.datetime.now(dt.UTC)))
    page.get_by_role("button", name="Confirm").click()
    codes = page.get_by_test_id("recovery-codes").locator("li")
    codes.first.wait_for()
    assert codes.count() == 10
    fits(page, 390)
    page.get_by_role("link", name="Go to the dashboard").click()
    page.wait_for_url(base + "/seller")
    assert query(db_file, 'SELECT two_factor_since IS NOT NULL FROM "user" WHERE seller_id = ?', seller_id) == (1,)
    assert log.errors() == []
