"""The interface shell in a real browser: hydration without warnings, saved text direction."""

from __future__ import annotations

import json


def test_saved_rtl_direction_is_applied_after_reload_and_mirrors_the_layout(live_server, page_factory):
    page, log = page_factory()
    page.goto(live_server + "/market-1")
    assert page.evaluate("document.documentElement.dir") == "ltr"
    page.evaluate("localStorage.setItem('settings', JSON.stringify({direction: 'rtl'}))")
    page.reload()
    page.wait_for_function("() => document.documentElement.dir === 'rtl'")
    # MUI renders with the rtl emotion cache: physical sides are flipped by stylis.
    page.wait_for_selector('style[data-emotion^="muirtl"]', state="attached")
    assert page.evaluate("getComputedStyle(document.body).direction") == "rtl"
    assert json.loads(page.evaluate("localStorage.getItem('settings')"))["direction"] == "rtl"
    assert log.errors() == []


def test_server_markup_hydrates_without_warnings_at_phone_width(live_server, page_factory):
    page, log = page_factory(390, 844)
    page.goto(live_server + "/")
    page.wait_for_load_state("networkidle")
    # After hydration React owns the root: the container carries React's internal key.
    assert page.evaluate("Object.keys(document.getElementById('root')).some(k => k.startsWith('__reactContainer'))")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert log.errors() == []
