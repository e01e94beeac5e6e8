"""A cache miss, stage by stage: per storefront page, the median server time of an uncached answer
and where it went, as the running server reports it in its Server-Timing header
(app/rendering/server_timing.py): database (the loader's read), V8 (the render), document (the Jinja shell),
compression (brotli of the body; gzip is made only when a client first asks for it), and other
(routing, middleware, JSON, the cache's own work, thread hand-offs). The database's time includes
reading the page's invalidation keys, also shown on its own. Budget: a storefront home's miss
in at most 10 ms, median. Beside it, the server process's CPU time per miss (every thread's, from
/proc): on a machine busy with other work it shows the cost the wall time hides.

The server is the shop's own (`python -m app`, uvicorn with uvloop and httptools, a V8 isolate per
core, as `make run` starts it) on loopback; every request asks a URL never asked before (`?miss=N`),
so each one is a miss, and they go one at a time.

`python -m bench miss` runs it on the seeded database; `python -m bench.miss --products 200000`
adds a run on the same database with that many generated books bulk-inserted (bench/search.py's
generator), to show a miss does not grow with the catalogue.
"""

from __future__ import annotations

import argparse
import os
import re
from collections import defaultdict
from pathlib import Path

import httpx

from bench.common import median, seeded_database, server_process, table

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
# Other storefront pages a shopper lands on uncached: no budget of their own here, shown for the split.
OTHERS = ["/product/1", "/product/200", "/books/class-9", "/books/college"]
ROUNDS = 15
BUDGET_MS = 10.0
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


def measure(url: str, media: Path, pages: list[str], rounds: int = ROUNDS) -> dict[str, dict[str, float]]:
    """{page: {"total": median ms, "cpu": mean CPU ms, stage: median ms, ...}}, rounds interleaved
    across pages."""
    timings: dict[str, list[dict[str, float]]] = defaultdict(list)
    cpu: dict[str, float] = defaultdict(float)
    with (
        server_process(url, media, port=PORT, SSR_POOL_SIZE=str(os.cpu_count() or 1)) as (process, base),
        httpx.Client(base_url=base, headers={"Accept-Encoding": "br, gzip"}, timeout=30) as client,
    ):

        def miss(path: str, n) -> dict[str, float]:
            before = cpu_ms(process.pid)
            response = client.get(f"{path}{'&' if '?' in path else '?'}miss={n}")
            response.raise_for_status()
            cpu[path] += cpu_ms(process.pid) - before
            return server_timing(response.headers["server-timing"])

        for page in pages:  # warm V8's compiled code and SQLAlchemy's statement cache
            for n in range(3):
                miss(page, f"warm{n}")
        cpu.clear()
        for n in range(rounds):
            for page in pages:
                timings[page].append(miss(page, n))
    figures = {}
    for page in pages:
        for t in timings[page]:  # the keys are read in the loader's session, after it
            t["db"] += t.get("keys", 0.0)
        row = {
            "total": median(t["total"] for t in timings[page]),
            "cpu": cpu[page] / rounds,
            "keys": median(t.get("keys", 0.0) for t in timings[page]),
        }
        row.update({column: median(t.get(stage, 0.0) for t in timings[page]) for stage, column in STAGES.items()})
        row["other"] = max(0.0, row["total"] - sum(row[column] for column in STAGES.values()))
        figures[page] = row
    return figures


def report(title: str, figures: dict[str, dict[str, float]]) -> str:
    rows = []
    for page, row in figures.items():
        budget = page in HOMES
        verdict = ("ok" if row["total"] <= BUDGET_MS else "OVER BUDGET") if budget else ""
        columns = (*STAGES.values(), "other", "keys")
        rows.append([page, f"{row['total']:.1f}", f"{row['cpu']:.1f}", *(f"{row[c]:.1f}" for c in columns), verdict])
    header = [
        "page",
        "miss ms",
        "CPU ms",
        *STAGES.values(),
        "other",
        "of the database: keys",
        f"budget ≤{BUDGET_MS:g} ms (homes)",
    ]
    return f"{title}\n" + table(rows, header)


def run(products: int = 0, rounds: int = ROUNDS) -> str:
    pages = HOMES + OTHERS
    heading = f"Uncached storefront pages from the running server, one at a time, median of {rounds} misses each (ms)"
    with seeded_database() as (url, media):
        parts = [report(heading + ": seeded catalogue", measure(url, media, pages, rounds))]
        if products:
            from bench.search import generate

            inserted, built = generate(url, products)
            parts.append(
                report(
                    f"{heading}: +{products:,} books (inserted in {inserted:.0f} s, search index {built:.0f} s)",
                    measure(url, media, pages, rounds),
                )
            )
    return "\n\n".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--products", type=int, default=0, help="also measure with this many generated books added")
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    args = parser.parse_args()
    print(run(args.products, args.rounds))


if __name__ == "__main__":
    main()
