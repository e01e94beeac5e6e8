"""Refund requests: asking for one on a delivered order line, and moving it along its state
machine (db/statuses.py). Accepting a refund reverses the seller's earning and the store's
commission on the refunded amount, in the earning ledger (db/ledger.py)."""

from __future__ import annotations

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
from db.queries.admin_sales import refund_request_record, refund_request_rows
from db.statuses import REFUND_MOVES

OPEN_OR_ACCEPTED = ("Pending", "Processing", "Accepted")
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
    left = line.amount - refunded_on_line(session, line.id, OPEN_OR_ACCEPTED)
    if form.amount > left:
        raise Invalid({"amount": f"At most {left:.2f} of this line's {line.amount:.2f} can still be refunded"})
    refund = RefundRequest(order_line_id=line.id, amount=form.amount, reason=form.reason, status="Pending")
    session.add(refund)
    session.flush()
    audit.record(session, actor, "create", "refund_request", refund.id, None, audit.snapshot(refund))
    return refund_request_view(session, refund.id)


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
        paid = line.amount - refunded_on_line(session, line.id, leaving_out=refund.id)
        if refund.amount > paid:
            raise Conflict(
                f"This refund of {refund.amount:.2f} is more than the {paid:.2f} paid on this line and not yet refunded"
            )
        refund.decided_at = utcnow()
        if line.seller_id is not None:
            session.add(refund_reversal(refund, line, refund.decided_at))
    session.flush()
    audit.record(session, actor, "status", "refund_request", refund.id, before, audit.snapshot(refund))
    if refund.status == "Accepted":
        occurred(session, "refund_accepted", refund_id=refund.id)
    return refund_request_view(session, refund.id)
