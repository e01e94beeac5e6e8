"""The money rules every seller figure is derived from, written once for the seed, the admin's
writes and the ledger check alike.

- A delivered order line of a seller's product earns one sale row in the earning ledger, split
  between seller and store at the commission rate the line carries (the seller's package rate
  when the order was placed).
- An accepted refund adds one reversal row: the refunded amount split at that same rate, negated.
- A seller's balance is the sum of their ledger rows (sales less reversals) less their payouts.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from db.models import Earning, OrderLine, Payout, RefundRequest

CENT = Decimal("0.01")


def cents(value: Decimal | int | str) -> Decimal:
    """Money rounds to the cent, half up, like a till."""
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)


def commission(amount: Decimal, rate: Decimal) -> Decimal:
    """The store's share of an amount at a package's commission rate."""
    return cents(amount * rate)


def split(amount: Decimal, rate: Decimal) -> tuple[Decimal, Decimal]:
    """(seller's part, store's commission) of an amount; the two always add up to it."""
    store = commission(amount, rate)
    return amount - store, store


def sale_earning(line: OrderLine, when) -> Earning:
    seller_part, store_part = split(line.amount, line.commission_rate)
    return Earning(
        seller_id=line.seller_id,
        order_id=line.order_id,
        order_line_id=line.id,
        commission_rate=line.commission_rate,
        seller_earning=seller_part,
        admin_commission=store_part,
        created_at=when,
    )


def refund_reversal(refund: RefundRequest, line: OrderLine, when) -> Earning:
    seller_part, store_part = split(refund.amount, line.commission_rate)
    return Earning(
        seller_id=line.seller_id,
        order_id=line.order_id,
        order_line_id=line.id,
        refund_request_id=refund.id,
        commission_rate=line.commission_rate,
        seller_earning=-seller_part,
        admin_commission=-store_part,
        created_at=when,
    )


def seller_balance(session: Session, seller_id: int) -> Decimal:
    earned = session.scalar(
        select(func.coalesce(func.sum(Earning.seller_earning), 0)).where(Earning.seller_id == seller_id)
    )
    paid = session.scalar(select(func.coalesce(func.sum(Payout.amount), 0)).where(Payout.seller_id == seller_id))
    return cents(Decimal(earned) - Decimal(paid))


def refunded_on_line(
    session: Session, line_id: int, statuses: tuple[str, ...] = ("Accepted",), leaving_out: int | None = None
) -> Decimal:
    """The sum of the line's refund requests in `statuses` (another request left out)."""
    query = select(func.coalesce(func.sum(RefundRequest.amount), 0)).where(
        RefundRequest.order_line_id == line_id, RefundRequest.status.in_(statuses)
    )
    if leaving_out is not None:
        query = query.where(RefundRequest.id != leaving_out)
    return cents(Decimal(session.scalar(query)))
