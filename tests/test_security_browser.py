"""Every storefront and back-office page lives within its Content-Security-Policy in a real
browser: it hydrates, inserts its styles, opens toasts and navigates on the client with no
`securitypolicyviolation` (page_factory fails the test on any)."""

from __future__ import annotations

from conftest import CSP_WATCH
from test_admin_shell_browser import sign_in

STOREFRONTS = [
    "/",
    "/market-1",
    "/fashion-shop",
    "/furniture-shop",
    "/gadget-shop",
    "/gift-shop",
    "/grocery1",
    "/grocery2",
    "/grocery3",
    "/healthbeauty-shop",
    "/product/1",
    "/product/search/physics",
    "/books/class-9",
    "/books/college",
    "/books/stories",
    "/author/a-a-chandra",
    "/booklists",
    "/booklists/greenfield-public-school-class-1-2026-27",
    "/cart",
    "/checkout",
    "/login",
    "/staff/invite/no-such-link",
    "/no-such-page",
]
BACK_OFFICE = [
    "/admin",
    "/admin/products",
    "/admin/products/new",
    "/admin/products/1",
    "/admin/books/import",
    "/admin/categories",
    "/admin/brands",
    "/admin/search-synonyms",
    "/admin/booklists",
    "/admin/booklists/new",
    "/admin/booklists/1",
    "/admin/reviews",
    "/admin/orders",
    "/admin/orders/1",
    "/admin/customers",
    "/admin/customers/1",
    "/admin/refund-requests",
    "/admin/sellers",
    "/admin/package-payments",
    "/admin/earning-history",
    "/admin/payouts",
    "/admin/payout-requests",
    "/admin/audit-log",
    "/admin/staff",
    "/admin/account",
]


def styled_by_the_browser(page) -> int:
    """Style elements emotion inserted after hydration (the server's block is one of them)."""
    return page.evaluate("document.querySelectorAll('style[data-emotion]').length")


def test_storefront_pages_keep_to_their_policy(live_server, page_factory):
    page, _ = page_factory()
    for path in STOREFRONTS:
        answer = page.goto(live_server + path)
        page.wait_for_load_state("networkidle")
        assert answer.status == (404 if "no-such" in path else 200), path
    assert styled_by_the_browser(page) > 1  # hydration inserted styles, so the nonce was accepted
    page.goto(live_server + "/product/1")
    page.wait_for_load_state("networkidle")
    page.get_by_role("button", name="Add to Cart").first.click()
    page.locator(".Toastify__toast").first.wait_for()  # react-toastify inserts its own style element
    page.goto(live_server + "/")
    page.wait_for_load_state("networkidle")
    page.locator("a[href^='/product/']").first.click()
    page.wait_for_url("**/product/**")
    page.wait_for_load_state("networkidle")


def test_back_office_pages_keep_to_their_policy(live_server, page_factory):
    page, _ = page_factory()
    sign_in(page, live_server)
    for path in BACK_OFFICE:
        assert page.goto(live_server + path).status == 200, path
        page.wait_for_load_state("networkidle")
    assert styled_by_the_browser(page) > 1


def test_the_watch_reports_a_violation(live_server, browser):
    """The watch page_factory installs does see a violation: a style element without the nonce."""
    context = browser.new_context()
    reported: list[str] = []
    context.expose_binding("__reportPolicyViolation", lambda source, text: reported.append(text))
    context.add_init_script(CSP_WATCH)
    page = context.new_page()
    page.goto(live_server + "/")
    page.wait_for_load_state("networkidle")
    page.evaluate("""() => { const style = document.createElement('style');
                             style.textContent = 'body { color: red }'; document.head.appendChild(style); }""")
    page.wait_for_function("() => true")
    page.wait_for_timeout(200)
    context.close()
    assert reported and reported[0].startswith("style-src-elem")
