"""The sellers' money: earnings of delivered lines, refund reversals, payout requests and payouts.

The rules the admin's ledger check relies on:
- one sale earning per seller line of a delivered order, split at the line's rate (db/ledger.py);
- one negative reversal per accepted refund, split at the same rate;
- balance = sum(seller_earning) - sum(payouts), never negative at any moment;
- a payout request asks for at most the balance at that moment, an accepted one is paid exactly once.
Rows here need the ids of orders, lines and refunds, so they are built after the first flush.
"""

from __future__ import annotations

import bisect
import datetime as dt
import random
from dataclasses import dataclass, field
from decimal import Decimal

from db.ledger import refund_reversal, sale_earning
from db.models import Earning, Order, Payout, PayoutRequest, RefundRequest, Seller
from db.seed.common import PAYMENT_METHODS, random_time_between, rng
from db.seed.sales import delivered_at

# How many payout requests a seller with earnings makes over the period.
REQUESTS_PER_SELLER = (2, 2, 3, 3)
REJECTED_SHARE = 0.25
# A request this recent may still be waiting for the admin's decision.
UNDECIDED_WITHIN = dt.timedelta(days=12)
SMALLEST_REQUEST = Decimal("10")


def sale_earnings(orders: list[Order]) -> list[Earning]:
    return [
        sale_earning(line, delivered_at(order))
        for order in orders
        if order.status == "Delivered"
        for line in order.lines
        if line.seller_id is not None
    ]


def refund_reversals(refunds: list[RefundRequest]) -> list[Earning]:
    return [
        refund_reversal(refund, refund.order_line, refund.decided_at)
        for refund in refunds
        if refund.status == "Accepted"
    ]


@dataclass
class SellerLedger:
    """One seller's balance over time, as a sorted list of dated changes."""

    times: list[dt.datetime] = field(default_factory=list)
    deltas: list[Decimal] = field(default_factory=list)

    def add(self, when: dt.datetime, delta: Decimal) -> None:
        at = bisect.bisect_right(self.times, when)
        self.times.insert(at, when)
        self.deltas.insert(at, delta)

    def balance_at(self, when: dt.datetime) -> Decimal:
        return sum(self.deltas[: bisect.bisect_right(self.times, when)], Decimal("0.00"))

    def lowest_from(self, when: dt.datetime) -> Decimal:
        """The lowest the balance will be from `when` on: what can be paid out then without
        any later refund reversal taking the balance below zero."""
        balance = lowest = self.balance_at(when)
        for delta in self.deltas[bisect.bisect_right(self.times, when) :]:
            balance += delta
            lowest = min(lowest, balance)
        return lowest


def ledgers(earnings: list[Earning]) -> dict[int, SellerLedger]:
    books: dict[int, SellerLedger] = {}
    for earning in earnings:
        books.setdefault(earning.seller_id, SellerLedger()).add(earning.created_at, earning.seller_earning)
    return books


def request_times(r: random.Random, start: dt.datetime, now: dt.datetime) -> list[dt.datetime]:
    count = r.choice(REQUESTS_PER_SELLER)
    times = sorted(random_time_between(r, start, now - dt.timedelta(days=1)) for _ in range(count))
    # Half the sellers have a request in the last days, which may still be undecided.
    if r.random() < 0.5:
        times[-1] = max(times[-1], now - dt.timedelta(seconds=r.randint(86400, 10 * 86400)))
    return times


def decision_time(r: random.Random, requested: dt.datetime, next_request: dt.datetime) -> dt.datetime:
    """Decided within four days, and always before the seller's next request."""
    return random_time_between(
        r,
        requested + dt.timedelta(hours=1),
        min(requested + dt.timedelta(days=4), next_request - dt.timedelta(hours=1)),
    )


def seller_requests(r: random.Random, seller_id: int, ledger: SellerLedger, now: dt.datetime) -> list[PayoutRequest]:
    """A seller's payout requests in time order; accepted ones are entered in `ledger` as they are paid."""
    start = ledger.times[0] + dt.timedelta(days=7)
    if start >= now - dt.timedelta(days=2):
        return []
    times = request_times(r, start, now)
    requests = []
    for i, requested in enumerate(times):
        is_last = i == len(times) - 1
        if is_last and now - requested < UNDECIDED_WITHIN and r.random() < 0.7:
            status, decided = "Processing", None
        else:
            status = "Rejected" if r.random() < REJECTED_SHARE else "Accepted"
            decided = decision_time(r, requested, now if is_last else times[i + 1])
        balance = ledger.balance_at(requested)
        # Only a rejected request may ask for more than will stay available: it is never paid.
        limit = balance if status == "Rejected" else ledger.lowest_from(requested)
        amount = Decimal(int(limit * Decimal(str(r.uniform(0.4, 0.95)))))
        if amount < SMALLEST_REQUEST:
            continue
        requests.append(
            PayoutRequest(
                seller_id=seller_id,
                amount=amount,
                balance_at_request=balance,
                status=status,
                created_at=requested,
                decided_at=decided,
            )
        )
        if status == "Accepted":
            ledger.add(decided, -amount)
    return requests


def build_payout_requests(sellers: list[Seller], earnings: list[Earning], now: dt.datetime) -> list[PayoutRequest]:
    r = rng("payouts")
    books = ledgers(earnings)
    requests = []
    for seller in sellers:
        if seller.id in books:
            requests.extend(seller_requests(r, seller.id, books[seller.id], now))
    requests.sort(key=lambda request: request.created_at)
    return requests


def build_payouts(requests: list[PayoutRequest]) -> list[Payout]:
    """Exactly one payout per accepted request, paid when it was accepted (needs request ids)."""
    r = rng("payout-methods")
    return [
        Payout(
            seller_id=request.seller_id,
            payout_request_id=request.id,
            amount=request.amount,
            payment_method=r.choice(PAYMENT_METHODS),
            created_at=request.decided_at,
        )
        for request in requests
        if request.status == "Accepted"
    ]
