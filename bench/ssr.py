"""SSR renders/s: the V8 pool against Node's renderToString of the same bundle.

The pool is measured as the server uses it: one isolate (one core), fed the way the pool feeds an
isolate under load (DEPTH calls of up to BATCH pages each, from as many shoppers' misses waiting),
answers parsed as the server parses them. Node renders back to back in one process, kept running
beside it. The two alternate in batches (the pool's, then Node's), so that a burst of others' work
on this shared machine falls on one pair of batches, not on one side's whole figure: the ratio is
the median of the pairs' ratios, the renders/s the medians of each side's batches. Budget: V8 ≥ Node. The "one at a time" column is
the same isolate given a render only once it has answered the last (a lone request's view). Both
sides must render the same output, or the figures would compare different pages.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from app.rendering.v8 import Rendered, Renderer
from app.settings import Settings
from bench.common import BUILD, median, page_json, table

ROUNDS = 15  # pairs of batches: the machine is shared, and many short pairs ride out its bursts
ITERATIONS = 96  # renders per batch: six for each of the pool's shoppers under load (busy)
# Renders before the timed rounds, on both sides: a pool isolate renders thousands of pages, and
# V8's optimizing tiers take hundreds of renders to settle. Node started afresh for each round with
# 200 (as this bench did until 2026-11-27) rendered the cart a third slower than Node warmed: the
# pool's figure was then set against an unwarmed baseline.
WARM_UP = 1000


async def busy(pool: Renderer, name: str, page: str, count: int) -> tuple[float, Rendered]:
    """Renders/s of the pool's isolate kept busy, and a page it rendered: as many shoppers as its
    calls take pages (DEPTH x BATCH), each asking for the page again once answered."""

    async def in_turn(turns: int) -> Rendered:
        for _ in range(turns):
            rendered = await pool.render(name, page)
        return rendered

    shoppers = pool.DEPTH * pool.BATCH
    turns = max(1, count // shoppers)
    start = time.perf_counter()
    rendered = (await asyncio.gather(*(in_turn(turns) for _ in range(shoppers))))[0]
    return turns * shoppers / (time.perf_counter() - start), rendered


async def one_at_a_time(pool: Renderer, name: str, page: str, count: int) -> float:
    start = time.perf_counter()
    for _ in range(count):
        await pool.render(name, page)
    return count / (time.perf_counter() - start)


class Node:
    """bench/node_render.mjs rendering one page, asked for a batch at a time."""

    def __init__(self, process: subprocess.Popen, first: str, output: str):
        self.process = process
        self.first = first
        self.output = output

    def rate(self, count: int) -> float:
        self.process.stdin.write(f"{count}\n")
        self.process.stdin.flush()
        return count / float(self.process.stdout.readline())

    def rendered(self) -> Rendered:
        styles: dict[str, str] = {}
        Rendered.read(self.first, styles)
        return Rendered.read(self.output, styles)


@contextmanager
def node_rendering(name: str, page: str):
    with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
        f.write(page)
        f.flush()
        process = subprocess.Popen(
            ["node", str(Path(__file__).with_name("node_render.mjs")), str(BUILD / "server.js"), name, f.name],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            started = json.loads(process.stdout.readline())
            yield Node(process, started["first"], started["output"])
        finally:
            process.stdin.close()
            process.wait(timeout=30)


def compare(loop: asyncio.Runner, pool: Renderer, name: str, page: str) -> tuple[float, float, float, float]:
    """(V8's renders/s, Node's, the median of the pairs' ratios, V8's one at a time) for one page."""
    with node_rendering(name, page) as node:
        _rate, rendered = loop.run(busy(pool, name, page, WARM_UP))
        if node.rendered() != rendered:
            raise AssertionError(f"{name}: Node rendered other output than the V8 isolate")
        node.rate(WARM_UP)
        v8, nodes = [], []
        for _ in range(ROUNDS):
            v8.append(loop.run(busy(pool, name, page, ITERATIONS))[0])
            nodes.append(node.rate(ITERATIONS))
    alone = loop.run(one_at_a_time(pool, name, page, ITERATIONS))
    return median(v8), median(nodes), median(a / b for a, b in zip(v8, nodes)), alone


def run(base: str, pages: dict[str, str]) -> str:
    settings = Settings()
    rows = []
    with asyncio.Runner() as loop:
        pool = Renderer(BUILD / "server.js", 1, settings.ssr_timeout_sec, settings.ssr_max_memory, recycle_after=10**9)
        loop.run(pool.start())
        for path in pages:
            document = page_json(base, path)
            v8, node, ratio, alone = compare(loop, pool, json.loads(document)["page"], document)
            rows.append(
                [
                    path,
                    f"{v8:.0f}",
                    f"{node:.0f}",
                    f"{ratio:.2f}",
                    "ok" if ratio >= 1 else "OVER BUDGET",
                    f"{alone:.0f}",
                ]
            )
        loop.run(pool.close())
    return (
        f"SSR renders/s, one core: {ROUNDS} pairs of batches of {ITERATIONS} renders, V8's then Node's, "
        f"after {WARM_UP} untimed renders each (medians; V8/Node: the median of the pairs' ratios)\n"
        + table(
            rows, ["page", "V8 pool isolate", "Node renderToString", "V8/Node", "budget V8>=Node", "V8 one at a time"]
        )
    )
