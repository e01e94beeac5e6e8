"""`python -m bench mail`: what mail costs the checkout, and how fast it arrives.

Orders are placed at RATE a second for SECONDS (open loop: each at its own moment, whatever the
answers before it) against a fresh shop three times, side by side: with no mail at all (a server
whose writes write no mail: bench/mail_off_server.py), with mail written to the outbox but no mail
server (the `make run` default), and with mail delivered to a local SMTP sink (aiosmtpd). It prints
the checkout's p50/p99 in each, the messages delivered a second, and the time from the order's
commit to the message's arrival at the sink (p50/p99)."""

from __future__ import annotations

import asyncio
import statistics
import time

import httpx
from sqlalchemy import select

from bench.common import seeded_database, server_process, table
from bench.smtp_sink import MailSink
from db.engine import make_engine, make_sessionmaker
from db.models import OutboxMessage, Product

RATE = 20
SECONDS = 60
BUYER = {
    "name": "Bench Shopper",
    "phone": "+1 555 0100 77",
    "billingAddress": "1 Loopback Lane, Localhost",
    "paymentMethod": "Cash",
}


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def stocked(url: str) -> list[tuple[int, float]]:
    """(id, sale price) of every published product with stock for a one-unit order a round."""
    from db.checkout import sale_price

    engine = make_engine(url)
    with make_sessionmaker(engine)() as session:
        products = session.scalars(select(Product).where(Product.published.is_(True), Product.stock >= 10))
        found = [(p.id, float(sale_price(p))) for p in products]
    engine.dispose()
    return found


async def place_orders(base: str, products: list[tuple[int, float]], count: int) -> tuple[list[float], int]:
    """Open-loop orders; answers the latencies (ms) of the answered ones and the count of failures."""
    latencies: list[float] = []
    failures = 0
    limits = httpx.Limits(max_connections=64, max_keepalive_connections=64)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as client:

        async def one(n: int) -> None:
            nonlocal failures
            product_id, price = products[n % len(products)]
            body = {
                **BUYER,
                "email": f"shopper{n}@example.com",
                "items": [{"id": product_id, "qty": 1, "price": price}],
            }
            started = time.perf_counter()
            try:
                answer = await client.post("/api/checkout", json=body)
            except httpx.HTTPError:  # counted, not fatal: the figures say how many failed
                failures += 1
                return
            if answer.status_code == 201:
                latencies.append((time.perf_counter() - started) * 1000)
            else:
                failures += 1

        tasks, start = [], time.perf_counter()
        for n in range(count):
            delay = start + n / RATE - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            tasks.append(asyncio.create_task(one(n)))
        await asyncio.gather(*tasks)
    return latencies, failures


def delivery_times(url: str, sink: MailSink) -> list[float]:
    """Seconds from each message's writing (in its order's transaction) to its arrival at the sink."""
    engine = make_engine(url)
    with make_sessionmaker(engine)() as session:
        written = dict(session.execute(select(OutboxMessage.message_id, OutboxMessage.created_at)).all())
    engine.dispose()
    with sink.lock:
        arrivals = [(m["Message-ID"], at) for m, at in zip(sink.received, sink.arrived)]
    first: dict[str, float] = {}
    for message_id, at in arrivals:
        first.setdefault(message_id, at)
    return [first[i] - written[i].timestamp() for i in first if i in written]


def run_mode(mode: str) -> dict:
    sink = MailSink().start() if mode == "delivered" else None
    env = {"SMTP_URL": sink.url} if sink else {}
    module = "bench.mail_off_server" if mode == "no mail" else "app"
    try:
        with seeded_database() as (url, media), server_process(url, media, module=module, **env) as (_, base):
            products = stocked(url)
            asyncio.run(place_orders(base, products, RATE * 2))  # warm-up, not counted
            started = time.perf_counter()
            latencies, failures = asyncio.run(place_orders(base, products, RATE * SECONDS))
            placed = time.perf_counter() - started
            figures = {"latencies": latencies, "failures": failures, "seconds": placed}
            if sink is not None:
                deadline = time.monotonic() + 30
                while len(sink.messages()) < len(latencies) + RATE * 2 and time.monotonic() < deadline:
                    time.sleep(0.2)
                figures["delivered"] = len(sink.by_message_id())
                figures["written"] = len(latencies) + RATE * 2
                figures["delivery"] = delivery_times(url, sink)
                figures["rate"] = len(sink.messages()) / (max(sink.arrived) - min(sink.arrived) or 1)
            return figures
    finally:
        if sink is not None:
            sink.stop()


def run() -> str:
    modes = ("no mail", "outbox, no SMTP_URL", "delivered")
    results = {mode: run_mode(mode) for mode in modes}
    base_p99 = percentile(results["no mail"]["latencies"], 99)
    rows = []
    for mode in modes:
        figures = results[mode]
        p50, p99 = statistics.median(figures["latencies"]), percentile(figures["latencies"], 99)
        rows.append(
            [
                mode,
                str(len(figures["latencies"])),
                str(figures["failures"]),
                f"{p50:.1f}",
                f"{p99:.1f}",
                f"{p99 / base_p99:.2f}",
            ]
        )
    delivered = results["delivered"]
    lines = [
        f"Mail and the checkout: {RATE} orders/s for {SECONDS} s, a fresh shop each run, side by side",
        table(rows, ["mode", "orders", "failed", "p50 ms", "p99 ms", "p99 / no mail"]),
        "",
        f"delivered: {delivered['delivered']} of {delivered['written']} messages (the warm-up's too), "
        f"{delivered['rate']:.1f} messages/s; commit to arrival p50 {statistics.median(delivered['delivery']):.2f} s, "
        f"p99 {percentile(delivered['delivery'], 99):.2f} s (budget: checkout p99 at most 1.10 x, arrival p99 at most 2 s)",
    ]
    return "\n".join(lines)
