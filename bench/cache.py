"""The page cache (DESIGN.md step 2) under load: every storefront page cached and uncached, beside
a static file from the same server, with wrk on loopback. Budgets: cached ≥ 0.8 × static;
cached ≥ 3,000 req/s; no errors."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass

from bench.common import median, table

ROUNDS = 3
SECONDS = 2
# After an uncached run the server still has the renders of up to CONNECTIONS requests queued
# (about a second of work): they drain before the next figure is taken.
DRAIN_SECONDS = 2
CONNECTIONS = 32
STATIC = "/favicon.svg"
# Each request asks a URL never asked before, so every one is rendered.
UNCACHED_LUA = 'counter = 0\nrequest = function()\n  counter = counter + 1\n  return wrk.format("GET", "%s%suncached=" .. counter)\nend\n'


@dataclass(frozen=True)
class WrkRun:
    rate: float  # requests per second
    errors: int  # non-2xx/3xx answers and socket errors
    p50_ms: float
    p99_ms: float


def _ms(figure: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", figure).groups()
    return float(number) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def wrk_run(url: str, script: str | None = None, seconds: float = SECONDS, connections: int = CONNECTIONS) -> WrkRun:
    """One wrk run (-t1) on loopback, asking for brotli or gzip as a browser does."""
    args = ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--latency", "-H", "Accept-Encoding: br, gzip", url]
    with tempfile.NamedTemporaryFile("w", suffix=".lua") as lua:
        if script:
            lua.write(script)
            lua.flush()
            args[1:1] = ["-s", lua.name]
        out = subprocess.run(args, capture_output=True, text=True, timeout=seconds + 30).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    errors = sum(int(n) for n in re.findall(r"Non-2xx or 3xx responses:\s+(\d+)", out))
    if socket := re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out):
        errors += sum(int(n) for n in socket.groups())
    latency = dict(re.findall(r"^\s+(50|99)%\s+([\d.]+(?:us|ms|s))\s*$", out, re.MULTILINE))
    return WrkRun(rate, errors, _ms(latency["50"]), _ms(latency["99"]))


def wrk(url: str, script: str | None = None) -> tuple[float, int]:
    run = wrk_run(url, script)
    return run.rate, run.errors


def uncached(base: str, page: str) -> tuple[float, int]:
    separator = "&" if "?" in page else "?"
    rate, errors = wrk(base + page, UNCACHED_LUA % (page, separator))
    time.sleep(DRAIN_SECONDS)
    return rate, errors


def run(base: str, pages: list[str]) -> str:
    if not shutil.which("wrk"):
        return "page cache: wrk is not installed (make bench installs it)"
    static: list[float] = []
    cached: dict[str, list[float]] = {page: [] for page in pages}
    fresh: dict[str, list[float]] = {page: [] for page in pages}
    errors = dict.fromkeys([STATIC, *pages], 0)
    for page in pages:
        wrk(base + page)  # warm the cache and the pool
    for _ in range(ROUNDS):  # rounds interleave the targets, so machine noise hits them alike
        rate, failed = wrk(base + STATIC)
        static.append(rate)
        errors[STATIC] += failed
        for page in pages:
            for figures, measure in (
                (cached, lambda page=page: wrk(base + page)),
                (fresh, lambda page=page: uncached(base, page)),
            ):
                rate, failed = measure()
                figures[page].append(rate)
                errors[page] += failed
    baseline = median(static)
    rows = [[STATIC + " (static file)", f"{baseline:.0f}", "1.00", "", errors[STATIC], ""]]
    for page in pages:
        hit = median(cached[page])
        ok = hit >= 0.8 * baseline and hit >= 3000 and errors[page] == 0
        rows.append(
            [
                page,
                f"{hit:.0f}",
                f"{hit / baseline:.2f}",
                f"{median(fresh[page]):.0f}",
                errors[page],
                "ok" if ok else "OVER BUDGET",
            ]
        )
    return (
        f"Page cache, req/s with wrk -t1 -c{CONNECTIONS} {SECONDS}s on loopback, median of {ROUNDS} rounds\n"
        + table(
            rows, ["page", "cached", "x static", "uncached", "errors", "budget cached>=0.8x static, >=3000, 0 errors"]
        )
    )
