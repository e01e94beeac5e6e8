"""Money in the database: an order's charges and refunds, the provider calls and events behind them,
and the order's payment status, which follows them. Every function runs in its caller's
transaction; nothing here talks to a provider (app/payments/ does, between transactions).

An order is paid only on the provider's word with the order's own amount and currency; once paid it
is never unpaid by a later, older or failed word."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from db import audit
from db.admin import Conflict, found, lock
from db.events import occurred
from db.models import Order, OrderStatusChange, Payment, PaymentCall, PaymentEvent
from db.models.base import utcnow
from db.money import Currency
from db.offers import put_back, summarise
from db.order_links import MAX_ORDER_NO, order_by_key

PAID = "Success"
# Payment statuses of an order that money was taken for (some of it may have gone back since).
TAKEN = (PAID, "Refunded", "Partly refunded")
# A charge in one of these may still turn into money; the others are final.
OPEN_CHARGES = ("pending", "requires_action")
SYSTEM = "system"


@dataclass(frozen=True)
class ProviderCharge:
    """What a provider said about a charge, in the shop's words."""

    status: str  # pending | requires_action | succeeded | failed | cancelled
    reference: str | None = None
    amount_units: int | None = None  # in the currency's minor units, as the provider counts
    currency: str | None = None
    message: str = ""


def new_charge(
    session: Session, order: Order, provider: str, currency: Currency, reference: str | None = None
) -> Payment:
    charge = Payment(
        order_id=order.id,
        provider=provider,
        kind="charge",
        status="pending",
        amount=order.total,
        currency=currency.code,
        reference=reference,
        message="",
    )
    session.add(charge)
    session.flush()
    return charge


def record_call(
    session: Session,
    *,
    provider: str,
    action: str,
    outcome: str,
    detail: str = "",
    payment_id: int | None = None,
    order_id: int | None = None,
    key: str | None = None,
) -> None:
    session.add(
        PaymentCall(
            provider=provider,
            action=action,
            outcome=outcome,
            detail=detail[:2000],
            payment_id=payment_id,
            order_id=order_id,
            idempotency_key=key,
        )
    )


def charges_of(session: Session, order_id: int) -> list[Payment]:
    return list(
        session.scalars(
            select(Payment).where(Payment.order_id == order_id, Payment.kind == "charge").order_by(Payment.id)
        )
    )


def latest_charge(session: Session, order_id: int) -> Payment | None:
    charges = charges_of(session, order_id)
    return charges[-1] if charges else None


def paid_charge(session: Session, order_id: int) -> Payment | None:
    """The order's succeeded charge (the money a refund goes back against)."""
    return session.scalar(
        select(Payment)
        .where(Payment.order_id == order_id, Payment.kind == "charge", Payment.status == "succeeded")
        .order_by(Payment.id.desc())
        .limit(1)
    )


def charge_by_reference(session: Session, provider: str, reference: str) -> Payment | None:
    return session.scalar(
        select(Payment).where(Payment.provider == provider, Payment.reference == reference, Payment.kind == "charge")
    )


def _mark_order(session: Session, order: Order, payment_status: str, actor: str) -> None:
    if order.payment_status == payment_status:
        return
    before = audit.snapshot(order)
    order.payment_status = payment_status
    session.flush()
    audit.record(session, actor, "payment", "order", order.id, before, audit.snapshot(order))


def settle_charge(session: Session, payment_id: int, said: ProviderCharge, currency: Currency) -> Payment:
    """Bring a charge and its order's payment status to what the provider said. The order is
    locked first, so a webhook and the shopper's return settling the same charge at once take
    turns; settling twice with the same word changes nothing the second time."""
    charge = session.get(Payment, payment_id)
    lock(session, Order, charge.order_id)
    session.refresh(charge)
    order = session.get(Order, charge.order_id, populate_existing=True)
    if said.reference and charge.reference is None:
        charge.reference = said.reference
    if charge.status == "succeeded":
        return charge  # money taken is never untaken by a later word (a refund records its own row)
    status, message = said.status, said.message
    if charge.status in ("failed", "cancelled") and status in OPEN_CHARGES:
        return charge  # an older word arriving late: a charge that ended opens again only by taking money
    if status == "succeeded" and (
        said.amount_units != currency.minor_units(charge.amount) or (said.currency or "").upper() != charge.currency
    ):
        # Not this order's money: noted for staff, and the order is not paid by it.
        charge.message = (
            f"The provider reported {said.amount_units} {said.currency} (minor units), not this order's "
            f"{currency.minor_units(charge.amount)} {charge.currency}: not counted as paid"
        )
        session.flush()
        return charge
    if status == charge.status and message == charge.message:
        return charge
    charge.status, charge.message, charge.updated_at = status, message, utcnow()
    if status == "succeeded":
        if order.payment_status not in TAKEN:
            _mark_order(session, order, PAID, SYSTEM)
            occurred(session, "order_paid", order_id=order.id)
    elif status == "failed" and order.payment_status in ("Pending", "Failed"):
        _mark_order(session, order, "Failed", SYSTEM)
    session.flush()
    return charge


def release_stock(session: Session, order: Order) -> None:
    """Put a cancelled order's books back on their offers (a line cancelled on its own already went
    back); the products' summaries follow (an offer back in stock may take the buy box again)
    through the flush, which names the pages they move."""
    for line in order.lines:
        if line.cancelled_at is None:
            put_back(session, line.offer_id, line.qty)
    summarise(session, {line.product_id for line in order.lines})


def cancel_order(session: Session, order_id: int, actor: str, reason: str) -> Order:
    """Cancel an order nobody paid for: its stock goes back, its open charges are cancelled (the
    caller cancelled them at the provider first), the shopper is told. Refused once it is paid or
    has left Pending/Processing."""
    found(session, Order, order_id, "order")
    lock(session, Order, order_id)
    order = session.get(Order, order_id, populate_existing=True)
    if order.status not in ("Pending", "Processing"):
        raise Conflict(f"Order {order.id} is {order.status}: only a pending or processing order can be cancelled")
    if order.payment_status in TAKEN:
        raise Conflict(f"Order {order.id} is paid: refund it instead of cancelling it")
    before = audit.snapshot(order)
    previous, order.status = order.status, "Cancelled"
    now = utcnow()
    for charge in charges_of(session, order.id):
        if charge.status in OPEN_CHARGES:
            charge.status, charge.message, charge.updated_at = "cancelled", reason, now
    release_stock(session, order)
    for shipment in order.shipments:
        shipment.status = "Cancelled"
    order.history.append(
        OrderStatusChange(from_status=previous, to_status="Cancelled", changed_by=actor, created_at=now)
    )
    session.flush()
    audit.record(session, actor, "status", "order", order.id, before, audit.snapshot(order))
    occurred(session, "order_status", order_id=order.id, status="Cancelled")
    return order


def due(order: Order) -> Decimal:
    """What the order costs the shopper: its total less the lines their sellers cancelled."""
    return order.total - sum((line.amount for line in order.lines if line.cancelled_at is not None), Decimal(0))


def collect_cash(session: Session, order: Order, actor: str, currency: Currency) -> Payment:
    """The courier (or the counter) took what the order costs in cash (its cancelled lines are not
    collected): its cash charge succeeds, recorded with who took it, and the order is paid. The
    order is locked by the caller."""
    charge = latest_charge(session, order.id)
    if charge is None or charge.provider != "cash" or charge.status != "pending":
        charge = new_charge(session, order, "cash", currency)
    charge.amount = due(order)
    charge.status, charge.recorded_by, charge.updated_at = "succeeded", actor, utcnow()
    charge.message = f"Cash collected by {actor}"
    record_call(
        session,
        provider="cash",
        action="confirm",
        outcome="ok",
        detail=charge.message,
        payment_id=charge.id,
        order_id=order.id,
    )
    _mark_order(session, order, PAID, actor)
    session.flush()
    return charge


def paid_and_refunded(session: Session, order_id: int) -> tuple[Decimal, Decimal]:
    """What the order's succeeded charges took, and what its succeeded refunds gave back."""
    rows = dict(
        session.execute(
            select(Payment.kind, func.coalesce(func.sum(Payment.amount), 0))
            .where(Payment.order_id == order_id, Payment.status == "succeeded")
            .group_by(Payment.kind)
        ).all()
    )
    return Decimal(rows.get("charge", 0)), Decimal(rows.get("refund", 0))


def record_refund(
    session: Session,
    order: Order,
    *,
    provider: str,
    amount: Decimal,
    currency: Currency,
    reference: str | None,
    actor: str,
    message: str,
    refund_request_id: int | None = None,
    order_line_id: int | None = None,
) -> Payment:
    """A refund the provider made (or staff paid out by hand), of a refund request or of a line its
    seller cancelled: recorded, and the order's payment status becomes Refunded or Partly refunded."""
    refund = Payment(
        order_id=order.id,
        provider=provider,
        kind="refund",
        status="succeeded",
        amount=amount,
        currency=currency.code,
        reference=reference,
        refund_request_id=refund_request_id,
        order_line_id=order_line_id,
        recorded_by=actor,
        message=message,
    )
    session.add(refund)
    session.flush()
    paid, refunded = paid_and_refunded(session, order.id)
    _mark_order(session, order, "Refunded" if refunded >= paid else "Partly refunded", actor)
    return refund


def payment_answer(charge: Payment | None, client_secret: str | None = None) -> dict:
    """A charge as the shopper's page reads it: paid, requires_action, declined, pending or cancelled."""
    if charge is None:
        return {"provider": None, "status": "pending", "message": "", "clientSecret": None}
    status = {"succeeded": "paid", "failed": "declined"}.get(charge.status, charge.status)
    message = charge.message
    if charge.provider == "cash" and charge.status == "pending":
        message = "Pay in cash when your order is delivered."
    return {
        "provider": charge.provider,
        "status": status,
        "message": message,
        "clientSecret": client_secret if charge.status == "requires_action" else None,
    }


def payment_state(session: Session, charge: Payment) -> dict:
    """The order's payment status and its latest charge, as checkout and the order's pages answer."""
    return {"paymentStatus": session.get(Order, charge.order_id).payment_status, "payment": payment_answer(charge)}


def apply_event(
    session: Session,
    *,
    provider: str,
    event_id: str,
    type: str,
    created: dt.datetime,
    said: ProviderCharge | None,
    payment_hint: int | None,
    currency: Currency,
) -> str:
    """Record a provider's verified event once, by its id, and settle the charge it is about. A
    replay changes nothing; an event about no charge of this shop is recorded all the same."""
    seen = session.scalar(
        select(PaymentEvent.outcome).where(PaymentEvent.provider == provider, PaymentEvent.event_id == event_id)
    )
    if seen is not None:
        return f"already received: {seen}"
    charge = charge_by_reference(session, provider, said.reference) if said and said.reference else None
    if charge is None and said is not None and payment_hint is not None:
        # Paid before the shop could write down the intent's id (the answer to its call was lost):
        # the id of the charge it was made for, which the shop put in its metadata, finds it.
        hinted = session.get(Payment, payment_hint)
        if hinted is not None and hinted.provider == provider and hinted.reference in (None, said.reference):
            charge = hinted
    if said is None:
        outcome = "not about a charge: recorded only"
    elif charge is None:
        outcome = "matches no order of this shop: recorded only"
    else:
        settled = settle_charge(session, charge.id, said, currency)
        outcome = f"charge {settled.id} of order {settled.order_id} is {settled.status}"
    session.add(
        PaymentEvent(
            provider=provider,
            event_id=event_id,
            type=type,
            reference=said.reference if said else None,
            order_id=charge.order_id if charge else None,
            outcome=outcome,
            created_at=created,
        )
    )
    session.flush()
    return outcome


def order_for_payer(session: Session, order_no: int, key: str | None, user_id: int | None) -> Order | None:
    """The order when its key is right, or when the signed-in shopper's account owns it."""
    order = order_by_key(session, order_no, key)
    if order is None and user_id is not None:
        candidate = session.get(Order, order_no) if 0 < order_no <= MAX_ORDER_NO else None
        if candidate is not None and user_id in (candidate.account_id, candidate.customer.user_id):
            order = candidate
    return order


def charge_again(session: Session, order_no: int, provider: str, currency: Currency) -> tuple[int, Decimal]:
    """A new charge for an order a card did not pay yet (declined, or its 3-D Secure step given up,
    and cancelled at the provider first); answers its id and amount."""
    lock(session, Order, order_no)
    order = session.get(Order, order_no, populate_existing=True)
    if order.payment_status in TAKEN:
        raise Conflict(f"Order {order.id} is paid already")
    if order.status != "Pending":
        raise Conflict(f"Order {order.id} is {order.status}: it can no longer be paid")
    if order.payment_method != "Stripe":
        raise Conflict(f"Order {order.id} is paid by {order.payment_method}, not by card")
    if any(charge.status in OPEN_CHARGES for charge in charges_of(session, order.id)):
        raise Conflict("A payment for this order is being confirmed: wait a moment and look again")
    charge = new_charge(session, order, provider, currency)
    return charge.id, charge.amount


def _iso(moment: dt.datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def order_payments(session: Session, order_id: int) -> dict:
    """An order's money for the back office: each charge and refund, the calls made to providers
    and the events they sent, oldest first."""
    payments = session.scalars(select(Payment).where(Payment.order_id == order_id).order_by(Payment.id))
    calls = session.scalars(select(PaymentCall).where(PaymentCall.order_id == order_id).order_by(PaymentCall.id))
    events = session.scalars(select(PaymentEvent).where(PaymentEvent.order_id == order_id).order_by(PaymentEvent.id))
    return {
        "payments": [
            {
                "id": p.id,
                "kind": p.kind,
                "provider": p.provider,
                "reference": p.reference,
                "amount": float(p.amount),
                "currency": p.currency,
                "status": p.status,
                "message": p.message,
                "recordedBy": p.recorded_by,
                "refundRequestId": p.refund_request_id,
                "at": _iso(p.created_at),
                "updatedAt": _iso(p.updated_at),
            }
            for p in payments
        ],
        "paymentCalls": [
            {
                "id": c.id,
                "paymentId": c.payment_id,
                "provider": c.provider,
                "action": c.action,
                "outcome": c.outcome,
                "detail": c.detail,
                "at": _iso(c.created_at),
            }
            for c in calls
        ],
        "paymentEvents": [
            {"id": e.id, "type": e.type, "reference": e.reference, "outcome": e.outcome, "at": _iso(e.received_at)}
            for e in events
        ],
    }
