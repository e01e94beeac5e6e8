"""A seller's shipments: the parcels of their own lines in shoppers' orders, paged and filtered by
status, each with its lines, the order's number and date and where it goes. Of the shopper a
seller sees the delivery address and nothing more (no email, no phone, no billing address when a
delivery address was given). Shipping one moves it along db/shipments.py (the order follows) and
mails the shopper."""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Annotated, Literal

from pydantic import Field
from sqlalchemy import Select, func, select
from sqlalchemy.engine import Row
from sqlalchemy.orm import Session

from db import audit
from db.admin import Conflict, NotFound, lock
from db.admin.forms import Form, Text
from db.carriers import CARRIERS
from db.events import occurred
from db.line_cancel import line_cancellation
from db.models import Order, OrderLine, Shipment
from db.models.sales import SHIPMENT_STATUSES
from db.queries.admin import iso
from db.queries.admin_lists import AdminList, ListQuery, Number, one_of, page_of
from db.queries.products import money
from db.seller_portal.offers import scoped
from db.shipments import move, why_not

# What an address's text may hold besides the address (db/addresses.py address_text adds the phone).
NOT_ADDRESS = re.compile(r"^\s*(phone|tel|email)\s*:", re.IGNORECASE)


class ShipForm(Form):
    carrier: Literal[CARRIERS]
    trackingNo: Annotated[Text(3, 60), Field(description="The carrier's tracking number")]


def parcel_address(order_delivery: str | None, order_billing: str) -> str:
    """Where the parcel goes: the delivery address, else the billing one; the address lines only."""
    text = order_delivery or order_billing or ""
    return "\n".join(line for line in text.splitlines() if line.strip() and not NOT_ADDRESS.match(line))


def shipment_rows() -> Select:
    return select(
        Shipment.id,
        Shipment.order_id,
        Shipment.status,
        Shipment.carrier,
        Shipment.tracking_no,
        Shipment.shipped_at,
        Shipment.delivered_at,
        Order.created_at,
        Order.status.label("order_status"),
        Order.delivery_address,
        Order.billing_address,
    ).join(Order, Shipment.order_id == Order.id)


def shipment_record(r: Row) -> dict:
    return {
        "id": r.id,
        "orderNo": r.order_id,
        "date": iso(r.created_at),
        "status": r.status,
        "orderStatus": r.order_status,
        "carrier": r.carrier,
        "trackingNo": r.tracking_no,
        "shippedAt": iso(r.shipped_at),
        "deliveredAt": iso(r.delivered_at),
        "address": parcel_address(r.delivery_address, r.billing_address),
        # Set by with_lines: a page's lines are read in one query.
        "lines": [],
        "total": 0.0,
    }


SHIPMENTS = AdminList(
    name="shipments",
    select=shipment_rows,
    record=shipment_record,
    key=Shipment.id,
    sorts={"date": Order.created_at, "orderNo": Shipment.order_id, "status": Shipment.status},
    search=(Number(Shipment.order_id),),
    default_order=(Order.created_at.desc(),),
    filters={"status": one_of(Shipment.status, SHIPMENT_STATUSES)},
    summary="The seller's shipments, newest order first, each with its lines and delivery address (filter: status)",
)


def sellers_shipments(seller_id: int) -> AdminList:
    return scoped(SHIPMENTS, Shipment.seller_id, seller_id)


def line_record(line: OrderLine) -> dict:
    return {
        "id": line.id,
        "productId": line.product_id,
        "offerId": line.offer_id,
        "title": line.title,
        "condition": line.condition,
        "qty": line.qty,
        "unitPrice": money(line.unit_price),
        "amount": money(line.amount),
        **line_cancellation(line),
    }


def with_lines(session: Session, records: list[dict]) -> list[dict]:
    """The shipments' lines (and their totals), for a whole page at once."""
    by_shipment: dict[int, list[OrderLine]] = defaultdict(list)
    ids = [r["id"] for r in records]
    for line in session.scalars(select(OrderLine).where(OrderLine.shipment_id.in_(ids)).order_by(OrderLine.id)):
        by_shipment[line.shipment_id].append(line)
    for record in records:
        lines = by_shipment[record["id"]]
        record["lines"] = [line_record(line) for line in lines]
        # What the parcel is worth to the seller: its cancelled lines are not sold.
        record["total"] = money(sum((line.amount for line in lines if line.cancelled_at is None), start=0))
    return records


def _own_shipment(session: Session, seller_id: int, shipment_id: int) -> Shipment:
    shipment = session.get(Shipment, shipment_id) if 0 < shipment_id < 2**63 else None
    if shipment is None or shipment.seller_id != seller_id:
        raise NotFound(f"You have no shipment {shipment_id}")
    return shipment


def shipment_view(session: Session, seller_id: int, shipment_id: int) -> dict:
    _own_shipment(session, seller_id, shipment_id)
    row = session.execute(shipment_rows().where(Shipment.id == shipment_id)).one()
    return with_lines(session, [shipment_record(row)])[0]


def ship(session: Session, actor: str, seller_id: int, shipment_id: int, form: ShipForm) -> dict:
    """The seller's parcel is on its way: the order follows, the shopper is mailed its tracking."""
    shipment = _own_shipment(session, seller_id, shipment_id)
    lock(session, Order, shipment.order_id)
    session.refresh(shipment)
    session.refresh(shipment.order)
    if why := why_not(shipment, "Shipped"):
        raise Conflict(why)
    before = audit.snapshot(shipment)
    move(session, shipment, "Shipped", actor, form.carrier, form.trackingNo)
    session.flush()
    audit.record(session, actor, "ship", "shipment", shipment.id, before, audit.snapshot(shipment))
    occurred(session, "shipment_shipped", shipment_id=shipment.id)
    return shipment_view(session, seller_id, shipment.id)


def to_ship(session: Session, seller_id: int) -> dict:
    """How many of the seller's parcels wait to go out, and their lines (paid orders only)."""
    waiting = (
        select(Shipment.id)
        .join(Order, Shipment.order_id == Order.id)
        .where(Shipment.seller_id == seller_id, Shipment.status == "Processing", Order.status != "Pending")
    )
    shipments = session.scalar(select(func.count()).select_from(waiting.subquery())) or 0
    lines = (
        session.scalar(
            select(func.count(OrderLine.id)).where(OrderLine.shipment_id.in_(waiting), OrderLine.cancelled_at.is_(None))
        )
        or 0
    )
    return {"shipments": shipments, "lines": lines}


def shipment_of_line(session: Session, seller_id: int, shipment_id: int, line_id: int) -> None:
    """404 unless the line is in the seller's own shipment."""
    shipment = _own_shipment(session, seller_id, shipment_id)
    if not any(line.id == line_id for line in shipment.lines):
        raise NotFound(f"Your shipment {shipment_id} has no line {line_id}")


def shipments_page(session: Session, spec: AdminList, query: ListQuery) -> tuple[list[dict], int]:
    records, total = page_of(session, spec, query)
    return with_lines(session, records), total
