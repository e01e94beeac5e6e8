"""Signed-in SSR time of /admin: the whole answer (session lookup, dashboard queries, V8 render,
document) over loopback, one request at a time; beside it the props alone (same URL as JSON, no
render) and the V8 render alone in a local isolate, so a slow figure points at its cause.
No budget: the figure is watched, not gated.

Use: cookie = sign_in(base); run(base, cookie) -> median milliseconds (and prints a table).
"""

from __future__ import annotations

import asyncio
import json
import time

import httpx

from app.rendering.v8 import Isolate
from app.settings import Settings
from bench.common import BUILD, kb, median, table

PATH = "/admin"
WARM_UP = 10
REQUESTS = 100


def sign_in(base: str, email: str | None = None, password: str | None = None) -> str:
    """Signs the configured administrator in; answers the Cookie header that carries the session."""
    settings = Settings()
    with httpx.Client(base_url=base) as client:
        token = client.get("/api/auth/csrf").json()["csrfToken"]
        response = client.post(
            "/api/auth/callback/credentials",
            data={
                "csrfToken": token,
                "email": email or settings.admin_email,
                "password": password or settings.admin_password,
                "callbackUrl": PATH,
                "json": "true",
            },
        )
        response.raise_for_status()
        return "sb_session=" + client.cookies["sb_session"]


def timed(client: httpx.Client, headers: dict) -> tuple[float, bytes]:
    start = time.perf_counter()
    response = client.get(PATH, headers=headers)
    elapsed = (time.perf_counter() - start) * 1000
    if response.status_code != 200:
        raise RuntimeError(f"{PATH} answered {response.status_code}: is the cookie signed in?")
    return elapsed, response.content


def series(client: httpx.Client, headers: dict) -> tuple[list[float], bytes]:
    for _ in range(WARM_UP):
        timed(client, headers)
    results = [timed(client, headers) for _ in range(REQUESTS)]
    return [ms for ms, _ in results], results[-1][1]


async def v8_render_ms(document: bytes) -> list[float]:
    settings = Settings()
    isolate = await Isolate.start((BUILD / "server.js").read_text(), settings.ssr_max_memory)
    page = json.dumps(json.loads(document), ensure_ascii=False)
    name = json.loads(page)["page"]
    for _ in range(WARM_UP):
        await isolate.render([(name, page)], settings.ssr_timeout_sec)
    times = []
    for _ in range(REQUESTS):
        start = time.perf_counter()
        await isolate.render([(name, page)], settings.ssr_timeout_sec)
        times.append((time.perf_counter() - start) * 1000)
    await isolate.close()
    return times


def p90(values: list[float]) -> float:
    return sorted(values)[int(len(values) * 0.9) - 1]


def run(base: str, cookie: str) -> float:
    with httpx.Client(base_url=base, follow_redirects=False) as client:
        html_ms, html = series(client, {"Cookie": cookie})
        json_ms, document = series(client, {"Cookie": cookie, "Accept": "application/json"})
    render_ms = asyncio.run(v8_render_ms(document))
    rows = [
        ["whole page (HTML)", f"{median(html_ms):.1f}", f"{p90(html_ms):.1f}", kb(len(html))],
        ["props only (JSON)", f"{median(json_ms):.1f}", f"{p90(json_ms):.1f}", kb(len(document))],
        ["V8 render alone", f"{median(render_ms):.1f}", f"{p90(render_ms):.1f}", ""],
    ]
    print(
        f"Signed-in SSR of {PATH}, ms (median of {REQUESTS} sequential requests)\n"
        + table(rows, ["what", "median", "p90", "size"]),
        flush=True,
    )
    return median(html_ms)


if __name__ == "__main__":
    import sys

    server = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000"
    run(server, sign_in(server))
