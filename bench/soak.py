"""A soak: mixed traffic for ten minutes (SOAK_SECONDS to change it) against one server on
loopback — storefront homes, distinct searches and suggestions, product pages, checkouts,
admin lists and admin edits — counting requests, errors and latency, and reading the server's
resident memory at minute 1 and at the end.

An error is an answer the shop should never give under load: a 5xx, a dropped connection, or a
refusal nobody asked for. A checkout refused because its product sold out (409) is the shop
working; the administrator restocks every few seconds so that stays rare.
"""

from __future__ import annotations

import itertools
import os
import random
import sqlite3
import threading
import time
from dataclasses import dataclass, field

import httpx

from bench.common import ADMIN_ENV, median, seeded_database, server_process, signed_in, table

SOAK_SECONDS = float(os.environ.get("SOAK_SECONDS", 600))
STOREFRONTS = [
    "/",
    "/market-1",
    "/grocery1",
    "/grocery2",
    "/grocery3",
    "/furniture-shop",
    "/healthbeauty-shop",
    "/gift-shop",
    "/gadget-shop",
    "/fashion-shop",
    "/books/class-9",
    "/booklists",
    "/cart",
]
WORDS = [
    "physics",
    "phisics",
    "maths",
    "chemistry",
    "chem",
    "biology",
    "history",
    "english",
    "story",
    "class",
    "guide",
    "atlas",
    "novel",
    "onion",
    "honey",
    "shirt",
    "lamp",
    "phone",
    "sci-fi",
    "grammar",
]
ADMIN_LISTS = [
    "/api/orders?per_page=20&sort=-id",
    "/api/products?per_page=20&q=book",
    "/api/customers?per_page=20",
    "/api/reviews?per_page=20",
    "/api/audit-log?per_page=20",
]
BUYER = {
    "name": "Soak Tester",
    "email": "soak@example.com",
    "phone": "+1 555 0100 42",
    "billingAddress": "1 Loopback Lane, Localhost",
    "paymentMethod": "Cash",
}


def resident_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


@dataclass
class Tally:
    latencies: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    refused: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, kind: str, started: float, response: httpx.Response | None, ok: tuple[int, ...]) -> None:
        elapsed = time.perf_counter() - started
        with self.lock:
            if response is None:
                self.errors.append(f"{kind}: connection failed")
            elif response.status_code == 409 and kind == "checkout":
                self.refused += 1
            elif response.status_code not in ok:
                self.errors.append(f"{kind} {response.request.url.path}: {response.status_code} {response.text[:120]}")
            self.latencies.setdefault(kind, []).append(elapsed)


def call(
    client: httpx.Client, tally: Tally, kind: str, method: str, url: str, ok=(200,), **kwargs
) -> httpx.Response | None:
    started = time.perf_counter()
    try:
        response = client.request(method, url, **kwargs)
    except httpx.HTTPError:
        response = None
    tally.record(kind, started, response, ok)
    return response


def shopper(base: str, tally: Tally, stop: threading.Event, products: list[int], seed: int) -> None:
    pick = random.Random(seed)
    terms = itertools.count(seed * 1_000_000)
    headers = {"Accept-Encoding": "br"}
    with httpx.Client(base_url=base, timeout=30, headers=headers) as client:
        while not stop.is_set():
            roll = pick.random()
            if roll < 0.35:
                call(client, tally, "storefront", "GET", pick.choice(STOREFRONTS))
            elif roll < 0.55:
                call(client, tally, "product", "GET", f"/product/{pick.choice(products)}")
            elif roll < 0.75:  # distinct every time: a search is a cache miss, as a real shopper's long tail is
                term = f"{pick.choice(WORDS)} {next(terms)}"
                call(client, tally, "search", "GET", f"/product/search/{term}")
            else:
                call(
                    client,
                    tally,
                    "suggest",
                    "GET",
                    "/api/search/suggest",
                    params={"q": pick.choice(WORDS)[: pick.randint(2, 6)]},
                )


def buyer(base: str, tally: Tally, stop: threading.Event, stocked: list[tuple[int, float]], per_second: float) -> None:
    with httpx.Client(base_url=base, timeout=30) as client:
        for n in itertools.count():
            if stop.wait(1 / per_second):
                return
            product, price = stocked[n % len(stocked)]
            call(
                client,
                tally,
                "checkout",
                "POST",
                "/api/checkout",
                ok=(201,),
                json={**BUYER, "items": [{"id": product, "qty": 1, "price": price}]},
            )


def administrator(base: str, tally: Tally, stop: threading.Event, stocked: list[tuple[int, float]]) -> None:
    client = signed_in(base, timeout=30)
    try:
        for n in itertools.count():
            if stop.wait(0.5):
                return
            call(client, tally, "admin list", "GET", ADMIN_LISTS[n % len(ADMIN_LISTS)])
            if n % 10 == 0:  # every 5 s: an edit that keeps the bought products in stock
                product, _ = stocked[(n // 10) % len(stocked)]
                call(client, tally, "admin edit", "PATCH", f"/api/products/{product}", json={"stock": 500})
    finally:
        client.close()


def stocked_products(url: str, count: int = 8) -> list[tuple[int, float]]:
    with sqlite3.connect(url.removeprefix("sqlite:///")) as connection:
        rows = connection.execute(
            "SELECT id, price, discount FROM product WHERE published AND stock >= 50 ORDER BY id LIMIT ?", (count,)
        ).fetchall()
    return [(i, round(float(price) * (100 - discount) / 100, 2)) for i, price, discount in rows]


def published_products(url: str) -> list[int]:
    with sqlite3.connect(url.removeprefix("sqlite:///")) as connection:
        return [i for (i,) in connection.execute("SELECT id FROM product WHERE published")]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run(seconds: float = SOAK_SECONDS, shoppers: int = 4, orders_per_second: float = 2) -> str:
    with seeded_database() as (url, media), server_process(url, media, port=8771, **ADMIN_ENV) as (process, base):
        stocked, products = stocked_products(url), published_products(url)
        tally, stop = Tally(), threading.Event()
        threads = [threading.Thread(target=shopper, args=(base, tally, stop, products, n)) for n in range(shoppers)]
        threads += [
            threading.Thread(target=buyer, args=(base, tally, stop, stocked, orders_per_second)),
            threading.Thread(target=administrator, args=(base, tally, stop, stocked)),
        ]
        for thread in threads:
            thread.start()
        minute = min(60.0, seconds / 10)
        time.sleep(minute)
        early = resident_kb(process.pid)
        time.sleep(seconds - minute)
        late = resident_kb(process.pid)
        stop.set()
        for thread in threads:
            thread.join()
    every = [t for values in tally.latencies.values() for t in values]
    rows = [
        [kind, str(len(values)), f"{median(values) * 1000:.1f}", f"{percentile(values, 0.99) * 1000:.1f}"]
        for kind, values in sorted(tally.latencies.items())
    ]
    rows.append(["all", str(len(every)), f"{median(every) * 1000:.1f}", f"{percentile(every, 0.99) * 1000:.1f}"])
    growth = (late - early) / early * 100
    lines = [
        f"Soak: {seconds / 60:.1f} min of mixed traffic ({shoppers} shoppers, {orders_per_second:g} orders/s, an administrator)",
        table(rows, ["requests", "count", "p50 ms", "p99 ms"]),
        f"errors: {len(tally.errors)} (budget 0); checkouts refused for stock: {tally.refused}",
        *(f"  {error}" for error in tally.errors[:10]),
        f"resident memory: {early / 1024:.0f} MB at {minute / 60:.1f} min, {late / 1024:.0f} MB at {seconds / 60:.1f} min"
        f" (growth {growth:+.1f} %, budget <= 10 %)",
    ]
    return "Soak\n" + "\n".join(lines)


if __name__ == "__main__":
    print(run())
