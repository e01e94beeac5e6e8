"""SSR renders/s: the V8 pool against Node's renderToString of the same bundle.

The pool is measured as the server uses it: one isolate (one core), fed the way the pool feeds an
isolate under load (a render waiting behind the one it runs), answers parsed as the server parses
them. Node renders back to back in one process. Rounds alternate so machine noise hits both; each
figure is the median of the rounds. Budget: V8 ≥ Node. The "one at a time" column is the same
isolate given a render only once it has answered the last (a lone request's view). Both sides must
render the same output, or the figures would compare different pages.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import tempfile
import time

from app.rendering.v8 import Rendered, Renderer
from app.settings import Settings
from bench.common import BUILD, median, page_json, table

ROUNDS = 5  # the machine is shared: more rounds, steadier medians
ITERATIONS = 60
# Renders before each timed round, on both sides: a pool isolate renders thousands of pages, and
# V8's optimizing tiers take a few hundred renders of a storefront to settle.
WARM_UP = 200


async def pool_rates(pool: Renderer, name: str, page: str) -> tuple[float, float, Rendered]:
    """Renders/s of the pool's isolate kept busy, then one at a time; and the page it rendered."""

    async def in_turn(count: int) -> Rendered:
        for _ in range(count):
            rendered = await pool.render(name, page)
        return rendered

    await asyncio.gather(*(in_turn(WARM_UP // pool.DEPTH) for _ in range(pool.DEPTH)))
    start = time.perf_counter()
    await asyncio.gather(*(in_turn(ITERATIONS // pool.DEPTH) for _ in range(pool.DEPTH)))
    busy = ITERATIONS / (time.perf_counter() - start)
    start = time.perf_counter()
    rendered = await in_turn(ITERATIONS)
    return busy, ITERATIONS / (time.perf_counter() - start), rendered


def node_rate(name: str, page: str, expected: Rendered) -> float:
    with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
        f.write(page)
        f.flush()
        out = json.loads(
            subprocess.run(
                [
                    "node",
                    str(BUILD.parent.parent / "bench" / "node_render.mjs"),
                    str(BUILD / "server.js"),
                    name,
                    f.name,
                    str(WARM_UP),
                    str(ITERATIONS),
                ],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
        )
    styles: dict[str, str] = {}
    Rendered.read(out["first"], styles)
    if Rendered.read(out["output"], styles) != expected:
        raise AssertionError(f"{name}: Node rendered other output than the V8 isolate")
    return out["perSecond"]


def run(base: str, pages: dict[str, str]) -> str:
    settings = Settings()
    rows = []
    with asyncio.Runner() as loop:
        pool = Renderer(BUILD / "server.js", 1, settings.ssr_timeout_sec, settings.ssr_max_memory, recycle_after=10**9)
        loop.run(pool.start())
        for path in pages:
            document = page_json(base, path)
            name = json.loads(document)["page"]
            v8, alone, node = [], [], []
            for _ in range(ROUNDS):
                busy, one, rendered = loop.run(pool_rates(pool, name, document))
                v8.append(busy)
                alone.append(one)
                node.append(node_rate(name, document, rendered))
            ratio = median(v8) / median(node)
            rows.append(
                [
                    path,
                    f"{median(v8):.0f}",
                    f"{median(node):.0f}",
                    f"{ratio:.2f}",
                    "ok" if ratio >= 1 else "OVER BUDGET",
                    f"{median(alone):.0f}",
                ]
            )
        loop.run(pool.close())
    return (
        f"SSR renders/s, one core (median of {ROUNDS} rounds of {ITERATIONS} renders, each after {WARM_UP} untimed ones)\n"
        + table(
            rows, ["page", "V8 pool isolate", "Node renderToString", "V8/Node", "budget V8>=Node", "V8 one at a time"]
        )
    )
