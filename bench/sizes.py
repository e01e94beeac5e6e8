"""Page weight: HTML, critical CSS and first-load JS of each page, raw and gzip.
Budgets: first-load JS ≤ 120 KB gzip, HTML ≤ 40 KB gzip."""

from __future__ import annotations

import json
import re

import httpx

from bench.common import BUILD, gz, kb, table

JS_BUDGET = 120 * 1024
HTML_BUDGET = 40 * 1024


def first_load_js(page: str) -> bytes:
    manifest = json.loads((BUILD / "manifest.json").read_text())
    files = dict.fromkeys([manifest["entry"], *manifest["preload"], *manifest["pages"][page]])
    return b"".join((BUILD / url.removeprefix("/build/")).read_bytes() for url in files)


def run(base: str, paths: list[str]) -> str:
    rows = []
    for path in paths:
        html = httpx.get(base + path).content
        css = re.search(rb"<style data-emotion=[^>]*>(.*?)</style>", html, re.S)
        css = css.group(1) if css else b""
        page = json.loads(
            re.search(rb'<script id="__PAGE__" type="application/json">(.*?)</script>', html, re.S).group(1)
        )["page"]
        js = first_load_js(page)
        ok = gz(js) <= JS_BUDGET and gz(html) <= HTML_BUDGET
        rows.append(
            [
                path,
                kb(len(html)),
                kb(gz(html)),
                kb(len(css)),
                kb(gz(css)),
                kb(len(js)),
                kb(gz(js)),
                "ok" if ok else "OVER BUDGET",
            ]
        )
    return "Page sizes\n" + table(
        rows, ["page", "HTML", "HTML gz", "CSS", "CSS gz", "JS", "JS gz", "budget JS<=120K HTML<=40K gz"]
    )
