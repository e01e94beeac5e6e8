"""Check the whole database against the money rules (db/ledger.py): `python -m db.ledger_check`
(DATABASE_URL as the app reads it, or a URL given) prints what it checked and every rule broken,
and exits 1 if any is. `python -m db.ledger_check --seed` checks a freshly seeded database, as
`make test` does.

The rules:
- an order's total is the sum of its lines, a line's amount is its unit price times its quantity;
- each seller line of a delivered order has exactly one sale row in the earning ledger, for that
  seller, split at the line's commission rate; no other line has one;
- each accepted refund has exactly one reversal (the refunded amount split at the line's rate,
  negated) and no other refund has one; a line's accepted refunds never exceed its amount, and
  only delivered orders are refunded;
- each accepted payout request was paid by exactly one payout of its amount to its seller, and
  nothing else was paid against a request;
- no payout was larger than the seller's balance at the moment it was paid;
- each order money was taken for (payment status Success, Refunded or Partly refunded) kept what it
  should: its succeeded charges less its succeeded refunds equal its total less its accepted refund
  requests and its cancelled lines;
- a line its seller cancelled earns nothing, and its order keeps nothing for it; the cancellations'
  own rules (db/line_cancel_check.py);
- the marketplace's (db/marketplace_check.py): each line in a shipment of its order and seller, each
  order's status what its shipments make, each product's summary what its offers make.
"""

from __future__ import annotations

import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from sqlalchemy import case, func, select
from sqlalchemy.orm import Session

from db import config
from db.ledger import split
from db.line_cancel_check import lines_cancelled
from db.marketplace_check import lines_shipped, orders_follow_shipments, products_summarised
from db.models import Earning, Order, OrderLine, Payment, Payout, PayoutRequest, RefundRequest
from db.payments import TAKEN

SHOWN = 50
ZERO = Decimal("0.00")


@dataclass
class LedgerReport:
    problems: list[str] = field(default_factory=list)
    counted: dict[str, int] = field(default_factory=dict)
    broken: int = 0

    def problem(self, text: str) -> None:
        self.broken += 1
        if len(self.problems) < SHOWN:
            self.problems.append(text)

    @property
    def ok(self) -> bool:
        return self.broken == 0


def _orders_add_up(session: Session, report: LedgerReport) -> None:
    sums = select(OrderLine.order_id, func.sum(OrderLine.amount).label("lines")).group_by(OrderLine.order_id).subquery()
    count = 0
    for order_id, total, lines in session.execute(
        select(Order.id, Order.total, sums.c.lines).outerjoin(sums, sums.c.order_id == Order.id)
    ):
        count += 1
        if lines is None or Decimal(total) != Decimal(lines).quantize(ZERO):
            report.problem(f"order {order_id}: total {total} is not the sum of its lines ({lines})")
    report.counted["orders"] = count
    lines = 0
    for line_id, unit, qty, amount in session.execute(
        select(OrderLine.id, OrderLine.unit_price, OrderLine.qty, OrderLine.amount)
    ):
        lines += 1
        if unit * qty != amount:
            report.problem(f"order line {line_id}: {qty} x {unit} is not {amount}")
    report.counted["order lines"] = lines


def _sales_earned(session: Session, report: LedgerReport) -> None:
    earned = defaultdict(list)
    for line_id, seller_id, rate, seller_part, store_part in session.execute(
        select(
            Earning.order_line_id,
            Earning.seller_id,
            Earning.commission_rate,
            Earning.seller_earning,
            Earning.admin_commission,
        ).where(Earning.refund_request_id.is_(None))
    ):
        earned[line_id].append((seller_id, rate, seller_part, store_part))
    report.counted["sale earnings"] = sum(len(rows) for rows in earned.values())
    for line_id, seller_id, rate, amount, status, cancelled in session.execute(
        select(
            OrderLine.id,
            OrderLine.seller_id,
            OrderLine.commission_rate,
            OrderLine.amount,
            Order.status,
            OrderLine.cancelled_at.is_not(None),
        ).join(Order, OrderLine.order_id == Order.id)
    ):
        rows = earned.pop(line_id, [])
        if status != "Delivered" or seller_id is None or cancelled:
            if rows:
                report.problem(
                    f"order line {line_id}: earns although "
                    + ("it was cancelled" if cancelled else f"its order is {status}")
                    + ("" if seller_id else " and it has no seller")
                )
            continue
        if len(rows) != 1:
            report.problem(f"order line {line_id}: {len(rows)} sale earnings instead of one")
            continue
        expected = (seller_id, rate, *split(amount, rate))
        if rows[0] != expected:
            report.problem(f"order line {line_id}: sale earning {rows[0]} should be {expected}")
    for line_id in earned:
        report.problem(f"sale earning for order line {line_id}, which does not exist")


def _refunds_reversed(session: Session, report: LedgerReport) -> None:
    reversals = defaultdict(list)
    for refund_id, seller_id, seller_part, store_part in session.execute(
        select(Earning.refund_request_id, Earning.seller_id, Earning.seller_earning, Earning.admin_commission).where(
            Earning.refund_request_id.is_not(None)
        )
    ):
        reversals[refund_id].append((seller_id, seller_part, store_part))
    report.counted["refund reversals"] = sum(len(rows) for rows in reversals.values())
    accepted_on_line: dict[int, Decimal] = defaultdict(Decimal)
    line_amounts: dict[int, Decimal] = {}
    count = 0
    for refund_id, status, amount, line_id, line_amount, seller_id, rate, order_status in session.execute(
        select(
            RefundRequest.id,
            RefundRequest.status,
            RefundRequest.amount,
            OrderLine.id,
            OrderLine.amount,
            OrderLine.seller_id,
            OrderLine.commission_rate,
            Order.status,
        )
        .join(OrderLine, RefundRequest.order_line_id == OrderLine.id)
        .join(Order, OrderLine.order_id == Order.id)
    ):
        count += 1
        rows = reversals.pop(refund_id, [])
        if status != "Accepted":
            if rows:
                report.problem(f"refund request {refund_id}: reversed although it is {status}")
            continue
        if order_status != "Delivered":
            report.problem(f"refund request {refund_id}: accepted on an order that is {order_status}")
        accepted_on_line[line_id] += amount
        line_amounts[line_id] = line_amount
        expected = [] if seller_id is None else [(seller_id, *(-part for part in split(amount, rate)))]
        if rows != expected:
            report.problem(f"refund request {refund_id}: reversal {rows} should be {expected}")
    report.counted["refund requests"] = count
    for line_id, refunded in accepted_on_line.items():
        if refunded > line_amounts[line_id]:
            report.problem(f"order line {line_id}: {refunded} refunded of {line_amounts[line_id]} paid")
    for refund_id in reversals:
        report.problem(f"reversal of refund request {refund_id}, which does not exist")


def _payouts_paid(session: Session, report: LedgerReport) -> None:
    paid = defaultdict(list)
    for request_id, seller_id, amount in session.execute(
        select(Payout.payout_request_id, Payout.seller_id, Payout.amount).where(Payout.payout_request_id.is_not(None))
    ):
        paid[request_id].append((seller_id, amount))
    count = 0
    for request_id, seller_id, amount, status in session.execute(
        select(PayoutRequest.id, PayoutRequest.seller_id, PayoutRequest.amount, PayoutRequest.status)
    ):
        count += 1
        rows = paid.pop(request_id, [])
        expected = [(seller_id, amount)] if status == "Accepted" else []
        if rows != expected:
            report.problem(f"payout request {request_id} ({status}): paid {rows}, should be {expected}")
    report.counted["payout requests"] = count
    for request_id in paid:
        report.problem(f"payout against payout request {request_id}, which does not exist")


def _balances_covered_payouts(session: Session, report: LedgerReport) -> None:
    """Replays each seller's ledger in time order: at each payout the balance must have covered it.
    Rows at the same moment count earnings first (a payout decided with the sale it pays)."""
    events = defaultdict(list)
    for seller_id, when, amount in session.execute(
        select(Earning.seller_id, Earning.created_at, Earning.seller_earning)
    ):
        events[seller_id].append((when, 0, amount, None))
    payouts = 0
    for payout_id, seller_id, when, amount in session.execute(
        select(Payout.id, Payout.seller_id, Payout.created_at, Payout.amount)
    ):
        payouts += 1
        events[seller_id].append((when, 1, -amount, payout_id))
    report.counted["payouts"] = payouts
    for seller_id, rows in events.items():
        rows.sort(key=lambda row: (row[0], row[1]))
        balance = ZERO
        for when, _, amount, payout_id in rows:
            if payout_id is not None and -amount > balance:
                report.problem(
                    f"payout {payout_id} of {-amount} to seller {seller_id} at {when.isoformat()} "
                    f"was more than the balance of {balance}"
                )
            balance += amount


def _payments_kept(session: Session, report: LedgerReport) -> None:
    """Money taken less money given back is what each paid order keeps once its refunds are paid."""
    kept = (
        select(
            Payment.order_id,
            func.sum(case((Payment.kind == "refund", -Payment.amount), else_=Payment.amount)).label("kept"),
        )
        .where(Payment.status == "succeeded")
        .group_by(Payment.order_id)
        .subquery()
    )
    refunded = (
        select(OrderLine.order_id, func.sum(RefundRequest.amount).label("refunded"))
        .join(RefundRequest, RefundRequest.order_line_id == OrderLine.id)
        .where(RefundRequest.status == "Accepted")
        .group_by(OrderLine.order_id)
        .subquery()
    )
    cancelled = (
        select(OrderLine.order_id, func.sum(OrderLine.amount).label("cancelled"))
        .where(OrderLine.cancelled_at.is_not(None))
        .group_by(OrderLine.order_id)
        .subquery()
    )
    count = 0
    for order_id, payment_status, total, taken, given_back, dropped in session.execute(
        select(Order.id, Order.payment_status, Order.total, kept.c.kept, refunded.c.refunded, cancelled.c.cancelled)
        .outerjoin(kept, kept.c.order_id == Order.id)
        .outerjoin(refunded, refunded.c.order_id == Order.id)
        .outerjoin(cancelled, cancelled.c.order_id == Order.id)
        .where(Order.payment_status.in_(TAKEN))
    ):
        count += 1
        should = Decimal(total) - Decimal(given_back or 0) - Decimal(dropped or 0)
        if Decimal(taken or 0).quantize(ZERO) != should.quantize(ZERO):
            report.problem(
                f"order {order_id} ({payment_status}): its payments keep {Decimal(taken or 0).quantize(ZERO)}, "
                f"not its total {total} less {Decimal(given_back or 0).quantize(ZERO)} refunded"
                + (f" and {Decimal(dropped).quantize(ZERO)} cancelled" if dropped else "")
            )
    report.counted["paid orders"] = count


CHECKS = (
    _orders_add_up,
    _sales_earned,
    _refunds_reversed,
    _payouts_paid,
    _balances_covered_payouts,
    _payments_kept,
    lines_cancelled,
    lines_shipped,
    orders_follow_shipments,
    products_summarised,
)


def check_ledger(session: Session) -> LedgerReport:
    report = LedgerReport()
    for check in CHECKS:
        check(session, report)
    return report


def main(url: str) -> int:
    from db.engine import make_engine, make_sessionmaker

    engine = make_engine(url)
    started = time.perf_counter()
    with make_sessionmaker(engine)() as session:
        report = check_ledger(session)
    seconds = time.perf_counter() - started
    engine.dispose()
    counted = ", ".join(f"{n} {what}" for what, n in report.counted.items())
    print(
        f"ledger check of {counted} in {seconds:.2f} s: "
        + ("every rule holds" if report.ok else f"{report.broken} broken")
    )
    for problem in report.problems:
        print("  " + problem)
    if report.broken > len(report.problems):
        print(f"  ... and {report.broken - len(report.problems)} more")
    return 0 if report.ok else 1


def check_fresh_seed() -> int:
    import tempfile
    from pathlib import Path

    from db.engine import make_engine, make_sessionmaker
    from db.migrate import upgrade
    from db.seed import seed

    with tempfile.TemporaryDirectory(prefix="sb-ledger-") as folder:
        url = f"sqlite:///{Path(folder) / 'seed.db'}"
        upgrade(url)
        engine = make_engine(url)
        with make_sessionmaker(engine)() as session, session.begin():
            seed(session, Path(folder) / "media")
        engine.dispose()
        return main(url)


if __name__ == "__main__":
    if sys.argv[1:] == ["--seed"]:
        sys.exit(check_fresh_seed())
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else config.database_url()))
