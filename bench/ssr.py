"""SSR renders/s: the V8 pool's isolate against Node's renderToString of the same bundle.

Both run one render at a time on one core, alternating in rounds so machine noise hits both;
the figure is the median of the rounds. Budget: V8 ≥ Node. Both must render the same output,
or the figures would compare different pages.
"""
from __future__ import annotations

import json
import subprocess
import tempfile
import time

from app.settings import Settings
from app.ssr import Isolate

from .common import BUILD, median, page_json, table

ROUNDS = 3
ITERATIONS = 60


def v8_rate(isolate: Isolate, name: str, page: str, timeout_sec: float) -> float:
    start = time.perf_counter()
    for _ in range(ITERATIONS):
        isolate.render(name, page, timeout_sec)
    return ITERATIONS / (time.perf_counter() - start)


def node_rate(name: str, page: str, expected: str) -> float:
    with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
        f.write(page)
        f.flush()
        out = json.loads(subprocess.run(["node", str(BUILD.parent.parent / "bench" / "node_render.mjs"), str(BUILD / "server.js"), name, f.name, str(ITERATIONS)],
                                        capture_output=True, text=True, check=True).stdout)
    if out["output"] != expected:
        raise AssertionError(f"{name}: Node rendered other output than the V8 isolate ({len(out['output'])} vs {len(expected)} characters)")
    return out["perSecond"]


def run(base: str, pages: dict[str, str]) -> str:
    settings = Settings()  # the pool's isolate, called as the pool calls it
    isolate = Isolate((BUILD / "server.js").read_text(), settings.ssr_max_memory)
    rows = []
    for path, _ in pages.items():
        document = page_json(base, path)
        name = json.loads(document)["page"]
        for _ in range(50):
            output = isolate.render(name, document, settings.ssr_timeout_sec)
        v8, node = [], []
        for _ in range(ROUNDS):
            v8.append(v8_rate(isolate, name, document, settings.ssr_timeout_sec))
            node.append(node_rate(name, document, output))
        rows.append([path, f"{median(v8):.0f}", f"{median(node):.0f}", f"{median(v8) / median(node):.2f}",
                     "ok" if median(v8) >= median(node) else "OVER BUDGET"])
    isolate.close()
    return "SSR renders/s, one core (median of %d rounds x %d renders)\n" % (ROUNDS, ITERATIONS) + table(
        rows, ["page", "V8 pool isolate", "Node renderToString", "V8/Node", "budget V8>=Node"])
