"""Payments against a real fake: cards through localstripe (tests/fake_stripe.py), webhooks signed as
Stripe signs them, the unpaid-order timeout, refunds to the card, cash on delivery, and the shop's
own Idempotency-Key (localstripe ignores Stripe's, so the shop's key must hold by itself)."""

from __future__ import annotations

import json
import time
import uuid

import httpx
import pytest
from conftest import another_browser, make_settings, sign_in
from fake_stripe import CARD_3DS, CARD_DECLINED, CARD_PAID, fake_stripe, sign, stripe_server  # noqa: F401
from shoppers import csrf
from sqlalchemy import func, select
from starlette.testclient import TestClient
from test_checkout import FORM, in_stock_products, stock_of

from app.main import create_app
from db.models import Order, OutboxMessage, Payment, PaymentCall, PaymentEvent

STRIPE_FORM = {**FORM, "paymentMethod": "Stripe"}


@pytest.fixture
def card_shop(settings, fake_stripe):
    """The shop with Stripe's keys, talking to localstripe."""
    configured = make_settings(settings.database_url, settings.media_dir, **fake_stripe.settings())
    with TestClient(create_app(configured), base_url="http://127.0.0.1") as client:
        yield client


def items(client, count=2):
    return [{"id": pid, "qty": 1, "price": price} for pid, price, _ in in_stock_products(client, count)]


def pay_by_card(client, card, number=CARD_PAID, key=None, cart=None):
    body = {**STRIPE_FORM, "items": cart or items(client), "paymentMethodId": card.card_payment_method(number)}
    headers = {"Idempotency-Key": key} if key else {}
    return client.post("/api/checkout", json=body, headers=headers)


def read(client, fn):
    return client.app.state.services.db.read_sync(fn)


def order_of(client, order_no):
    return read(client, lambda s: s.get(Order, order_no))


def charges(client, order_no):
    return read(
        client,
        lambda s: [
            (p.kind, p.provider, p.status, p.reference, p.amount)
            for p in s.scalars(select(Payment).where(Payment.order_id == order_no).order_by(Payment.id))
        ],
    )


def mails_of(client, order_no):
    return read(
        client,
        lambda s: [m.subject for m in s.scalars(select(OutboxMessage).where(OutboxMessage.order_id == order_no))],
    )


# --- what the checkout offers ------------------------------------------------------------------------


def test_without_stripe_keys_only_cash_is_offered_and_a_card_is_refused_by_name(client):
    for method in ("Stripe", "PayPal", "Visa Card"):
        answer = client.post("/api/checkout", json={**FORM, "paymentMethod": method, "items": items(client)})
        assert answer.status_code == 422, answer.text
        assert answer.json()["errors"]["paymentMethod"] == f"{method} is not taken here: choose Cash"
    page = client.get("/checkout").text
    assert '"methods":["Cash"]' in page and '"stripeKey":null' in page


def test_with_stripe_keys_cards_and_cash_are_offered_and_a_card_needs_its_payment_method(card_shop):
    assert '"methods":["Stripe","Cash"]' in card_shop.get("/checkout").text
    before = read(card_shop, lambda s: s.scalar(select(func.count()).select_from(Order)))
    answer = card_shop.post("/api/checkout", json={**STRIPE_FORM, "items": items(card_shop)})
    assert answer.status_code == 422 and "paymentMethodId" in answer.json()["errors"]
    assert read(card_shop, lambda s: s.scalar(select(func.count()).select_from(Order))) == before


# --- cards -----------------------------------------------------------------------------------------


def test_a_card_is_charged_the_order_total_and_the_order_is_paid(card_shop, fake_stripe):
    answer = pay_by_card(card_shop, fake_stripe)
    assert answer.status_code == 201, answer.text
    body = answer.json()
    assert body["payment"] == {"provider": "stripe", "status": "paid", "message": "", "clientSecret": None}
    assert body["paymentStatus"] == "Success" and body["status"] == "Pending" and len(body["key"]) == 43
    order = order_of(card_shop, body["orderNo"])
    [(kind, provider, status, reference, amount)] = charges(card_shop, body["orderNo"])
    assert (kind, provider, status, amount) == ("charge", "stripe", "succeeded", order.total)
    intent = fake_stripe.intent(reference)
    assert intent["amount"] == int(order.total * 100) and intent["currency"] == "usd"
    assert intent["status"] == "succeeded" and intent["metadata"]["order_no"] == str(order.id)
    calls = read(
        card_shop,
        lambda s: [
            (c.action, c.outcome) for c in s.scalars(select(PaymentCall).where(PaymentCall.order_id == order.id))
        ],
    )
    assert calls == [("start", "ok")]
    assert f"Order #{order.id} is now paid" in mails_of(card_shop, order.id)


def test_a_declined_card_leaves_the_order_pending_and_another_card_pays_it(card_shop, fake_stripe):
    cart = items(card_shop)
    stock_before = stock_of(card_shop, cart[0]["id"])
    body = pay_by_card(card_shop, fake_stripe, CARD_DECLINED, cart=cart).json()
    assert body["payment"]["status"] == "declined" and body["payment"]["message"] == "Your card was declined."
    assert body["paymentStatus"] == "Failed" and body["status"] == "Pending"
    assert stock_of(card_shop, cart[0]["id"]) == stock_before - 1, "the stock stays held for the order"

    again = {"paymentMethodId": fake_stripe.card_payment_method(CARD_PAID), "key": body["key"]}
    refused = card_shop.post(f"/api/orders/{body['orderNo']}/payment", json=again)
    assert refused.status_code == 403, "a signed-out write needs the CSRF token"
    wrong_key = card_shop.post(
        f"/api/orders/{body['orderNo']}/payment", json={**again, "key": "x" * 43}, headers=csrf(card_shop)
    )
    assert wrong_key.status_code == 404
    paid = card_shop.post(f"/api/orders/{body['orderNo']}/payment", json=again, headers=csrf(card_shop))
    assert paid.status_code == 201, paid.text
    assert paid.json()["payment"]["status"] == "paid" and paid.json()["paymentStatus"] == "Success"
    assert [c[2] for c in charges(card_shop, body["orderNo"])] == ["failed", "succeeded"]
    twice = card_shop.post(f"/api/orders/{body['orderNo']}/payment", json=again, headers=csrf(card_shop))
    assert twice.status_code == 409 and "paid already" in twice.json()["message"]


def test_a_card_asking_for_3d_secure_is_paid_once_the_shopper_confirms(card_shop, fake_stripe):
    body = pay_by_card(card_shop, fake_stripe, CARD_3DS).json()
    assert body["payment"]["status"] == "requires_action" and body["payment"]["clientSecret"].startswith("pi_")
    assert body["paymentStatus"] == "Pending"
    path = f"/api/orders/{body['orderNo']}/payment"
    assert card_shop.get(path, params={"key": "y" * 43}).status_code == 404
    assert card_shop.get(path, params={"key": body["key"]}).json()["payment"]["status"] == "requires_action"
    fake_stripe.authenticate(body["payment"]["clientSecret"])
    back = card_shop.get(path, params={"key": body["key"]}).json()
    assert back["payment"]["status"] == "paid" and back["paymentStatus"] == "Success"


def staff_of(client) -> TestClient:
    """The administrator, in another browser on the same shop."""
    staff = another_browser(client)
    assert sign_in(staff).status_code == 200
    staff.headers["X-CSRF-Token"] = staff.get("/api/auth/csrf").json()["csrfToken"]
    return staff


def test_an_unpaid_card_order_cannot_be_processed_or_shipped(card_shop, fake_stripe):
    body = pay_by_card(card_shop, fake_stripe, CARD_DECLINED).json()
    staff = staff_of(card_shop)
    moved = staff.patch(f"/api/orders/{body['orderNo']}", json={"status": "Processing"})
    assert moved.status_code == 409 and "not paid yet" in moved.json()["message"]
    assert order_of(card_shop, body["orderNo"]).status == "Pending"


def test_a_refund_goes_back_to_the_card_and_a_refusal_leaves_the_request_as_it_was(card_shop, fake_stripe):
    body = pay_by_card(card_shop, fake_stripe).json()
    order_no, staff = body["orderNo"], staff_of(card_shop)
    for status, extra in (
        ("Processing", {}),
        ("Shipped", {"carrier": "UPS", "trackingNo": "1Z999AA10123456784"}),
        ("Delivered", {}),
    ):
        moved = staff.patch(f"/api/orders/{order_no}", json={"status": status, **extra})
        assert moved.status_code == 200, moved.text
    assert moved.json()["trackingUrl"] == "https://www.ups.com/track?tracknum=1Z999AA10123456784"
    line = moved.json()["lines"][0]
    asked = staff.post("/api/refund-requests", json={"orderLineId": line["id"], "amount": line["amount"]})
    assert asked.status_code == 201, asked.text
    refund_id = asked.json()["id"]
    assert staff.patch(f"/api/refund-requests/{refund_id}", json={"status": "Processing"}).status_code == 200

    # Stripe says no (here: an intent it does not know): the message is shown, nothing changes.
    [(_, _, _, reference, _)] = charges(card_shop, order_no)
    card_shop.app.state.services.db.write_sync(
        lambda s: s.execute(Payment.__table__.update().where(Payment.order_id == order_no).values(reference="pi_gone"))
    )
    refused = staff.patch(f"/api/refund-requests/{refund_id}", json={"status": "Accepted"})
    assert refused.status_code == 409 and refused.json()["message"].startswith("Stripe refused the refund")
    assert staff.get(f"/api/orders/{order_no}").json()["refunds"][0]["status"] == "Processing"
    card_shop.app.state.services.db.write_sync(
        lambda s: s.execute(Payment.__table__.update().where(Payment.order_id == order_no).values(reference=reference))
    )

    accepted = staff.patch(f"/api/refund-requests/{refund_id}", json={"status": "Accepted"})
    assert accepted.status_code == 200, accepted.text
    refunds = [c for c in charges(card_shop, order_no) if c[0] == "refund"]
    assert len(refunds) == 1 and refunds[0][3].startswith("re_") and float(refunds[0][4]) == line["amount"]
    order = order_of(card_shop, order_no)
    assert order.payment_status == ("Refunded" if float(order.total) == line["amount"] else "Partly refunded")
    listed = httpx.get(f"{fake_stripe.url}/v1/refunds", headers={"Authorization": "Bearer sk_test_x"}).json()["data"]
    assert [(r["payment_intent"], r["amount"]) for r in listed] == [(reference, round(line["amount"] * 100))]


# --- cash on delivery --------------------------------------------------------------------------------


def test_cash_on_delivery_from_order_to_cash_collected(client):
    cart = items(client)
    placed = client.post("/api/checkout", json={**FORM, "paymentMethod": "Cash", "items": cart})
    assert placed.status_code == 201, placed.text
    body = placed.json()
    assert body["payment"]["provider"] == "cash" and body["payment"]["status"] == "pending"
    assert body["paymentStatus"] == "Pending"
    order_no, staff = body["orderNo"], staff_of(client)
    assert staff.post(f"/api/orders/{order_no}/cash-collected").status_code == 409, "not delivered yet: still Pending"
    assert staff.patch(f"/api/orders/{order_no}", json={"status": "Processing"}).status_code == 200
    ship = staff.patch(f"/api/orders/{order_no}", json={"status": "Shipped"})
    assert ship.status_code == 422 and set(ship.json()["errors"]) == {"carrier", "trackingNo"}
    shipped = staff.patch(
        f"/api/orders/{order_no}", json={"status": "Shipped", "carrier": "DHL", "trackingNo": "JD0146000"}
    )
    assert shipped.status_code == 200 and shipped.json()["trackingNo"] == "JD0146000"
    deliver = staff.patch(f"/api/orders/{order_no}", json={"status": "Delivered"})
    assert deliver.status_code == 409 and "Cash collected" in deliver.json()["message"]

    collected = staff.post(f"/api/orders/{order_no}/cash-collected")
    assert collected.status_code == 200, collected.text
    view = collected.json()
    assert view["status"] == "Delivered" and view["paymentStatus"] == "Success"
    [cash] = view["payments"]
    assert (cash["provider"], cash["status"], cash["recordedBy"]) == ("cash", "succeeded", "admin@studentbooks.test")
    assert cash["amount"] == body["total"]
    assert staff.post(f"/api/orders/{order_no}/cash-collected").status_code == 409, "collected once"
    assert f"Order #{order_no} is now shipped" in mails_of(client, order_no)


def test_staff_cancel_an_unpaid_order_with_its_stock_back_but_never_a_paid_one(client):
    cart = items(client, 1)
    before = stock_of(client, cart[0]["id"])
    order_no = client.post("/api/checkout", json={**FORM, "paymentMethod": "Cash", "items": cart}).json()["orderNo"]
    staff = staff_of(client)
    cancelled = staff.patch(f"/api/orders/{order_no}", json={"status": "Cancelled"})
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "Cancelled"
    assert stock_of(client, cart[0]["id"]) == before
    assert staff.patch(f"/api/orders/{order_no}", json={"status": "Processing"}).status_code == 409
    paid = read(
        client,
        lambda s: s.scalar(select(Order.id).where(Order.payment_status == "Success", Order.status == "Processing")),
    )
    refused = staff.patch(f"/api/orders/{paid}", json={"status": "Cancelled"})
    assert refused.status_code == 409 and "refund it instead" in refused.json()["message"]


# --- never twice -------------------------------------------------------------------------------------


def test_one_idempotency_key_places_one_order_and_starts_one_payment(card_shop, fake_stripe):
    key = str(uuid.uuid4())
    cart = items(card_shop)
    pm = fake_stripe.card_payment_method()
    body = {**STRIPE_FORM, "items": cart, "paymentMethodId": pm}
    first = card_shop.post("/api/checkout", json=body, headers={"Idempotency-Key": key}).json()
    again = card_shop.post("/api/checkout", json=body, headers={"Idempotency-Key": key})
    assert again.status_code == 201 and again.json()["orderNo"] == first["orderNo"]
    assert again.json()["payment"]["status"] == "paid"
    assert len(charges(card_shop, first["orderNo"])) == 1
    other = card_shop.post("/api/checkout", json={**body, "items": cart[:1]}, headers={"Idempotency-Key": key})
    assert other.status_code == 422 and "Idempotency-Key" in other.json()["errors"]
    assert card_shop.post("/api/checkout", json=body, headers={"Idempotency-Key": "no"}).status_code == 422


def test_a_double_submitted_checkout_places_one_order(card_shop, fake_stripe):
    """Six identical requests at once, as a double click and retries send them."""
    key = str(uuid.uuid4())
    body = {**STRIPE_FORM, "items": items(card_shop), "paymentMethodId": fake_stripe.card_payment_method()}
    count = lambda: read(card_shop, lambda s: s.scalar(select(func.count()).select_from(Order)))  # noqa: E731
    before = count()

    async def burst():
        transport = httpx.ASGITransport(app=card_shop.app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            import anyio

            answers = []

            async def one():
                answers.append(await client.post("/api/checkout", json=body, headers={"Idempotency-Key": key}))

            async with anyio.create_task_group() as group:
                for _ in range(6):
                    group.start_soon(one)
            return answers

    answers = card_shop.portal.call(burst)
    assert {a.status_code for a in answers} == {201}
    assert len({a.json()["orderNo"] for a in answers}) == 1
    assert count() == before + 1
    assert len(charges(card_shop, answers[0].json()["orderNo"])) == 1
    listed = httpx.get(f"{fake_stripe.url}/v1/payment_intents", headers={"Authorization": "Bearer sk_test_x"}).json()
    assert len(listed["data"]) == 1, "one PaymentIntent for one order"


# --- webhooks ----------------------------------------------------------------------------------------


def intent_event(intent: dict, kind: str, event_id: str | None = None, created: int | None = None) -> bytes:
    event = {
        "id": event_id or f"evt_{uuid.uuid4().hex[:16]}",
        "object": "event",
        "type": kind,
        "created": created or int(time.time()),
        "data": {"object": intent},
        "livemode": False,
        "api_version": "2020-08-27",
    }
    return json.dumps(event).encode()


def post_event(client, payload: bytes, signature: str | None = None):
    headers = {
        "Stripe-Signature": signature if signature is not None else sign(payload),
        "Content-Type": "application/json",
    }
    return client.post("/api/payments/stripe/webhook", content=payload, headers=headers)


def waiting_for_3ds(client, card):
    body = pay_by_card(client, card, CARD_3DS).json()
    [(_, _, _, reference, _)] = charges(client, body["orderNo"])
    return body, reference


def test_a_verified_webhook_pays_the_order_once_and_a_replay_changes_nothing(card_shop, fake_stripe):
    body, reference = waiting_for_3ds(card_shop, fake_stripe)
    fake_stripe.authenticate(body["payment"]["clientSecret"])
    payload = intent_event(fake_stripe.intent(reference), "payment_intent.succeeded", "evt_paid_1")
    answer = post_event(card_shop, payload)
    assert answer.status_code == 200 and "succeeded" in answer.json()["outcome"]
    assert order_of(card_shop, body["orderNo"]).payment_status == "Success"
    mails = mails_of(card_shop, body["orderNo"])
    replay = post_event(card_shop, payload)
    assert replay.status_code == 200 and replay.json()["outcome"].startswith("already received")
    assert mails_of(card_shop, body["orderNo"]) == mails, "a replay mails nobody"
    events = read(card_shop, lambda s: s.scalar(select(func.count()).select_from(PaymentEvent)))
    assert events == 1


def test_bad_tampered_and_stale_signatures_are_refused_and_change_nothing(card_shop, fake_stripe):
    body, reference = waiting_for_3ds(card_shop, fake_stripe)
    fake_stripe.authenticate(body["payment"]["clientSecret"])
    payload = intent_event(fake_stripe.intent(reference), "payment_intent.succeeded")
    tampered = payload.replace(b'"livemode": false', b'"livemode": true')
    for sent, signature in (
        (payload, ""),
        (payload, sign(payload, secret="whsec_someone_else")),
        (tampered, sign(payload)),
        (payload, sign(payload, at=int(time.time()) - 3600)),
        (b"not json", sign(b"not json")),
    ):
        answer = post_event(card_shop, sent, signature)
        assert answer.status_code == 400, answer.text
    assert order_of(card_shop, body["orderNo"]).payment_status == "Pending"
    assert read(card_shop, lambda s: s.scalar(select(func.count()).select_from(PaymentEvent))) == 0


def test_events_out_of_order_never_unpay_and_a_wrong_amount_never_pays(card_shop, fake_stripe):
    body, reference = waiting_for_3ds(card_shop, fake_stripe)
    intent = fake_stripe.intent(reference)
    paid = {**intent, "status": "succeeded"}
    failed = {
        **intent,
        "status": "requires_payment_method",
        "last_payment_error": {"message": "Your card was declined."},
    }
    older = int(time.time()) - 60
    assert (
        post_event(
            card_shop, intent_event({**paid, "amount": intent["amount"] - 1}, "payment_intent.succeeded")
        ).status_code
        == 200
    )
    assert order_of(card_shop, body["orderNo"]).payment_status == "Pending", "a wrong amount is not this order's money"
    assert post_event(card_shop, intent_event(paid, "payment_intent.succeeded")).status_code == 200
    assert (
        post_event(card_shop, intent_event(failed, "payment_intent.payment_failed", created=older)).status_code == 200
    )
    assert order_of(card_shop, body["orderNo"]).payment_status == "Success"
    unknown = {**paid, "id": "pi_not_ours", "metadata": {}}
    answer = post_event(card_shop, intent_event(unknown, "payment_intent.succeeded"))
    assert answer.status_code == 200 and "no order" in answer.json()["outcome"]
    other = post_event(card_shop, intent_event({"id": "cus_1", "object": "customer"}, "customer.created"))
    assert other.status_code == 200


def test_localstripe_delivers_its_own_signed_webhook_to_a_running_shop(seeded_sqlite, tmp_path, fake_stripe):
    """The webhook end to end: localstripe signs and posts payment_intent.succeeded itself."""
    import shutil

    from conftest import ADMIN_EMAIL, start_server

    db_copy = tmp_path / "shop.db"
    shutil.copyfile(seeded_sqlite[0], db_copy)
    process, base = start_server(db_copy, seeded_sqlite[1], **fake_stripe.env())
    try:
        fake_stripe.send_webhooks_to(f"{base}/api/payments/stripe/webhook")
        with httpx.Client(base_url=base, timeout=10) as shop:
            products = shop.get("/api/storefronts/market-1").status_code  # warms nothing, proves it answers
            assert products < 500
            with TestClient(create_app(make_settings(f"sqlite:///{db_copy}", seeded_sqlite[1]))) as client:
                cart = items(client)
            body = {**STRIPE_FORM, "items": cart, "paymentMethodId": fake_stripe.card_payment_method()}
            placed = shop.post("/api/checkout", json=body).json()
            assert placed["payment"]["status"] == "paid"
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            received = read(client, lambda s: s.scalars(select(PaymentEvent.type)).all())
            if "payment_intent.succeeded" in received:
                break
            time.sleep(0.2)
        assert "payment_intent.succeeded" in received
        assert ADMIN_EMAIL
    finally:
        process.terminate()
        process.wait(timeout=10)


# --- the timeout ------------------------------------------------------------------------------------


def test_an_order_unpaid_after_the_timeout_is_cancelled_with_its_stock_back(card_shop, fake_stripe):
    cart = items(card_shop, 1)
    stock_before = stock_of(card_shop, cart[0]["id"])
    declined = pay_by_card(card_shop, fake_stripe, CARD_DECLINED, cart=cart).json()
    waiting, reference = waiting_for_3ds(card_shop, fake_stripe)
    payments = card_shop.app.state.services.payments
    assert card_shop.portal.call(payments.sweep) == 0, "nothing is due within 30 minutes"

    payments.timeout = payments.timeout * 0  # as if the 30 minutes had passed
    assert card_shop.portal.call(payments.sweep) == 2
    for body in (declined, waiting):
        order = order_of(card_shop, body["orderNo"])
        assert order.status == "Cancelled" and order.payment_status != "Success"
        assert f"Order #{order.id} is now cancelled" in mails_of(card_shop, order.id)
    assert fake_stripe.intent(reference)["status"] == "canceled"
    assert stock_of(card_shop, cart[0]["id"]) == stock_before
    assert card_shop.portal.call(payments.sweep) == 0, "a cancelled order is not cancelled twice"


def test_the_timeout_never_cancels_an_order_paid_at_the_last_moment(card_shop, fake_stripe):
    body, reference = waiting_for_3ds(card_shop, fake_stripe)
    fake_stripe.authenticate(body["payment"]["clientSecret"])  # paid; the shop has not heard yet
    payments = card_shop.app.state.services.payments
    payments.timeout = payments.timeout * 0
    assert card_shop.portal.call(payments.sweep) == 0
    order = order_of(card_shop, body["orderNo"])
    assert (order.status, order.payment_status) == ("Pending", "Success")
