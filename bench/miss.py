"""A cache miss, stage by stage, as the first shopper after a catalogue change meets it: per
storefront page, a product the page shows has its price changed (the back office's PATCH), then
the page is asked for as a browser asks (`Accept-Encoding: br, gzip`). The answer that built the
page says where its time went in its Server-Timing header (app/rendering/server_timing.py):
database (the loader's read), V8 (the render), document (the Jinja shell), compression (the
encoding sent), other (routing, middleware, reading the change log,
the cache's own work, thread hand-offs), and beside them keys (finding the page's invalidation
keys, on the event loop while V8 renders: not part of the sum). Budget: a miss in at most 2 x its own V8 render, median,
on every page (a ratio, because absolute milliseconds differ two- to threefold between hours on
this shared machine). Beside it, the server process's CPU time per miss (every thread's, from
/proc), which includes the brotli made for the cache after the answer went out.

The server is the shop's own (`python -m app`, uvicorn with uvloop and httptools, a V8 isolate per
core, as `make run` starts it) on loopback; rounds are interleaved across pages, one request at a
time.

`python -m bench miss` runs it on the seeded database; `python -m bench.miss --products 200000`
adds a run on the same database with that many generated books bulk-inserted (bench/search.py's
generator), to show a miss does not grow with the catalogue; `python -m bench miss offers` (or `--products 100000 --offers 5`) adds the run with
bench/offers.py's marketplace: 5 offers on each of 100,000 generated books; `--against DIR` measures another
checkout's server (built, e.g. a worktree of main) beside this one's, rounds interleaved, each on
its own copy of the database: a before and after measured side by side.
"""

from __future__ import annotations

import argparse
import os
import re
from collections import defaultdict
from contextlib import ExitStack, closing
from pathlib import Path
from typing import Any

import httpx

from bench.common import ADMIN_ENV, ROOT, median, seeded_database, server_process, signed_in, table

HOMES = [
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
]
# A shelf, a search and a book page (the first book the home shows) besides the homes.
OTHERS = ["/books/class-9", "/product/search/math"]
ROUNDS = 15
# Misses per page before the timed rounds: V8's optimizing tiers take a few hundred renders to
# settle (bench/ssr.py), and a render timed before that varies threefold from run to run.
WARM_UP = 10
BUDGET = 2.0  # miss / its own V8 render
PORT = 8777
# Server-Timing's names -> the columns', in the order a miss goes through them.
STAGES = {"db": "database", "v8": "V8", "document": "document", "compress": "compression"}
TICK_MS = 1000 / os.sysconf("SC_CLK_TCK")


def server_timing(header: str) -> dict[str, float]:
    return {name: float(ms) for name, ms in re.findall(r"([\w-]+);dur=([\d.]+)", header)}


def cpu_ms(pid: int) -> float:
    """The process's CPU time so far, every thread's (user and system), in ms."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * TICK_MS


def first_product(props: Any) -> tuple[int, float] | None:
    """(id, price) of the first product record in a page's props, in document order."""
    if isinstance(props, dict):
        if isinstance(props.get("id"), int) and isinstance(props.get("price"), (int, float)):
            return props["id"], props["price"]
        values = props.values()
    elif isinstance(props, list):
        values = props
    else:
        return None
    return next((found for value in values if (found := first_product(value)) is not None), None)


class Shop:
    """One server under test: a shopper and the administrator changing prices, and its figures."""

    def __init__(self, stack: ExitStack, url: str, media: Path, root: Path, port: int):
        env = {"SSR_POOL_SIZE": str(os.cpu_count() or 1), **ADMIN_ENV}
        self.process, base = stack.enter_context(server_process(url, media, port=port, root=root, **env))
        self.shopper = stack.enter_context(
            httpx.Client(base_url=base, headers={"Accept-Encoding": "br, gzip"}, timeout=30)
        )
        self.admin = stack.enter_context(closing(signed_in(base, timeout=30)))
        self.shown: dict[str, tuple[int, float]] = {}
        for page in [*HOMES, *OTHERS]:
            found = first_product(self.shopper.get(page, headers={"Accept": "application/json"}).json()["props"])
            if found is None:
                raise RuntimeError(f"{page} shows no product to change")
            self.shown[page] = found
        self.book = f"/product/{self.shown['/'][0]}"
        self.shown[self.book] = self.shown["/"]
        self.timings: dict[str, list[dict[str, float]]] = defaultdict(list)
        self.changes: dict[int, int] = defaultdict(int)  # price changes per product
        self.cpu: dict[str, float] = defaultdict(float)

    @property
    def pages(self) -> list[str]:
        return [*HOMES, *OTHERS, self.book]

    def miss(self, path: str) -> dict[str, float]:
        """Change the price of a product the page shows, then ask for the page: its Server-Timing."""
        product, price = self.shown[path]
        self.changes[product] += 1  # a price other than its last one: up by one, then back
        changed = f"{price + self.changes[product] % 2:.2f}"
        self.admin.patch(f"/api/products/{product}", json={"price": changed}).raise_for_status()
        before = cpu_ms(self.process.pid)
        response = self.shopper.get(path)
        response.raise_for_status()
        if "server-timing" not in response.headers:
            raise RuntimeError(f"{path} was answered from the cache after its product {product} changed")
        self.cpu[path] += cpu_ms(self.process.pid) - before
        return server_timing(response.headers["server-timing"])

    def restore(self) -> None:
        for product, price in self.shown.values():
            self.admin.patch(f"/api/products/{product}", json={"price": f"{price:.2f}"})

    def figures(self, rounds: int) -> dict[str, dict[str, float]]:
        """{page: {"total": median ms, "cpu": mean CPU ms, stage: median ms, "ratio": median miss/V8}}."""
        figures = {}
        for page in self.pages:
            timings = self.timings[page]
            row = {
                "total": median(t["total"] for t in timings),
                "cpu": self.cpu[page] / rounds,
                "keys": median(t.get("keys", 0.0) for t in timings),
            }
            row.update({column: median(t.get(stage, 0.0) for t in timings) for stage, column in STAGES.items()})
            row["other"] = max(0.0, row["total"] - sum(row[column] for column in STAGES.values()))
            row["ratio"] = median(t["total"] / t["v8"] for t in timings if t.get("v8"))
            figures[page] = row
        return figures


def measure(databases: list[tuple[str, Path]], roots: list[Path], rounds: int = ROUNDS) -> list[dict]:
    """Each checkout's figures (see Shop.figures), its server on its own copy of the database;
    rounds interleaved across pages and servers, so the machine's noise falls on all alike."""
    with ExitStack() as stack:
        shops = [
            Shop(stack, url, media, root, PORT + n) for n, ((url, media), root) in enumerate(zip(databases, roots))
        ]
        for shop in shops:  # warm V8's compiled code and SQLAlchemy's statement cache
            for page in shop.pages:
                for _ in range(WARM_UP):
                    shop.miss(page)
            shop.cpu.clear()
        for _ in range(rounds):
            for place in range(len(shops[0].pages)):
                for shop in shops:
                    page = shop.pages[place]
                    shop.timings[page].append(shop.miss(page))
        for shop in shops:
            shop.restore()
        return [shop.figures(rounds) for shop in shops]


def report(title: str, figures: dict[str, dict[str, float]]) -> str:
    rows = []
    columns = (*STAGES.values(), "other", "keys")
    for page, row in figures.items():
        verdict = "ok" if row["ratio"] <= BUDGET else "OVER BUDGET"
        rows.append(
            [
                page,
                f"{row['total']:.1f}",
                f"{row['cpu']:.1f}",
                *(f"{row[c]:.1f}" for c in columns),
                f"{row['ratio']:.2f}",
                verdict,
            ]
        )
    header = [
        "page",
        "miss ms",
        "CPU ms",
        *STAGES.values(),
        "other",
        "keys (during V8)",
        "miss/V8",
        f"budget ≤{BUDGET:g}×",
    ]
    return f"{title}\n" + table(rows, header)


def run(products: int = 0, rounds: int = ROUNDS, against: Path | None = None, offers: int = 1) -> str:
    """This checkout's misses; with `against` (another checkout, built), that one's beside them."""
    roots = [ROOT] if against is None else [ROOT, against]
    heading = (
        "The first shopper after a price change of a product the page shows (Accept-Encoding: br, gzip), "
        f"one at a time, median of {rounds} misses each (ms)"
    )
    with ExitStack() as stack:
        databases = [stack.enter_context(seeded_database()) for _ in roots]
        sizes = ["seeded catalogue"]
        results = [measure(databases, roots, rounds)]
        if products:
            from bench.search import generate

            for url, _media in databases:
                inserted, built = generate(url, products, offers)
            each = f" with {offers} offers each" if offers > 1 else ""
            sizes.append(f"+{products:,} books{each} (inserted in {inserted:.0f} s, search index {built:.0f} s)")
            results.append(measure(databases, roots, rounds))
    return "\n\n".join(
        report(f"{heading}: {size}, {root}", figures)
        for size, per_root in zip(sizes, results)
        for root, figures in zip(roots, per_root)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--products", type=int, default=0, help="also measure with this many generated books added")
    parser.add_argument("--offers", type=int, default=1, help="offers of each generated book (bench/offers.py)")
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument(
        "--against", type=Path, help="another checkout (built) whose server is measured side by side, e.g. main's"
    )
    args = parser.parse_args()
    print(run(args.products, args.rounds, args.against, args.offers))


if __name__ == "__main__":
    main()
