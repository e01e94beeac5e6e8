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
                return [await isolate.render([("Market1", page)], 10) for _ in range(2)], isolate.styles
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


def error_page(title: str) -> str:
    return ERROR_PAGE.replace('"title":"t"', f'"title":"{title}"')


def counting_calls(monkeypatch) -> list[list[str]]:
    """The pages of each call the pool makes into V8, recorded."""
    from app.rendering.v8 import Isolate

    calls: list[list[str]] = []
    render = Isolate.render

    async def recorded(self, pages, timeout_sec):
        calls.append([name for name, _ in pages])
        return await render(self, pages, timeout_sec)

    monkeypatch.setattr(Isolate, "render", recorded)
    return calls


def test_pages_asked_while_the_isolate_is_busy_go_in_one_call_and_each_gets_its_own_answer(settings, monkeypatch):
    """Under load an isolate takes the waiting pages in one call: each shopper gets the page they
    asked for (as the isolate renders it alone), styles brought by one page of a call named by a
    later one still resolve, and a call never holds more than BATCH pages."""
    from app.rendering.v8 import Renderer

    calls = counting_calls(monkeypatch)
    settings = make_settings(settings.database_url, settings.media_dir, ssr_pool_size=1)
    with TestClient(create_app(settings)) as client:
        market = client.get("/market-1", headers={"Accept": "application/json"}).text
        renderer = client.app.state.services.renderer
        alone = client.portal.call(renderer.render, "Market1", market)
        calls.clear()
        asked = [("ErrorPage", error_page(f"Title {n}")) if n % 3 else ("Market1", market) for n in range(20)]

        async def all_at_once():
            return await asyncio.gather(*(renderer.render(name, page) for name, page in asked))

        answers = client.portal.call(all_at_once)
    assert sum(map(len, calls)) == len(asked) and max(map(len, calls)) == Renderer.BATCH
    assert any(call.count("Market1") > 1 for call in calls)  # a later page names the styles an earlier one sent
    for n, ((name, _), answer) in enumerate(zip(asked, answers)):
        if name == "Market1":
            assert answer == alone
        else:
            assert f"<h1>Title {n}</h1>" in answer.html and ".css-" in answer.css


def test_a_page_that_throws_fails_alone_and_its_call_mates_are_answered(tmp_path, settings, monkeypatch):
    from app.rendering.v8 import RenderError

    calls = counting_calls(monkeypatch)
    script = "const render = globalThis.renderPage; globalThis.renderPage = (name, json) => { if (json.includes('Broken')) throw new Error('render bug'); return render(name, json); };"
    settings = make_settings(settings.database_url, settings.media_dir, build_dir=broken_build(tmp_path, script))
    with TestClient(create_app(settings)) as client:
        renderer = client.app.state.services.renderer
        titles = [f"Broken {n}" if n in (2, 5) else f"Fine {n}" for n in range(8)]

        async def all_at_once():
            return await asyncio.gather(
                *(renderer.render("ErrorPage", error_page(title)) for title in titles), return_exceptions=True
            )

        answers = client.portal.call(all_at_once)
        assert max(map(len, calls)) > 2  # the broken pages shared calls with fine ones
        for title, answer in zip(titles, answers):
            if title.startswith("Broken"):
                assert isinstance(answer, RenderError) and str(answer) == "ErrorPage: Error: render bug"
            else:
                assert f"<h1>{title}</h1>" in answer.html
        assert renderer.replaced == 0  # a page's exception leaves the isolate sound


def test_a_call_stopped_by_its_time_limit_fails_its_pages_and_the_pool_goes_on(tmp_path, settings):
    from app.rendering.v8 import RenderError

    script = "const render = globalThis.renderPage; globalThis.renderPage = (name, json) => { if (json.includes('Runaway')) for (;;) {} return render(name, json); };"
    settings = make_settings(
        settings.database_url, settings.media_dir, build_dir=broken_build(tmp_path, script), ssr_timeout_sec=0.3
    )
    with TestClient(create_app(settings)) as client:
        renderer = client.app.state.services.renderer

        async def all_at_once():
            first = asyncio.ensure_future(renderer.render("ErrorPage", error_page("Ahead")))
            await asyncio.sleep(0)  # the isolate is busy with it: the next pages wait and go in one call
            rest = [renderer.render("ErrorPage", error_page(title)) for title in ("Runaway", "Mate")]
            return await asyncio.gather(first, *rest, return_exceptions=True)

        ahead, runaway, mate = client.portal.call(all_at_once)
        assert "<h1>Ahead</h1>" in ahead.html
        for failed in (runaway, mate):
            assert isinstance(failed, RenderError) and str(failed) == "ErrorPage: JSTimeoutException"
        assert renderer.replaced == 1
        assert "<h1>After</h1>" in client.portal.call(renderer.render, "ErrorPage", error_page("After")).html


def test_a_shopper_who_goes_away_mid_render_leaves_the_isolate_serving(settings):
    """The call is the pool's: a cancelled request no longer stops V8 (which cost the isolate)."""
    settings = make_settings(settings.database_url, settings.media_dir)
    with TestClient(create_app(settings)) as client:
        renderer = client.app.state.services.renderer

        async def one_goes_away():
            leaving = asyncio.ensure_future(renderer.render("ErrorPage", error_page("Leaving")))
            staying = asyncio.ensure_future(renderer.render("ErrorPage", error_page("Staying")))
            await asyncio.sleep(0)
            leaving.cancel()
            return leaving, await staying

        leaving, staying = client.portal.call(one_goes_away)
        assert leaving.cancelled() and "<h1>Staying</h1>" in staying.html
        assert renderer.replaced == 0 and len(renderer._serving) == 1
        assert "<h1>Next</h1>" in client.portal.call(renderer.render, "ErrorPage", error_page("Next")).html


def test_an_answer_for_several_pages_is_read_in_order_and_a_malformed_one_refused():
    from app.rendering.v8 import Rendered, RenderError

    styles = {"a": ".a{}"}
    answer = "\0".join(
        [
            "Sa b\x001\x00b\x00.b{}\x00<p>one</p>",
            'J{"html":"<p>\\u0000two</p>","ids":"b c","styles":{"c":".c{}"}}',
            "EError: broken\n    at renderPage",
            "Sc\x000\x00<p>four</p>",
        ]
    )
    one, two, three, four = Rendered.read_all(answer, 4, styles)
    assert one == Rendered("<p>one</p>", ".a{}.b{}", "a b")
    assert two == Rendered("<p>\0two</p>", ".b{}.c{}", "b c")
    assert isinstance(three, RenderError) and str(three) == "Error: broken"
    assert four == Rendered("<p>four</p>", ".c{}", "c")
    for malformed, count in [(answer, 3), (answer, 5), ("Sa\x00x\x00<p></p>", 1), ("Q", 1), ("J{", 1)]:
        with pytest.raises(RenderError, match="other than it was asked"):
            Rendered.read_all(malformed, count, dict(styles))
