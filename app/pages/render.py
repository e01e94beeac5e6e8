"""Serving a page: cache lookup, loader, V8 render, document; or the props as JSON.

The same URL answers the document (for a first visit, a crawler or a browser without
JavaScript) and, with `Accept: application/json`, the page's props for client-side navigation.
"""
from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from ..cache import CachedPage
from ..security import new_nonce
from ..services import Services, services_of
from ..ssr import RenderError
from .themes import theme_for

log = logging.getLogger("studentbooks.pages")


@dataclass
class Page:
    """What a loader returns: the React page to render, its props and its head."""

    name: str
    props: dict[str, Any]
    status: int = 200
    # title, description, canonical, robots, json_ld: see templates/document.html
    meta: dict[str, Any] = field(default_factory=dict)


Loader = Callable[[Session, dict, dict], Page]


def wants_json(request: Request) -> bool:
    accept = request.headers.get("accept", "")
    return "application/json" in accept and "text/html" not in accept


def page_document(services: Services, request: Request, page: Page) -> dict:
    return {
        "page": page.name,
        "props": page.props,
        "theme": theme_for(request.url.path),
        "config": services.client_config,
    }


async def render_html(services: Services, request: Request, page: Page) -> tuple[str, dict[str, str]]:
    """The page's document and the headers that must travel with it: its Content-Security-Policy
    names the nonce its style elements carry (app/security.py)."""
    document = page_document(services, request, page)
    page_json = json.dumps(document, ensure_ascii=False)
    nonce = new_nonce()
    headers = {"Content-Security-Policy": services.documents.policy.header(nonce)}
    try:
        rendered = await services.renderer.render(page.name, page_json)
    except RenderError as error:
        # A render bug costs speed, never the page: the browser renders it from the props.
        log.error("server render failed, serving the page for the browser to render: %s", error)
        return services.documents.render(document, nonce=nonce, meta=page.meta), headers
    html = services.documents.render(document, nonce=nonce, html=rendered.html, css=rendered.css, css_ids=rendered.ids, meta=page.meta)
    return html, headers


async def respond(request: Request, page: Page) -> Response:
    """An uncached answer (admin pages, error pages)."""
    services = services_of(request)
    if wants_json(request):
        return JSONResponse(page_document(services, request, page), status_code=page.status)
    html, headers = await render_html(services, request, page)
    return HTMLResponse(html, status_code=page.status, headers={"Cache-Control": "no-store", **headers})


async def respond_cached(request: Request, load: Callable[[], Any]) -> Response:
    """Anonymous storefront pages: one render per (URL, format, catalogue version), compressed once."""
    services = services_of(request)
    as_json = wants_json(request)
    # Time-bound content (hot deals expire, "best of the week" moves) is refreshed per time slot.
    slot = int(time.time() // services.settings.page_cache_ttl)
    key = (request.url.path, request.url.query, as_json, services.catalogue_version.get(), slot)
    cached = services.page_cache.get(key)
    if cached is None:
        cached = await services.page_cache.single_flight(key, lambda: build_page(services, request, load, as_json))
    return cached.response(request)


async def build_page(services: Services, request: Request, load: Callable[[], Any], as_json: bool) -> CachedPage:
    page: Page = await load()
    if as_json:
        body = json.dumps(page_document(services, request, page), ensure_ascii=False).encode()
        return CachedPage.build(body, "application/json", page.status)
    html, headers = await render_html(services, request, page)
    return CachedPage.build(html.encode(), "text/html; charset=utf-8", page.status, headers)


def page_route(path: str, loader: Loader, *, cached: bool = True, name: str | None = None) -> Route:
    """A route that serves the page its loader builds from the database."""

    async def endpoint(request: Request) -> Response:
        services = services_of(request)
        load = lambda: services.db.read(loader, dict(request.path_params), dict(request.query_params))  # noqa: E731
        if cached:
            return await respond_cached(request, load)
        return await respond(request, await load())

    return Route(path, endpoint, methods=["GET", "HEAD"], name=name)


def shop_page_route(path: str, name: str, sections: dict[str, Callable[[Session], Any]], description: str) -> Route:
    """A storefront home whose every prop is one db/queries function of the session (the same
    function its /api list answers with), read in one session; canonical link = its path."""

    def loader(session: Session, path_params: dict, query: dict) -> Page:
        props = {key: read(session) for key, read in sections.items()}
        return Page(name, props, meta={"description": description, "canonical": path})

    return page_route(path, loader)
