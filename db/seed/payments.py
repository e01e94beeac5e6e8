"""The seeded orders' money, as the shop records it: a succeeded charge of its total for each paid
order (by its method), a succeeded refund for each accepted refund request, and the order's payment
status Refunded or Partly refunded where money went back. Needs the ids: run after a flush."""

from __future__ import annotations

from decimal import Decimal

from db.models import Order, Payment, RefundRequest
from db.money import Currency

NOTE = "seeded history"


def _succeeded(order: Order, kind: str, amount: Decimal, at, currency: Currency, **more) -> Payment:
    """A succeeded charge or refund of the order, by its method, as the seeded history has it."""
    return Payment(
        order_id=order.id,
        provider=order.payment_method.lower(),
        kind=kind,
        status="succeeded",
        amount=amount,
        currency=currency.code,
        message=NOTE,
        created_at=at,
        updated_at=at,
        **more,
    )


def build_payments(orders: list[Order], refunds: list[RefundRequest], currency: Currency) -> list[Payment]:
    payments = [
        _succeeded(order, "charge", order.total, order.created_at, currency)
        for order in orders
        if order.payment_status == "Success"
    ]
    refunded: dict[int, Decimal] = {}
    for refund in refunds:
        order = refund.order_line.order
        if refund.status != "Accepted" or order.payment_status != "Success":
            continue
        refunded[order.id] = refunded.get(order.id, Decimal(0)) + refund.amount
        decided = refund.decided_at or refund.created_at
        payments.append(_succeeded(order, "refund", refund.amount, decided, currency, refund_request_id=refund.id))
    for order in orders:
        if order.id in refunded:
            order.payment_status = "Refunded" if refunded[order.id] >= order.total else "Partly refunded"
    return payments
