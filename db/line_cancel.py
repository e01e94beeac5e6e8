"""A seller cancels a line of an order they cannot fill (a copy lost, damaged, sold elsewhere).

The line's copies go back on its offer; the line earns nothing and is not collected at the door;
money taken for it goes back to the shopper, through the card's provider (app/payments/service.py
calls it between these transactions) or, for money taken by hand, recorded as paid out by hand.
When every line of a seller's parcel is cancelled the parcel is, and the order follows its parcels
(db/shipments.py): a line cancelled may complete an order's shipping, or cancel the whole order.

A card refund is a call to the provider that no transaction may wait on, so a cancellation is
written in two steps. `begin` checks it and, when a provider must refund, marks the line as being
cancelled: its parcel cannot go while the provider is asked (it would go with money given back for
it). `finish` writes the cancellation once the provider said yes; `give_up` unmarks the line when it
said no. Asked again with the same idempotency key, the provider answers the same refund, so a
cancellation retried after a lost answer never refunds twice. The shop does not lean on that key
alone: while an attempt is with the provider (its call not yet recorded, and for at most
IN_FLIGHT), another attempt on the line is refused, so a double click or a second tab asks once.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from db import audit
from db.admin import Conflict, NotFound, lock
from db.admin.forms import Form, Text
from db.events import occurred
from db.models import Order, OrderLine, Payment, PaymentCall
from db.models.base import utcnow
from db.money import Currency
from db.offers import put_back, summarise
from db.payments import TAKEN, due, latest_charge, paid_charge, record_call, record_refund
from db.queries.admin import iso
from db.shipments import follow

# Providers whose refunds the shop makes itself by hand: nothing to call.
BY_HAND = ("cash",)
# Longer than any provider call may take (app/payments/stripe_cards.py times out well before): an
# attempt marked longer ago than this died with its process, and may be made again.
IN_FLIGHT = dt.timedelta(minutes=2)


class CancelForm(Form):
    reason: Text(3, 500, multiline=True)


@dataclass(frozen=True)
class CancelPlan:
    line_id: int
    order_id: int
    amount: Decimal
    provider: str | None  # the paid charge's provider; None: no money was taken for the order yet
    reference: str | None  # the paid charge's provider reference (a PaymentIntent); None: by hand

    @property
    def key(self) -> str:
        """The provider call's idempotency key: one refund per line, however often it is asked."""
        return f"sb-order-line-{self.line_id}-cancel"

    @property
    def calls_provider(self) -> bool:
        return self.provider is not None and self.provider not in BY_HAND and self.reference is not None


def line_cancellation(line: OrderLine) -> dict:
    """A line's cancellation as the order's pages show it (seller's, shopper's, back office's)."""
    return {
        "cancelledAt": iso(line.cancelled_at),
        "cancelReason": line.cancel_reason if line.cancelled_at else None,
        # Its refund is with the card's provider: the parcel waits until it is settled.
        "cancelling": line.cancelling_since is not None,
    }


def _sellers_line(session: Session, seller_id: int, line_id: int) -> OrderLine:
    line = session.get(OrderLine, line_id) if 0 < line_id < 2**63 else None
    if line is None or line.seller_id != seller_id:
        raise NotFound(f"You have no order line {line_id}")
    return line


def why_not(line: OrderLine) -> str | None:
    """Why the line cannot be cancelled now (None when it can)."""
    order, shipment = line.order, line.shipment
    if line.cancelled_at is not None:
        return f"This line of order {order.id} is cancelled already"
    if order.status == "Pending":
        return f"Order {order.id} is not confirmed yet: its lines are not yours to fill before it is"
    if shipment is None or shipment.status != "Processing":
        status = shipment.status.lower() if shipment else "gone"
        return f"Its parcel is {status}: only a line still to be sent can be cancelled"
    return None


def _locked_line(session: Session, seller_id: int, line_id: int) -> OrderLine:
    line = _sellers_line(session, seller_id, line_id)
    lock(session, Order, line.order_id)
    session.refresh(line)
    session.refresh(line.order)
    if line.shipment is not None:
        session.refresh(line.shipment)
    return line


def _paid_charge(session: Session, order: Order) -> Payment | None:
    return paid_charge(session, order.id) if order.payment_status in TAKEN else None


def _paid_with(session: Session, order: Order) -> str | None:
    charge = _paid_charge(session, order)
    return charge.provider if charge else None


def _in_flight(session: Session, line: OrderLine, plan: CancelPlan) -> bool:
    """Whether another attempt on the line is with the provider now: marked lately, and no call of
    the line's key recorded since the mark."""
    if line.cancelling_since is None or utcnow() - line.cancelling_since > IN_FLIGHT:
        return False
    ended = session.scalar(select(func.max(PaymentCall.created_at)).where(PaymentCall.idempotency_key == plan.key))
    return ended is None or ended < line.cancelling_since


def begin(session: Session, actor: str, seller_id: int, line_id: int, form: CancelForm) -> CancelPlan:
    """Check the cancellation and say how its money goes back; a provider's refund marks the line
    first (asked again while marked, the same plan is answered: the provider call is retried)."""
    line = _locked_line(session, seller_id, line_id)
    if why := why_not(line):
        raise Conflict(why)
    order = line.order
    charge = _paid_charge(session, order)
    plan = CancelPlan(
        line.id, order.id, line.amount, charge.provider if charge else None, charge.reference if charge else None
    )
    if plan.calls_provider:
        if _in_flight(session, line, plan):
            raise Conflict("This line is being cancelled already: wait a moment and look again")
        line.cancelling_since = utcnow()
        line.cancelled_by, line.cancel_reason = actor, form.reason
        session.flush()
    return plan


def give_up(session: Session, plan: CancelPlan) -> None:
    """The provider refused the refund: the line is not cancelled (its parcel may go again)."""
    lock(session, Order, plan.order_id)
    line = session.get(OrderLine, plan.line_id, populate_existing=True)
    line.cancelling_since = line.cancelled_by = line.cancel_reason = None


def _collect_less(session: Session, order: Order) -> None:
    """A charge still awaited (cash at the door) asks only what the order still costs, or nothing."""
    charge = latest_charge(session, order.id)
    if charge is None or charge.status != "pending":
        return
    left = due(order)
    if left > 0:
        charge.amount = left
    else:
        charge.status, charge.message, charge.updated_at = "cancelled", "Every line was cancelled", utcnow()


def _give_back(session: Session, plan: CancelPlan, reference: str | None, actor: str, currency: Currency) -> Payment:
    how = "refunded to the card" if reference else "paid out by hand"
    refund = record_refund(
        session,
        session.get(Order, plan.order_id),
        provider=plan.provider,
        amount=plan.amount,
        currency=currency,
        order_line_id=plan.line_id,
        reference=reference,
        actor=actor,
        message=f"{how}: line cancelled by its seller ({actor})",
    )
    record_call(
        session,
        provider=plan.provider,
        action="refund",
        outcome="ok",
        detail=how,
        payment_id=refund.id,
        order_id=plan.order_id,
        key=plan.key,
    )
    return refund


def finish(
    session: Session,
    actor: str,
    seller_id: int,
    line_id: int,
    form: CancelForm,
    plan: CancelPlan,
    reference: str | None,
    currency: Currency,
) -> None:
    """Cancel the line: copies back on the offer, its money given back (or no longer asked for), its
    parcel cancelled when nothing is left in it, the order following, the shopper told."""
    line = _locked_line(session, seller_id, line_id)
    if why := why_not(line):
        raise Conflict(why)
    order = line.order
    if _paid_with(session, order) != plan.provider:
        # Paid (cash collected, say) between the plan and now: its money must go back, not be left.
        raise Conflict(f"Order {order.id} was paid meanwhile: cancel the line again")
    if plan.calls_provider and line.cancelling_since is None:
        # Unmarked meanwhile (a refusal answered to another attempt): this refund was not asked for.
        raise Conflict("The refund for this line was refused meanwhile: nothing was cancelled")
    before = audit.snapshot(line)
    now = utcnow()
    line.cancelled_at, line.cancelled_by, line.cancel_reason, line.cancelling_since = now, actor, form.reason, None
    put_back(session, line.offer_id, line.qty)
    summarise(session, {line.product_id})
    if plan.provider is not None:
        _give_back(session, plan, reference, actor, currency)
    else:
        _collect_less(session, order)
    shipment = line.shipment
    if all(other.cancelled_at is not None for other in shipment.lines):
        shipment.status = "Cancelled"
    follow(session, order, actor, now)
    session.flush()
    audit.record(session, actor, "cancel", "order_line", line.id, before, audit.snapshot(line))
    occurred(session, "line_cancelled", line_id=line.id)
