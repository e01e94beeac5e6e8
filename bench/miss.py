"""A cache miss, stage by stage: per storefront page, the median server time of an uncached answer
and where it goes (database: the loader's session; V8: the render; document: the Jinja shell;
compression: brotli of the body, gzip being compressed only when a client first asks for it;
other: routing, JSON, the cache's own work). Budget:
a storefront home's miss in at most 10 ms, median. Beside the wall time, the CPU time the whole
process spent on the miss (every thread): on a machine busy with other work it shows the cost the
wall time hides.

Measured in-process: the application runs under Starlette's test client with its services timed
in place, and every request asks a URL never asked before (`?miss=N`), so each one is a miss.

`python -m bench miss` runs it on the seeded database; `python -m bench.miss --products 200000`
adds a run on the same database with that many generated books bulk-inserted (bench/search.py's
generator), to show a miss does not grow with the catalogue.
"""
from __future__ import annotations

import argparse
import time
from collections import defaultdict
from contextlib import contextmanager
from pathlib import Path

from .common import median, seeded_database, table

HOMES = [
    "/", "/market-1", "/grocery1", "/grocery2", "/grocery3", "/furniture-shop", "/healthbeauty-shop",
    "/gift-shop", "/gadget-shop", "/fashion-shop",
]
# Other storefront pages a shopper lands on uncached: no budget of their own here, shown for the split.
OTHERS = ["/product/1", "/product/200", "/books/class-9", "/books/college"]
ROUNDS = 15
BUDGET_MS = 10.0
STAGES = ("database", "V8", "document", "compression")


class Stopwatch:
    """Milliseconds spent in each stage by the request in flight (one request at a time)."""

    def __init__(self):
        self.spent: dict[str, float] = defaultdict(float)

    def wrap(self, stage: str, fn):
        def timed(*args, **kwargs):
            started = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                self.spent[stage] += (time.perf_counter() - started) * 1000

        return timed

    def wrap_async(self, stage: str, fn):
        async def timed(*args, **kwargs):
            started = time.perf_counter()
            try:
                return await fn(*args, **kwargs)
            finally:
                self.spent[stage] += (time.perf_counter() - started) * 1000

        return timed


@contextmanager
def timed_app(url: str, media: Path):
    """(get, stopwatch): get(path) answers one request in-process and its server time in ms."""
    from starlette.testclient import TestClient

    from app.cache import CachedPage
    from app.main import create_app
    from app.settings import Settings

    watch = Stopwatch()
    app = create_app(Settings(database_url=url, media_dir=media, ssr_pool_size=1, seed=False, demo=True))
    served: list[tuple[float, float]] = []  # (wall ms, CPU ms) of each request

    async def timed(scope, receive, send):  # the whole request as the server sees it
        started, cpu = time.perf_counter(), time.process_time()
        await app(scope, receive, send)
        if scope["type"] == "http":
            # CPU: the process's, every thread's (V8's and the database's too): what a miss costs
            # the machine, which other work on a busy machine does not inflate as it does the wall time.
            served.append(((time.perf_counter() - started) * 1000, (time.process_time() - cpu) * 1000))

    with TestClient(timed, base_url="http://127.0.0.1") as client:
        services = app.state.services
        services.db.read_sync = watch.wrap("database", services.db.read_sync)
        services.renderer.render = watch.wrap_async("V8", services.renderer.render)
        services.documents.render = watch.wrap("document", services.documents.render)
        compress = CachedPage.build

        def get(path: str) -> tuple[tuple[float, float], dict[str, float]]:
            watch.spent.clear()
            response = client.get(path, headers={"Accept-Encoding": "br, gzip"})
            response.raise_for_status()
            # The body the server compressed, compressed again on the side: the same work, timed.
            started = time.perf_counter()
            compress(response.content, "text/html; charset=utf-8")
            stages = {**watch.spent, "compression": (time.perf_counter() - started) * 1000}
            return served[-1], stages

        yield get


def measure(url: str, media: Path, pages: list[str], rounds: int = ROUNDS) -> dict[str, dict[str, float]]:
    """{page: {"total": median ms, "cpu": median CPU ms, stage: median ms, ...}}, rounds interleaved
    across pages."""
    totals: dict[str, list[tuple[float, float]]] = defaultdict(list)
    stages: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    with timed_app(url, media) as get:
        for page in pages:  # warm V8's compiled code and SQLAlchemy's statement cache
            get(f"{page}{'&' if '?' in page else '?'}miss=warm")
        for n in range(rounds):
            for page in pages:
                total, split = get(f"{page}{'&' if '?' in page else '?'}miss={n}")
                totals[page].append(total)
                for stage, ms in split.items():
                    stages[page][stage].append(ms)
    figures = {}
    for page in pages:
        row = {"total": median(wall for wall, _cpu in totals[page]), "cpu": median(cpu for _wall, cpu in totals[page])}
        row.update({stage: median(stages[page][stage] or [0.0]) for stage in STAGES})
        row["other"] = max(0.0, row["total"] - sum(row[stage] for stage in STAGES))
        figures[page] = row
    return figures


def report(title: str, figures: dict[str, dict[str, float]]) -> str:
    rows = []
    for page, row in figures.items():
        budget = page in HOMES
        verdict = ("ok" if row["total"] <= BUDGET_MS else "OVER BUDGET") if budget else ""
        rows.append([page, f"{row['total']:.1f}", f"{row['cpu']:.1f}", *(f"{row[s]:.1f}" for s in (*STAGES, "other")), verdict])
    header = ["page", "miss ms", "CPU ms", "database", "V8", "document", "compression", "other",
              f"budget ≤{BUDGET_MS:g} ms (homes)"]
    return f"{title}\n" + table(rows, header)


def run(products: int = 0, rounds: int = ROUNDS) -> str:
    pages = HOMES + OTHERS
    heading = f"Uncached storefront pages, in-process, median of {rounds} misses each (ms)"
    with seeded_database() as (url, media):
        parts = [report(heading + ": seeded catalogue", measure(url, media, pages, rounds))]
        if products:
            from .search import generate

            inserted, built = generate(url, products)
            parts.append(report(f"{heading}: +{products:,} books (inserted in {inserted:.0f} s, search index "
                                f"{built:.0f} s)", measure(url, media, pages, rounds)))
    return "\n\n".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--products", type=int, default=0, help="also measure with this many generated books added")
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    args = parser.parse_args()
    print(run(args.products, args.rounds))


if __name__ == "__main__":
    main()
