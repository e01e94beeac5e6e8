"""A shopper's account in Debian's Chromium, on a live server that mails a real SMTP server (aiosmtpd
on 127.0.0.1): sign up, the verify link from the mail, the header's greeting after hydration, sign out
and in through /account/sign-in (back to `next`), a reset from the mailed link, changing the name and
the email, and deleting the account behind its dialog. Every page is captured at 390 px (the
screenshots' folder is printed; SCREENSHOT_DIR keeps them)."""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

import pytest
from conftest import start_server
from playwright.sync_api import expect
from test_gadget_fashion_browser import HYDRATED

from bench.smtp_sink import MailSink

PHONE = (390, 844)
PASSWORD = "correct horse battery staple"
NEW_PASSWORD = "violet kettle marching north"


@pytest.fixture(scope="module")
def sink():
    mail = MailSink().start()
    yield mail
    mail.stop()


@pytest.fixture(scope="module")
def shop(seeded_sqlite, tmp_path_factory, sink):
    folder = tmp_path_factory.mktemp("accounts")
    shutil.copyfile(seeded_sqlite[0], folder / "shop.db")
    process, base = start_server(folder / "shop.db", seeded_sqlite[1], SMTP_URL=sink.url)
    yield base
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    kept = os.environ.get("SCREENSHOT_DIR")
    folder = Path(kept) if kept else tmp_path_factory.mktemp("account-screens")
    print(f"\nscreenshots of the account pages: {folder}")
    return folder


def link_from(sink: MailSink, to: str, subject: str, path: str, nth: int = 1) -> str:
    """The path and token of the nth mail with this subject to `to` (the mail's links name the
    server's PUBLIC_URL, here its own address)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        found = [m for m in sink.messages(to) if m["Subject"] == subject]
        if len(found) >= nth:
            text = found[nth - 1].get_body(("plain",)).get_content()
            return re.search(rf"{re.escape(path)}\?token=[A-Za-z0-9_-]+", text).group(0)
        time.sleep(0.05)
    raise AssertionError(f"no mail {subject!r} to {to}")


def hydrated(page) -> None:
    page.wait_for_function(f"() => ({HYDRATED})(document.querySelector('header a.account-link'))")


def fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]


def test_sign_up_verify_greeting_sign_out_and_in_reset_change_and_delete(shop, sink, page_factory, shots):
    email = "meera.iyer@example.com"
    page, log = page_factory(*PHONE)

    # A guest: the header offers to sign in, and back to this page after.
    page.goto(shop + "/booklists")
    hydrated(page)
    account_link = page.locator("header a.account-link")
    account_link.get_by_text("Sign in").wait_for()
    assert account_link.get_attribute("href") == "/account/sign-in?next=%2Fbooklists"
    page.screenshot(path=shots / "header-guest.png")

    # Sign up: the server's reason for a weak password shows next to the field.
    page.goto(shop + "/account/sign-up")
    hydrated(page)
    page.get_by_label("Your name").fill("Meera Iyer")
    page.get_by_label("Email").fill(email)
    page.locator("#sign-up-password").fill("meera.iyer-2026")
    page.get_by_role("button", name="Create account").click()
    page.get_by_text("Leave your email address out of your password").wait_for()
    page.screenshot(path=shots / "sign-up-refused.png", full_page=True)
    fits(page)
    page.locator("#sign-up-password").fill(PASSWORD)
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url(shop + "/account")
    page.get_by_text("is not confirmed yet").wait_for()
    expect(page.locator("header a.account-link")).to_have_text("Hi, Meera")
    page.screenshot(path=shots / "account-unverified.png", full_page=True)
    fits(page)

    # "Send the link again" within the minute: told when to try again.
    page.get_by_role("button", name="Send the link again").click()
    page.get_by_role("status").filter(has_text="you can ask for another in").wait_for()

    # The mailed link confirms the email, in a button press.
    verify = link_from(sink, email, "Confirm your email for Student Books", "/account/verify")
    page.goto(shop + verify)
    hydrated(page)
    page.screenshot(path=shots / "verify.png", full_page=True)
    page.get_by_role("button", name="Confirm my email").click()
    page.get_by_text(f"Thank you: {email} is confirmed").wait_for()
    page.screenshot(path=shots / "verify-done.png", full_page=True)
    page.goto(shop + verify)
    hydrated(page)
    page.get_by_role("button", name="Confirm my email").click()
    page.locator("main").get_by_role("alert").filter(has_text="This link has been used already").wait_for()

    # The greeting on a cached storefront page, after hydration.
    page.goto(shop + "/")
    hydrated(page)
    page.locator("header a.account-link").get_by_text("Hi, Meera").wait_for()
    assert page.locator("header a.account-link").get_attribute("href") == "/account"
    page.screenshot(path=shots / "header-shopper.png")

    # The account page: change the name at once, ask for a new email.
    page.goto(shop + "/account")
    hydrated(page)
    assert page.get_by_text("is not confirmed yet").count() == 0
    page.locator("#account-name").fill("Meera K. Iyer")
    page.get_by_role("button", name="Save name").click()
    page.locator("dd").filter(has_text="Meera K. Iyer").wait_for()
    page.get_by_label("New email").fill("meera@new.example")
    page.locator("#account-email-password").fill("not my password")
    page.get_by_role("button", name="Send the link").click()
    page.get_by_text("This is not your current password").wait_for()
    page.locator("#account-email-password").fill(PASSWORD)
    page.get_by_role("button", name="Send the link").click()
    page.get_by_role("status").filter(has_text="We sent a link to meera@new.example").wait_for()
    page.screenshot(path=shots / "account.png", full_page=True)
    fits(page)
    change = link_from(
        sink, "meera@new.example", "Confirm your new email for Student Books", "/account/verify-email-change"
    )
    page.goto(shop + change)
    hydrated(page)
    page.get_by_role("button", name="Confirm my new email").click()
    page.get_by_text("From now on you sign in with meera@new.example").wait_for()
    email = "meera@new.example"

    # Sign out, then in through /account/sign-in, back to where the header's link was followed.
    page.goto(shop + "/account")
    hydrated(page)
    page.get_by_role("button", name="Sign out", exact=True).click()
    page.wait_for_url(shop + "/")
    page.goto(shop + "/books/stories")
    hydrated(page)
    page.locator("header a.account-link").get_by_text("Sign in").click()
    page.wait_for_url(re.compile(r".*/account/sign-in\?next=%2Fbooks%2Fstories$"))
    hydrated(page)
    page.get_by_label("Email").fill(email)
    page.locator("#account-password").fill("wrong password here")
    page.get_by_role("button", name="Sign in").click()
    page.locator("main").get_by_role("alert").filter(has_text="Email or password is incorrect").wait_for()
    page.screenshot(path=shots / "sign-in.png", full_page=True)
    fits(page)
    page.locator("#account-password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(shop + "/books/stories")
    hydrated(page)
    page.locator("header a.account-link").get_by_text("Hi, Meera").wait_for()

    # Forgot the password: a second browser asks; this one is signed out by the reset.
    other, other_log = page_factory(*PHONE)
    other.goto(shop + "/account/reset")
    hydrated(other)
    other.get_by_label("Email").fill(email)
    other.get_by_role("button", name="Send me a link").click()
    other.get_by_role("status").filter(has_text="If an account uses this email").wait_for()
    other.screenshot(path=shots / "reset-ask.png", full_page=True)
    reset = link_from(sink, email, "Reset your Student Books password", "/account/reset")
    other.goto(shop + reset)
    hydrated(other)
    other.locator("#reset-password").fill("password1234")
    other.locator("#reset-confirm").fill("password1234")
    other.get_by_role("button", name="Save and sign in").click()
    other.locator("#reset-password-helper-text").filter(has_text="hard to guess").wait_for()
    other.screenshot(path=shots / "reset-choose.png", full_page=True)
    fits(other)
    other.locator("#reset-password").fill(NEW_PASSWORD)
    other.locator("#reset-confirm").fill(NEW_PASSWORD)
    other.get_by_role("button", name="Save and sign in").click()
    other.wait_for_url(shop + "/account")
    other.get_by_text("meera@new.example (confirmed)").wait_for()
    page.goto(shop + "/account")
    page.wait_for_url(re.compile(r".*/account/sign-in\?next=%2Faccount$"))  # signed out by the reset

    # Delete the account, behind its dialog.
    other.get_by_role("button", name="Delete account").click()
    dialog = other.get_by_role("dialog", name="Delete your account?")
    dialog.locator("#delete-password").fill("not it")
    dialog.get_by_role("button", name="Delete my account").click()
    dialog.get_by_text("This is not your current password").wait_for()
    other.screenshot(path=shots / "delete-dialog.png")
    dialog.locator("#delete-password").fill(NEW_PASSWORD)
    dialog.get_by_role("button", name="Delete my account").click()
    other.wait_for_url(shop + "/")
    hydrated(other)
    other.locator("header a.account-link").get_by_text("Sign in").wait_for()

    page.goto(shop + "/account/sign-in")
    hydrated(page)
    page.get_by_label("Email").fill(email)
    page.locator("#account-password").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.locator("main").get_by_role("alert").filter(has_text="Email or password is incorrect").wait_for()

    # The refusals the steps above asked for (422, 401, 409, 429) are the only console errors.
    refused = re.compile(r"error: Failed to load resource: the server responded with a status of 4(01|09|22|29) ")
    assert [m for m in log.errors() + other_log.errors() if not refused.match(m)] == []
