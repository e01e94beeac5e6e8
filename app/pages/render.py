"""Serving a page: cache lookup, loader, V8 render, document; or the props as JSON.

The same URL answers the document (for a first visit, a crawler or a browser without
JavaScript) and, with `Accept: application/json`, the page's props for client-side navigation.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from app.caching.page_cache import AnswerResponse, CachedPage, page_key
from app.caching.shared_cache import PRIVATE
from app.http.negotiation import wants_json
from app.http.security import new_nonce
from app.pages.page_keys import Shows, shown_by
from app.pages.themes import theme_for
from app.rendering.document import compact_json, title_of
from app.rendering.server_timing import ServerTiming
from app.rendering.v8 import RenderError
from app.services import Services, services_of
from db.queries.remembered import Remembered, carry
from db.queries.shown import shown_in

log = logging.getLogger("studentbooks.pages")

T = TypeVar("T")


@dataclass
class Page:
    """What a loader returns: the React page to render, its props and its head."""

    name: str
    props: dict[str, Any]
    status: int = 200
    # title, description, canonical, robots, json_ld: see templates/document.html
    meta: dict[str, Any] = field(default_factory=dict)
    # The page collects a card with Stripe.js: its policy lets Stripe in (app/http/security.py).
    takes_cards: bool = False


Loader = Callable[[Session, dict, dict], Page]


def page_document(services: Services, request: Request, page: Page, *, navigation: bool = False) -> dict:
    """The page as the browser hydrates it; for a client navigation (the JSON answer) also the
    head's title, which the router gives document.title (the document's <title> holds it already)."""
    document = {
        "page": page.name,
        "props": page.props,
        "theme": theme_for(request.url.path),
        "config": services.client_config,
    }
    if navigation:
        document["meta"] = {"title": title_of(page.meta)}
    return document


async def render_html(
    services: Services, request: Request, page: Page, timing: ServerTiming | None = None
) -> tuple[str, dict[str, str]]:
    """The page's document and the headers that must travel with it: its Content-Security-Policy
    names the nonce its style elements carry (app/http/security.py)."""
    timing = timing or ServerTiming(request.scope)
    document = page_document(services, request, page)
    page_json = compact_json(document)  # for V8 and, escaped, for the document
    nonce = new_nonce()
    headers = {"Content-Security-Policy": services.documents.policy.header(nonce, takes_cards=page.takes_cards)}
    shell = beside(partial(services.documents.shell, document, nonce=nonce, page_json=page_json, meta=page.meta))
    try:
        with timing.stage("v8"):
            rendered = await services.renderer.render(page.name, page_json)
    except RenderError as error:
        # A render bug costs speed, never the page: the browser renders it from the props.
        log.error("server render failed, serving the page for the browser to render: %s", error)
        return (await shell).fill(), headers
    with timing.stage("document"):
        html = (await shell).fill(rendered.html, rendered.css, rendered.ids)
    return html, headers


def beside(make: Callable[[], T]) -> asyncio.Future[T]:
    """make() run on the event loop once the running task first waits: work started right after
    this call (a render sent to V8) is on its way first, and `make` runs while it is away."""
    loop = asyncio.get_running_loop()
    made = loop.create_future()

    def run() -> None:
        try:
            made.set_result(make())
        except Exception as error:  # the awaiting task meets it
            made.set_exception(error)

    loop.call_soon(run)
    return made


async def respond(request: Request, page: Page) -> Response:
    """An uncached answer (admin pages, error pages): it may depend on the session."""
    services = services_of(request)
    if wants_json(request):
        return JSONResponse(
            page_document(services, request, page, navigation=True),
            status_code=page.status,
            headers={"Cache-Control": PRIVATE},
        )
    html, headers = await render_html(services, request, page)
    return HTMLResponse(html, status_code=page.status, headers={"Cache-Control": PRIVATE, **headers})


# Reads a page (timing it) and answers it with what finds the invalidation keys of what it shows.
ReadPage = Callable[[ServerTiming], Awaitable[tuple[Page, Callable[[], Awaitable[frozenset[str]]]]]]


async def respond_cached(request: Request, read: ReadPage) -> AnswerResponse:
    """Anonymous storefront pages: one render per (URL, format) until something it shows changes
    or its time slot ends. app/caching/fast_path.py answers the hits of anonymous visitors before routing;
    this answers the rest (a visitor with a session, the change log not read lately, a miss).
    The request that built the page says where its time went (app/rendering/server_timing.py)."""
    services = services_of(request)
    as_json = wants_json(request)
    key = page_key(request.scope, as_json)
    version = services.catalogue_version
    await version.ensure_fresh()
    cached = services.page_cache.get(key)
    if cached is not None:
        return AnswerResponse(cached.answer_to(request.scope))
    timing = ServerTiming(request.scope)
    cached = await services.page_cache.single_flight(
        key,
        lambda: build_page(services, request, read, as_json, timing),
        keep=lambda page: not version.changed_since(page.version, page.keys),
    )
    if not timing.stages:  # another request built it meanwhile: this one is answered as a hit
        return AnswerResponse(cached.answer_to(request.scope))
    # The encoding this request takes is made fast; the best ones once it has gone out.
    with timing.stage("compress"):
        answer = cached.answer_to(request.scope)
    return AnswerResponse(
        answer.with_headers([timing.header()]), sent=lambda: services.page_cache.compress_later(cached)
    )


async def build_page(
    services: Services, request: Request, read: ReadPage, as_json: bool, timing: ServerTiming
) -> CachedPage:
    version, started = services.catalogue_version.get(), time.monotonic()
    page, find_keys = await read(timing)
    # The keys are found on the event loop while V8 renders on its own thread: gather starts the
    # render first, and the keys then take no time of the wait (the render holds no GIL).
    (text, media_type, headers), keys = await asyncio.gather(
        _text(services, request, page, as_json, timing), find_keys()
    )
    return services.page_cache.page(
        text.encode(),
        media_type,
        page.status,
        headers,
        keys=keys,
        version=version,
        started=started,
        unique=not as_json,  # a document carries the nonce its render drew
    )


async def _text(
    services: Services, request: Request, page: Page, as_json: bool, timing: ServerTiming
) -> tuple[str, str, dict[str, str] | None]:
    """The page's text, its media type and its own headers: the props as JSON, or the document."""
    if as_json:
        return compact_json(page_document(services, request, page, navigation=True)), "application/json", None
    html, headers = await render_html(services, request, page, timing)
    return html, "text/html; charset=utf-8", headers


def read_page(
    session: Session,
    loader: Loader,
    path_params: dict,
    query: dict,
    timing: ServerTiming,
    remembered: Remembered | None = None,
) -> tuple[Page, dict[int, Any]]:
    """The loader's page, and the rows of the products it read (db/queries/shown.py), from which
    its keys are found. A cached page's loader keeps the shop's content between misses
    (`remembered`, db/queries/remembered.py): its page is kept under the same keys."""
    if remembered is not None:
        carry(session, remembered)
    with timing.stage("db"):
        return loader(session, path_params, query), shown_in(session)


async def page_keys(
    services: Services, shows: Shows, path_params: dict, page: Page, read: dict[int, Any], timing: ServerTiming
) -> frozenset[str]:
    """What the page shows: from its props and its loader's rows, reading only what those lack."""
    with timing.stage("keys"):
        found, unread = shows.found(path_params, page.props, read)
        if shows.reads_more(unread):
            found |= await services.db.read_short(shows.unread_keys, path_params, unread)
        return frozenset(found)


def page_route(
    path: str, loader: Loader, *, cached: bool = True, name: str | None = None, priced: bool = False
) -> Route:
    """A route that serves the page its loader builds from the database. `priced`: the loader prints
    prices itself (JSON-LD offers) and is given the shop's currency (`currency=`, db/money.py)."""
    shows = shown_by(path)

    async def endpoint(request: Request) -> Response | AnswerResponse:
        services = services_of(request)
        load = partial(loader, currency=services.payments.currency) if priced else loader
        path_params, query = dict(request.path_params), dict(request.query_params)
        if cached:

            async def read(timing: ServerTiming):
                page, rows = await services.db.read_short(
                    read_page, load, path_params, query, timing, services.catalogue_version.remembered
                )
                return page, lambda: page_keys(services, shows, path_params, page, rows, timing)

            return await respond_cached(request, read)
        return await respond(request, await services.db.read(load, path_params, query))

    endpoint.shows = shows if cached else None  # what tests check every cached route declares
    return Route(path, endpoint, methods=["GET", "HEAD"], name=name)
