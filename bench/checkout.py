"""`python -m bench checkout`: cash-on-delivery checkouts at rising concurrency (issue 24).

wrk on loopback places orders (`POST /api/checkout`, `"paymentMethod": "Cash"`, a fresh
`Idempotency-Key` per attempt) with CLIENTS connections at once, each sending its next order when
its last was answered, for SECONDS per concurrency: carts of one to three lines (one or two of
each) drawn from PRODUCTS published products whose stock is raised to STOCK first, so no checkout
is refused for stock, by a thousand shoppers' emails. Mail is on and delivered (the shop's own
sender to a local SMTP sink), as a shop runs.

Two setups, one after the other: one `python -m app` process on SQLite, and three instances on
PostgreSQL (a scratch database of its own, dropped afterwards) behind nginx (deploy/cluster.py).
After each run the database is checked: no offer's stock below zero, and for every offer its
stock plus every quantity ordered from it since the start equals its stock at the start (nothing oversold,
no update lost). Budgets: one SQLite process at least 100 orders/s with p99 at most 100 ms at 16
clients; three PostgreSQL instances at least twice that. With every client waiting for its answer
before its next order, the mean latency is clients / orders/s (Little's law): a p99 of 100 ms at 16
clients asks for well over 160 orders/s. CPU ms/order (the shop's processes' CPU over the run, per
order placed) is the figure other work on the machine sways least."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from string import Template

import psycopg
from sqlalchemy import func, select

from bench.cache import wrk_run
from bench.cluster import postgres_database, server_cpu
from bench.common import ADMIN_ENV, seeded_database, server_process, table
from bench.smtp_sink import free_port
from db.engine import make_engine, make_sessionmaker
from db.models import Offer, Order, OrderLine, OutboxMessage, Product

CLIENTS = (1, 4, 16, 32)
SECONDS = 5
WARM_UP_SECONDS = 2
PRODUCTS = 200
STOCK = 1_000_000
SQLITE_PORT = 8791
NGINX_PORT, INSTANCE_PORTS = 8792, [8793, 8794, 8795]
POSTGRES_URL = os.environ.get("BENCH_CHECKOUT_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/sb_bench_checkout")
BUDGET_CLIENTS, BUDGET_RATE, BUDGET_P99_MS = 16, 100.0, 100.0

# $seed and $products are filled in (Template: Lua's own braces and percent signs stay as they are).
CHECKOUT_LUA = Template("""math.randomseed($seed)
products = {$products}
local function r(n) return math.random(0, n) end
local function uuid4()
  return string.format("%04x%04x-%04x-4%03x-%04x-%04x%04x%04x",
    r(0xffff), r(0xffff), r(0xffff), r(0xfff), 0x8000 + r(0x3fff), r(0xffff), r(0xffff), r(0xffff))
end
request = function()
  local lines, taken, count = {}, {}, math.random(1, 3)
  while #lines < count do
    local product = products[math.random(#products)]
    if not taken[product[1]] then
      taken[product[1]] = true
      lines[#lines + 1] = string.format('{"id": %d, "qty": %d, "price": %s}', product[1], math.random(1, 2), product[2])
    end
  end
  local body = string.format('{"name": "Bench Shopper", "email": "shopper%d@example.com", "phone": "+1 555 0100 77", '
    .. '"billingAddress": "1 Loopback Lane, Localhost", "paymentMethod": "Cash", "items": [%s]}',
    math.random(1, 1000), table.concat(lines, ", "))
  return wrk.format("POST", "/api/checkout", {["Content-Type"] = "application/json", ["Idempotency-Key"] = uuid4()}, body)
end
""")


def stock_up(url: str) -> list[tuple[int, str]]:
    """Raise the stock of PRODUCTS published products to STOCK; answers their (id, sale price)."""
    from db.checkout import sale_price
    from db.offers import relist

    engine = make_engine(url)
    with make_sessionmaker(engine)() as session, session.begin():
        products = list(
            session.scalars(select(Product).where(Product.published.is_(True)).order_by(Product.id).limit(PRODUCTS))
        )
        for product in products:
            relist(session, product, {"stock": STOCK})  # its listing, and the buy box with it
        chosen = [(p.id, str(sale_price(p))) for p in products]
    engine.dispose()
    return chosen


class Ledger:
    """The stock at the start, to check each run against: no stock below zero, and stock plus
    everything ordered since the start equal to the starting stock, offer by offer."""

    def __init__(self, url: str):
        self.engine = make_engine(url)
        self.sessions = make_sessionmaker(self.engine)
        with self.sessions() as session:
            self.first_order = (session.scalar(select(func.max(Order.id))) or 0) + 1
            self.stock = dict(session.execute(select(Offer.id, Offer.stock)).all())

    def orders(self) -> int:
        with self.sessions() as session:
            return session.scalar(select(func.count()).select_from(Order).where(Order.id >= self.first_order))

    def oversold(self) -> int:
        """How many offers are below zero or do not add up (read in one statement: one snapshot)."""
        ordered = (
            select(OrderLine.offer_id, func.sum(OrderLine.qty).label("qty"))
            .join(Order, Order.id == OrderLine.order_id)
            .where(Order.id >= self.first_order)
            .group_by(OrderLine.offer_id)
            .subquery()
        )
        with self.sessions() as session:
            now = session.execute(
                select(Offer.id, Offer.stock, func.coalesce(ordered.c.qty, 0)).outerjoin(
                    ordered, ordered.c.offer_id == Offer.id
                )
            ).all()
        return sum(1 for p, stock, qty in now if stock < 0 or stock + qty != self.stock.get(p, stock))

    def mail(self) -> tuple[int, int]:
        """(messages sent, messages written) since the start."""
        with self.sessions() as session:
            by_state = dict(
                session.execute(
                    select(OutboxMessage.state, func.count())
                    .where(OutboxMessage.order_id >= self.first_order)
                    .group_by(OutboxMessage.state)
                ).all()
            )
        return by_state.get("sent", 0), sum(by_state.values())

    def close(self) -> None:
        self.engine.dispose()


@contextmanager
def mail_sink() -> Iterator[str]:
    """aiosmtpd accepting and dropping every message, in a process of its own: its SMTP_URL."""
    port = free_port()
    command = [sys.executable, "-m", "aiosmtpd", "-n", "-c", "aiosmtpd.handlers.Sink", "-l", f"127.0.0.1:{port}"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1)  # listening by then; the shop's sender retries after a second anyway
        yield f"smtp://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=10)


def runs(
    base: str, url: str, products: list[tuple[int, str]], cpu: Callable[[], float]
) -> tuple[list[list], dict[int, tuple[float, float]]]:
    """One wrk run per concurrency, checked after each: the table's rows, and {clients: (orders/s, p99)}.
    `cpu` answers the CPU seconds the shop's processes have used so far: per order, a figure the
    machine's other work sways less than orders/s."""
    ledger = Ledger(url)
    cart = ", ".join(f"{{{product_id}, {json.dumps(price)}}}" for product_id, price in products)
    script = lambda: CHECKOUT_LUA.substitute(seed=random.randrange(2**31), products=cart)  # noqa: E731
    try:
        wrk_run(base + "/api/checkout", script(), seconds=WARM_UP_SECONDS, connections=4)
        rows, figures = [], {}
        for clients in CLIENTS:
            placed, used = ledger.orders(), cpu()
            run = wrk_run(base + "/api/checkout", script(), seconds=SECONDS, connections=clients)
            time.sleep(1)  # the orders still in flight when wrk stopped
            oversold, count = ledger.oversold(), ledger.orders() - placed
            rows.append(
                [
                    clients,
                    f"{run.rate:.0f}",
                    f"{run.p50_ms:.1f}",
                    f"{run.p99_ms:.1f}",
                    f"{(cpu() - used) * 1000 / max(1, count):.1f}",
                    run.errors,
                    count,
                    "0 oversold" if oversold == 0 else f"{oversold} PRODUCTS OVERSOLD OR MISCOUNTED",
                ]
            )
            figures[clients] = (run.rate, run.p99_ms)
        time.sleep(2)  # the last orders' mail
        sent, written = ledger.mail()
        rows.append(["mail", f"{sent} of {written} sent", "", "", "", "", "", ""])
        return rows, figures
    finally:
        ledger.close()


HEADER = ["clients", "orders/s", "p50 ms", "p99 ms", "CPU ms/order", "failed", "orders placed", "stock check"]


def sqlite_section(smtp_url: str) -> tuple[str, float]:
    with (
        seeded_database() as (url, media),
        server_process(url, media, SQLITE_PORT, SMTP_URL=smtp_url, **ADMIN_ENV) as (server, base),
    ):
        rows, figures = runs(base, url, stock_up(url), lambda: server_cpu(server.pid))
    rate, p99 = figures[BUDGET_CLIENTS]
    verdict = "ok" if rate >= BUDGET_RATE and p99 <= BUDGET_P99_MS else "UNDER BUDGET"
    return (
        f"One process on SQLite, {SECONDS} s per concurrency\n"
        + table(rows, HEADER)
        + f"\nbudget at {BUDGET_CLIENTS} clients: >= {BUDGET_RATE:.0f} orders/s, p99 <= {BUDGET_P99_MS:.0f} ms: {verdict}",
        rate,
    )


def postgres_section(smtp_url: str, sqlite_rate: float) -> str:
    from deploy.cluster import prepare, running_cluster
    from deploy.nginx import NginxUnavailable

    folder = Path(tempfile.mkdtemp(prefix="sb-bench-checkout-"))
    try:
        with postgres_database(POSTGRES_URL) as url:
            prepare(
                url,
                folder / "media",
                seed=True,
                admin_email=ADMIN_ENV["ADMIN_EMAIL"],
                admin_password=ADMIN_ENV["ADMIN_PASSWORD"],
            )
            products = stock_up(url)
            with running_cluster(
                url, folder / "media", folder, INSTANCE_PORTS, NGINX_PORT, SMTP_URL=smtp_url, **ADMIN_ENV
            ) as cluster:
                instances = [instance.process.pid for instance in cluster.instances]
                rows, figures = runs(cluster.base, url, products, lambda: sum(map(server_cpu, instances)))
    except NginxUnavailable as unavailable:
        return f"checkout on the cluster: {unavailable}"
    except psycopg.OperationalError as unreachable:
        return f"checkout on the cluster: no PostgreSQL server answers at {POSTGRES_URL} ({unreachable})"
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    rate = figures[BUDGET_CLIENTS][0]
    verdict = "ok" if rate >= 2 * BUDGET_RATE else "UNDER BUDGET"
    return (
        f"Three instances on PostgreSQL behind nginx, {SECONDS} s per concurrency (CPU: the instances', "
        "not PostgreSQL's)\n"
        + table(rows, HEADER)
        + f"\nbudget at {BUDGET_CLIENTS} clients: >= 2 x {BUDGET_RATE:.0f} orders/s: {verdict} "
        f"({rate / sqlite_rate:.2f} x the SQLite process measured above)"
    )


def run() -> str:
    if not shutil.which("wrk"):
        return "checkout: wrk is not installed (make bench installs it)"
    with mail_sink() as smtp_url:
        sqlite, sqlite_rate = sqlite_section(smtp_url)
        cluster = postgres_section(smtp_url, sqlite_rate)
    return (
        "Cash-on-delivery checkouts, wrk -t1 on loopback, carts of 1-3 lines, mail delivered to a local sink\n\n"
        + sqlite
        + "\n\n"
        + cluster
    )


if __name__ == "__main__":
    print(run())
