"""SSR renders/s: the V8 pool's isolate against Node's renderToString of the same bundle.

Both run one render at a time on one core, alternating in rounds so machine noise hits both;
the figure is the median of the rounds. Budget: V8 ≥ Node. Both must render the same output,
or the figures would compare different pages.
"""
from __future__ import annotations

import asyncio
import json
import subprocess
import tempfile
import time

from app.settings import Settings
from app.ssr import Isolate

from .common import BUILD, median, page_json, table

ROUNDS = 5  # the machine is shared: more rounds, steadier medians
ITERATIONS = 60
# Renders before each timed round, on both sides: a pool isolate renders thousands of pages, and
# V8's optimizing tiers take a few hundred renders of a storefront to settle.
WARM_UP = 200


async def v8_rate(isolate: Isolate, name: str, page: str, timeout_sec: float) -> tuple[float, str]:
    """A round as Node's: WARM_UP renders, then ITERATIONS timed ones. Answers the rate and the output."""
    for _ in range(WARM_UP):
        output = await isolate.render(name, page, timeout_sec)
    start = time.perf_counter()
    for _ in range(ITERATIONS):
        await isolate.render(name, page, timeout_sec)
    return ITERATIONS / (time.perf_counter() - start), output


def node_rate(name: str, page: str, expected: str) -> float:
    with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
        f.write(page)
        f.flush()
        out = json.loads(subprocess.run(["node", str(BUILD.parent.parent / "bench" / "node_render.mjs"), str(BUILD / "server.js"), name, f.name, str(WARM_UP), str(ITERATIONS)],
                                        capture_output=True, text=True, check=True).stdout)
    if out["output"] != expected:
        raise AssertionError(f"{name}: Node rendered other output than the V8 isolate ({len(out['output'])} vs {len(expected)} characters)")
    return out["perSecond"]


def run(base: str, pages: dict[str, str]) -> str:
    settings = Settings()
    rows = []
    # The pool's isolate, driven from an event loop as the pool drives it.
    with asyncio.Runner() as loop:
        isolate = loop.run(Isolate.start((BUILD / "server.js").read_text(), settings.ssr_max_memory))
        for path, _ in pages.items():
            document = page_json(base, path)
            name = json.loads(document)["page"]
            v8, node = [], []
            for _ in range(ROUNDS):
                rate, output = loop.run(v8_rate(isolate, name, document, settings.ssr_timeout_sec))
                v8.append(rate)
                node.append(node_rate(name, document, output))
            rows.append([path, f"{median(v8):.0f}", f"{median(node):.0f}", f"{median(v8) / median(node):.2f}",
                         "ok" if median(v8) >= median(node) else "OVER BUDGET"])
        loop.run(isolate.close())
    return "SSR renders/s, one core (median of %d rounds of %d renders, each after %d untimed ones)\n" % (ROUNDS, ITERATIONS, WARM_UP) + table(
        rows, ["page", "V8 pool isolate", "Node renderToString", "V8/Node", "budget V8>=Node"])
