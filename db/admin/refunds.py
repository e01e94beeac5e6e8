"""Refund requests: asking for one on a delivered order line, and moving it along its state
machine (db/statuses.py). Accepting a refund reverses the seller's earning and the store's
commission on the refunded amount, in the earning ledger (db/ledger.py)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import Field
from sqlalchemy.orm import Session

from db import audit
from db.admin import Conflict, Invalid, found, lock, moved
from db.admin.forms import Form, RecordId, Text
from db.events import occurred
from db.ledger import refund_reversal, refunded_on_line
from db.models import Order, OrderLine, RefundRequest, Seller
from db.models.base import utcnow
from db.models.sales import REFUND_STATUSES
from db.money import Currency
from db.payments import paid_charge, record_call, record_refund
from db.queries.admin_sales import refund_request_record, refund_request_rows
from db.statuses import REFUND_MOVES, refusal

OPEN_OR_ACCEPTED = ("Pending", "Processing", "Accepted")


@dataclass(frozen=True)
class RefundPlan:
    order_id: int
    provider: str  # the paid charge's: "stripe" refunds to the card; any other is paid out by hand
    reference: str | None  # the paid charge's PaymentIntent
    amount: Decimal

    def key(self, refund_id: int) -> str:
        """The idempotency key of the refund's provider call: one refund per request, however often asked."""
        return f"sb-refund-request-{refund_id}"


Amount = Annotated[Decimal, Field(gt=0, max_digits=12, decimal_places=2)]


class RefundForm(Form):
    orderLineId: RecordId
    amount: Amount
    reason: Text(0, 500, multiline=True) = ""


class RefundChanges(Form):
    status: Literal[REFUND_STATUSES]


def refund_request_view(session: Session, refund_id: int) -> dict:
    row = session.execute(refund_request_rows().where(RefundRequest.id == refund_id)).one()
    return refund_request_record(row)


def request_refund(session: Session, actor: str, form: RefundForm) -> dict:
    """A refund request on a delivered order's line, for at most what its other requests leave."""
    line = session.get(OrderLine, form.orderLineId)
    if line is None:
        raise Invalid({"orderLineId": f"There is no order line {form.orderLineId}"})
    lock(session, Order, line.order_id)
    order = session.get(Order, line.order_id, populate_existing=True)
    if order.status != "Delivered":
        raise Conflict(f"Order {order.id} is {order.status}: only a delivered order can be refunded")
    if line.cancelled_at is not None:
        raise Conflict("This line was cancelled by its seller: its money went back then")
    left = line.amount - refunded_on_line(session, line.id, OPEN_OR_ACCEPTED)
    if form.amount > left:
        raise Invalid({"amount": f"At most {left:.2f} of this line's {line.amount:.2f} can still be refunded"})
    refund = RefundRequest(order_line_id=line.id, amount=form.amount, reason=form.reason, status="Pending")
    session.add(refund)
    session.flush()
    audit.record(session, actor, "create", "refund_request", refund.id, None, audit.snapshot(refund))
    return refund_request_view(session, refund.id)


def beyond_what_was_paid(session: Session, refund: RefundRequest, line: OrderLine) -> str | None:
    """Why accepting this refund would give back more than its line paid and kept (None: it would not)."""
    paid = line.amount - refunded_on_line(session, line.id, leaving_out=refund.id)
    if refund.amount > paid:
        return f"This refund of {refund.amount:.2f} is more than the {paid:.2f} paid on this line and not yet refunded"
    return None


def refund_plan(session: Session, refund_id: int) -> RefundPlan:
    """What accepting a refund request would pay back, and through what: checked before any
    provider is asked, so a refund the shop would refuse never reaches the card."""
    refund = found(session, RefundRequest, refund_id, "refund request")
    line = session.get(OrderLine, refund.order_line_id)
    if why := refusal("refund request", refund.status, "Accepted", REFUND_MOVES):
        raise Conflict(why)
    if why := beyond_what_was_paid(session, refund, line):
        raise Conflict(why)
    order = session.get(Order, line.order_id)
    charge = paid_charge(session, order.id)
    if charge is None:
        raise Conflict(f"Order {order.id} was never paid: there is nothing to refund")
    return RefundPlan(order.id, charge.provider, charge.reference, refund.amount)


def accept_refund(
    session: Session, actor: str, refund_id: int, plan: RefundPlan, reference: str | None, currency: Currency
) -> dict:
    """Accept the request once its money went back (to the card, or paid out by hand): the status
    moves as any acceptance does and the refund is recorded against the order's payments."""
    view = change_refund_status(session, actor, refund_id, RefundChanges(status="Accepted"))
    order = session.get(Order, plan.order_id)
    how = "refunded to the card" if reference else "paid out by hand"
    refund = record_refund(
        session,
        order,
        provider=plan.provider,
        amount=plan.amount,
        currency=currency,
        refund_request_id=refund_id,
        reference=reference,
        actor=actor,
        message=f"{how}, accepted by {actor}",
    )
    record_call(
        session,
        provider=plan.provider,
        action="refund",
        outcome="ok",
        detail=how,
        payment_id=refund.id,
        order_id=order.id,
        key=plan.key(refund_id),
    )
    return view


def change_refund_status(session: Session, actor: str, refund_id: int, changes: RefundChanges) -> dict:
    found(session, RefundRequest, refund_id, "refund request")
    lock(session, RefundRequest, refund_id)
    refund = session.get(RefundRequest, refund_id, populate_existing=True)
    line = session.get(OrderLine, refund.order_line_id)
    if line.seller_id is not None:
        # The reversal lowers this seller's balance: decided one at a time with their payouts.
        lock(session, Seller, line.seller_id)
    before = audit.snapshot(refund)
    moved(session, refund, changes.status, "refund request", REFUND_MOVES)
    if refund.status == "Accepted":
        if why := beyond_what_was_paid(session, refund, line):
            raise Conflict(why)
        refund.decided_at = utcnow()
        if line.seller_id is not None:
            session.add(refund_reversal(refund, line, refund.decided_at))
    session.flush()
    audit.record(session, actor, "status", "refund_request", refund.id, before, audit.snapshot(refund))
    if refund.status == "Accepted":
        occurred(session, "refund_accepted", refund_id=refund.id)
    return refund_request_view(session, refund.id)
