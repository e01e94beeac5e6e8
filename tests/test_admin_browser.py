"""Signing in to the back office in a real browser, and the dashboard it lands on."""

from __future__ import annotations

import json
import re

from conftest import ADMIN_EMAIL, ADMIN_PASSWORD

PASSWORD_FIELD = re.compile(r"^Password")


def sign_in_through_the_form(page, password: str = ADMIN_PASSWORD) -> None:
    page.get_by_label("Email").fill(ADMIN_EMAIL)
    page.get_by_label(PASSWORD_FIELD).fill(password)
    page.get_by_role("button", name="Sign in").click()


def open_dashboard(live_server, page) -> None:
    page.goto(live_server + "/admin")
    page.wait_for_url(re.compile(r"/login\?callbackUrl=%2Fadmin$"))
    page.wait_for_load_state("networkidle")
    sign_in_through_the_form(page)
    page.wait_for_url(live_server + "/admin")
    page.wait_for_load_state("networkidle")


def test_sign_in_lands_on_the_dashboard_with_its_cards(live_server, page_factory):
    page, log = page_factory()
    open_dashboard(live_server, page)
    cards = page.get_by_test_id("dashboard-card")
    assert cards.count() == 4
    assert [cards.nth(i).get_by_role("heading").inner_text() for i in range(4)] == [
        "Sales",
        "Orders",
        "Customers",
        "Earnings",
    ]
    assert page.get_by_test_id("admin-name").inner_text() == "Administrator"
    assert page.get_by_role("heading", name="Recent Purchases").is_visible()
    assert page.get_by_role("navigation", name="Back office").get_by_role("link", name="Payout Requests").is_visible()
    assert log.errors() == []


def test_wrong_password_shows_the_servers_message(live_server, page_factory):
    page, log = page_factory()
    page.goto(live_server + "/login")
    page.wait_for_load_state("networkidle")
    sign_in_through_the_form(page, password="not the password")
    alert = page.locator(".MuiAlert-root").filter(has_text="Email or password is incorrect")
    alert.wait_for()
    # The toast says it too.
    page.locator(".Toastify__toast").filter(has_text="Email or password is incorrect").wait_for()
    assert page.url == live_server + "/login"
    # The browser reports the 401 answer itself; nothing else may go wrong.
    assert [e for e in log.errors() if "401" not in e] == []


def test_sign_out_goes_to_login_and_ends_the_session(live_server, page_factory):
    page, log = page_factory()
    open_dashboard(live_server, page)
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url(live_server + "/login")
    assert page.evaluate("fetch('/api/auth/session').then(r => r.json())") == {}
    page.goto(live_server + "/admin")
    page.wait_for_url(re.compile(r"/login\?callbackUrl=%2Fadmin$"))
    assert log.errors() == []


def test_timed_out_session_shows_the_sign_in_form_in_place(live_server, page_factory):
    page, log = page_factory()
    open_dashboard(live_server, page)
    # The next session check reports a time-out, as the server does once the session has idled out.
    page.route(
        "**/api/auth/session",
        lambda route: route.fulfill(
            status=200, content_type="application/json", body=json.dumps({"error": "SessionTimedOut"})
        ),
    )
    page.reload()
    page.get_by_text("Your session has timed out. Please sign in again.").wait_for()
    assert page.url == live_server + "/admin"
    assert page.get_by_role("button", name="Sign in").is_visible()
    assert page.get_by_test_id("dashboard-card").count() == 0
    page.unroute("**/api/auth/session")
    sign_in_through_the_form(page)
    page.get_by_test_id("dashboard-card").first.wait_for()
    assert log.errors() == []


def test_phone_width_login_and_dashboard_fit_and_the_menu_opens(live_server, page_factory):
    page, log = page_factory(390, 844)
    page.goto(live_server + "/login")
    page.wait_for_load_state("networkidle")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    sign_in_through_the_form(page)
    page.wait_for_url(live_server + "/admin")
    page.wait_for_load_state("networkidle")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    navigation = page.get_by_role("navigation", name="Back office")
    assert not navigation.is_visible()
    page.get_by_role("button", name="Open navigation").click()
    navigation.get_by_role("link", name="Orders").wait_for()
    assert log.errors() == []
