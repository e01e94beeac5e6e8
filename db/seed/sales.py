"""Orders over the last ~120 days with their lines and status history, and refund requests on them."""

from __future__ import annotations

import bisect
import datetime as dt
import random
from dataclasses import dataclass
from decimal import Decimal

from db.ledger import cents
from db.models import Customer, Order, OrderLine, OrderStatusChange, Product, RefundRequest
from db.seed.common import PAYMENT_METHODS, days_ago, random_time_between, rng, sale_price
from db.seed.people import street_address

ORDER_COUNT = 450
ORDER_WINDOW_DAYS = 120
LINES_PER_ORDER = (1, 2, 3, 4)
LINE_WEIGHTS = (40, 30, 20, 10)
# A few orders stall (cash not collected, item back-ordered) and stay where they are.
STALL_SHARE = 0.04
REFUND_COUNT = 25
REFUND_STATUSES = ("Pending", "Processing", "Accepted")
REFUND_WEIGHTS = (30, 25, 45)
REFUND_REASONS = (
    "Item arrived damaged.",
    "Wrong item delivered.",
    "Not as described on the product page.",
    "Changed my mind before opening it.",
    "Arrived too late for the occasion.",
    "Missing parts in the package.",
    "Received a duplicate order by mistake.",
)


@dataclass
class Sales:
    orders: list[Order]
    refunds: list[RefundRequest]


def delivered_at(order: Order) -> dt.datetime | None:
    return next((h.created_at for h in order.history if h.to_status == "Delivered"), None)


class ProductPicker:
    """Chooses products already listed at a given time, cheap ones far more often than a car."""

    def __init__(self, products: list[Product]) -> None:
        self.products = sorted((p for p in products if p.published), key=lambda p: (p.created_at, p.slug))
        self.listed_at = [p.created_at for p in self.products]
        self.cumulative: list[float] = []
        total = 0.0
        for product in self.products:
            total += 1 / float(product.price) ** 0.5
            self.cumulative.append(total)

    def pick(self, r: random.Random, when: dt.datetime, count: int) -> list[Product]:
        listed = bisect.bisect_left(self.listed_at, when)
        count = min(count, listed)
        chosen: list[Product] = []
        while len(chosen) < count:
            product = r.choices(self.products[:listed], cum_weights=self.cumulative[:listed])[0]
            if product not in chosen:
                chosen.append(product)
        return chosen


def order_times(r: random.Random, now: dt.datetime) -> list[dt.datetime]:
    # The exponent leans orders slightly towards recent weeks: the shop is growing.
    return sorted(days_ago(now, ORDER_WINDOW_DAYS * r.random() ** 1.15 + 0.02) for _ in range(ORDER_COUNT))


def status_history(r: random.Random, placed: dt.datetime, now: dt.datetime) -> list[OrderStatusChange]:
    """None → Pending at once, → Processing within hours or days, → Delivered a few days later,
    as far as `now` has got (and not at all for a stalled order)."""
    processing = placed + dt.timedelta(seconds=r.randint(2 * 3600, 60 * 3600))
    delivered = processing + dt.timedelta(seconds=r.randint(24 * 3600, 6 * 86400))
    stall = r.random() < STALL_SHARE
    steps = [(None, "Pending", placed), ("Pending", "Processing", processing), ("Processing", "Delivered", delivered)]
    reached = [s for s in steps if s[2] <= now]
    if stall and len(reached) > 1:
        reached = reached[: r.randint(1, len(reached) - 1)]
    return [OrderStatusChange(from_status=a, to_status=b, changed_by="system", created_at=t) for a, b, t in reached]


def payment_status(status: str, method: str) -> str:
    # Cash is collected on delivery; every other method is charged once the order is processed.
    if status == "Delivered" or (status == "Processing" and method != "Cash"):
        return "Success"
    return "Pending"


def order_line(r: random.Random, product: Product) -> OrderLine:
    unit_price = sale_price(product.price, product.discount)
    qty = 1 if unit_price > 100 else r.choice((1, 1, 1, 2, 2, 3))
    rate = product.seller.package.commission_rate if product.seller else None
    return OrderLine(
        product=product,
        seller=product.seller,
        commission_rate=rate,
        title=product.title,
        unit_price=unit_price,
        qty=qty,
        amount=unit_price * qty,
    )


def build_orders(products: list[Product], customers: list[Customer], now: dt.datetime) -> list[Order]:
    r = rng("orders")
    picker = ProductPicker(products)
    addresses = [street_address(r) for _ in customers]
    orders = []
    for placed in order_times(r, now):
        n = r.randrange(len(customers))
        method = r.choice(PAYMENT_METHODS)
        lines = [order_line(r, p) for p in picker.pick(r, placed, r.choices(LINES_PER_ORDER, LINE_WEIGHTS)[0])]
        if not lines:
            continue
        history = status_history(r, placed, now)
        status = history[-1].to_status
        orders.append(
            Order(
                customer=customers[n],
                status=status,
                payment_method=method,
                payment_status=payment_status(status, method),
                billing_address=addresses[n],
                total=sum((line.amount for line in lines), Decimal("0.00")),
                created_at=placed,
                lines=lines,
                history=history,
            )
        )
    return orders


def refund_amount(r: random.Random, line: OrderLine) -> Decimal:
    """Usually the whole line; sometimes only some of the units, or part of a single one."""
    if r.random() < 0.6:
        return line.amount
    if line.qty > 1:
        return line.unit_price * r.randint(1, line.qty - 1)
    return max(cents(line.amount * Decimal(r.choice(("0.5", "0.3", "0.25")))), Decimal("0.01"))


def build_refunds(orders: list[Order], now: dt.datetime) -> list[RefundRequest]:
    """Refund requests on lines of delivered orders that a seller sold (so a refund can be reversed)."""
    r = rng("refunds")
    latest = now - dt.timedelta(days=1)
    candidates = [
        (line, delivered_at(order))
        for order in orders
        if order.status == "Delivered"
        for line in order.lines
        if line.seller is not None and delivered_at(order) < latest
    ]
    refunds = []
    for line, delivered in r.sample(candidates, min(REFUND_COUNT, len(candidates))):
        requested = random_time_between(
            r, delivered + dt.timedelta(hours=6), min(delivered + dt.timedelta(days=10), latest)
        )
        status = r.choices(REFUND_STATUSES, REFUND_WEIGHTS)[0]
        decided = None
        if status == "Accepted":
            decided = random_time_between(
                r, requested + dt.timedelta(hours=2), min(requested + dt.timedelta(days=4), now - dt.timedelta(hours=1))
            )
        refunds.append(
            RefundRequest(
                order_line=line,
                amount=refund_amount(r, line),
                status=status,
                reason=r.choice(REFUND_REASONS),
                created_at=requested,
                decided_at=decided,
            )
        )
    refunds.sort(key=lambda refund: refund.created_at)
    return refunds


def build_sales(products: list[Product], customers: list[Customer], now: dt.datetime) -> Sales:
    orders = build_orders(products, customers, now)
    return Sales(orders, build_refunds(orders, now))
