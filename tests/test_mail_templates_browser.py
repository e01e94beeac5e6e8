"""Every kind of mail in a real browser (Debian's Chromium), at the 600 px of a desktop client and
the 390 px of a phone, in light and dark: it asks for nothing over the network, never scrolls
sideways, and is photographed (set MAIL_SHOTS_DIR to keep the screenshots somewhere to look at)."""

from __future__ import annotations

import os
import shutil
from decimal import Decimal
from pathlib import Path

import pytest
from conftest import CHROMIUM
from test_mail_templates import contexts

from app.mail.templates import KINDS, render

LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def chromium():
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (make chromium installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        yield browser
        browser.close()


def background(page, selector: str) -> str:
    return page.evaluate(f"getComputedStyle(document.querySelector({selector!r})).backgroundColor")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [600, 390])
@pytest.mark.parametrize("kind", KINDS)
def test_a_mail_loads_nothing_and_fits_the_screen(chromium, tmp_path, kind, width, scheme):
    rendered = render(kind, contexts()[kind])
    context = chromium.new_context(viewport={"width": width, "height": 800})
    try:
        page = context.new_page()
        requests: list[str] = []

        def refuse(route):
            requests.append(route.request.url)
            route.abort()

        page.route("**/*", refuse)
        page.on("request", lambda request: requests.append(request.url))
        page.emulate_media(color_scheme=scheme)
        page.set_content(rendered.html)
        page.wait_for_load_state("load")

        assert requests == []
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert page.evaluate("document.body.scrollWidth") <= width
        # The 600 px container, shrunk to the phone's width.
        container = page.evaluate("document.querySelector('.container').getBoundingClientRect().width")
        assert container == (600 if width == 600 else width)
        # Dark mode changes the page and the card, and leaves the header in the shop's colour.
        dark = scheme == "dark"
        assert (background(page, ".card") == "rgb(27, 34, 44)") is dark
        assert (background(page, "body") == "rgb(17, 22, 29)") is dark
        assert background(page, ".header") == "rgb(192, 48, 74)"
        assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") is dark

        shot = tmp_path / f"{kind}-{width}-{scheme}.png"
        page.screenshot(path=shot, full_page=True)
        assert shot.stat().st_size > 5000
        if keep := os.environ.get("MAIL_SHOTS_DIR"):
            Path(keep).mkdir(parents=True, exist_ok=True)
            shutil.copy(shot, Path(keep) / shot.name)
    finally:
        context.close()


def test_line_items_stay_readable_on_a_phone(chromium):
    """At 390 px an order's lines keep title, quantity and amount side by side, none cut off, and the
    payment and billing columns stack; the button spans the card."""
    context = chromium.new_context(viewport={"width": 390, "height": 800})
    try:
        page = context.new_page()
        page.set_content(render("order_placed", contexts()["order_placed"]).html)
        boxes = page.evaluate(
            """() => [...document.querySelectorAll('.line-item, .line-total, .col, .button')].map((e) => {
                const r = e.getBoundingClientRect();
                return {cls: e.className, left: r.left, right: r.right, top: r.top, width: r.width};
            })"""
        )
        assert all(box["left"] >= 0 and box["right"] <= 390 for box in boxes), boxes
        items = [b for b in boxes if b["cls"] == "line-item"]
        totals = [b for b in boxes if b["cls"] == "line-total"]
        assert len(items) == len(totals) == 3
        assert all(item["width"] >= 200 for item in items)  # the title keeps most of the row
        assert all(item["top"] == total["top"] for item, total in zip(items, totals))
        columns = [b for b in boxes if b["cls"].startswith("col ")]
        assert columns[-1]["top"] > columns[-2]["top"]  # billing address under payment
        button = next(b for b in boxes if b["cls"] == "button")
        assert button["width"] > 300
    finally:
        context.close()


LONG_WORD = "Supercalifragilisticexpialidocious" * 3


def unbreakable(kind: str) -> dict:
    """A context of `kind` whose names, titles and links are one long word each."""
    context = contexts()[kind]
    for key in ("customer_name", "name", "invited_by", "disabled_by", "product_title", "payment_method", "status"):
        if key in context:
            context[key] = LONG_WORD
    for line in context.get("lines", []):
        line["title"] = LONG_WORD
        line["unit_price"] = line["line_total"] = Decimal("1234567.89")
    for key in ("billing_address", "order_url", "link", "account_url"):
        if key in context:
            context[key] += "X" * 120
    return context


@pytest.mark.parametrize("kind", KINDS)
def test_long_words_wrap_on_a_phone(chromium, kind):
    context = chromium.new_context(viewport={"width": 390, "height": 800})
    try:
        page = context.new_page()
        page.set_content(render(kind, unbreakable(kind)).html)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()
