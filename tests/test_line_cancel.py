"""A seller cancels a line they cannot fill (issue 25; db/line_cancel.py): the shopper's money for
it goes back through the card's provider (localstripe), or is not collected at the door for cash;
its copies go back on the offer; the line earns nothing; the other seller's parcel goes on; the
shopper is mailed; the ledger check holds. A refusal by the provider cancels nothing; a provider
that cannot be reached holds the parcel back until the seller asks again, and then one refund is
made. Bad asks (another seller's line, a parcel gone, an order not confirmed, no reason) change
nothing."""

from __future__ import annotations

from decimal import Decimal

import httpx
import pytest
from conftest import another_browser, make_settings
from fake_stripe import SECRET_KEY, fake_stripe, stripe_server  # noqa: F401
from sellers import books_nobody_sells_used, read, sellers_without_account, signed_in_seller
from sqlalchemy import func, select
from starlette.testclient import TestClient
from test_openapi import checked_answer
from test_payments import STRIPE_FORM, card_shop, staff_of  # noqa: F401 (card_shop is a fixture)

from app.main import create_app
from db.ledger_check import check_ledger
from db.models import Earning, Offer, Order, OrderLine, OutboxMessage, Payment

SHIP = {"carrier": "UPS", "trackingNo": "1Z999AA10123456784"}
REASON = {"reason": "The copy was water-damaged in storage"}
CASH_FORM = {**STRIPE_FORM, "paymentMethod": "Cash"}


class TwoSellersOrder:
    """One order holding seller A's used copies (2 of them) and seller B's New copy, confirmed by
    the shop (Processing), with each seller's parcel and line."""

    def __init__(self, shop: TestClient, staff: TestClient, body: dict, sellers: tuple | None = None):
        used, new = books_nobody_sells_used(staff)
        if sellers is None:
            sellers = tuple(signed_in_seller(staff, seller) for seller in sellers_without_account(staff))
        self.a, self.b = sellers
        self.offer_a = self._offer(self.a, used.isbn10, "Good", "3.50", 3)
        self.offer_b = self._offer(self.b, new.isbn13, "New", "7.25", 4)
        items = [
            {"id": used.product_id, "offerId": self.offer_a, "qty": 2, "price": 3.5},
            {"id": new.product_id, "offerId": self.offer_b, "qty": 1, "price": 7.25},
        ]
        placed = shop.post("/api/checkout", json={**body, "items": items})
        assert placed.status_code == 201, placed.text
        self.order_no, self.key = placed.json()["orderNo"], placed.json()["key"]
        self.shop, self.staff = shop, staff

    @staticmethod
    def _offer(seller, isbn: str, condition: str, price: str, stock: int) -> int:
        offer = {"isbn": isbn, "condition": condition, "price": price, "stock": stock}
        made = seller.client.post("/api/seller/offers", json=offer)
        assert made.status_code == 201, made.text
        return made.json()["id"]

    def confirm(self) -> None:
        moved = self.staff.patch(f"/api/orders/{self.order_no}", json={"status": "Processing"})
        assert moved.status_code == 200, moved.text

    def parcel(self, seller) -> dict:
        [parcel] = seller.client.get("/api/seller/orders", params={"q": self.order_no}).json()
        return parcel

    def cancel(self, seller, parcel: dict | None = None, body: dict = REASON, client: TestClient | None = None):
        parcel = parcel or self.parcel(seller)
        line = parcel["lines"][0]["id"]
        return (client or seller.client).post(f"/api/seller/orders/{parcel['id']}/lines/{line}/cancel", json=body)

    def stock(self, offer_id: int) -> int:
        return read(self.shop, lambda s: s.get(Offer, offer_id).stock)

    def payments(self) -> list[tuple]:
        return read(
            self.shop,
            lambda s: [
                (p.kind, p.status, p.amount, p.order_line_id, p.reference)
                for p in s.scalars(select(Payment).where(Payment.order_id == self.order_no).order_by(Payment.id))
            ],
        )

    def mails(self) -> list[str]:
        return read(
            self.shop,
            lambda s: list(
                s.scalars(
                    select(OutboxMessage.text).where(
                        OutboxMessage.order_id == self.order_no, OutboxMessage.kind == "line_cancelled"
                    )
                )
            ),
        )

    def earned(self, seller) -> Decimal:
        return read(
            self.shop,
            lambda s: s.scalar(
                select(func.coalesce(func.sum(Earning.seller_earning), 0)).where(
                    Earning.order_id == self.order_no, Earning.seller_id == seller.seller_id
                )
            ),
        )


def ledger_holds(shop: TestClient) -> None:
    report = read(shop, check_ledger)
    assert report.ok, report.problems


def stripe_refunds(fake) -> list[tuple[str, int]]:
    listed = httpx.get(f"{fake.url}/v1/refunds", headers={"Authorization": f"Bearer {SECRET_KEY}"}, timeout=5)
    return [(r["payment_intent"], r["amount"]) for r in listed.json()["data"]]


def test_a_card_paid_line_the_seller_cannot_fill_is_refunded_to_the_card_and_the_order_goes_on(card_shop, fake_stripe):
    staff = staff_of(card_shop)
    order = TwoSellersOrder(card_shop, staff, {**STRIPE_FORM, "paymentMethodId": fake_stripe.card_payment_method()})
    [(_, status, paid, _, intent)] = order.payments()
    assert (status, paid) == ("succeeded", Decimal("14.25"))
    parcel_a = order.parcel(order.a)
    # Not before the shop confirms the order, never another seller's line, never without a reason.
    refused = order.cancel(order.a, parcel_a)
    assert refused.status_code == 409 and "not confirmed" in refused.json()["message"]
    order.confirm()
    assert order.cancel(order.b, parcel_a).status_code == 404
    assert order.cancel(order.a, parcel_a, {"reason": ""}).status_code == 422
    assert order.cancel(order.a, parcel_a, {}).status_code == 422
    assert order.payments() == [("charge", "succeeded", paid, None, intent)]
    stock_before = order.stock(order.offer_a)

    cancelled = order.cancel(order.a, parcel_a)
    assert cancelled.status_code == 200, cancelled.text
    spec = card_shop.get("/openapi.json").json()
    path = "/api/seller/orders/{id}/lines/{line}/cancel"
    checked_answer(spec, path, spec["paths"][path]["post"], cancelled)
    [line] = cancelled.json()["lines"]
    assert line["cancelledAt"] and line["cancelReason"] == REASON["reason"] and not line["cancelling"]
    assert (cancelled.json()["status"], cancelled.json()["total"]) == ("Cancelled", 0)
    # The card gets the line's 7.00 back, once; the order is partly refunded and still going.
    assert stripe_refunds(fake_stripe) == [(intent, 700)]
    payments = order.payments()
    assert payments[1][:4] == ("refund", "succeeded", Decimal("7.00"), line["id"])
    assert payments[1][4].startswith("re_")
    assert read(card_shop, lambda s: s.get(Order, order.order_no).payment_status) == "Partly refunded"
    assert order.stock(order.offer_a) == stock_before + 2
    [mail] = order.mails()
    assert "Refunded to your card: $7.00" in mail and REASON["reason"] in mail
    # Asked again, nothing more happens.
    again = order.cancel(order.a, parcel_a)
    assert again.status_code == 409 and "cancelled already" in again.json()["message"]
    assert len(stripe_refunds(fake_stripe)) == 1
    # Seller A's parcel cannot go; B's goes, the order follows B's alone.
    assert order.a.client.post(f"/api/seller/orders/{parcel_a['id']}/ship", json=SHIP).status_code == 409
    assert order.b.client.post(f"/api/seller/orders/{order.parcel(order.b)['id']}/ship", json=SHIP).status_code == 200
    view = staff.get(f"/api/orders/{order.order_no}").json()
    assert view["status"] == "Shipped"
    assert (view["amount"], view["due"]) == (14.25, 7.25)
    cancelled_line = next(item for item in view["lines"] if item["id"] == line["id"])
    assert cancelled_line["cancelledAt"] and cancelled_line["refundable"] == 0
    delivered = staff.patch(f"/api/orders/{order.order_no}", json={"status": "Delivered"})
    assert delivered.status_code == 200, delivered.text
    # Only B earns; no refund may be asked on the cancelled line; the ledger holds.
    assert order.earned(order.a) == 0 and order.earned(order.b) > 0
    asked = staff.post("/api/refund-requests", json={"orderLineId": line["id"], "amount": 1})
    assert asked.status_code == 409 and "cancelled" in asked.json()["message"]
    ledger_holds(card_shop)


def test_a_refund_the_provider_refuses_cancels_nothing(card_shop, fake_stripe):
    staff = staff_of(card_shop)
    order = TwoSellersOrder(card_shop, staff, {**STRIPE_FORM, "paymentMethodId": fake_stripe.card_payment_method()})
    order.confirm()
    [(_, _, _, _, intent)] = order.payments()
    card_shop.app.state.services.db.write_sync(
        lambda s: s.execute(
            Payment.__table__.update().where(Payment.order_id == order.order_no).values(reference="pi_gone")
        )
    )
    stock = order.stock(order.offer_a)
    refused = order.cancel(order.a)
    assert refused.status_code == 409 and refused.json()["message"].startswith("Stripe refused the refund")
    [line] = order.parcel(order.a)["lines"]
    assert (line["cancelledAt"], line["cancelling"]) == (None, False)
    assert order.stock(order.offer_a) == stock and order.mails() == []
    assert [p[0] for p in order.payments()] == ["charge"]
    # The parcel may go as it was.
    card_shop.app.state.services.db.write_sync(
        lambda s: s.execute(
            Payment.__table__.update().where(Payment.order_id == order.order_no).values(reference=intent)
        )
    )
    assert order.a.client.post(f"/api/seller/orders/{order.parcel(order.a)['id']}/ship", json=SHIP).status_code == 200
    ledger_holds(card_shop)


def test_a_provider_out_of_reach_holds_the_parcel_until_the_seller_asks_again(card_shop, fake_stripe, settings):
    staff = staff_of(card_shop)
    order = TwoSellersOrder(card_shop, staff, {**STRIPE_FORM, "paymentMethodId": fake_stripe.card_payment_method()})
    order.confirm()
    # The same shop, another instance whose Stripe does not answer (nothing listens on port 9).
    unreachable = make_settings(
        settings.database_url, settings.media_dir, **{**fake_stripe.settings(), "stripe_api_base": "http://127.0.0.1:9"}
    )
    with TestClient(create_app(unreachable), base_url="http://127.0.0.1") as other:
        other.cookies.update(order.a.client.cookies)
        other.headers["X-CSRF-Token"] = order.a.client.headers["X-CSRF-Token"]
        lost = order.cancel(order.a, client=other)
    assert lost.status_code == 409 and "could not be reached" in lost.json()["message"]
    parcel = order.parcel(order.a)
    assert parcel["lines"][0]["cancelling"] and parcel["lines"][0]["cancelledAt"] is None
    assert stripe_refunds(fake_stripe) == []
    # Held back: neither the seller nor the shop sends it while its refund is in doubt.
    held = order.a.client.post(f"/api/seller/orders/{parcel['id']}/ship", json=SHIP)
    assert held.status_code == 409 and "being cancelled" in held.json()["message"]
    shipped = staff.patch(f"/api/orders/{order.order_no}", json={"status": "Shipped", **SHIP})
    assert shipped.status_code == 409 and "being cancelled" in shipped.json()["message"]
    # Asked again where the provider answers: one refund, the line cancelled.
    finished = order.cancel(order.a)
    assert finished.status_code == 200, finished.text
    assert len(stripe_refunds(fake_stripe)) == 1
    assert [p[0] for p in order.payments()] == ["charge", "refund"]
    ledger_holds(card_shop)


def test_a_cash_line_cancelled_is_not_collected_and_every_line_cancelled_cancels_the_order(admin_client):
    order = TwoSellersOrder(admin_client, admin_client, CASH_FORM)
    order.confirm()
    cancelled = order.cancel(order.a)
    assert cancelled.status_code == 200, cancelled.text
    [(kind, status, amount, _, _)] = order.payments()
    assert (kind, status, amount) == ("charge", "pending", Decimal("7.25")), "the cash asked at the door"
    [mail] = order.mails()
    assert "Not to pay at delivery: $7.00" in mail
    # The shopper's own page of the order says so, with the seller's reason.
    page = another_browser(admin_client).get(f"/orders/{order.order_no}", params={"key": order.key})
    # (React marks where one text ends and the next begins with an empty comment.)
    assert page.status_code == 200 and f"Cancelled by the seller: <!-- -->{REASON['reason']}" in page.text
    assert "Cancelled by sellers" in page.text and "$7.25" in page.text
    shopper_view = read(admin_client, lambda s: s.get(Order, order.order_no).status)
    assert shopper_view == "Processing"
    assert order.b.client.post(f"/api/seller/orders/{order.parcel(order.b)['id']}/ship", json=SHIP).status_code == 200
    collected = admin_client.post(f"/api/orders/{order.order_no}/cash-collected")
    assert collected.status_code == 200, collected.text
    [cash] = collected.json()["payments"]
    assert (cash["status"], cash["amount"]) == ("succeeded", 7.25)
    assert order.earned(order.a) == 0 and order.earned(order.b) > 0
    ledger_holds(admin_client)

    # Another order whose every line is cancelled is cancelled, and nothing is asked at the door.
    second = TwoSellersOrder(admin_client, admin_client, CASH_FORM, (order.a, order.b))
    second.confirm()
    assert second.cancel(second.a).status_code == 200
    assert second.cancel(second.b).status_code == 200
    order_row = read(
        admin_client, lambda s: (s.get(Order, second.order_no).status, s.get(Order, second.order_no).payment_status)
    )
    assert order_row == ("Cancelled", "Pending")
    assert [p[1] for p in second.payments()] == ["cancelled"]
    assert admin_client.post(f"/api/orders/{second.order_no}/cash-collected").status_code == 409
    ledger_holds(admin_client)


def test_a_line_whose_parcel_has_gone_cannot_be_cancelled(admin_client):
    order = TwoSellersOrder(admin_client, admin_client, CASH_FORM)
    order.confirm()
    parcel = order.parcel(order.a)
    assert order.a.client.post(f"/api/seller/orders/{parcel['id']}/ship", json=SHIP).status_code == 200
    refused = order.cancel(order.a, parcel)
    assert refused.status_code == 409 and "shipped" in refused.json()["message"]
    lines = read(
        admin_client,
        lambda s: s.scalar(
            select(func.count(OrderLine.id)).where(
                OrderLine.cancelled_at.is_not(None), OrderLine.order_id == order.order_no
            )
        ),
    )
    assert lines == 0


def test_a_cancellation_sent_twice_at_once_refunds_once(card_shop, fake_stripe):
    """A double click or a second tab: localstripe ignores idempotency keys, so the shop must hold."""
    staff = staff_of(card_shop)
    order = TwoSellersOrder(card_shop, staff, {**STRIPE_FORM, "paymentMethodId": fake_stripe.card_payment_method()})
    order.confirm()
    parcel = order.parcel(order.a)
    url = f"/api/seller/orders/{parcel['id']}/lines/{parcel['lines'][0]['id']}/cancel"

    async def burst():
        transport = httpx.ASGITransport(app=card_shop.app)
        async with httpx.AsyncClient(
            transport=transport,
            base_url="http://127.0.0.1",
            cookies=order.a.client.cookies,
            headers={"X-CSRF-Token": order.a.client.headers["X-CSRF-Token"]},
        ) as client:
            import anyio

            answers = []

            async def one():
                answers.append(await client.post(url, json=REASON))

            async with anyio.create_task_group() as group:
                for _ in range(4):
                    group.start_soon(one)
            return answers

    answers = card_shop.portal.call(burst)
    assert sorted(a.status_code for a in answers) == [200, 409, 409, 409], [a.text for a in answers]
    assert len(stripe_refunds(fake_stripe)) == 1
    assert [p[0] for p in order.payments()] == ["charge", "refund"]
    assert len(order.mails()) == 1
    ledger_holds(card_shop)


def test_an_order_paid_between_the_plan_and_the_cancellation_is_not_left_keeping_the_lines_money(admin_client):
    """Cash collected at the counter while the seller's cancellation was being written: refused, so
    the seller cancels again and the line's money goes back instead of being kept."""
    from db import line_cancel
    from db.money import currency_of
    from db.payments import collect_cash

    order = TwoSellersOrder(admin_client, admin_client, CASH_FORM)
    order.confirm()
    line_id = order.parcel(order.a)["lines"][0]["id"]
    db, form = admin_client.app.state.services.db, line_cancel.CancelForm(**REASON)
    plan = db.write_sync(lambda s: line_cancel.begin(s, order.a.email, order.a.seller_id, line_id, form))
    assert plan.provider is None, "nothing was taken yet"
    db.write_sync(lambda s: collect_cash(s, s.get(Order, order.order_no), "counter@shop", currency_of("USD")))
    with pytest.raises(line_cancel.Conflict, match="paid meanwhile"):
        db.write_sync(
            lambda s: line_cancel.finish(
                s, order.a.email, order.a.seller_id, line_id, form, plan, None, currency_of("USD")
            )
        )
    again = order.cancel(order.a)
    assert again.status_code == 200, again.text
    assert [(p[0], p[1], p[2]) for p in order.payments()] == [
        ("charge", "succeeded", Decimal("14.25")),
        ("refund", "succeeded", Decimal("7.00")),
    ]
    ledger_holds(admin_client)
