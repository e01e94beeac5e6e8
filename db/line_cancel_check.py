"""The ledger check's rules for lines their sellers cancelled (db/line_cancel.py):
- a refund of a cancelled line is a succeeded or failed refund of that line's order, of the line's
  whole amount, and a line has at most one that succeeded; no line that stands has one;
- a cancelled line has no refund request accepted (its money went back when it was cancelled);
- a shipment whose every line is cancelled is itself cancelled, and a cancelled line's shipment
  has not gone while the line was being refunded (no line is still marked once it has).

A cancelled line's sale earning and what its order keeps are checked with the other lines'
(db/ledger_check.py). The cancelled lines are few: each rule reads them, or the refunds of lines,
never every line."""

from __future__ import annotations

from collections import defaultdict

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from db.models import OrderLine, Payment, RefundRequest, Shipment


def lines_cancelled(session: Session, report) -> None:
    succeeded = defaultdict(int)
    for payment_id, kind, status, order_id, amount, line_id, line_order, line_amount, cancelled_at in session.execute(
        select(
            Payment.id,
            Payment.kind,
            Payment.status,
            Payment.order_id,
            Payment.amount,
            OrderLine.id,
            OrderLine.order_id,
            OrderLine.amount,
            OrderLine.cancelled_at,
        )
        .join(OrderLine, Payment.order_line_id == OrderLine.id)
        .order_by(Payment.id)
    ):
        what = f"payment {payment_id} (order line {line_id})"
        if kind != "refund" or order_id != line_order:
            report.problem(f"{what}: a {kind} of order {order_id}, not a refund of the line's order {line_order}")
        if cancelled_at is None:
            report.problem(f"{what}: refunds a line that was not cancelled")
        if amount != line_amount:
            report.problem(f"{what}: refunds {amount}, not the line's {line_amount}")
        if status == "succeeded":
            succeeded[line_id] += 1
    for line_id, count in succeeded.items():
        if count > 1:
            report.problem(f"order line {line_id}: refunded {count} times for one cancellation")
    cancelled = select(OrderLine.id).where(OrderLine.cancelled_at.is_not(None))
    report.counted["cancelled lines"] = session.scalar(select(func.count()).select_from(cancelled.subquery()))
    for refund_id, line_id in session.execute(
        select(RefundRequest.id, RefundRequest.order_line_id).where(
            RefundRequest.status == "Accepted", RefundRequest.order_line_id.in_(cancelled)
        )
    ):
        report.problem(f"refund request {refund_id}: accepted on order line {line_id}, which was cancelled")
    standing = select(OrderLine.shipment_id).where(OrderLine.cancelled_at.is_(None), OrderLine.shipment_id.is_not(None))
    for shipment_id, status in session.execute(
        select(Shipment.id, Shipment.status).where(
            Shipment.status != "Cancelled",
            Shipment.id.in_(select(OrderLine.shipment_id).where(OrderLine.cancelled_at.is_not(None))),
            Shipment.id.not_in(standing),
        )
    ):
        report.problem(f"shipment {shipment_id}: is {status} although every line of it was cancelled")
    for line_id, status in session.execute(
        select(OrderLine.id, Shipment.status)
        .join(Shipment, OrderLine.shipment_id == Shipment.id)
        .where(OrderLine.cancelling_since.is_not(None), Shipment.status.in_(("Shipped", "Delivered")))
    ):
        report.problem(f"order line {line_id}: still being cancelled although its parcel is {status}")
