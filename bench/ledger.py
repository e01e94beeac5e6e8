"""The money side at scale: a fresh seeded SQLite database grows to 100,000 orders (bulk inserted,
with their lines and the ledger rows the rules ask for), then
- the full ledger check (db/ledger_check.py) is timed, median of 3 runs; budget 10 s;
- a signed-in administrator times GET /api/orders with search + status filter + sort + page 2;
  budget 50 ms median."""

from __future__ import annotations

import datetime as dt
import random
import statistics
import time
from decimal import Decimal

from bench.common import ADMIN_ENV, running_server, seeded_database, signed_in, table

ORDERS = 100_000
CHECK_RUNS = 3
REQUESTS = 30
WARM_UP = 3
LIST_BUDGET_MS = 50.0
CHECK_BUDGET_S = 10.0
BATCH = 5_000


def add_orders(url: str, target: int) -> int:
    """Orders (1–3 lines each, mostly delivered) until the database holds `target`, with a sale
    earning per delivered seller line split at the line's rate, as the rules say."""
    from sqlalchemy import func, insert, select

    from db.engine import make_engine, make_sessionmaker
    from db.ledger import split
    from db.models import Customer, Earning, Order, OrderLine, Package, Product, Seller

    r = random.Random("bench-ledger")
    now = dt.datetime.now(dt.UTC)
    engine = make_engine(url)
    with make_sessionmaker(engine)() as session, session.begin():
        customers = [
            (c.id, f"{r.randint(1, 999)} {c.name.split()[-1]} Road, Springfield")
            for c in session.scalars(select(Customer))
        ]
        products = session.execute(
            select(Product.id, Product.title, Product.price, Product.seller_id, Package.commission_rate)
            .outerjoin(Seller, Product.seller_id == Seller.id)
            .outerjoin(Package, Seller.package_id == Package.id)
        ).all()
        next_order = (session.scalar(select(func.max(Order.id))) or 0) + 1
        next_line = (session.scalar(select(func.max(OrderLine.id))) or 0) + 1
        missing = target - session.scalar(select(func.count(Order.id)))
        orders, lines, earnings = [], [], []
        for n in range(missing):
            order_id, placed = next_order + n, now - dt.timedelta(seconds=r.randint(3600, 400 * 86400))
            status = r.choices(("Delivered", "Processing", "Pending"), (80, 10, 10))[0]
            customer_id, address = r.choice(customers)
            total = Decimal("0.00")
            for product in r.sample(products, r.choice((1, 1, 2, 3))):
                qty = r.choice((1, 1, 2))
                amount = product.price * qty
                total += amount
                lines.append(
                    {
                        "id": next_line,
                        "order_id": order_id,
                        "product_id": product.id,
                        "seller_id": product.seller_id,
                        "commission_rate": product.commission_rate,
                        "title": product.title,
                        "unit_price": product.price,
                        "qty": qty,
                        "amount": amount,
                    }
                )
                if status == "Delivered" and product.seller_id is not None:
                    seller_part, store_part = split(amount, product.commission_rate)
                    earnings.append(
                        {
                            "seller_id": product.seller_id,
                            "order_id": order_id,
                            "order_line_id": next_line,
                            "commission_rate": product.commission_rate,
                            "seller_earning": seller_part,
                            "admin_commission": store_part,
                            "created_at": placed + dt.timedelta(days=3),
                        }
                    )
                next_line += 1
            orders.append(
                {
                    "id": order_id,
                    "customer_id": customer_id,
                    "status": status,
                    "payment_method": "Cash",
                    "payment_status": "Success" if status == "Delivered" else "Pending",
                    "billing_address": address,
                    "total": total,
                    "created_at": placed,
                }
            )
        for model, rows in ((Order, orders), (OrderLine, lines), (Earning, earnings)):
            for start in range(0, len(rows), BATCH):
                session.execute(insert(model), rows[start : start + BATCH])
    engine.dispose()
    return missing


def time_ledger_check(url: str) -> tuple[float, str]:
    from db.engine import make_engine, make_sessionmaker
    from db.ledger_check import check_ledger

    engine = make_engine(url)
    times = []
    for _ in range(CHECK_RUNS):
        with make_sessionmaker(engine)() as session:
            started = time.perf_counter()
            report = check_ledger(session)
            times.append(time.perf_counter() - started)
    engine.dispose()
    verdict = "every rule holds" if report.ok else f"{report.broken} broken: {report.problems[:3]}"
    counted = ", ".join(f"{n:,} {what}" for what, n in report.counted.items())
    return statistics.median(times), f"{counted}; {verdict}"


def a_customer_word(url: str) -> str:
    from sqlalchemy import select

    from db.engine import make_engine, make_sessionmaker
    from db.models import Customer

    engine = make_engine(url)
    with make_sessionmaker(engine)() as session:
        name = session.scalar(select(Customer.name).order_by(Customer.id).limit(1))
    engine.dispose()
    return name.split()[-1]


def time_order_list(base: str, query: dict) -> tuple[list[float], int]:
    client = signed_in(base)
    times, total = [], 0
    for i in range(WARM_UP + REQUESTS):
        started = time.perf_counter()
        response = client.get("/api/orders", params=query)
        elapsed = (time.perf_counter() - started) * 1000
        response.raise_for_status()
        total = int(response.headers["x-total-count"])
        if i >= WARM_UP:
            times.append(elapsed)
    client.close()
    return times, total


def run(port: int = 8768) -> str:
    with seeded_database() as (url, media):
        started = time.perf_counter()
        added = add_orders(url, ORDERS)
        filled = time.perf_counter() - started
        check_s, checked = time_ledger_check(url)
        word = a_customer_word(url)
        queries = {
            "search + filter + page": {"q": word, "status": "Delivered", "page": "2", "per_page": "25"},
            "search + filter + sort + page": {
                "q": word,
                "status": "Delivered",
                "sort": "-amount",
                "page": "2",
                "per_page": "25",
            },
            "filter + page (no search)": {"status": "Processing", "page": "3", "per_page": "25"},
        }
        rows = []
        env = {**ADMIN_ENV, "SSR_POOL_SIZE": "1"}
        with running_server(url, media, port=port, **env) as base:
            for label, query in queries.items():
                times, total = time_order_list(base, query)
                median = statistics.median(times)
                rows.append(
                    [
                        label,
                        f"{total:,}",
                        f"{median:.1f} ms",
                        f"{statistics.quantiles(times, n=10)[-1]:.1f} ms",
                        f"{LIST_BUDGET_MS:.0f} ms",
                        "ok" if median < LIST_BUDGET_MS else "OVER BUDGET",
                    ]
                )
    return (
        f"ledger at {ORDERS:,} orders ({added:,} bulk inserted in {filled:.1f} s)\n"
        f"full ledger check: {check_s:.2f} s median of {CHECK_RUNS} (budget {CHECK_BUDGET_S:.0f} s: "
        f"{'ok' if check_s < CHECK_BUDGET_S else 'OVER BUDGET'}) — {checked}\n"
        f"GET /api/orders, signed in, {REQUESTS} requests each (q = a customer's surname)\n"
        + table(rows, ["query", "matching", "median", "p90", "budget", "verdict"])
    )


if __name__ == "__main__":
    print(run())
