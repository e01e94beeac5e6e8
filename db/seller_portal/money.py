"""A seller's money: their sales (their own lines' amounts), their ledger rows, payouts and payout
requests, and asking for a payout. A request may ask for at most the balance less what their open
requests already ask for; it is decided in the back office as before (db/admin/payouts.py)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Annotated

from pydantic import Field
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from db import audit
from db.admin import Invalid, lock
from db.admin.forms import Form
from db.admin.payouts import payout_request_view
from db.ledger import cents, seller_balance
from db.models import Earning, Order, OrderLine, Payout, PayoutRequest, Seller, Shipment
from db.models.base import utcnow
from db.queries.admin_sales import EARNINGS, PAYOUT_REQUESTS, PAYOUTS
from db.queries.products import money
from db.seller_portal.offers import low_stock, scoped
from db.seller_portal.shipments import to_ship


class PayoutAsk(Form):
    amount: Annotated[Decimal, Field(gt=0, max_digits=12, decimal_places=2)]


def sellers_earnings(seller_id: int):
    return scoped(EARNINGS, Earning.seller_id, seller_id)


def sellers_payouts(seller_id: int):
    return scoped(PAYOUTS, Payout.seller_id, seller_id)


def sellers_payout_requests(seller_id: int):
    return scoped(PAYOUT_REQUESTS, PayoutRequest.seller_id, seller_id)


def requested(session: Session, seller_id: int) -> Decimal:
    """What the seller's open payout requests ask for altogether."""
    asked = session.scalar(
        select(func.coalesce(func.sum(PayoutRequest.amount), 0)).where(
            PayoutRequest.seller_id == seller_id, PayoutRequest.status == "Processing"
        )
    )
    return cents(Decimal(asked))


def available(session: Session, seller_id: int) -> dict:
    balance = seller_balance(session, seller_id)
    open_requests = requested(session, seller_id)
    return {
        "balance": money(balance),
        "requested": money(open_requests),
        "available": money(max(balance - open_requests, Decimal("0"))),
    }


def ask_for_payout(session: Session, actor: str, seller_id: int, form: PayoutAsk) -> dict:
    """A payout request (Processing) for at most what the balance leaves after open requests."""
    lock(session, Seller, seller_id)  # with the owner's decisions on this balance, one at a time
    balance = seller_balance(session, seller_id)
    left = balance - requested(session, seller_id)
    if form.amount > left:
        raise Invalid({"amount": f"You can ask for at most {max(left, Decimal('0')):.2f} now"})
    request = PayoutRequest(
        seller_id=seller_id, amount=form.amount, balance_at_request=balance, status="Processing", created_at=utcnow()
    )
    session.add(request)
    session.flush()
    audit.record(session, actor, "create", "payout_request", request.id, None, audit.snapshot(request))
    return payout_request_view(session, request.id)


def _sales_since(session: Session, seller_id: int, since: dt.datetime) -> Decimal:
    """The amounts of the seller's lines in orders placed since `since`, not cancelled (neither the
    order, nor the parcel, nor the line on its own)."""
    total = session.scalar(
        select(func.coalesce(func.sum(OrderLine.amount), 0))
        .join(Order, OrderLine.order_id == Order.id)
        .join(Shipment, OrderLine.shipment_id == Shipment.id)
        .where(
            OrderLine.seller_id == seller_id,
            Order.created_at >= since,
            Order.status != "Cancelled",
            Shipment.status != "Cancelled",
            OrderLine.cancelled_at.is_(None),
        )
    )
    return cents(Decimal(total))


def dashboard(session: Session, seller_id: int) -> dict:
    """The portal's first page: sales today and this month (UTC), the money, what to ship, low stock."""
    now = utcnow()
    today = now.replace(hour=0, minute=0, second=0, microsecond=0)
    month = today.replace(day=1)
    return {
        "salesToday": money(_sales_since(session, seller_id, today)),
        "salesThisMonth": money(_sales_since(session, seller_id, month)),
        **available(session, seller_id),
        "toShip": to_ship(session, seller_id),
        "lowStock": low_stock(session, seller_id),
    }
