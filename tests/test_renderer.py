"""The V8 renderer: critical CSS in one block, failures still serve the page, isolates replaced."""

from __future__ import annotations

import asyncio
import logging
import re
import shutil

import pytest
from conftest import make_settings
from starlette.testclient import TestClient

from app.main import create_app
from app.settings import ROOT

# A small page any render can be asked for: the error page's props.
ERROR_PAGE = '{"page":"ErrorPage","props":{"status":404,"title":"t","message":"m"},"theme":"DEFAULT","config":{}}'


def test_critical_css_is_one_style_block_in_the_head(client):
    html = client.get("/market-1").text
    head, body = html.split("</head>", 1)
    assert len(re.findall(r"<style data-emotion=", html)) == 1
    assert "<style data-emotion=" in head
    assert "<style" not in body
    ids = re.search(r'<style data-emotion="css ([^"]+)" nonce="[\w-]+">', head).group(1).split()
    # Every class the markup uses has its rules in that block.
    used = set(re.findall(r"\bcss-([a-z0-9]+)\b", body))
    assert used and used <= set(ids)


def test_an_isolate_sends_a_style_once_and_its_renders_name_it_after_that(settings):
    """The second render of a page answers its styles' ids without their text (a smaller answer
    out of V8), and the server still gives it the same critical CSS."""
    from app.rendering.v8 import Isolate, Rendered

    settings = make_settings(settings.database_url, settings.media_dir, ssr_pool_size=1)
    with TestClient(create_app(settings)) as client:
        page = client.get("/market-1", headers={"Accept": "application/json"}).text
        renderer = client.app.state.services.renderer

        async def twice():
            isolate = await Isolate.start(renderer.bundle.read_text(), renderer.max_memory)
            try:
                return [await isolate.render("Market1", page, 10) for _ in range(2)], isolate.styles
            finally:
                await isolate.close()

        (first, second), styles = client.portal.call(twice)
    ids, count, _ = second[1:].split("\0", 2)
    assert count == "0" and len(ids.split()) > 5  # named only
    assert first.startswith(f"S{ids}\0{len(ids.split())}\0")  # the first brought every text
    known: dict[str, str] = {}
    assert Rendered.read(first, known) == Rendered.read(second, known)
    assert len(second) < len(first) - 10_000 and "css-" in Rendered.read(second, known).css


def test_an_answer_naming_a_style_never_sent_is_refused():
    from app.rendering.v8 import Rendered, RenderError

    assert Rendered.read("Sa b\x001\x00b\x00.b{}\x00<p>x</p>", {"a": ".a{}"}) == Rendered("<p>x</p>", ".a{}.b{}", "a b")
    with pytest.raises(RenderError, match="never sent"):
        Rendered.read("Sa c\x000\x00<p>x</p>", {"a": ".a{}"})


def broken_build(tmp_path, script: str):
    """A copy of the build whose server bundle ends with `script` (overriding renderPage)."""
    build = tmp_path / "build"
    shutil.copytree(ROOT / "static" / "build", build)
    with open(build / "server.js", "a") as bundle:
        bundle.write("\n" + script + "\n")
    return build


@pytest.mark.parametrize(
    "script, overrides, cause",
    [
        ("globalThis.renderPage = () => { throw new Error('render bug'); };", {}, "render bug"),
        ("globalThis.renderPage = () => { for (;;) {} };", {"ssr_timeout_sec": 0.3}, "JSTimeoutException"),
        (
            "globalThis.renderPage = () => { const hoard = []; for (;;) hoard.push(new Array(1e4).fill(hoard.length)); };",
            {"ssr_max_memory": 64 * 1024 * 1024},
            "JSOOMException",
        ),
    ],
    ids=["exception", "timeout", "memory"],
)
def test_a_failed_render_still_serves_the_page_for_the_browser(tmp_path, settings, caplog, script, overrides, cause):
    settings = make_settings(
        settings.database_url, settings.media_dir, build_dir=broken_build(tmp_path, script), **overrides
    )
    with caplog.at_level(logging.ERROR), TestClient(create_app(settings)) as client:
        response = client.get("/market-1")
        assert response.status_code == 200
        assert '<div id="root"></div>' in response.text
        assert '<script id="__PAGE__" type="application/json">{"page":"Market1"' in response.text
        assert re.search(r'<script id="__SCRIPTS__" type="application/json">\{"entry":"/build/client-', response.text)
        assert any("server render failed" in r.getMessage() and cause in r.getMessage() for r in caplog.records)
        # The pool keeps answering after the failure.
        assert client.get("/").status_code == 200
        if overrides:  # an isolate stopped by a limit is replaced
            assert client.app.state.services.renderer.replaced >= 1


def test_renders_share_a_pool_and_answer_in_parallel(settings):
    settings = make_settings(settings.database_url, settings.media_dir, ssr_pool_size=2)
    with TestClient(create_app(settings)) as client:
        renderer = client.app.state.services.renderer

        async def many():
            return await asyncio.gather(*(renderer.render("ErrorPage", ERROR_PAGE) for _ in range(8)))

        results = client.portal.call(many)
        assert len(results) == 8 and all("<h1" in r.html for r in results)


def test_an_isolate_that_rendered_its_share_is_replaced_and_the_pool_keeps_answering(settings, monkeypatch):
    from app.rendering.v8 import Isolate

    started = []
    original = Isolate.start.__func__

    async def counting(cls, code, max_memory):
        started.append(1)
        return await original(cls, code, max_memory)

    monkeypatch.setattr(Isolate, "start", classmethod(counting))
    settings = make_settings(settings.database_url, settings.media_dir, ssr_pool_size=1, ssr_recycle_after=2)
    with TestClient(create_app(settings)) as client:
        renderer = client.app.state.services.renderer

        async def in_turn():
            return [await renderer.render("ErrorPage", ERROR_PAGE) for _ in range(7)]

        results = client.portal.call(in_turn)
        assert all("<h1" in r.html for r in results)
        assert len(started) == 1 + 3  # the first isolate, then one after every second render
        assert renderer.replaced == 0  # worn out, not failed


def test_a_render_queued_behind_a_runaway_one_is_answered_and_the_isolate_replaced(tmp_path, settings):
    """With every isolate busy, a render waits behind a running one; when that one overruns its
    time limit, the waiting render still gets its answer and the stopped isolate is replaced."""
    script = "const render = globalThis.renderPage; globalThis.renderPage = (name, json) => { if (name === 'Market1') for (;;) {} return render(name, json); };"
    settings = make_settings(
        settings.database_url,
        settings.media_dir,
        build_dir=broken_build(tmp_path, script),
        ssr_pool_size=1,
        ssr_timeout_sec=0.5,
    )
    with TestClient(create_app(settings)) as client:
        renderer = client.app.state.services.renderer

        async def runaway_then_waiting():
            runaway = asyncio.ensure_future(
                renderer.render("Market1", '{"page":"Market1","props":{},"theme":"DEFAULT","config":{}}')
            )
            await asyncio.sleep(0)  # the runaway render takes the isolate first
            waiting = await renderer.render("ErrorPage", ERROR_PAGE)
            return await asyncio.gather(runaway, return_exceptions=True), waiting

        (failure,), waiting = client.portal.call(runaway_then_waiting)
        assert "JSTimeoutException" in str(failure)
        assert "<h1" in waiting.html
        assert renderer.replaced == 1
        # The replacement answers.
        assert "<h1" in client.portal.call(renderer.render, "ErrorPage", ERROR_PAGE).html


def test_when_no_isolate_can_be_replaced_pages_are_still_served(settings, monkeypatch):
    """A pool whose isolates all failed and could not be started again answers every render with
    an error at once (the page goes to the browser to render), instead of waiting forever."""
    from app.rendering.v8 import Isolate, RenderError

    settings = make_settings(settings.database_url, settings.media_dir, ssr_pool_size=1, ssr_recycle_after=1)
    with TestClient(create_app(settings)) as client:
        renderer = client.app.state.services.renderer

        async def cannot_start(cls, code, max_memory):
            raise RuntimeError("V8 cannot start")

        monkeypatch.setattr(Isolate, "start", classmethod(cannot_start))
        assert "<h1" in client.portal.call(renderer.render, "ErrorPage", ERROR_PAGE).html  # worn out after one render
        with pytest.raises(RenderError, match="no V8 isolate"):
            client.portal.call(renderer.render, "ErrorPage", ERROR_PAGE)
        response = client.get("/market-1?fresh=1")
        assert response.status_code == 200 and '<div id="root"></div>' in response.text
