"""Staff accounts and two-factor sign-in in a real browser, on a server of this module's own (the
tests invite accounts and turn two-factor sign-in on): the owner invites in /admin/staff, the
member of staff sets a password through the link and signs in to a menu without the owner's
areas, then sets up two-factor sign-in on the account page (the secret read from the page, the
code computed as an authenticator app would), signs out and signs in again with the code step.
The pages are checked at 390 px wide too."""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
from pathlib import Path

import pyotp
import pytest
from conftest import ADMIN_EMAIL, ADMIN_PASSWORD, start_server
from playwright.sync_api import expect
from test_gadget_fashion_browser import HYDRATED

STAFF_EMAIL = "robin@studentbooks.test"
STAFF_PASSWORD = "robin's long password"
OWNER_AREAS = ("Payouts", "Payout Requests", "Package Payments", "Earning History", "Audit Log", "Staff")
SCREENSHOTS = ("staff", "invite", "account", "code-step")


@pytest.fixture(scope="module")
def own_server(seeded_sqlite, tmp_path_factory):
    folder = tmp_path_factory.mktemp("staff")
    shutil.copyfile(seeded_sqlite[0], folder / "shop.db")
    process, base = start_server(folder / "shop.db", seeded_sqlite[1])
    yield base
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    """Where the 390 px screenshots go (printed, to be looked at; SCREENSHOT_DIR keeps them)."""
    kept = os.environ.get("SCREENSHOT_DIR")
    return Path(kept) if kept else tmp_path_factory.mktemp("staff-screens")


def sign_in_with_the_form(page, base: str, email: str, password: str) -> None:
    page.goto(base + "/login")
    page.get_by_label("Email").fill(email)
    page.locator("#sign-in-password").fill(password)
    page.get_by_role("button", name="Sign in").click()


def menu(page) -> list[str]:
    return page.get_by_test_id("admin-sidebar").get_by_role("link").all_inner_texts()


def fits(page, width: int) -> None:
    """Nothing pushes the page wider than the phone (tables scroll inside their card)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_the_owner_invites_and_the_member_of_staff_signs_in_to_a_smaller_menu(own_server, page_factory, shots):
    owner, owner_log = page_factory(1280, 900)
    sign_in_with_the_form(owner, own_server, ADMIN_EMAIL, ADMIN_PASSWORD)
    owner.wait_for_url(own_server + "/admin")
    assert set(OWNER_AREAS) <= set(menu(owner))
    owner.get_by_test_id("admin-sidebar").get_by_role("link", name="Staff").click()
    owner.wait_for_url(own_server + "/admin/staff")
    owner.get_by_label("Email").fill(STAFF_EMAIL)
    owner.get_by_label("Name").fill("Robin Reyes")
    owner.get_by_role("button", name="Invite").click()
    link = owner.get_by_test_id("invite-link")
    link.wait_for()
    assert owner.get_by_text("No mail server is configured, so the invite waits in the outbox").is_visible()
    invite_url = link.input_value()
    assert invite_url.startswith(own_server + "/staff/invite/")
    owner.get_by_role("row").filter(has_text=STAFF_EMAIL).get_by_text("Invited", exact=True).wait_for()
    assert owner_log.errors() == []

    staff, staff_log = page_factory(390, 844)
    staff.goto(invite_url)
    staff.screenshot(path=shots / "invite.png", full_page=True)
    fits(staff, 390)
    staff.get_by_role("textbox", name="New password").fill(STAFF_PASSWORD)
    staff.get_by_role("textbox", name="Type it again").fill(STAFF_PASSWORD)
    staff.get_by_role("button", name="Set password and sign in").click()
    staff.wait_for_url(own_server + "/admin")
    staff.set_viewport_size({"width": 1280, "height": 900})
    areas = menu(staff)
    assert "Products" in areas and "Orders" in areas and "Reviews" in areas and "Your Account" in areas
    assert not set(OWNER_AREAS) & set(areas)
    assert staff_log.errors() == []
    refused = staff.goto(own_server + "/admin/payouts")
    assert refused.status == 403 and staff.get_by_text("Only the shop's owner may use this area").is_visible()
    # Sellers are staff's to publish; a new package (a package payment) and earnings are the owner's.
    staff.goto(own_server + "/admin/sellers")
    staff.get_by_role("switch").first.wait_for()
    assert staff.get_by_role("button", name=re.compile("Change package")).count() == 0
    owner_sellers = owner.context.new_page()
    owner_sellers.goto(own_server + "/admin/sellers")
    assert owner_sellers.get_by_role("button", name=re.compile("Change package")).count() > 0
    owner_sellers.close()

    owner.set_viewport_size({"width": 390, "height": 844})
    owner.reload()
    owner.get_by_role("row").filter(has_text=STAFF_EMAIL).get_by_text("Active", exact=True).wait_for()
    owner.screenshot(path=shots / "staff.png", full_page=True)
    fits(owner, 390)


def test_the_member_of_staff_sets_up_two_factor_sign_in_and_signs_in_with_the_code(own_server, page_factory, shots):
    page, log = page_factory(390, 844)
    sign_in_with_the_form(page, own_server, STAFF_EMAIL, STAFF_PASSWORD)
    page.wait_for_url(own_server + "/admin")
    page.goto(own_server + "/admin/account")
    set_up = page.get_by_role("button", name="Set up two-factor sign-in")
    # A click before React has hydrated the button does nothing: wait for it.
    page.wait_for_function(HYDRATED, arg=set_up.element_handle())
    set_up.click()
    secret = page.get_by_test_id("two-factor-secret")
    secret.wait_for()
    assert page.get_by_role("img", name="QR code to scan with your authenticator app").locator("svg path").count() >= 1
    page.screenshot(path=shots / "account.png", full_page=True)
    fits(page, 390)
    app = pyotp.TOTP(secret.input_value())
    now = dt.datetime.now(dt.UTC)
    page.get_by_label("Code from the app").fill(app.at(now))
    page.get_by_role("button", name="Confirm").click()
    codes = page.get_by_test_id("recovery-codes").locator("li")
    codes.first.wait_for()
    assert codes.count() == 10

    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url(own_server + "/login")
    sign_in_with_the_form(page, own_server, STAFF_EMAIL, STAFF_PASSWORD)
    code = page.get_by_label("Authentication code")
    code.wait_for()
    page.screenshot(path=shots / "code-step.png", full_page=True)
    fits(page, 390)
    # The enrolment used this 30-second step's code: the next step's is the one to type (one step of drift is accepted).
    code.fill(app.at(now, counter_offset=1))
    page.get_by_role("button", name="Verify").click()
    page.wait_for_url(own_server + "/admin")
    expect(page.get_by_role("heading", name="Dashboard")).to_be_visible()
    assert log.errors() == []
    print("390 px screenshots:", *(shots / f"{name}.png" for name in SCREENSHOTS))
