"""Orders: the admin's view of one order (with its shipments, one per seller), moving it along its
state machine (db/statuses.py), and delivering one shipment of it (the order follows its shipments,
db/shipments.py). Delivering an order writes the sale earnings of its sellers' lines."""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from db import audit
from db.admin import Conflict, Invalid, NotFound, found, lock, moved
from db.admin.forms import Form, Text
from db.carriers import CARRIERS, tracking_url
from db.events import occurred
from db.line_cancel import line_cancellation
from db.models import Order, OrderLine, OrderStatusChange, Product, RefundRequest, Seller, Shipment
from db.models.base import utcnow
from db.models.sales import ORDER_STATUSES
from db.money import Currency
from db.offers import STORE_NAME
from db.payments import TAKEN, collect_cash, due, order_payments
from db.queries.admin import first_image, iso
from db.queries.products import money
from db.shipments import earn, held_back, move, move_all, why_not
from db.statuses import ORDER_MOVES, REFUND_MOVES, refusal


class OrderChanges(Form):
    status: Literal[ORDER_STATUSES]
    # With "Shipped": how it travels (db/carriers.py) and its tracking number.
    carrier: Literal[CARRIERS] | None = None
    trackingNo: Text(3, 60) | None = None


def _refunded_by_line(session: Session, order_id: int) -> dict[int, Decimal]:
    rows = session.execute(
        select(RefundRequest.order_line_id, RefundRequest.status, func.sum(RefundRequest.amount))
        .join(OrderLine, RefundRequest.order_line_id == OrderLine.id)
        .where(OrderLine.order_id == order_id)
        .group_by(RefundRequest.order_line_id, RefundRequest.status)
    )
    accepted: dict[int, Decimal] = {}
    requested: dict[int, Decimal] = {}
    for line_id, status, total in rows:
        requested[line_id] = requested.get(line_id, Decimal(0)) + Decimal(total)
        if status == "Accepted":
            accepted[line_id] = Decimal(total)
    return accepted, requested


def refund_record(refund: RefundRequest, title: str) -> dict:
    return {
        "id": refund.id,
        "lineId": refund.order_line_id,
        "title": title,
        "amount": money(refund.amount),
        "status": refund.status,
        "reason": refund.reason,
        "date": iso(refund.created_at),
        "next": list(REFUND_MOVES[refund.status]),
    }


def shipment_record(shipment: Shipment) -> dict:
    return {
        "id": shipment.id,
        "sellerId": shipment.seller_id,
        "seller": shipment.seller.shop_name if shipment.seller else STORE_NAME,
        "status": shipment.status,
        "carrier": shipment.carrier,
        "trackingNo": shipment.tracking_no,
        "trackingUrl": tracking_url(shipment.carrier, shipment.tracking_no),
        "shippedAt": iso(shipment.shipped_at),
        "deliveredAt": iso(shipment.delivered_at),
        "lineIds": [line.id for line in shipment.lines],
    }


def order_view(session: Session, order_id: int) -> dict:
    """The order with its customer, lines (with what was refunded on each), history and refunds."""
    order = found(session, Order, order_id, "order")
    accepted, requested = _refunded_by_line(session, order.id)
    lines = session.execute(
        select(OrderLine, Product.images, Seller.shop_name)
        .join(Product, OrderLine.product_id == Product.id)
        .outerjoin(Seller, OrderLine.seller_id == Seller.id)
        .where(OrderLine.order_id == order.id)
        .order_by(OrderLine.id)
    ).all()
    refunds = session.execute(
        select(RefundRequest, OrderLine.title)
        .join(OrderLine, RefundRequest.order_line_id == OrderLine.id)
        .where(OrderLine.order_id == order.id)
        .order_by(RefundRequest.created_at, RefundRequest.id)
    ).all()
    customer = order.customer
    delivered = order.status == "Delivered"
    return {
        "id": order.id,
        "status": order.status,
        "next": list(ORDER_MOVES[order.status]),
        "paymentMethod": order.payment_method,
        "paymentStatus": order.payment_status,
        "billingAddress": order.billing_address,
        "deliveryAddress": order.delivery_address,
        "amount": money(order.total),
        # The amount less the lines their sellers cancelled: what the shopper pays.
        "due": money(due(order)),
        "purchaseDate": iso(order.created_at),
        "customer": {"id": customer.id, "name": customer.name, "email": customer.email, "phone": customer.phone},
        "lines": [
            {
                "id": line.id,
                "productId": line.product_id,
                "title": line.title,
                "image": first_image(images),
                "unitPrice": money(line.unit_price),
                "qty": line.qty,
                "amount": money(line.amount),
                "shopName": shop_name,
                "sellerId": line.seller_id,
                "condition": line.condition,
                "shipmentId": line.shipment_id,
                "refunded": money(accepted.get(line.id, Decimal(0))),
                # Only a delivered order is refunded, and never beyond what the open requests leave;
                # a cancelled line's money went back when it was cancelled.
                "refundable": money(
                    max(line.amount - requested.get(line.id, Decimal(0)), Decimal(0))
                    if delivered and line.cancelled_at is None
                    else Decimal(0)
                ),
                **line_cancellation(line),
            }
            for line, images, shop_name in lines
        ],
        "history": [
            {"from": h.from_status, "to": h.to_status, "by": h.changed_by, "at": iso(h.created_at)}
            for h in order.history
        ],
        "shipments": [shipment_record(shipment) for shipment in order.shipments],
        "carrier": order.carrier,
        "trackingNo": order.tracking_no,
        "trackingUrl": tracking_url(order.carrier, order.tracking_no),
        **order_payments(session, order.id),
        "refunds": [refund_record(refund, title) for refund, title in refunds],
    }


def _why_not(order: Order, changes: OrderChanges) -> str | None:
    """What the money says against this move: a card order is packed only once paid, and a cash
    order is delivered by recording the cash collected."""
    paid = order.payment_status in TAKEN
    if changes.status in ("Processing", "Shipped") and order.payment_method != "Cash" and not paid:
        return (
            f"Order {order.id} is not paid yet ({order.payment_method}, payment {order.payment_status}): "
            f"it cannot be {changes.status.lower()}"
        )
    if changes.status == "Delivered" and order.payment_method == "Cash" and not paid:
        return f"Order {order.id} is paid in cash on delivery: record it with Cash collected"
    return held_back(order.lines, changes.status)


def _moved_to(session: Session, order: Order, status: str, actor: str) -> None:
    """Move the locked order along ORDER_MOVES, with its timeline, earnings and audit entry."""
    before = audit.snapshot(order)
    previous = moved(session, order, status, "order", ORDER_MOVES)
    now = utcnow()
    order.history.append(
        OrderStatusChange(from_status=previous, to_status=order.status, changed_by=actor, created_at=now)
    )
    if order.status in ("Shipped", "Delivered"):
        move_all(order, order.status, now, order.carrier, order.tracking_no)
    if order.status == "Delivered":
        earn(session, order, now)
    session.flush()
    audit.record(session, actor, "status", "order", order.id, before, audit.snapshot(order))
    occurred(session, "order_status", order_id=order.id, status=order.status)


def change_order_status(session: Session, actor: str, order_id: int, changes: OrderChanges) -> dict:
    found(session, Order, order_id, "order")  # 404 before taking any lock
    lock(session, Order, order_id)
    order = session.get(Order, order_id, populate_existing=True)
    if changes.status == "Cancelled":
        raise Conflict("Cancel an order with its Cancel button: its payment is stopped first")
    if why := refusal("order", order.status, changes.status, ORDER_MOVES) or _why_not(order, changes):
        raise Conflict(why)
    if changes.status == "Shipped":
        missing = {f: "Needed to ship an order" for f in ("carrier", "trackingNo") if getattr(changes, f) is None}
        if missing:
            raise Invalid(missing)
        order.carrier, order.tracking_no = changes.carrier, changes.trackingNo
    _moved_to(session, order, changes.status, actor)
    return order_view(session, order.id)


def cash_collected(session: Session, actor: str, order_id: int, currency: Currency) -> dict:
    """The cash of a cash-on-delivery order was taken at the door: the payment is recorded (who,
    when, how much) and the order delivered."""
    found(session, Order, order_id, "order")
    lock(session, Order, order_id)
    order = session.get(Order, order_id, populate_existing=True)
    if order.payment_method != "Cash":
        raise Conflict(f"Order {order.id} is paid by {order.payment_method}, not in cash")
    if order.payment_status in TAKEN:
        raise Conflict(f"The cash of order {order.id} was collected already")
    if "Delivered" not in ORDER_MOVES[order.status]:
        raise Conflict(
            f"Order {order.id} is {order.status}: cash is collected when a processing or shipped order is delivered"
        )
    if why := held_back(order.lines, "Delivered"):
        raise Conflict(why)
    collect_cash(session, order, actor, currency)
    _moved_to(session, order, "Delivered", actor)
    return order_view(session, order.id)


def deliver_shipment(session: Session, actor: str, order_id: int, shipment_id: int) -> dict:
    """One seller's parcel of a shipped order arrived: the shipment is delivered and the order follows
    (Delivered, with its sellers' earnings, once every parcel has arrived), so an order of several
    sellers is delivered part by part. A cash order's last parcel is delivered by Cash collected."""
    found(session, Order, order_id, "order")
    lock(session, Order, order_id)
    order = session.get(Order, order_id, populate_existing=True)
    shipment = session.get(Shipment, shipment_id) if 0 < shipment_id < 2**63 else None
    if shipment is None or shipment.order_id != order.id:
        raise NotFound(f"Order {order.id} has no shipment {shipment_id}")
    if shipment.status != "Shipped":
        raise Conflict(
            why_not(shipment, "Delivered")
            or f"Shipment {shipment.id} is {shipment.status}: ship it before it can be delivered"
        )
    others = [s.status for s in order.shipments if s.id != shipment.id and s.status != "Cancelled"]
    if all(status == "Delivered" for status in others) and (why := _why_not(order, OrderChanges(status="Delivered"))):
        raise Conflict(why)
    before_order, before = audit.snapshot(order), audit.snapshot(shipment)
    previous = order.status
    move(session, shipment, "Delivered", actor)
    session.flush()
    audit.record(session, actor, "status", "shipment", shipment.id, before, audit.snapshot(shipment))
    if order.status != previous:
        audit.record(session, actor, "status", "order", order.id, before_order, audit.snapshot(order))
        occurred(session, "order_status", order_id=order.id, status=order.status)
    return order_view(session, order.id)
