"""The page cache (DESIGN.md step 2) under load: cached vs uncached /market-1 and a static file
from the same server, with wrk on loopback. Budgets: cached ≥ 0.8 × static; cached ≥ 3,000 req/s."""
from __future__ import annotations

import re
import time
import shutil
import subprocess
import tempfile

from .common import median, table

ROUNDS = 3
SECONDS = 4
# Each request asks a URL never asked before, so every one is rendered.
UNCACHED_LUA = 'counter = 0\nrequest = function()\n  counter = counter + 1\n  return wrk.format("GET", "%s?uncached=" .. counter)\nend\n'


def wrk(url: str, script: str | None = None) -> tuple[float, int]:
    args = ["wrk", "-t1", "-c32", f"-d{SECONDS}s", "-H", "Accept-Encoding: br, gzip", url]
    with tempfile.NamedTemporaryFile("w", suffix=".lua") as lua:
        if script:
            lua.write(script)
            lua.flush()
            args[1:1] = ["-s", lua.name]
        out = subprocess.run(args, capture_output=True, text=True, timeout=SECONDS + 30).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    errors = sum(int(n) for n in re.findall(r"Non-2xx or 3xx responses:\s+(\d+)", out))
    if socket := re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out):
        errors += sum(int(n) for n in socket.groups())
    return rate, errors


def run(base: str) -> str:
    if not shutil.which("wrk"):
        return "page cache: wrk is not installed (make bench installs it)"
    targets = {
        "static file /favicon.svg": (base + "/favicon.svg", None),
        "cached /market-1": (base + "/market-1", None),
        "uncached /market-1": (base + "/market-1", UNCACHED_LUA % "/market-1"),
    }
    results = {name: [] for name in targets}
    errors = {name: 0 for name in targets}
    wrk(base + "/market-1")  # warm the cache and the pool
    for _ in range(ROUNDS):
        for name, (url, script) in targets.items():
            rate, failed = wrk(url, script)
            results[name].append(rate)
            errors[name] += failed
            if script:  # let the server finish the renders still queued before the next target
                time.sleep(8)
    static = median(results["static file /favicon.svg"])
    cached = median(results["cached /market-1"])
    rows = [[name, f"{median(r):.0f}", errors[name], f"{median(r) / static:.2f}"] for name, r in results.items()]
    verdict = f"cached/static = {cached / static:.2f} (budget ≥ 0.80: {'ok' if cached >= 0.8 * static else 'OVER BUDGET'}); cached {cached:.0f} req/s (budget ≥ 3000: {'ok' if cached >= 3000 else 'OVER BUDGET'})"
    return (f"Page cache, wrk -t1 -c32 {SECONDS}s on loopback, median of {ROUNDS} rounds\n"
            + table(rows, ["target", "req/s", "errors", "x static"]) + "\n" + verdict)
