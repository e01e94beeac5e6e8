"""The back-office shell in a real browser: text direction, the header-fixed flag, the phone
drawer, the dashboard's sales chart, and what happens to a page whose session has ended."""

from __future__ import annotations

import json
import re
import shutil
import sqlite3

import pytest
from conftest import ADMIN_EMAIL, ADMIN_PASSWORD, start_server

PASSWORD_FIELD = re.compile(r"^Password")


def sign_in(page, base: str, path: str = "/admin") -> None:
    """Signs the page's browser context in through the API (the form has its own tests), then opens `path`."""
    token = page.request.get(base + "/api/auth/csrf").json()["csrfToken"]
    response = page.request.post(
        base + "/api/auth/callback/credentials",
        form={
            "csrfToken": token,
            "email": ADMIN_EMAIL,
            "password": ADMIN_PASSWORD,
            "callbackUrl": path,
            "json": "true",
        },
    )
    assert response.ok, response.text()
    page.goto(base + path)
    page.wait_for_load_state("networkidle")


def sidebar_x(page) -> float:
    return page.get_by_test_id("admin-sidebar").bounding_box()["x"]


def toast(page, text: str):
    return page.locator(".Toastify__toast").filter(has_text=text)


def test_the_direction_switch_mirrors_the_panel_and_is_remembered(live_server, page_factory):
    page, log = page_factory(1280, 800)
    sign_in(page, live_server)
    switch = page.get_by_role("button", name="Right-to-left layout")
    assert page.locator("html").get_attribute("dir") == "ltr"
    assert switch.get_attribute("aria-pressed") == "false"
    assert sidebar_x(page) == 0

    switch.click()
    page.wait_for_function("() => document.documentElement.dir === 'rtl'")
    # The layout really mirrors: the sidebar moves to the right-hand edge.
    page.wait_for_function(
        "() => document.querySelector('[data-testid=admin-sidebar]').getBoundingClientRect().left > 900"
    )
    assert switch.get_attribute("aria-pressed") == "true"
    toast(page, "Layout set to right-to-left").wait_for()
    assert json.loads(page.evaluate("localStorage.getItem('settings')"))["direction"] == "rtl"

    page.reload()
    page.wait_for_function("() => document.documentElement.dir === 'rtl'")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=admin-sidebar]').getBoundingClientRect().left > 900"
    )
    assert page.get_by_role("button", name="Right-to-left layout").get_attribute("aria-pressed") == "true"

    page.get_by_role("button", name="Right-to-left layout").click()
    page.wait_for_function("() => document.documentElement.dir === 'ltr'")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=admin-sidebar]').getBoundingClientRect().left === 0"
    )
    assert log.errors() == []


def test_the_header_fixed_toggle_pins_the_app_bar(live_server, page_factory):
    page, log = page_factory(1280, 600)
    sign_in(page, live_server)
    bar = page.get_by_test_id("admin-app-bar")
    position = lambda: bar.evaluate("e => getComputedStyle(e).position")  # noqa: E731
    assert position() == "static"
    page.evaluate("window.scrollTo(0, 400)")
    page.wait_for_function("() => window.scrollY > 0")
    assert bar.bounding_box()["y"] < 0  # it scrolled away with the page

    page.evaluate("window.scrollTo(0, 0)")
    toggle = page.get_by_role("button", name="Fixed header")
    toggle.click()
    page.wait_for_function(
        "() => getComputedStyle(document.querySelector('[data-testid=admin-app-bar]')).position === 'fixed'"
    )
    assert toggle.get_attribute("aria-pressed") == "true"
    said = toast(page, "The header now stays at the top")
    said.wait_for()
    said.click()  # a toast closes on click; this one sits over the top bar's right end
    said.wait_for(state="detached")
    page.evaluate("window.scrollTo(0, 400)")
    page.wait_for_function("() => window.scrollY > 0")
    assert bar.bounding_box()["y"] == 0
    # The content starts below the pinned bar, not under it.
    page.evaluate("window.scrollTo(0, 0)")
    first_card = page.get_by_test_id("dashboard-card").first.bounding_box()
    assert first_card["y"] >= bar.bounding_box()["height"]

    toggle.click()
    page.wait_for_function(
        "() => getComputedStyle(document.querySelector('[data-testid=admin-app-bar]')).position === 'static'"
    )
    assert log.errors() == []


def test_the_panel_on_a_phone(live_server, page_factory):
    page, log = page_factory(390, 844)
    sign_in(page, live_server)
    # No permanent sidebar: the areas are behind the menu button, in a drawer.
    assert not page.get_by_test_id("admin-sidebar").is_visible()
    areas = page.get_by_role("navigation", name="Back office")
    assert areas.count() == 0 or not areas.is_visible()
    page.get_by_role("button", name="Open navigation").click()
    drawer = page.get_by_test_id("admin-drawer")
    drawer.wait_for()
    for name in (
        "Dashboard",
        "Products",
        "Categories",
        "Brands",
        "Reviews",
        "Orders",
        "Customers",
        "Refund Requests",
        "Sellers",
        "Package Payments",
        "Earning History",
        "Payouts",
        "Payout Requests",
    ):
        assert drawer.get_by_role("link", name=name).is_visible(), name
    assert drawer.get_by_role("link", name="Dashboard").get_attribute("aria-current") == "page"
    page.keyboard.press("Escape")
    drawer.wait_for(state="detached")

    # The top bar's controls all fit, and the page does not scroll sideways.
    for name in ("Right-to-left layout", "Fixed header", "Sign out"):
        assert page.get_by_role("button", name=name).is_visible(), name
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    chart = page.get_by_role("img", name=re.compile(r"^Daily sales"))
    chart.scroll_into_view_if_needed()
    assert chart.is_visible()
    box = chart.bounding_box()
    assert box["height"] == 200 and box["width"] > 250
    assert log.errors() == []


def test_the_chart_shows_the_real_daily_sales_with_a_text_alternative(live_server, page_factory):
    page, log = page_factory(1280, 800)
    sign_in(page, live_server)
    props = page.evaluate("fetch('/admin', {headers: {Accept: 'application/json'}}).then(r => r.json())")["props"]
    series = props["salesSeries"]
    assert len(series) == 30 and any(day["orders"] for day in series)
    bars = page.get_by_test_id("sales-chart").locator(".bar")
    assert bars.count() == 30
    # Taller bar, bigger day: the bars follow the figures.
    best = max(range(30), key=lambda i: series[i]["sales"])
    heights = [bars.nth(i).bounding_box()["height"] for i in range(30)]
    assert heights[best] == max(heights) and heights[best] > 0
    # The hidden table carries every figure for screen readers.
    table = page.get_by_role("table", name=re.compile(r"^Sales per day"))
    rows = table.locator("tbody tr")
    assert rows.count() == 30
    total = sum(day["sales"] for day in series)
    summary = page.get_by_test_id("sales-chart").get_attribute("aria-label")
    assert f"${total:,.2f}" in summary
    assert f"{sum(day['orders'] for day in series)} orders" in summary
    last = series[-1]
    assert rows.last.locator("td").first.inner_text() == f"${last['sales']:,.2f}"
    assert log.errors() == []


def test_signing_out_on_a_phone_says_so_and_ends_the_session(live_server, page_factory):
    page, log = page_factory(390, 844)
    sign_in(page, live_server)
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url(live_server + "/login")
    toast(page, "You have signed out.").wait_for()
    assert page.evaluate("fetch('/api/auth/session').then(r => r.json())") == {}
    assert log.errors() == []


def hold_session_reads(page) -> list:
    """Holds every /api/auth/session request until the test lets it go."""
    held = []
    page.route("**/api/auth/session", lambda route: held.append(route))
    return held


def release(page, held: list) -> None:
    """Lets the held session reads go, once there is one (the guard shows "Loading..." a moment
    before its effect sends the read)."""
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page read no session"
    for route in held:
        route.continue_()
    page.unroute("**/api/auth/session")


def not_about_the_refused_page(errors: list[str]) -> list[str]:
    # The browser itself reports the 401 answer to the refused page's request; nothing else may go wrong.
    return [e for e in errors if "401" not in e]


def test_signed_out_elsewhere_the_next_page_shows_loading_then_the_sign_in_form_in_place(live_server, page_factory):
    page, log = page_factory(1280, 800)
    sign_in(page, live_server)
    # Elsewhere, the same browser (its cookies) signs out.
    elsewhere = page.context.request
    token = elsewhere.get(live_server + "/api/auth/csrf").json()["csrfToken"]
    assert elsewhere.post(live_server + "/api/auth/signout", form={"csrfToken": token, "json": "true"}).ok

    held = hold_session_reads(page)
    page.get_by_role("navigation", name="Back office").get_by_role("link", name="Dashboard").click()
    page.get_by_text("Loading...", exact=True).wait_for()
    assert page.get_by_test_id("dashboard-card").count() == 0
    release(page, held)
    page.get_by_text("Please sign in to continue.").wait_for()
    assert page.url == live_server + "/admin"  # in place: no redirect
    assert page.get_by_role("button", name="Sign in").is_visible()

    page.get_by_label("Email").fill(ADMIN_EMAIL)
    page.get_by_label(PASSWORD_FIELD).fill(ADMIN_PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_test_id("dashboard-card").first.wait_for()
    assert page.url == live_server + "/admin"
    assert not_about_the_refused_page(log.errors()) == []


@pytest.fixture(scope="module")
def server_with_its_database(seeded_sqlite, tmp_path_factory):
    """A server of this module's own, whose database the tests may change behind its back."""
    folder = tmp_path_factory.mktemp("expiring")
    db_file = folder / "shop.db"
    shutil.copyfile(seeded_sqlite[0], db_file)
    process, base = start_server(db_file, seeded_sqlite[1])
    yield base, db_file
    process.terminate()
    process.wait(timeout=10)


def age_every_session(db_file) -> None:
    """Every session was last seen (and started) long ago: past both its idle and absolute limits."""
    with sqlite3.connect(db_file) as connection:
        connection.execute(
            "UPDATE auth_session SET created_at = '2000-01-01 00:00:00.000000', "
            "last_seen_at = '2000-01-01 00:00:00.000000'"
        )


def test_a_timed_out_session_signs_out_without_redirect_and_shows_the_form_in_place(
    server_with_its_database, page_factory
):
    base, db_file = server_with_its_database
    page, log = page_factory(390, 844)
    sign_in(page, base)
    age_every_session(db_file)

    held = hold_session_reads(page)
    page.get_by_role("button", name="Open navigation").click()
    page.get_by_test_id("admin-drawer").get_by_role("link", name="Dashboard").click()
    page.get_by_text("Loading...", exact=True).wait_for()
    release(page, held)
    page.get_by_text("Your session has timed out. Please sign in again.").wait_for()
    assert page.url == base + "/admin"
    assert page.get_by_role("button", name="Sign in").is_visible()
    assert page.get_by_test_id("dashboard-card").count() == 0
    # Signed out for real: the browser no longer holds a session.
    assert page.evaluate("fetch('/api/auth/session').then(r => r.json())") == {}
    assert not [c for c in page.context.cookies() if c["name"] == "sb_session" and c["value"]]
    assert not_about_the_refused_page(log.errors()) == []
