"""An order's shipments: one per seller whose lines it holds (the store's own lines are one too).

Each seller ships, and may cancel, only their own shipment; the order's status follows its
shipments: Processing until every shipment has gone (Shipped, or Cancelled), Shipped then,
Delivered once every shipment not cancelled has arrived, Cancelled when all were cancelled.
A Pending order (not yet paid for, or cash) keeps its status until the shop moves it on."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy.orm import Session

from db.ledger import sale_earning
from db.models import Order, OrderLine, OrderStatusChange, Shipment
from db.models.base import utcnow
from db.statuses import SHIPMENT_MOVES, refusal

GONE = ("Shipped", "Delivered")


def shipments_for(lines: Iterable[OrderLine]) -> list[Shipment]:
    """A new order's shipments, one per seller in the order their first line comes, lines attached."""
    by_seller: dict[int | None, Shipment] = {}
    for line in lines:
        shipment = by_seller.get(line.seller_id)
        if shipment is None:
            shipment = by_seller[line.seller_id] = Shipment(seller_id=line.seller_id, status="Processing", lines=[])
        shipment.lines.append(line)
    return list(by_seller.values())


def status_from(statuses: Iterable[str]) -> str:
    """The order's status its shipments' statuses make."""
    live = [s for s in statuses if s != "Cancelled"]
    if not live:
        return "Cancelled"
    if all(s == "Delivered" for s in live):
        return "Delivered"
    if all(s in GONE for s in live):
        return "Shipped"
    return "Processing"


def why_not(shipment: Shipment, wanted: str) -> str | None:
    """Why the shipment cannot move to `wanted` now (None when it can): the state machine, an order
    not yet paid for (or confirmed, for cash) is not packed, and a line being refunded holds it."""
    if shipment.order.status == "Pending" and wanted != "Cancelled":
        return f"Order {shipment.order_id} is not paid for yet: its parcel cannot be {wanted.lower()}"
    return refusal("shipment", shipment.status, wanted, SHIPMENT_MOVES) or held_back(shipment.lines, wanted)


def held_back(lines: Iterable[OrderLine], wanted: str) -> str | None:
    """Why lines cannot go (`wanted` Shipped or Delivered) while one of them is being cancelled and its
    card refund is in doubt (db/line_cancel.py); None when none is."""
    being = next((line for line in lines if line.cancelling_since is not None), None)
    if wanted in GONE and being is not None:
        return (
            f"{being.title} is being cancelled and refunded by its seller: "
            f"it cannot be {wanted.lower()} until the seller cancels it again to finish"
        )
    return None


def _moved(shipment: Shipment, wanted: str, when, carrier=None, tracking_no=None) -> None:
    shipment.status = wanted
    if wanted == "Shipped" or (wanted == "Delivered" and shipment.shipped_at is None):
        shipment.shipped_at = when
    if wanted == "Shipped":
        shipment.carrier, shipment.tracking_no = carrier, tracking_no
    if wanted == "Delivered":
        shipment.delivered_at = when


def move(session: Session, shipment: Shipment, wanted: str, actor: str, carrier=None, tracking_no=None) -> None:
    """Move the shipment (its order locked by the caller, `why_not` asked) and let the order follow."""
    now = utcnow()
    _moved(shipment, wanted, now, carrier, tracking_no)
    follow(session, shipment.order, actor, now)


def move_all(order: Order, wanted: str, when, carrier=None, tracking_no=None) -> None:
    """The shop moves the whole order: every shipment that can go there goes (a cancelled one stays)."""
    for shipment in order.shipments:
        if wanted in SHIPMENT_MOVES[shipment.status]:
            _moved(shipment, wanted, when, carrier, tracking_no)


def earn(session: Session, order: Order, when) -> None:
    """A delivered order's sale earnings: each seller's line that arrived (db/ledger.py); a line its
    seller cancelled never left and earns nothing."""
    session.add_all(
        sale_earning(line, when)
        for shipment in order.shipments
        if shipment.status == "Delivered"
        for line in shipment.lines
        if line.seller_id is not None and line.cancelled_at is None
    )


def follow(session: Session, order: Order, actor: str, when=None) -> str | None:
    """Bring the order's status to what its shipments make, with its timeline and, on delivery,
    its sellers' earnings. Returns the status it left, or None when it stays."""
    if order.status == "Pending":
        return None
    wanted = status_from(s.status for s in order.shipments)
    if wanted == order.status:
        return None
    when = when or utcnow()
    previous, order.status = order.status, wanted
    order.history.append(OrderStatusChange(from_status=previous, to_status=wanted, changed_by=actor, created_at=when))
    if wanted == "Delivered":
        earn(session, order, when)
    return previous
