"""The back office's sales ledger in a real browser: a refund accepted in two confirmed steps takes
the seller's share off their balance and adds a refund row to the earning history; payout
requests accepted and rejected, one refused by the server (decided meanwhile in another tab) and
one that cannot be accepted (above the seller's balance); an order moved on to delivered and a
refund asked for on one of its lines; a seller moved to another package; every page of the area
without console errors on a desktop and on a phone. The records acted on are found through the
API, never by a hard-coded id."""

from __future__ import annotations

import re
from decimal import Decimal

from playwright.sync_api import expect
from test_admin_catalogue_browser import api, open_signed_in, rows, settled, toast
from test_gadget_fashion_browser import HYDRATED, VIEWPORTS

PAGES = [
    "/admin/orders",
    "/admin/orders/{order}",
    "/admin/refund-requests",
    "/admin/sellers",
    "/admin/earning-history",
    "/admin/payout-requests",
    "/admin/payouts",
    "/admin/package-payments",
    "/admin/audit-log",
]


def money(value) -> str:
    """As the back office prints it (components/admin/format.js)."""
    amount = Decimal(str(value)).quantize(Decimal("0.01"))
    return f"{'-' if amount < 0 else ''}${abs(amount):,.2f}"


def records(page, path: str) -> list[dict]:
    answer = api(page, "GET", path)
    assert answer["status"] == 200, answer
    return answer["data"]


def seller_of(page, seller_id: int) -> dict:
    return next(s for s in records(page, "/api/sellers?per_page=100") if s["id"] == seller_id)


def confirm(page, acknowledgement: str, expect_text: str | None = None) -> None:
    """SPEC §5's dialog: Ok waits for the acknowledgement box, then the dialog goes."""
    dialog = page.get_by_role("dialog", name="Are you sure?")
    dialog.wait_for()
    if expect_text:
        expect(dialog).to_contain_text(expect_text)
    ok = dialog.get_by_role("button", name="Ok")
    assert ok.is_disabled()
    dialog.get_by_role("checkbox", name=acknowledgement).check()
    ok.click()
    dialog.wait_for(state="hidden")


def listed(page, first_cell: str):
    """The list's row whose first cell says exactly `first_cell`."""
    return rows(page).filter(has=page.locator("td:first-child").get_by_text(first_cell, exact=True))


def of_order(page, order_no: int):
    """The list's rows that link to order `order_no`."""
    return rows(page).filter(has=page.get_by_role("link", name=f"#{order_no}", exact=True))


def test_accepting_a_refund_takes_it_off_the_sellers_balance_and_into_the_earning_history(live_server, page_factory):
    page, log = page_factory()
    open_signed_in(live_server, page, "/admin/sellers")
    refund = next(r for r in records(page, "/api/refund-requests?status=Pending&sort=id&per_page=100") if r["sellerId"])
    number, seller_id, shop = refund["id"], refund["sellerId"], refund["shopName"]
    before = Decimal(str(seller_of(page, seller_id)["balance"]))

    page.goto(f"{live_server}/admin/refund-requests?seller={seller_id}&per_page=100")
    page.wait_for_load_state("networkidle")
    page.get_by_role("button", name=f"Process refund request #{number}").click()
    confirm(page, f"Move refund request #{number} to Processing", money(refund["amount"]))
    toast(page, f"Refund request #{number} is now Processing")
    settled(page)
    page.get_by_role("button", name=f"Accept refund request #{number}").click()
    confirm(page, f"Move refund request #{number} to Accepted", "reverses")
    toast(page, f"Refund request #{number} is now Accepted")
    settled(page)
    row = of_order(page, refund["orderNo"]).filter(has_text=refund["name"])
    expect(row.first).to_contain_text("Accepted")
    expect(page.get_by_role("button", name=f"Accept refund request #{number}")).to_have_count(0)

    # The seller's balance dropped by their share of the refund, and the sellers list says so.
    after = Decimal(str(seller_of(page, seller_id)["balance"]))
    assert Decimal("0") < before - after <= Decimal(str(refund["amount"]))
    page.goto(f"{live_server}/admin/sellers?per_page=100")
    page.wait_for_load_state("networkidle")
    seller_row = rows(page).filter(has=page.get_by_role("switch", name=f"Published: {shop}"))
    expect(seller_row).to_contain_text(money(after))

    # Its earnings, one click away: narrowed to the seller, then to refunds: the reversal is there.
    seller_row.get_by_role("link", name=f"Earnings of {shop}").click()
    page.wait_for_url(re.compile(rf"/admin/earning-history\?seller={seller_id}$"))
    page.get_by_text(f"Seller: {shop} (balance {money(after)})").wait_for()
    page.get_by_role("combobox", name="Kind").click()
    page.get_by_role("option", name="Refund", exact=True).click()
    page.wait_for_url(re.compile(r"kind=refund"))
    settled(page)
    reversal = of_order(page, refund["orderNo"]).filter(has_text=money(after - before))
    expect(reversal).to_have_count(1)
    expect(reversal).to_contain_text("Refund")
    assert log.errors() == []


def test_accept_one_payout_request_and_reject_another(live_server, page_factory):
    page, log = page_factory()
    open_signed_in(live_server, page, "/admin/payout-requests?status=Processing&sort=no&per_page=100")
    waiting = [
        r
        for r in records(page, "/api/payout-requests?status=Processing&sort=no&per_page=100")
        if Decimal(str(r["requestAmount"])) <= Decimal(str(r["balance"]))
    ]
    assert len(waiting) >= 3, "the seed leaves payout requests waiting"
    paid, refused, raced = waiting[:3]
    payouts_before = int(page.request.get(f"{live_server}/api/payouts?per_page=1").headers["x-total-count"])

    # Accept: Ok waits for a payment method as well as the acknowledgement.
    page.get_by_role("button", name=f"Accept payout request #{paid['no']}").click()
    dialog = page.get_by_role("dialog", name="Are you sure?")
    expect(dialog).to_contain_text(f"Pay {money(paid['requestAmount'])} to {paid['seller']} ({paid['shopName']})")
    dialog.get_by_role("checkbox", name=f"Move payout request #{paid['no']} to Accepted").check()
    ok = dialog.get_by_role("button", name="Ok")
    assert ok.is_disabled()
    dialog.get_by_role("combobox", name="Payment method").click()
    page.get_by_role("option", name="PayPal", exact=True).click()
    ok.click()
    toast(
        page,
        f"Payout request #{paid['no']} accepted: {money(paid['requestAmount'])} paid to {paid['seller']} by PayPal",
    )
    dialog.wait_for(state="hidden")
    settled(page)
    expect(listed(page, str(paid["no"]))).to_have_count(0)  # no longer waiting

    page.get_by_role("button", name=f"Reject payout request #{refused['no']}").click()
    confirm(page, f"Move payout request #{refused['no']} to Rejected", "will be rejected")
    toast(page, f"Payout request #{refused['no']} rejected")
    settled(page)

    # Decided meanwhile in another tab: the server refuses, the page says why and reloads.
    assert (
        api(page, "PATCH", f"/api/payout-requests/{raced['no']}", {"status": "Accepted", "payment": "Cash"})["status"]
        == 200
    )
    page.get_by_role("button", name=f"Reject payout request #{raced['no']}").click()
    confirm(page, f"Move payout request #{raced['no']} to Rejected")
    expect(page.locator(".Toastify__toast--error").filter(has_text="which is final")).to_have_count(1)
    settled(page)
    expect(listed(page, str(raced["no"]))).to_have_count(0)

    # Every request with its status chip.
    page.get_by_role("combobox", name="Status").click()
    page.get_by_role("option", name="All", exact=True).click()
    page.wait_for_url(re.compile(r"/admin/payout-requests\?per_page=100&sort=no$"))
    settled(page)
    expect(listed(page, str(paid["no"]))).to_contain_text("Accepted")
    expect(listed(page, str(refused["no"]))).to_contain_text("Rejected")
    expect(listed(page, str(raced["no"]))).to_contain_text("Accepted")
    assert refused["no"] in [r["no"] for r in records(page, "/api/payout-requests?status=Rejected&per_page=100")]

    # Two payouts were recorded; the one accepted here is paid by PayPal.
    page.goto(f"{live_server}/admin/payouts?sort=-no")
    page.wait_for_load_state("networkidle")
    assert int(page.request.get(f"{live_server}/api/payouts?per_page=1").headers["x-total-count"]) == payouts_before + 2
    ours = (
        rows(page)
        .filter(has_text=f"{paid['seller']} ({paid['shopName']})")
        .filter(has_text="PayPal")
        .filter(has_text=money(paid["requestAmount"]))
    )
    expect(ours.first).to_be_visible()

    # A request above the seller's balance now (the list's answer made so) cannot be accepted.
    def above_balance(route):
        answer = route.fetch()
        route.fulfill(response=answer, json=[{**r, "balance": r["requestAmount"] - 1} for r in answer.json()])

    page.goto(f"{live_server}/admin/payout-requests?status=Processing")
    page.wait_for_load_state("networkidle")
    page.route(re.compile(r"/api/payout-requests\?"), above_balance)
    page.get_by_role("button", name="Requested").click()
    page.wait_for_url(re.compile(r"sort=requestAmount"))
    settled(page)
    page.get_by_role("button", name=re.compile(r"^Accept payout request #")).first.click()
    dialog.get_by_text("it cannot be accepted").wait_for()
    dialog.get_by_role("combobox", name="Payment method").click()
    page.get_by_role("option", name="Cash", exact=True).click()
    dialog.get_by_role("checkbox").check()
    expect(dialog.get_by_role("button", name="Ok")).to_be_disabled()
    dialog.get_by_role("button", name="Cancel").click()
    dialog.wait_for(state="hidden")
    # The browser reports the refused request itself; nothing else may go wrong.
    assert [e for e in log.errors() if "409" not in e] == []


def test_an_order_is_delivered_and_a_refund_asked_for_on_one_of_its_lines(live_server, page_factory):
    page, log = page_factory()
    # A paid order being packed, found by both filters of the list.
    open_signed_in(live_server, page, "/admin/orders?status=Processing&paymentStatus=Success")
    order = records(page, "/api/orders?status=Processing&paymentStatus=Success&sort=id&per_page=1")[0]
    expect(of_order(page, order["id"])).to_contain_text("Success")
    page.get_by_role("link", name=f"#{order['id']}", exact=True).click()
    page.wait_for_url(f"{live_server}/admin/orders/{order['id']}")
    page.get_by_role("heading", name=f"Order #{order['id']}").wait_for()
    assert page.get_by_role("button", name="Request refund").count() == 0, "only a delivered order is refunded"
    actions = page.get_by_role("group", name="Order actions").get_by_role("button")
    expect(actions).to_have_text(["Ship", "Mark delivered", "Cancel order"])

    page.get_by_role("button", name="Mark delivered").click()
    confirm(page, f"Move order #{order['id']} to Delivered", "earning")
    toast(page, f"Order #{order['id']} is now Delivered")
    history = page.get_by_role("table", name="Status history")
    expect(history.get_by_role("row", name=re.compile(r"Processing → Delivered admin"))).to_have_count(1)
    expect(actions).to_have_count(0)

    line = api(page, "GET", f"/api/orders/{order['id']}")["data"]["lines"][0]
    page.get_by_role("button", name=f"Request a refund on {line['title']}").click()
    dialog = page.get_by_role("dialog", name=f"Refund “{line['title']}”")
    amount = dialog.get_by_label("Amount")
    assert Decimal(amount.input_value()) == Decimal(str(line["refundable"]))
    amount.fill(str(Decimal(str(line["refundable"])) + 1))
    dialog.get_by_role("button", name="Request refund").click()
    expect(dialog.get_by_text(re.compile(r"^Enter an amount from 0\.01 to"))).to_be_visible()
    half = (Decimal(str(line["refundable"])) / 2).quantize(Decimal("0.01"))
    amount.fill(str(half))
    dialog.get_by_label("Reason").fill("The cover arrived torn")
    dialog.get_by_role("button", name="Request refund").click()
    toast(page, f"of {money(half)} recorded for “{line['title']}”")
    dialog.wait_for(state="hidden")
    refunds = page.get_by_role("table", name="Refunds")
    expect(refunds).to_contain_text("The cover arrived torn")
    expect(refunds).to_contain_text("Pending")

    # Decided on the order's own page: paid back by hand (the seeded order was not paid through
    # Stripe), and the payments show the refund.
    refund = api(page, "GET", f"/api/orders/{order['id']}")["data"]["refunds"][-1]
    page.get_by_role("button", name=f"Process refund request #{refund['id']}").click()
    confirm(page, f"Move refund request #{refund['id']} to Processing")
    toast(page, f"Refund request #{refund['id']} is now Processing")
    page.get_by_role("button", name=f"Accept refund request #{refund['id']}").click()
    confirm(page, f"Move refund request #{refund['id']} to Accepted", "paid back by hand")
    toast(page, f"Refund request #{refund['id']} is now Accepted")
    given_back = page.get_by_role("table", name="Payments").get_by_role("row").filter(has_text="Refund #")
    expect(given_back).to_contain_text(f"-{money(half)}")
    expect(given_back).to_contain_text(f"request #{refund['id']}")
    expect(page.get_by_role("region", name="Summary")).to_contain_text("Partly refunded")
    assert log.errors() == []


def test_a_seller_moves_to_another_package_and_the_payment_is_recorded(live_server, page_factory):
    page, log = page_factory()
    open_signed_in(live_server, page, "/admin/sellers?package=Silver")
    seller = records(page, "/api/sellers?package=Silver&per_page=1")[0]
    gold = next(p for p in records(page, "/api/packages") if p["name"] == "Gold")
    page.get_by_role("button", name=f"Change package of {seller['shopName']}").click()
    dialog = page.get_by_role("dialog", name=f"Change the package of {seller['shopName']}")
    dialog.get_by_role("combobox", name="Package").click()
    page.get_by_role("option", name=re.compile(r"^Gold · ")).click()
    dialog.get_by_role("combobox", name="Payment method").click()
    page.get_by_role("option", name="Payoneer", exact=True).click()
    dialog.get_by_role("button", name="Change package").click()
    toast(page, f"{seller['shopName']} moved to Gold; a package payment of {money(gold['price'])} was recorded")
    dialog.wait_for(state="hidden")
    settled(page)
    expect(page.get_by_role("button", name=f"Change package of {seller['shopName']}")).to_have_count(
        0
    )  # no longer Silver

    page.goto(f"{live_server}/admin/package-payments?sort=-no")
    page.wait_for_load_state("networkidle")
    expect(rows(page).first).to_contain_text(seller["name"])
    expect(rows(page).first).to_contain_text("Payoneer")
    expect(rows(page).first).to_contain_text(money(gold["price"]))
    assert log.errors() == []


def test_every_page_renders_cleanly_on_a_desktop_and_a_phone(live_server, page_factory):
    page, log = page_factory()
    open_signed_in(live_server, page, "/admin/orders")
    order = records(page, "/api/orders?status=Delivered&per_page=1")[0]["id"]
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        for path in PAGES:
            response = page.goto(live_server + path.format(order=order), wait_until="domcontentloaded")
            assert "<table" in response.text(), f"{path} is rendered on the server"
            page.wait_for_function(f"() => ({HYDRATED})(document.querySelector('main table'))")
            # Wide tables scroll inside their cards; the page itself never scrolls sideways.
            assert page.evaluate("document.documentElement.scrollWidth") <= width, (path, width)
    assert log.errors() == []
