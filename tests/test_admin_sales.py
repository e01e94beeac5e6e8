"""The money side of the back office: orders, refund requests, sellers, payout requests.

Every status change follows db/statuses.py (each allowed move works, each other one is 409 and
writes nothing); refunds reverse the seller's earning and the store's commission; payouts never
exceed the seller's balance, even when two are accepted at once; every write is audited; and the
ledger check holds on the seed and after a day of such work (and catches a broken ledger).
"""

from __future__ import annotations

import itertools
import subprocess
import sys
import threading
from decimal import Decimal
from pathlib import Path

import pytest
from conftest import ADMIN_EMAIL, sign_in
from sqlalchemy import func, select, update

from db.carriers import CARRIERS
from db.ledger import seller_balance, split
from db.ledger_check import check_ledger
from db.models import (
    AuditEntry,
    Earning,
    Order,
    OrderLine,
    OrderStatusChange,
    Package,
    PackagePayment,
    Payment,
    Payout,
    PayoutRequest,
    Product,
    RefundRequest,
    Seller,
)
from db.models.sales import ORDER_STATUSES, PAYMENT_STATUSES, REFUND_STATUSES
from db.models.sellers import PAYOUT_REQUEST_STATUSES
from db.statuses import ORDER_MOVES, PAYOUT_REQUEST_MOVES, REFUND_MOVES


def read(client, fn):
    return client.app.state.services.db.read_sync(fn)


def write(client, fn):
    return client.app.state.services.db.write_sync(fn)


def ledger_state(client) -> tuple:
    """Everything a refused write must leave as it was."""
    models = (Order, OrderStatusChange, Earning, RefundRequest, Payout, PayoutRequest, PackagePayment)
    return read(
        client,
        lambda s: (
            tuple(s.scalar(select(func.count()).select_from(m)) for m in models),
            # Signing in is audited too; what must stay is the record of changes to the shop.
            s.scalar(select(func.count()).select_from(AuditEntry).where(AuditEntry.entity != "account")),
            tuple(s.execute(select(Order.status).order_by(Order.id)).scalars()),
            tuple(s.execute(select(RefundRequest.status).order_by(RefundRequest.id)).scalars()),
            tuple(s.execute(select(PayoutRequest.status).order_by(PayoutRequest.id)).scalars()),
        ),
    )


def first_id(client, statement) -> int:
    found = read(client, lambda s: s.scalar(statement.limit(1)))
    assert found is not None, "the seed has no such record"
    return found


def audit_entries(client, entity: str, entity_id) -> list[AuditEntry]:
    return read(
        client,
        lambda s: list(
            s.scalars(
                select(AuditEntry)
                .where(AuditEntry.entity == entity, AuditEntry.entity_id == str(entity_id))
                .order_by(AuditEntry.id)
            )
        ),
    )


def balance(client, seller_id: int) -> Decimal:
    return read(client, lambda s: seller_balance(s, seller_id))


def assert_ledger_holds(client):
    report = read(client, check_ledger)
    assert report.ok, report.problems


# --- orders --------------------------------------------------------------------------------------


def order_with_seller_lines(status: str, *where):
    return (
        select(Order.id)
        .where(
            Order.status == status,
            Order.id.in_(select(OrderLine.order_id).where(OrderLine.seller_id.is_not(None))),
            *where,
        )
        .order_by(Order.id)
    )


SHIPPING = {"carrier": "UPS", "trackingNo": "1Z999AA10123456784"}
UNPAID_CASH = (Order.payment_method == "Cash", Order.payment_status == "Pending")
PAID = (Order.payment_status == "Success",)


def order_in(client, status: str) -> int:
    """An order with seller lines in that status whose money allows every move from it: paid (the
    seed's Pending ones are not, so a Pending order is taken unpaid only where it is cancelled)."""
    if status in ("Pending", "Processing", "Delivered"):
        return first_id(client, order_with_seller_lines(status).where(Order.payment_status == "Success"))
    if status == "Shipped":
        order_id = order_in(client, "Processing")
        assert client.patch(f"/api/orders/{order_id}", json={"status": "Shipped", **SHIPPING}).status_code == 200
        return order_id
    order_id = first_id(client, order_with_seller_lines("Pending").where(Order.payment_status == "Pending"))
    assert client.patch(f"/api/orders/{order_id}", json={"status": "Cancelled"}).status_code == 200
    return order_id


def paid_pending_order(client) -> None:
    """The seed's pending orders are unpaid: mark one paid, as a card payment would (its succeeded
    charge of the total with it, which the ledger check asks of every paid order)."""
    order_id = first_id(client, order_with_seller_lines("Pending"))

    def pay(session):
        order = session.get(Order, order_id)
        order.payment_status = "Success"
        session.add(
            Payment(
                order_id=order.id,
                provider="stripe",
                kind="charge",
                status="succeeded",
                amount=order.total,
                currency="USD",
                reference=f"pi_test_{order.id}",
                message="",
            )
        )

    client.app.state.services.db.write_sync(pay)


@pytest.mark.parametrize("current,wanted", list(itertools.product(ORDER_STATUSES, repeat=2)))
def test_order_moves_follow_the_state_machine(admin_client, current, wanted):
    if current == "Pending":
        paid_pending_order(admin_client)
    order_id = order_in(admin_client, current)
    if wanted == "Cancelled" and current in ("Pending", "Processing"):
        # Only an unpaid order is cancelled (a paid one is refunded): take this one back to unpaid.
        admin_client.app.state.services.db.write_sync(
            lambda s: setattr(s.get(Order, order_id), "payment_status", "Pending")
        )
    before = ledger_state(admin_client)
    extra = SHIPPING if wanted == "Shipped" else {}
    response = admin_client.patch(f"/api/orders/{order_id}", json={"status": wanted, **extra})
    if wanted not in ORDER_MOVES[current]:
        assert response.status_code == 409, response.text
        assert current in response.json()["message"]
        assert ledger_state(admin_client) == before
        return
    assert response.status_code == 200, response.text
    view = response.json()
    assert view["status"] == wanted and view["next"] == list(ORDER_MOVES[wanted])
    assert view["history"][-1] == {**view["history"][-1], "from": current, "to": wanted, "by": ADMIN_EMAIL}
    entry = audit_entries(admin_client, "order", order_id)[-1]
    assert (entry.actor, entry.before["status"], entry.after["status"]) == (ADMIN_EMAIL, current, wanted)
    assert_ledger_holds(admin_client)


def test_the_money_decides_what_an_order_may_do(admin_client):
    """An unpaid card order is not packed; a cash order is delivered only by its cash collected;
    a paid order is refunded, never cancelled. Each refusal says why and writes nothing."""
    card = first_id(admin_client, order_with_seller_lines("Pending", Order.payment_method == "PayPal"))
    cash = first_id(admin_client, order_with_seller_lines("Processing", *UNPAID_CASH))
    paid = first_id(admin_client, order_with_seller_lines("Processing", *PAID))
    before = ledger_state(admin_client)
    for order_id, move, reason in (
        (card, {"status": "Processing"}, "not paid yet"),
        (card, {"status": "Shipped", **SHIPPING}, "can only become"),
        (cash, {"status": "Delivered"}, "record it with Cash collected"),
        (paid, {"status": "Cancelled"}, "refund it instead"),
    ):
        refused = admin_client.patch(f"/api/orders/{order_id}", json=move)
        assert refused.status_code == 409 and reason in refused.json()["message"], (move, refused.text)
    missing = admin_client.patch(f"/api/orders/{paid}", json={"status": "Shipped", "carrier": "UPS"})
    assert missing.status_code == 422 and "trackingNo" in missing.json()["errors"]
    unknown = admin_client.patch(f"/api/orders/{paid}", json={"status": "Shipped", **SHIPPING, "carrier": "Pigeon"})
    assert unknown.status_code == 422 and "carrier" in unknown.json()["errors"]
    assert ledger_state(admin_client) == before


def test_delivering_an_order_earns_each_seller_line_at_its_rate(admin_client):
    order_id = first_id(admin_client, order_with_seller_lines("Processing").where(Order.payment_method != "Cash"))
    lines = read(
        admin_client,
        lambda s: [
            (line.id, line.seller_id, line.amount, line.commission_rate)
            for line in s.scalars(select(OrderLine).where(OrderLine.order_id == order_id))
        ],
    )
    balances = {seller: balance(admin_client, seller) for _, seller, _, _ in lines if seller}
    assert admin_client.patch(f"/api/orders/{order_id}", json={"status": "Delivered"}).status_code == 200
    earned = read(
        admin_client,
        lambda s: {
            e.order_line_id: (e.seller_earning, e.admin_commission)
            for e in s.scalars(select(Earning).where(Earning.order_id == order_id))
        },
    )
    expected = {line: split(amount, rate) for line, seller, amount, rate in lines if seller}
    assert earned == expected
    for seller, before in balances.items():
        gained = sum(split(amount, rate)[0] for _, s, amount, rate in lines if s == seller)
        assert balance(admin_client, seller) == before + gained
    assert read(admin_client, lambda s: s.get(Order, order_id).payment_status) == "Success"


def test_order_view_and_unknown_order(admin_client):
    order_id = first_id(admin_client, order_with_seller_lines("Delivered"))
    view = admin_client.get(f"/api/orders/{order_id}").json()
    assert view["id"] == order_id and view["lines"] and view["history"][0]["to"] == "Pending"
    assert view["customer"]["email"]
    assert sum(Decimal(str(line["amount"])) for line in view["lines"]) == Decimal(str(view["amount"]))
    assert admin_client.get("/api/orders/999999").status_code == 404
    assert admin_client.patch("/api/orders/999999", json={"status": "Processing"}).status_code == 404
    assert admin_client.patch(f"/api/orders/{order_id}", json={"status": "Lost"}).status_code == 422


# --- refund requests ----------------------------------------------------------------------------------


def seller_refund(status: str):
    return (
        select(RefundRequest.id)
        .join(OrderLine, RefundRequest.order_line_id == OrderLine.id)
        .where(RefundRequest.status == status, OrderLine.seller_id.is_not(None))
        .order_by(RefundRequest.id)
    )


@pytest.mark.parametrize("current,wanted", list(itertools.product(REFUND_STATUSES, repeat=2)))
def test_refund_moves_follow_the_state_machine(admin_client, current, wanted):
    refund_id = first_id(admin_client, seller_refund(current))
    before = ledger_state(admin_client)
    response = admin_client.patch(f"/api/refund-requests/{refund_id}", json={"status": wanted})
    if wanted not in REFUND_MOVES[current]:
        assert response.status_code == 409, response.text
        assert ledger_state(admin_client) == before
        return
    assert response.status_code == 200, response.text
    assert response.json()["status"] == wanted
    [entry] = audit_entries(admin_client, "refund_request", refund_id)
    assert (entry.before["status"], entry.after["status"]) == (current, wanted)
    assert_ledger_holds(admin_client)


def test_accepting_a_refund_reverses_the_seller_earning_and_the_commission(admin_client):
    refund_id = first_id(admin_client, seller_refund("Processing"))
    amount, seller_id, rate, order_id = read(
        admin_client,
        lambda s: (lambda r: (r.amount, r.order_line.seller_id, r.order_line.commission_rate, r.order_line.order_id))(
            s.get(RefundRequest, refund_id)
        ),
    )
    commission = lambda: read(admin_client, lambda s: s.scalar(select(func.sum(Earning.admin_commission))))  # noqa: E731
    balance_before, commission_before = balance(admin_client, seller_id), commission()
    response = admin_client.patch(f"/api/refund-requests/{refund_id}", json={"status": "Accepted"})
    assert response.status_code == 200, response.text
    seller_part, store_part = split(amount, rate)
    assert balance(admin_client, seller_id) == balance_before - seller_part
    assert commission() == commission_before - store_part
    history = admin_client.get(f"/api/earning-history?seller={seller_id}&kind=refund&q={order_id}").json()
    assert {
        "orderNo": order_id,
        "kind": "refund",
        "sellerEarning": float(-seller_part),
        "adminCommission": float(-store_part),
    }.items() <= history[0].items()
    assert_ledger_holds(admin_client)


def delivered_seller_line(client) -> tuple[int, Decimal]:
    """A delivered seller line nobody asked a refund for."""
    return read(
        client,
        lambda s: s.execute(
            select(OrderLine.id, OrderLine.amount)
            .join(Order, OrderLine.order_id == Order.id)
            .where(
                Order.status == "Delivered",
                OrderLine.seller_id.is_not(None),
                ~OrderLine.id.in_(select(RefundRequest.order_line_id)),
            )
            .order_by(OrderLine.id)
            .limit(1)
        ).one(),
    )


def test_a_refund_cannot_exceed_what_was_paid(admin_client):
    line_id, paid = delivered_seller_line(admin_client)
    before = ledger_state(admin_client)
    too_much = admin_client.post("/api/refund-requests", json={"orderLineId": line_id, "amount": float(paid) + 0.01})
    assert too_much.status_code == 422 and "amount" in too_much.json()["errors"]
    for bad in (
        {"orderLineId": line_id, "amount": 0},
        {"orderLineId": line_id, "amount": -5},
        {"orderLineId": line_id, "amount": 1.001},
        {"orderLineId": 999999, "amount": 1},
    ):
        assert admin_client.post("/api/refund-requests", json=bad).status_code == 422, bad
    assert ledger_state(admin_client) == before

    first = admin_client.post(
        "/api/refund-requests", json={"orderLineId": line_id, "amount": float(paid), "reason": "Damaged"}
    )
    assert first.status_code == 201, first.text
    assert first.json()["status"] == "Pending" and first.json()["next"] == ["Processing"]
    assert admin_client.post("/api/refund-requests", json={"orderLineId": line_id, "amount": 0.01}).status_code == 422

    # A request written before the line was refunded in full cannot then be accepted on top of it.
    def sneak_in(session):
        session.add(RefundRequest(order_line_id=line_id, amount=Decimal("1.00"), status="Processing"))

    write(admin_client, sneak_in)
    sneaked = first_id(
        admin_client,
        select(RefundRequest.id).where(RefundRequest.order_line_id == line_id, RefundRequest.amount == Decimal("1.00")),
    )
    for status in ("Processing", "Accepted"):
        assert (
            admin_client.patch(f"/api/refund-requests/{first.json()['id']}", json={"status": status}).status_code == 200
        )
    before = ledger_state(admin_client)
    refused = admin_client.patch(f"/api/refund-requests/{sneaked}", json={"status": "Accepted"})
    assert refused.status_code == 409 and "more than" in refused.json()["message"]
    assert ledger_state(admin_client) == before
    assert_ledger_holds(admin_client)


def test_only_a_delivered_order_is_refunded(admin_client):
    line_id = first_id(
        admin_client, select(OrderLine.id).join(Order, OrderLine.order_id == Order.id).where(Order.status == "Pending")
    )
    response = admin_client.post("/api/refund-requests", json={"orderLineId": line_id, "amount": 1})
    assert response.status_code == 409 and "delivered" in response.json()["message"]


# --- sellers --------------------------------------------------------------------------------------------


def test_publishing_a_seller_is_audited(admin_client):
    seller_id = first_id(admin_client, select(Seller.id).where(Seller.published.is_(True)).order_by(Seller.id))
    response = admin_client.patch(f"/api/sellers/{seller_id}", json={"published": False})
    assert response.status_code == 200 and response.json()["published"] is False
    [entry] = audit_entries(admin_client, "seller", seller_id)
    assert (entry.action, entry.before["published"], entry.after["published"]) == ("unpublish", True, False)
    assert admin_client.get("/api/sellers?published=false").json()[0]["id"] == seller_id


def test_a_package_change_records_its_payment_and_later_orders_earn_at_the_new_rate(admin_client):
    seller_id, old_package = read(
        admin_client,
        lambda s: s.execute(
            select(Seller.id, Package.name).join(Package).where(Package.name == "Silver").order_by(Seller.id).limit(1)
        ).one(),
    )
    gold = read(admin_client, lambda s: s.scalar(select(Package).where(Package.name == "Gold")))
    old_line = first_id(admin_client, select(OrderLine.id).where(OrderLine.seller_id == seller_id))
    old_rate = read(admin_client, lambda s: s.get(OrderLine, old_line).commission_rate)
    payments = admin_client.get(f"/api/package-payments?seller={seller_id}").headers["X-Total-Count"]

    missing = admin_client.patch(f"/api/sellers/{seller_id}", json={"package": "Gold"})
    assert missing.status_code == 422
    response = admin_client.patch(f"/api/sellers/{seller_id}", json={"package": "Gold", "paymentMethod": "PayPal"})
    assert response.status_code == 200, response.text
    assert response.json()["package"] == "Gold"
    newest = admin_client.get(f"/api/package-payments?seller={seller_id}").json()
    assert (
        int(admin_client.get(f"/api/package-payments?seller={seller_id}").headers["X-Total-Count"]) == int(payments) + 1
    )
    assert {"package": "Gold", "amount": float(gold.price), "payment": "PayPal"}.items() <= newest[0].items()
    assert (
        admin_client.patch(f"/api/sellers/{seller_id}", json={"package": "Gold", "paymentMethod": "Cash"}).status_code
        == 422
    )
    assert [e.action for e in audit_entries(admin_client, "seller", seller_id)] == ["package"]
    assert audit_entries(admin_client, "package_payment", newest[0]["no"])

    # The earlier line keeps its rate; a new order of the seller's product earns at Gold's.
    assert read(admin_client, lambda s: s.get(OrderLine, old_line).commission_rate) == old_rate != gold.commission_rate
    product = read(
        admin_client,
        lambda s: s.scalars(
            select(Product).where(Product.seller_id == seller_id, Product.published.is_(True), Product.stock > 0)
        ).first(),
    )
    from db.checkout import sale_price

    order = admin_client.post(
        "/api/checkout",
        json={
            "name": "Ada Reader",
            "email": "ada@example.com",
            "phone": "+1 555 010 2030",
            "billingAddress": "1 Main St, Springfield",
            "paymentMethod": "Cash",
            "items": [{"id": str(product.id), "qty": 1, "price": float(sale_price(product))}],
        },
    )
    assert order.status_code == 201, order.text
    number = order.json()["orderNo"]
    assert admin_client.patch(f"/api/orders/{number}", json={"status": "Processing"}).status_code == 200
    assert admin_client.post(f"/api/orders/{number}/cash-collected").status_code == 200
    earning = read(admin_client, lambda s: s.scalar(select(Earning).where(Earning.order_id == number)))
    assert earning.commission_rate == gold.commission_rate
    assert_ledger_holds(admin_client)


# --- payout requests -------------------------------------------------------------------------------


def open_payout_request(client, *, affordable: bool = True) -> int:
    request_id = first_id(
        client, select(PayoutRequest.id).where(PayoutRequest.status == "Processing").order_by(PayoutRequest.id)
    )
    request = read(client, lambda s: s.get(PayoutRequest, request_id))
    assert (request.amount <= balance(client, request.seller_id)) is affordable or not affordable
    return request_id


@pytest.mark.parametrize("current,wanted", list(itertools.product(PAYOUT_REQUEST_STATUSES, ("Accepted", "Rejected"))))
def test_payout_request_moves_follow_the_state_machine(admin_client, current, wanted):
    request_id = first_id(
        admin_client, select(PayoutRequest.id).where(PayoutRequest.status == current).order_by(PayoutRequest.id)
    )
    before = ledger_state(admin_client)
    response = admin_client.patch(f"/api/payout-requests/{request_id}", json={"status": wanted, "payment": "Stripe"})
    if wanted not in PAYOUT_REQUEST_MOVES[current]:
        assert response.status_code == 409, response.text
        assert ledger_state(admin_client) == before
        return
    assert response.status_code == 200, response.text
    assert response.json()["status"] == wanted and response.json()["next"] == []
    [entry] = audit_entries(admin_client, "payout_request", request_id)
    assert (entry.before["status"], entry.after["status"]) == (current, wanted)
    paid = read(admin_client, lambda s: s.scalars(select(Payout).where(Payout.payout_request_id == request_id)).all())
    assert len(paid) == (1 if wanted == "Accepted" else 0)
    assert_ledger_holds(admin_client)


def test_accepting_a_payout_lowers_the_balance_and_needs_a_payment_method(admin_client):
    request_id = open_payout_request(admin_client)
    seller_id, amount = read(
        admin_client, lambda s: (lambda r: (r.seller_id, r.amount))(s.get(PayoutRequest, request_id))
    )
    before = balance(admin_client, seller_id)
    assert admin_client.patch(f"/api/payout-requests/{request_id}", json={"status": "Accepted"}).status_code == 422
    assert admin_client.patch(f"/api/payout-requests/{request_id}", json={"status": "Processing"}).status_code == 422
    response = admin_client.patch(
        f"/api/payout-requests/{request_id}", json={"status": "Accepted", "payment": "Payoneer"}
    )
    assert response.status_code == 200
    assert balance(admin_client, seller_id) == before - amount
    assert response.json()["balance"] == float(before - amount)
    payout = admin_client.get(f"/api/payouts?seller={seller_id}&sort=-no").json()[0]
    assert {"amount": float(amount), "payment": "Payoneer"}.items() <= payout.items()


def add_payout_request(client, seller_id: int, amount: Decimal) -> int:
    def add(session):
        request = PayoutRequest(
            seller_id=seller_id, amount=amount, balance_at_request=seller_balance(session, seller_id)
        )
        session.add(request)
        session.flush()
        return request.id

    return write(client, add)


def richest_seller(client) -> tuple[int, Decimal]:
    sellers = read(client, lambda s: list(s.scalars(select(Seller.id))))
    return max(((seller, balance(client, seller)) for seller in sellers), key=lambda pair: pair[1])


def test_a_payout_above_the_balance_is_409_and_writes_nothing(admin_client):
    seller_id, available = richest_seller(admin_client)
    request_id = add_payout_request(admin_client, seller_id, available + Decimal("0.01"))
    before = ledger_state(admin_client)
    response = admin_client.patch(f"/api/payout-requests/{request_id}", json={"status": "Accepted", "payment": "Cash"})
    assert response.status_code == 409 and "balance" in response.json()["message"]
    assert ledger_state(admin_client) == before
    assert admin_client.patch(f"/api/payout-requests/{request_id}", json={"status": "Rejected"}).status_code == 200


def accept_both_at_once(client, seller_id: int, available: Decimal) -> list:
    """Two requests of 60 % of the balance each, accepted from two threads at the same moment."""
    share = (available * Decimal("0.6")).quantize(Decimal("0.01"))
    requests = [add_payout_request(client, seller_id, share) for _ in range(2)]
    from db.admin import Conflict
    from db.admin.payouts import PayoutDecision, decide_payout_request

    start, outcomes = threading.Barrier(2), []

    def accept(request_id):
        start.wait()
        try:
            client.app.state.services.db.write_sync(
                decide_payout_request, ADMIN_EMAIL, request_id, PayoutDecision(status="Accepted", payment="Stripe")
            )
            outcomes.append("accepted")
        except Conflict as refused:
            outcomes.append(refused.message)

    threads = [threading.Thread(target=accept, args=(r,)) for r in requests]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return outcomes


def test_two_payouts_accepted_at_once_for_one_balance_cannot_both_succeed(admin_client):
    seller_id, available = richest_seller(admin_client)
    outcomes = accept_both_at_once(admin_client, seller_id, available)
    assert sorted(outcomes, key=len) == ["accepted", outcomes[0] if outcomes[0] != "accepted" else outcomes[1]]
    assert outcomes.count("accepted") == 1 and any("balance" in o for o in outcomes), outcomes
    assert balance(admin_client, seller_id) >= 0
    assert_ledger_holds(admin_client)


def test_two_payouts_at_once_on_postgresql(postgres_admin_client):
    seller_id, available = richest_seller(postgres_admin_client)
    outcomes = accept_both_at_once(postgres_admin_client, seller_id, available)
    assert outcomes.count("accepted") == 1 and any("balance" in o for o in outcomes), outcomes
    assert_ledger_holds(postgres_admin_client)


# --- who may write, lists, the audit log ------------------------------------------------------------------

WRITES = [
    ("PATCH", "/api/orders/1", {"status": "Processing"}),
    ("POST", "/api/refund-requests", {"orderLineId": 1, "amount": 1}),
    ("PATCH", "/api/refund-requests/1", {"status": "Processing"}),
    ("PATCH", "/api/sellers/1", {"published": False}),
    ("PATCH", "/api/payout-requests/1", {"status": "Rejected"}),
]


@pytest.mark.parametrize("method,path,body", WRITES)
def test_writes_need_a_session_and_the_csrf_token(client, method, path, body):
    before = ledger_state(client)
    assert client.request(method, path, json=body).status_code == 401
    assert sign_in(client).status_code == 200
    assert client.request(method, path, json=body).status_code == 403
    assert ledger_state(client) == before


def test_lists_search_filter_sort_page_and_export(admin_client):
    orders = admin_client.get("/api/orders?status=Delivered&sort=-amount&page=2&per_page=5")
    assert orders.status_code == 200 and len(orders.json()) == 5
    amounts = [o["amount"] for o in orders.json()]
    assert amounts == sorted(amounts, reverse=True) and {o["status"] for o in orders.json()} == {"Delivered"}
    some = orders.json()[0]
    assert some["id"] in [o["id"] for o in admin_client.get(f"/api/orders?q={some['id']}").json()]
    by_customer = admin_client.get(f"/api/orders?q={some['customer'].split()[0]}").json()
    assert by_customer and all(
        some["customer"].split()[0].lower() in (o["customer"] + o["billingAddress"]).lower()
        or str(o["id"]).find(some["customer"].split()[0]) >= 0
        for o in by_customer
    )
    assert admin_client.get("/api/orders?status=Lost").status_code == 422
    csv = admin_client.get("/api/orders.csv?status=Pending")
    assert csv.status_code == 200 and csv.text.lstrip("\ufeff").startswith("id,purchaseDate,customer")
    assert csv.text.count("\r\n") - 1 == int(
        admin_client.get("/api/orders?status=Pending&per_page=1").headers["X-Total-Count"]
    )
    sellers = admin_client.get("/api/sellers?sort=-balance").json()
    assert [s["balance"] for s in sellers] == sorted((s["balance"] for s in sellers), reverse=True)
    for path in (
        "/api/refund-requests?status=Accepted",
        "/api/earning-history?kind=sale&per_page=3",
        "/api/payout-requests?status=Processing",
        "/api/payouts?sort=amount",
        "/api/package-payments?package=Gold",
        "/api/audit-log",
        "/api/packages",
    ):
        assert admin_client.get(path).status_code == 200, path


def test_orders_filter_by_payment_status_as_by_status(admin_client):
    counts = dict(
        read(
            admin_client,
            lambda s: s.execute(select(Order.payment_status, func.count()).group_by(Order.payment_status)).all(),
        )
    )
    assert counts.get("Pending") and counts.get("Refunded") and counts.get("Partly refunded"), "the seed has them"
    for status in PAYMENT_STATUSES:
        answer = admin_client.get("/api/orders", params={"paymentStatus": status, "per_page": 100})
        assert answer.status_code == 200, answer.text
        assert int(answer.headers["X-Total-Count"]) == counts.get(status, 0), status
        assert {o["paymentStatus"] for o in answer.json()} <= {status}
    # With the order's status, any case; the export and the page read the same filter.
    both = admin_client.get("/api/orders?status=Processing&paymentStatus=pending").json()
    assert both and {(o["status"], o["paymentStatus"], o["paymentMethod"]) for o in both} == {
        ("Processing", "Pending", "Cash")
    }
    csv = admin_client.get("/api/orders.csv?paymentStatus=Refunded")
    assert csv.text.count("\r\n") - 1 == counts["Refunded"]
    listed = admin_client.get("/admin/orders?paymentStatus=Partly+refunded", headers={"Accept": "application/json"})
    page = listed.json()["props"]["list"]
    assert page["params"]["paymentStatus"] == "Partly refunded" and page["total"] == counts["Partly refunded"]
    assert {row["paymentStatus"] for row in page["rows"]} == {"Partly refunded"}
    refused = admin_client.get("/api/orders?paymentStatus=Paid")
    assert refused.status_code == 422 and "Partly refunded" in refused.json()["errors"]["paymentStatus"]


def test_the_audit_log_lists_writes_and_cannot_be_edited(admin_client):
    seller_id = first_id(admin_client, select(Seller.id).order_by(Seller.id))
    admin_client.patch(f"/api/sellers/{seller_id}", json={"published": False})
    entries = admin_client.get("/api/audit-log?entity=seller&q=unpublish").json()
    assert entries[0]["entityId"] == str(seller_id) and entries[0]["actor"] == ADMIN_EMAIL
    assert entries[0]["before"]["published"] is True and entries[0]["after"]["published"] is False
    for method in ("POST", "PATCH", "DELETE", "PUT"):
        assert admin_client.request(method, "/api/audit-log", json={}).status_code == 405
        assert admin_client.request(method, f"/api/audit-log/{entries[0]['id']}", json={}).status_code in (404, 405)


# --- the ledger check ---------------------------------------------------------------------------------


def test_the_ledger_check_holds_after_a_day_of_orders_refunds_and_payouts(admin_client):
    assert_ledger_holds(admin_client)
    cash_orders = order_with_seller_lines("Pending").where(Order.payment_method == "Cash").limit(5)
    for order_id in read(admin_client, lambda s: list(s.scalars(cash_orders))):
        assert admin_client.patch(f"/api/orders/{order_id}", json={"status": "Processing"}).status_code == 200
        assert admin_client.post(f"/api/orders/{order_id}/cash-collected").status_code == 200
        line = admin_client.get(f"/api/orders/{order_id}").json()["lines"][0]
        refund = admin_client.post(
            "/api/refund-requests", json={"orderLineId": line["id"], "amount": round(line["refundable"] / 2, 2)}
        )
        assert refund.status_code == 201, refund.text
        for status in ("Processing", "Accepted"):
            assert (
                admin_client.patch(f"/api/refund-requests/{refund.json()['id']}", json={"status": status}).status_code
                == 200
            )
        if line["sellerId"]:
            request_id = add_payout_request(admin_client, line["sellerId"], Decimal("5.00"))
            assert (
                admin_client.patch(
                    f"/api/payout-requests/{request_id}", json={"status": "Accepted", "payment": "Cash"}
                ).status_code
                == 200
            )
    assert_ledger_holds(admin_client)


@pytest.mark.parametrize(
    "tamper",
    [
        update(Earning).where(Earning.id == 1).values(seller_earning=Earning.seller_earning + 1),
        update(Order).where(Order.id == 2).values(total=Order.total + 1),
        update(RefundRequest).where(RefundRequest.status == "Pending").values(status="Accepted"),
        update(PayoutRequest).where(PayoutRequest.status == "Rejected").values(status="Accepted"),
        update(Payout).values(amount=Payout.amount * 100),
        # The money of a paid order: a charge for more than it took, a refund that never went through.
        update(Payment).where(Payment.id == 1).values(amount=Payment.amount + 1),
        update(Payment).where(Payment.kind == "refund").values(status="failed"),
    ],
)
def test_the_ledger_check_finds_a_broken_ledger(admin_client, tamper):
    write(admin_client, lambda s: s.execute(tamper))
    report = read(admin_client, check_ledger)
    assert not report.ok and report.problems


def test_the_ledger_check_names_the_paid_order_whose_payments_do_not_add_up(admin_client, settings):
    refund = first_id(admin_client, select(Payment.id).where(Payment.kind == "refund").order_by(Payment.id))
    order_id = read(admin_client, lambda s: s.get(Payment, refund).order_id)
    # Recorded as paid back, but the row says the provider refused it: the order keeps too much.
    write(admin_client, lambda s: s.execute(update(Payment).where(Payment.id == refund).values(status="failed")))
    report = read(admin_client, check_ledger)
    assert report.broken == 1 and report.problems[0].startswith(f"order {order_id} (")
    assert "refunded" in report.problems[0]
    checked = subprocess.run(
        [sys.executable, "-m", "db.ledger_check", settings.database_url],
        cwd=Path(__file__).parent.parent,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert checked.returncode == 1 and f"order {order_id} (" in checked.stdout, checked.stdout + checked.stderr
    assert "paid orders" in checked.stdout


def test_the_order_page_carries_its_payments_and_the_carriers_to_ship_with(admin_client):
    order_id = first_id(admin_client, select(Payment.order_id).where(Payment.kind == "refund").order_by(Payment.id))
    page = admin_client.get(f"/admin/orders/{order_id}", headers={"Accept": "application/json"})
    assert page.status_code == 200
    props = page.json()["props"]
    assert props["carriers"] == list(CARRIERS)
    order = props["order"]
    assert order == admin_client.get(f"/api/orders/{order_id}").json()
    kinds = {(p["kind"], p["status"]) for p in order["payments"]}
    assert {("charge", "succeeded"), ("refund", "succeeded")} <= kinds
    assert order["paymentStatus"] in ("Refunded", "Partly refunded")
