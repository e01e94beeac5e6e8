"""The payment service each process holds: which providers the checkout offers, and every step that
talks to a provider, run between database transactions so no transaction waits on the network:
read what to do (or write the charge), call the provider, then record the call and what it said in
one more transaction (db/payments.py). It also sweeps up card orders left unpaid."""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.database import Database
from app.payments.cash import CashOnDelivery
from app.payments.provider import ChargeRequest, Provider, Refused, Started, Unreachable
from app.payments.stripe_cards import StripeCards
from app.settings import Settings
from db import line_cancel
from db.admin import Conflict
from db.admin.refunds import accept_refund, refund_plan
from db.line_cancel import CancelForm
from db.models import Order, Payment
from db.models.base import utcnow
from db.money import Currency, currency_of
from db.payments import (
    OPEN_CHARGES,
    TAKEN,
    ProviderCharge,
    cancel_order,
    payment_state,
    record_call,
    settle_charge,
)

log = logging.getLogger("studentbooks.payments")
SWEEP_BATCH = 50
STOP_WAIT_SEC = 10.0


class RefundRefused(Conflict):
    """The provider said no to a refund (not merely unreachable): nothing was refunded, for sure."""


@dataclass(frozen=True)
class Call:
    """One call to a provider, as recorded beside what it said."""

    provider: str
    action: str
    key: str | None = None
    outcome: str = "ok"
    detail: str = ""


def _settled(session: Session, payment_id: int, said: ProviderCharge, currency: Currency, call: Call) -> Payment:
    charge = settle_charge(session, payment_id, said, currency)
    detail = call.detail or f"{said.status}{': ' + said.message if said.message else ''}"
    record_call(
        session,
        provider=call.provider,
        action=call.action,
        outcome=call.outcome,
        detail=detail,
        key=call.key,
        payment_id=payment_id,
        order_id=charge.order_id,
    )
    return charge


def _state_settled(session: Session, payment_id: int, said: ProviderCharge, currency: Currency, call: Call) -> dict:
    return payment_state(session, _settled(session, payment_id, said, currency, call))


def _state_and_charge(session: Session, payment_id: int) -> tuple[dict, tuple[str, str | None, str]]:
    charge = session.get(Payment, payment_id)
    return payment_state(session, charge), (charge.provider, charge.reference, charge.status)


def _with_secret(state: dict, client_secret: str | None) -> dict:
    if state["payment"]["status"] != "requires_action":
        return state
    return {**state, "payment": {**state["payment"], "clientSecret": client_secret}}


def _open_charges(session: Session, order_id: int) -> list[tuple[int, str, str | None]]:
    return list(
        session.execute(
            select(Payment.id, Payment.provider, Payment.reference).where(
                Payment.order_id == order_id, Payment.kind == "charge", Payment.status.in_(OPEN_CHARGES)
            )
        ).tuples()
    )


def _unpaid_card_orders(session: Session, placed_before: dt.datetime, provider: str) -> list[int]:
    """Pending orders placed before then whose charges at that provider are open or failed and none
    succeeded. Found from the charges (few are ever not succeeded: ix_payment_status), never by a
    scan of every order; the seeded history's unpaid orders have no charge and are left alone."""
    return list(
        session.scalars(
            select(Order.id)
            .join(Payment, Payment.order_id == Order.id)
            .where(
                Payment.status.in_((*OPEN_CHARGES, "failed")),
                Payment.provider == provider,
                Payment.kind == "charge",
                Order.status == "Pending",
                Order.payment_status.not_in(TAKEN),
                Order.created_at < placed_before,
            )
            .group_by(Order.id)
            .order_by(Order.id)
            .limit(SWEEP_BATCH)
        )
    )


class Payments:
    def __init__(self, settings: Settings, db: Database):
        self.db = db
        self.currency = currency_of(settings.shop_currency)
        self.cash = CashOnDelivery()
        self.cards = (
            StripeCards(settings.stripe_secret_key, settings.stripe_api_base)
            if settings.stripe_secret_key and settings.stripe_publishable_key
            else None
        )
        self.publishable_key = settings.stripe_publishable_key if self.cards else ""
        self.stripe_js_url = settings.stripe_js_url if self.cards else ""
        self.webhook_secret = settings.stripe_webhook_secret
        self.timeout = dt.timedelta(minutes=settings.payment_timeout_minutes)
        self.sweep_sec = settings.payment_sweep_sec
        self._sweeper: asyncio.Task | None = None
        by_method: list[Provider] = [p for p in (self.cards, self.cash) if p is not None]
        self.by_method = {p.method: p for p in by_method}
        self.by_name = {p.name: p for p in by_method}

    @property
    def offered(self) -> tuple[str, ...]:
        """The checkout's payment methods, cards first when Stripe is configured."""
        return tuple(self.by_method)

    def client_config(self) -> dict:
        return {
            "methods": list(self.offered),
            "stripeKey": self.publishable_key or None,
            "stripeJs": self.stripe_js_url or None,
            "currency": self.currency.as_config(),
        }

    # Charges

    async def start(
        self, order_no: int, payment_id: int, amount: Decimal, provider: Provider, payment_method: str | None
    ) -> dict:
        """Start the charge the checkout wrote for `amount` (cards: create and confirm the
        PaymentIntent), record the call and what the provider said; answers the order's payment
        state (db/payments.py)."""
        key = f"sb-order-{order_no}-charge-{payment_id}"
        request = ChargeRequest(
            order_no, payment_id, self.currency.minor_units(amount), self.currency.code, key, payment_method
        )
        started, call = await self._calling(provider, "start", key, provider.start(request))
        state = await self.db.write(_state_settled, payment_id, started.charge, self.currency, call)
        return _with_secret(state, started.client_secret)

    async def read_back(self, payment_id: int) -> dict:
        """The order's payment state with the charge as its provider has it now (the shopper is back
        from a 3-D Secure step, or a page asks whether a card payment went through)."""
        state, (name, reference, status) = await self.db.read(_state_and_charge, payment_id)
        provider = self.by_name.get(name)
        if provider is None or reference is None or status not in OPEN_CHARGES:
            return state
        started, call = await self._calling(provider, "confirm", None, provider.confirm(reference))
        state = await self.db.write(_state_settled, payment_id, started.charge, self.currency, call)
        return _with_secret(state, started.client_secret)

    async def _calling(self, provider: Provider, action: str, key: str | None, call) -> tuple[Started, Call]:
        try:
            return await call, Call(provider.name, action, key)
        except Refused as refused:
            said = ProviderCharge("failed", message=refused.message)
            return Started(said), Call(provider.name, action, key, "refused", refused.message)
        except Unreachable as error:
            log.warning("%s %s: %s", provider.name, action, error)
            message = "The payment service could not be reached, so nothing was charged. Please try again."
            return Started(ProviderCharge("failed", message=message)), Call(
                provider.name, action, key, "unreachable", str(error)
            )

    async def stop_open_charges(self, order_id: int) -> bool:
        """Cancel the order's open charges at their provider before the order is cancelled; answers
        False when one of them turns out to have been paid (the order is then paid, not cancelled)."""
        for payment_id, name, reference in await self.db.read(_open_charges, order_id):
            provider = self.by_name.get(name)
            if provider is None or reference is None:
                continue
            key = f"sb-order-{order_id}-cancel-{payment_id}"
            try:
                said, call = await provider.cancel(reference, key), Call(name, "cancel", key)
            except (Refused, Unreachable) as error:
                said, call = None, Call(name, "cancel", key, "refused", str(error))
            if said is None:
                return False  # not known to be stopped: leave the order for the next sweep
            charge = await self.db.write(_settled, payment_id, said, self.currency, call)
            if charge.status == "succeeded":
                return False
        return True

    async def cancel_unpaid(self, order_id: int, actor: str, reason: str) -> Order:
        """Cancel an unpaid order: its open charges at the provider first, then the order (stock back,
        shopper told). Conflict when it was paid after all or cannot be cancelled."""
        if not await self.stop_open_charges(order_id):
            raise Conflict(f"Order {order_id} could not be cancelled: its card payment went through or is still open")
        return await self.db.write(cancel_order, order_id, actor, reason)

    # Refunds

    async def _refund(self, provider: Provider, charge_reference: str, amount: Decimal, key: str, order_id: int) -> str:
        """Refund part of a paid charge at its provider: the refund's reference. A refusal or silence is
        recorded and answered as a Conflict (RefundRefused when the provider said no)."""
        try:
            return await provider.refund(charge_reference, self.currency.minor_units(amount), key)
        except (Refused, Unreachable) as error:
            refused = isinstance(error, Refused)
            message = error.message if refused else "could not be reached: nothing was refunded; try again"
            call = {"provider": provider.name, "action": "refund", "key": key, "order_id": order_id}
            await self.db.write(record_call, outcome="refused" if refused else "unreachable", detail=str(error), **call)
            if refused:
                raise RefundRefused(f"{provider.method} refused the refund: {message}") from error
            raise Conflict(f"{provider.method} {message}") from error

    def _card_provider(self, name: str | None, reference: str | None) -> Provider | None:
        """The provider a paid charge is refunded through; None: the refund is paid out by hand."""
        provider = self.by_name.get(name) if name else None
        return provider if provider is not None and provider is not self.cash and reference else None

    async def accept_refund(self, refund_id: int, actor: str) -> dict:
        """Accept a refund request: a card payment is refunded through its provider first (Conflict
        with the provider's message when it says no, and the request stays where it was); any other
        is recorded as paid out by hand."""
        plan = await self.db.read(refund_plan, refund_id)
        provider = self._card_provider(plan.provider, plan.reference)
        reference = None
        if provider is not None:
            reference = await self._refund(provider, plan.reference, plan.amount, plan.key(refund_id), plan.order_id)
        return await self.db.write(accept_refund, actor, refund_id, plan, reference, self.currency)

    async def cancel_line(self, actor: str, seller_id: int, line_id: int, form: CancelForm) -> None:
        """A seller cancels a line they cannot fill (db/line_cancel.py): money taken by card goes back
        through its provider first. When the provider says no, the line is not cancelled (Conflict);
        when it cannot be reached, the line stays held back until the seller asks again (the same
        idempotency key then answers the same refund, never a second one)."""
        plan = await self.db.write(line_cancel.begin, actor, seller_id, line_id, form)
        provider = self._card_provider(plan.provider, plan.reference) if plan.calls_provider else None
        reference = None
        if provider is not None:
            try:
                reference = await self._refund(provider, plan.reference, plan.amount, plan.key, plan.order_id)
            except RefundRefused:
                await self.db.write(line_cancel.give_up, plan)
                raise
        await self.db.write(line_cancel.finish, actor, seller_id, line_id, form, plan, reference, self.currency)

    # The sweep

    async def sweep(self) -> int:
        """Cancel the card orders nobody paid for within the timeout; answers how many."""
        cutoff = utcnow() - self.timeout
        cancelled = 0
        reason = f"Not paid within {self.timeout.total_seconds() / 60:g} minutes"
        if self.cards is None:
            return 0
        for order_id in await self.db.read(_unpaid_card_orders, cutoff, self.cards.name):
            try:
                await self.cancel_unpaid(order_id, "system", reason)
                cancelled += 1
            except Conflict as refused:  # paid meanwhile, or another instance cancelled it first
                log.info("order %s left as it is: %s", order_id, refused.message)
        return cancelled

    def start_sweeping(self) -> None:
        self._sweeper = asyncio.create_task(self._sweep_forever())

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_sec)
            try:
                await self.sweep()
            except Exception:  # a database hiccup must not end the sweeping for good
                log.exception("the unpaid orders sweep failed; trying again later")

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            # A sweep cancelled inside a provider or database call waits for it; never for ever.
            done, _ = await asyncio.wait({self._sweeper}, timeout=STOP_WAIT_SEC)
            if not done:
                log.warning(
                    "the unpaid orders sweep is still busy %.0f s after being stopped; leaving it", STOP_WAIT_SEC
                )
