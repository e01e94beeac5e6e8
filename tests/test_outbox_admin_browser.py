"""The owner's outbox in a real browser, on a server of this module's own whose outbox holds a
failed, a sent and two queued messages (written through db/outbox.py before it starts, with no
mail server configured): the dashboard says a message could not be delivered and leads to the
outbox narrowed to failed mail; the owner opens the message, sees the mail in its sandboxed frame
and its plain text, sends it again after confirming, and sees the toast and its new state. A
message reached through the client router from a page whose policy frames nothing is loaded again
as a document. The pages are looked at 1280 and 390 px wide (SCREENSHOT_DIR keeps the shots)."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from conftest import start_server
from playwright.sync_api import expect
from test_admin_catalogue_browser import api, open_signed_in, rows, settled, toast
from test_outbox_admin import REFUSED, write_outbox

from app.database import Database
from db.outbox import NO_MAIL_SERVER

FRAME_TITLE = "Message as a mail client shows it"


@pytest.fixture(scope="module")
def outbox_server(seeded_sqlite, tmp_path_factory):
    """A server over a copy of the seeded shop with the outbox written; answers (base, message ids)."""
    folder = tmp_path_factory.mktemp("outbox")
    db_file = folder / "shop.db"
    shutil.copyfile(seeded_sqlite[0], db_file)
    database = Database(f"sqlite:///{db_file}")
    mail = write_outbox(database.write_sync)
    database.dispose()
    process, base = start_server(db_file, seeded_sqlite[1])
    yield base, mail
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    kept = os.environ.get("SCREENSHOT_DIR")
    return Path(kept) if kept else tmp_path_factory.mktemp("outbox-screens")


def mail_frame(page):
    return page.frame_locator(f"iframe[title='{FRAME_TITLE}']")


def shows_the_mail(page, name: str) -> None:
    """The frame holds the mail, drawn under its own policy (its inline style applies)."""
    heading = mail_frame(page).get_by_role("heading", name=f"Thank you, {name}")
    expect(heading).to_be_visible()
    assert heading.evaluate("(h) => getComputedStyle(h).color") == "rgb(46, 125, 50)"


def test_from_the_dashboard_to_a_failed_message_sent_again(outbox_server, page_factory):
    base, mail = outbox_server
    page, log = page_factory(1280, 900)
    open_signed_in(base, page, "/admin")

    alert = page.get_by_role("alert").filter(has_text="1 message could not be delivered")
    expect(alert).to_be_visible()
    alert.get_by_role("link", name="Open the outbox").click()
    page.wait_for_url(base + "/admin/outbox?state=failed")
    settled(page)
    expect(page.get_by_role("combobox", name="State")).to_have_text("Failed")
    expect(rows(page)).to_have_count(1)
    expect(rows(page).first).to_contain_text("ada.lovelace@example.com")
    expect(page.get_by_test_id("admin-sidebar").get_by_role("link", name="Outbox")).to_have_attribute(
        "aria-current", "page"
    )

    # Every state, then only what is queued: the note of the missing mail server is on those rows.
    page.get_by_role("combobox", name="State").click()
    page.get_by_role("option", name="All").click()
    page.wait_for_url(base + "/admin/outbox")
    settled(page)
    expect(rows(page)).to_have_count(4)
    page.get_by_role("combobox", name="State").click()
    page.get_by_role("option", name="Queued").click()
    page.wait_for_url(re.compile(r"state=queued"))
    settled(page)
    expect(rows(page)).to_have_count(2)
    expect(rows(page).filter(has_text=NO_MAIL_SERVER)).to_have_count(2)
    page.get_by_role("combobox", name="State").click()
    page.get_by_role("option", name="Failed").click()
    page.wait_for_url(re.compile(r"state=failed"))
    settled(page)
    expect(rows(page)).to_have_count(1)

    page.get_by_role("link", name=f"Your Student Books order #{mail['orders'][0]}").click()
    page.wait_for_url(base + f"/admin/outbox/{mail['failed']}")
    page.wait_for_load_state("networkidle")
    shows_the_mail(page, "Ada Lovelace")
    expect(page.locator("pre")).to_contain_text("Thank you, Ada Lovelace")
    headers = page.get_by_role("region", name="Headers")
    expect(headers.locator("dd").first).to_have_text("Student Books <shop@studentbooks.test>")
    expect(headers).to_contain_text("Ada Lovelace <ada.lovelace@example.com>")
    attempts = page.get_by_role("region", name="Delivery attempts")
    expect(attempts.locator("tbody tr")).to_have_count(2)
    expect(attempts).to_contain_text(REFUSED)
    expect(page.get_by_role("alert").filter(has_text=REFUSED)).to_be_visible()

    # Send again: asked first, Ok waits for the box, then a toast and the message queued again.
    page.get_by_role("button", name="Send again").click()
    dialog = page.get_by_role("dialog", name="Are you sure?")
    expect(dialog).to_contain_text("with the same Message-ID")
    ok = dialog.get_by_role("button", name="Send again")
    expect(ok).to_be_disabled()
    dialog.get_by_role("checkbox", name="Send it to ada.lovelace@example.com again").check()
    ok.click()
    expect(dialog).to_be_hidden()
    toast(page, "The message to ada.lovelace@example.com is queued to be sent again")
    expect(page.get_by_role("button", name="Send again")).to_have_count(0)
    expect(page.locator("main").get_by_text("Queued", exact=True)).to_be_visible()
    expect(page.get_by_role("alert").filter(has_text=NO_MAIL_SERVER)).to_be_visible()
    assert api(page, "GET", f"/api/outbox/{mail['failed']}")["data"]["state"] == "queued"

    # The dashboard has nothing to say now.
    page.get_by_test_id("admin-sidebar").get_by_role("link", name="Dashboard").click()
    page.wait_for_url(base + "/admin")
    expect(page.get_by_text("Sales, last 30 days")).to_be_visible()
    expect(page.get_by_text("could not be delivered")).to_have_count(0)
    assert log.errors() == []


def test_a_message_the_client_router_reaches_is_loaded_as_a_document_to_frame_it(outbox_server, page_factory):
    base, mail = outbox_server
    page, log = page_factory(1280, 900)
    open_signed_in(base, page, "/admin/outbox")
    # The list's document frames nothing; a message reached from it through the router (back and
    # forward do that) is loaded again, and its own policy lets it frame the mail.
    page.evaluate(
        "(path) => { history.pushState({}, '', path); dispatchEvent(new PopStateEvent('popstate')); }",
        f"/admin/outbox/{mail['sent']}",
    )
    shows_the_mail(page, "Grace Hopper")
    assert page.evaluate("performance.getEntriesByType('navigation')[0].name") == base + f"/admin/outbox/{mail['sent']}"
    # Back to the list and forward again inside the message's own document: no reload needed.
    page.get_by_role("link", name="Outbox").first.click()
    page.wait_for_url(base + "/admin/outbox")
    settled(page)
    page.go_back()
    page.wait_for_url(base + f"/admin/outbox/{mail['sent']}")
    shows_the_mail(page, "Grace Hopper")
    assert log.errors() == []


@pytest.mark.parametrize("width, height", [(1280, 900), (390, 844)])
def test_the_outbox_pages_on_a_laptop_and_a_phone(outbox_server, page_factory, shots, width, height):
    base, mail = outbox_server
    page, log = page_factory(width, height)
    open_signed_in(base, page, "/admin/outbox")
    expect(rows(page)).to_have_count(4)
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # the table scrolls in its card
    page.screenshot(path=shots / f"outbox-{width}.png", full_page=True)

    page.goto(base + f"/admin/outbox/{mail['sent']}")
    frame = page.locator(f"iframe[title='{FRAME_TITLE}']")
    expect(frame).to_have_attribute("sandbox", "")
    frame.scroll_into_view_if_needed()
    shows_the_mail(page, "Grace Hopper")
    box = frame.bounding_box()
    assert box["width"] <= 600 and box["width"] >= (600 if width > 600 else width - 80)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.wait_for_timeout(300)  # the frame's own paint, for the full-page shot
    page.evaluate("scrollTo(0, 0)")
    page.screenshot(path=shots / f"message-{width}.png", full_page=True)
    assert log.errors() == []
    print(f"{width} px screenshots:", shots / f"outbox-{width}.png", shots / f"message-{width}.png")
