"""Live traffic: the shop read while it sells (issue 14).

wrk (-t1 -c32, loopback) asks a rotation of every storefront home, search pages and product pages
while a second process places orders (0, 1 and 4 per second, one item each) and an administrator
edits one product's price every 5 seconds; each rate runs SECONDS seconds, and prints requests/s,
p50, p99 and the pages the server rendered per second (its page cache's builds). Budgets: at 4
orders/s, requests/s ≥ 0.8 × the run with no writes, and p99 ≤ 50 ms.

Then the cached hit of every storefront against a bare ASGI callable answering the brotli bytes of
/market-1 from the same uvicorn (bench/bare_asgi.py), side by side. Budget: ≥ 0.5 × the bare app.

`python -m bench live` runs it; `python -m bench.live_traffic writes BASE RATE SECONDS EDITED
PRODUCTS` is the writing process it starts.
"""

from __future__ import annotations

import itertools
import json
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

from bench.cache import wrk_run
from bench.common import ADMIN_ENV, ROOT, median, seeded_database, server_process, signed_in, table

SECONDS = 10
HIT_SECONDS = 2
HIT_ROUNDS = 2
EDIT_EVERY = 5.0
PORT, BARE_PORT = 8775, 8776
STOREFRONTS = [
    "/",
    "/market-1",
    "/grocery1",
    "/grocery2",
    "/grocery3",
    "/gadget-shop",
    "/fashion-shop",
    "/furniture-shop",
    "/healthbeauty-shop",
    "/gift-shop",
]
SEARCHES = ["/product/search/Onion", "/product/search/physics", "/product/search/phone"]
# (orders per second, administrator edits): the first row is the shop with no writes at all.
RATES = [(0, False), (0, True), (1, True), (4, True)]
BUYER = {
    "name": "Live Tester",
    "email": "live@example.com",
    "phone": "+1 555 0100 14",
    "billingAddress": "1 Loopback Lane, Localhost",
    "paymentMethod": "Cash",
}
ROTATION_LUA = """paths = {%s}
counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", paths[(counter %% #paths) + 1])
end
"""


# --- the writing process ---------------------------------------------------------------------------


def writes(base: str, rate: float, seconds: float, edited: int, products: list[list]) -> dict:
    """Orders at `rate` per second (products in turn) and, with `edited`, a price edit every 5 s."""
    stop = threading.Event()
    tally = {"orders": 0, "refused": 0, "edits": 0, "errors": 0}

    def buyer() -> None:
        started = time.monotonic()
        with httpx.Client(base_url=base, timeout=30) as client:
            for n in itertools.count(1):  # on a fixed schedule, however long each order takes
                if stop.wait(max(0.0, started + n / rate - time.monotonic())):
                    return
                product, price = products[n % len(products)]
                response = client.post(
                    "/api/checkout", json={**BUYER, "items": [{"id": product, "qty": 1, "price": price}]}
                )
                tally["orders" if response.status_code == 201 else "refused"] += 1

    def administrator() -> None:
        client = signed_in(base, timeout=30)
        price = float(client.get(f"/api/products/{edited}").json()["price"])
        for n in itertools.count():
            if stop.wait(EDIT_EVERY if n else 1.0):
                break
            response = client.patch(f"/api/products/{edited}", json={"price": f"{price + (n % 2):.2f}"})
            tally["edits" if response.status_code == 200 else "errors"] += 1
        client.close()

    threads = ([threading.Thread(target=buyer)] if rate else []) + (
        [threading.Thread(target=administrator)] if edited else []
    )
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join()
    return tally


# --- the readers --------------------------------------------------------------------------------


def builds(counter: Path) -> int:
    time.sleep(0.3)  # the server writes it every 0.2 s
    return int(counter.read_text())


def live_row(base: str, counter: Path, rotation: list[str], rate: int, edits: bool, edited: int, stocked: list) -> dict:
    script = ROTATION_LUA % ", ".join(json.dumps(path) for path in rotation)
    before = builds(counter)
    writer = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "bench.live_traffic",
            "writes",
            base,
            str(rate),
            str(SECONDS + 1),
            str(edited if edits else 0),
            json.dumps(stocked),
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    run = wrk_run(base + rotation[0], script, seconds=SECONDS)
    tally = json.loads(writer.communicate(timeout=60)[0])
    renders = builds(counter) - before
    return {"run": run, "tally": tally, "renders": renders / SECONDS}


def hit_ratios(base: str, bare_base: str) -> list[list]:
    bare: list[float] = []
    hits: dict[str, list[float]] = {page: [] for page in STOREFRONTS}
    errors = dict.fromkeys(["bare", *STOREFRONTS], 0)
    for _ in range(HIT_ROUNDS):  # interleaved, so machine noise hits them alike
        run = wrk_run(bare_base + "/market-1", seconds=HIT_SECONDS)
        bare.append(run.rate)
        errors["bare"] += run.errors
        for page in STOREFRONTS:
            run = wrk_run(base + page, seconds=HIT_SECONDS)
            hits[page].append(run.rate)
            errors[page] += run.errors
    ceiling = median(bare)
    rows = [["bare ASGI app (/market-1 bytes)", f"{ceiling:.0f}", "1.00", errors["bare"], ""]]
    for page in STOREFRONTS:
        ratio = median(hits[page]) / ceiling
        rows.append(
            [
                page,
                f"{median(hits[page]):.0f}",
                f"{ratio:.2f}",
                errors[page],
                "ok" if ratio >= 0.5 and not errors[page] else "OVER BUDGET",
            ]
        )
    return rows


def stocked_products(base: str, count: int = 6) -> list[list]:
    """[id, sale price] of products with plenty of stock, found through the shop's own pages."""
    found = []
    for page in STOREFRONTS:
        for record in _records(httpx.get(base + page, headers={"Accept": "application/json"}).json()["props"]):
            if record.get("stock", 0) >= 60 and record["id"] not in {i for i, _ in found}:
                found.append([record["id"], round(record["price"] * (100 - record["discount"]) / 100, 2)])
        if len(found) >= count:
            return found[:count]
    return found


def _records(props) -> list[dict]:
    if isinstance(props, dict):
        own = [props] if isinstance(props.get("id"), int) and "price" in props and "discount" in props else []
        return own + [r for value in props.values() for r in _records(value)]
    if isinstance(props, list):
        return [r for value in props for r in _records(value)]
    return []


def run() -> str:
    if not shutil.which("wrk"):
        return "live traffic: wrk is not installed (make bench installs it)"
    folder = Path(tempfile.mkdtemp(prefix="sb-live-"))
    counter = folder / "builds"
    counter.write_text("0")
    try:
        with (
            seeded_database() as (url, media),
            server_process(
                url, media, port=PORT, module="bench.live_server", LIVE_BUILDS_FILE=str(counter), **ADMIN_ENV
            ) as (_, base),
        ):
            stocked = stocked_products(base)
            edited = httpx.get(base + "/market-1", headers={"Accept": "application/json"}).json()["props"][
                "flashDeals"
            ][0]["id"]
            products = [f"/product/{i}" for i, _ in stocked[:3]] + [f"/product/{edited}", "/product/1", "/product/200"]
            rotation = STOREFRONTS + SEARCHES + products
            wrk_run(base + "/", ROTATION_LUA % ", ".join(json.dumps(p) for p in rotation), seconds=2)  # warm
            rows, figures = [], []
            for rate, edits in RATES:
                figure = live_row(base, counter, rotation, rate, edits, edited, stocked)
                figures.append(figure)
                run, tally = figure["run"], figure["tally"]
                rows.append(
                    [
                        f"{rate}" + (" + an edit every 5 s" if edits else " (no writes)"),
                        f"{run.rate:.0f}",
                        f"{run.p50_ms:.1f}",
                        f"{run.p99_ms:.1f}",
                        f"{figure['renders']:.1f}",
                        f"{tally['orders']}/{tally['edits']}",
                        run.errors,
                    ]
                )
            quiet, busy = figures[0]["run"], figures[-1]["run"]
            verdict = "ok" if busy.rate >= 0.8 * quiet.rate and busy.p99_ms <= 50 else "OVER BUDGET"
            live = (
                f"Live traffic: wrk -t1 -c32 over {len(rotation)} pages ({len(STOREFRONTS)} storefronts, "
                f"{len(SEARCHES)} searches, {len(products)} product pages), {SECONDS} s per rate\n"
                + table(rows, ["orders/s", "req/s", "p50 ms", "p99 ms", "renders/s", "orders/edits", "errors"])
                + f"\nat 4 orders/s: {busy.rate / quiet.rate:.2f} x the req/s with no writes (budget >= 0.8), "
                f"p99 {busy.p99_ms:.1f} ms (budget <= 50): {verdict}"
            )
            body = folder / "market.br"
            with httpx.stream("GET", base + "/market-1", headers={"Accept-Encoding": "br"}) as response:
                body.write_bytes(b"".join(response.iter_raw()))
            bare = subprocess.Popen([sys.executable, "-m", "bench.bare_asgi", str(BARE_PORT), str(body)], cwd=ROOT)
            try:
                time.sleep(1.5)
                hits = hit_ratios(base, f"http://127.0.0.1:{BARE_PORT}")
            finally:
                bare.terminate()
                bare.wait(timeout=10)
        return (
            live
            + f"\n\nCached hits against a bare ASGI app, wrk -t1 -c32 {HIT_SECONDS} s, median of {HIT_ROUNDS}\n"
            + table(hits, ["page", "req/s", "x bare", "errors", "budget >= 0.5 x bare"])
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["writes"]:
        base, rate, seconds, edited, products = sys.argv[2:7]
        print(json.dumps(writes(base, float(rate), float(seconds), int(edited), json.loads(products))))
    else:
        print(run())
