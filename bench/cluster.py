"""Scaling out (issue 15), in one run, with wrk on loopback:

1. Uncached storefront pages with WORKERS=1 and WORKERS=2 (`python -m app`, SQLite, each its default
   V8 pool: one isolate per core in all), rounds interleaved. Every request asks a query never asked
   before (bench/cache.py's query-busting script), so the page cache keeps nothing that helps. Budget: 2
   processes >= 1.6 x 1 process.
2. Cached pages through nginx (deploy/nginx-cluster.conf over two instances on PostgreSQL) against
   one instance asked directly.
3. The live-traffic figures (bench/live_traffic.py: wrk over its page rotation while orders flow
   and an administrator edits) through nginx over the same two instances.

`python -m bench cluster` runs it.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import psycopg

from bench import live_traffic
from bench.cache import DRAIN_SECONDS, UNCACHED_LUA, wrk_run
from bench.common import ADMIN_ENV, median, seeded_database, server_process, table

ROUNDS = 3
UNCACHED_PAGES = ["/market-1", "/grocery1"]
UNCACHED_SECONDS = 4
# Enough requests at once to keep both processes' renderers busy; 32 only queue behind them (and
# time out on a busy machine).
UNCACHED_CONNECTIONS = 8
CACHED_PAGE = "/market-1"
CACHED_SECONDS = 3
POSTGRES_URL = os.environ.get("BENCH_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/sb_bench_cluster")
WORKER_PORTS = {1: 8781, 2: 8782}
NGINX_PORT, INSTANCE_PORTS = 8783, [8784, 8785]


def server_cpu(pid: int) -> float:
    """CPU seconds a server and its worker processes have used so far (every thread)."""
    pids = [pid, *map(int, Path(f"/proc/{pid}/task/{pid}/children").read_text().split())]
    ticks = sum(int(n) for p in pids for n in Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()[11:13])
    return ticks / os.sysconf("SC_CLK_TCK")


def uncached_run(server, base: str, page: str) -> tuple[float, float, int]:
    """(requests/s, server CPU ms per request, errors) of one uncached run."""
    cpu = server_cpu(server.pid)
    run = wrk_run(base + page, UNCACHED_LUA % (page, "?"), seconds=UNCACHED_SECONDS, connections=UNCACHED_CONNECTIONS)
    time.sleep(DRAIN_SECONDS)  # the renders still queued are part of this run's cost
    return run.rate, (server_cpu(server.pid) - cpu) * 1000 / max(1, run.rate * UNCACHED_SECONDS), run.errors


def worker_rows() -> tuple[list[list], str]:
    figures: dict[tuple[int, str], list[tuple[float, float, int]]] = {
        (w, p): [] for w in WORKER_PORTS for p in UNCACHED_PAGES
    }
    with (
        seeded_database() as (url, media),
        server_process(url, media, WORKER_PORTS[1], WORKERS="1") as one,
        server_process(url, media, WORKER_PORTS[2], WORKERS="2") as two,
    ):
        servers = {1: one, 2: two}
        for server, base in servers.values():  # warm the V8 pools of every process
            for page in UNCACHED_PAGES:
                uncached_run(server, base, page)
        for _ in range(ROUNDS):  # interleaved, so the machine's other work weighs on both alike
            for page in UNCACHED_PAGES:
                for workers, (server, base) in servers.items():
                    figures[workers, page].append(uncached_run(server, base, page))
    rows, verdicts = [], []
    for page in UNCACHED_PAGES:
        (single, single_cpu), (double, double_cpu) = (
            (median(f[0] for f in figures[w, page]), median(f[1] for f in figures[w, page])) for w in (1, 2)
        )
        errors = sum(f[2] for w in (1, 2) for f in figures[w, page])
        verdicts.append(double >= 1.6 * single and not errors)
        rows.append(
            [
                page,
                f"{single:.0f}",
                f"{double:.0f}",
                f"{double / single:.2f}",
                f"{single_cpu:.0f}",
                f"{double_cpu:.0f}",
                errors,
            ]
        )
    return rows, "ok" if all(verdicts) else "UNDER BUDGET"


@contextmanager
def postgres_database(url: str = POSTGRES_URL) -> Iterator[str]:
    """A new, empty PostgreSQL database at `url` for this run, dropped afterwards."""
    from deploy.cluster import maintenance_url

    name = url.rsplit("/", 1)[1]
    with psycopg.connect(maintenance_url(url), autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        yield url
    finally:
        with psycopg.connect(maintenance_url(url), autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def summed_builds(counters: list[Path], total: Path, stop: threading.Event) -> None:
    """Keeps `total` at the renders of every instance together, for live_traffic's one counter."""
    while not stop.wait(0.1):
        built = sum(int(c.read_text()) for c in counters if c.exists())
        written = total.with_suffix(".tmp")
        written.write_text(str(built))
        written.replace(total)  # never read half-written


def cached_rows(cluster) -> list[list]:
    direct, balanced = [], []
    for base in (cluster.instances[0].base, cluster.base):
        wrk_run(base + CACHED_PAGE, seconds=1)  # warm
    for _ in range(ROUNDS):
        direct.append(wrk_run(cluster.instances[0].base + CACHED_PAGE, seconds=CACHED_SECONDS).rate)
        balanced.append(wrk_run(cluster.base + CACHED_PAGE, seconds=CACHED_SECONDS).rate)
    return [
        ["one instance, direct", f"{median(direct):.0f}", "1.00"],
        ["nginx over two instances", f"{median(balanced):.0f}", f"{median(balanced) / median(direct):.2f}"],
    ]


def live_rows(cluster, counter: Path) -> list[list]:
    base = cluster.base
    stocked = live_traffic.stocked_products(base)
    edited = httpx.get(base + "/market-1", headers={"Accept": "application/json"}).json()["props"]["flashDeals"][0][
        "id"
    ]
    rotation = (
        live_traffic.STOREFRONTS
        + live_traffic.SEARCHES
        + [f"/product/{i}" for i, _ in stocked[:3]]
        + [f"/product/{edited}"]
    )
    wrk_run(base + "/", live_traffic.ROTATION_LUA % ", ".join(json.dumps(p) for p in rotation), seconds=2)  # warm
    rows = []
    for rate, edits in live_traffic.RATES:
        figure = live_traffic.live_row(base, counter, rotation, rate, edits, edited, stocked)
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
    return rows


def cluster_tables() -> str:
    from deploy.cluster import prepare, running_cluster
    from deploy.nginx import NginxUnavailable

    folder = Path(tempfile.mkdtemp(prefix="sb-bench-cluster-"))
    # Each instance counts into a file of its own (bench/cluster_instance.py); live_traffic reads one total.
    counters = [folder / f"builds-{port}.count" for port in INSTANCE_PORTS]
    stop = threading.Event()
    try:
        with postgres_database() as url:
            prepare(
                url,
                folder / "media",
                seed=True,
                admin_email=ADMIN_ENV["ADMIN_EMAIL"],
                admin_password=ADMIN_ENV["ADMIN_PASSWORD"],
            )
            with running_cluster(
                url,
                folder / "media",
                folder,
                INSTANCE_PORTS,
                NGINX_PORT,
                module="bench.cluster_instance",
                LIVE_BUILDS_FILE=str(folder / "builds.count"),
                **ADMIN_ENV,
            ) as cluster:
                threading.Thread(target=summed_builds, args=(counters, folder / "builds", stop), daemon=True).start()
                cached = cached_rows(cluster)
                live = live_rows(cluster, folder / "builds")
    except NginxUnavailable as unavailable:
        return f"cluster: {unavailable}"
    finally:
        stop.set()
        shutil.rmtree(folder, ignore_errors=True)
    return (
        f"Cached {CACHED_PAGE} through nginx against direct, wrk -t1 -c32 {CACHED_SECONDS} s, median of {ROUNDS}\n"
        + table(cached, ["path", "req/s", "x direct"])
        + f"\n\nLive traffic through nginx over two instances on PostgreSQL, wrk -t1 -c32, {live_traffic.SECONDS} s per rate\n"
        + table(live, ["orders/s", "req/s", "p50 ms", "p99 ms", "renders/s", "orders/edits", "errors"])
    )


def run() -> str:
    if not shutil.which("wrk"):
        return "cluster: wrk is not installed (make bench installs it)"
    rows, verdict = worker_rows()
    workers = (
        f"Uncached pages (a new query each request), WORKERS=1 against WORKERS=2 on {os.cpu_count()} cores, "
        f"SQLite, wrk -t1 -c{UNCACHED_CONNECTIONS} {UNCACHED_SECONDS} s, median of {ROUNDS}; CPU: the server's processes, per request\n"
        + table(rows, ["page", "1 process req/s", "2 processes req/s", "x 1 process", "CPU ms 1", "CPU ms 2", "errors"])
        + f"\nbudget: 2 processes >= 1.6 x 1 process: {verdict}"
    )
    try:
        cluster = cluster_tables()
    except psycopg.OperationalError as unreachable:
        cluster = f"cluster: no PostgreSQL server answers at {POSTGRES_URL} ({unreachable})"
    return workers + "\n\n" + cluster


if __name__ == "__main__":
    print(run())
