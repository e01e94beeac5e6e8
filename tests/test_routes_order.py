"""The router tries pages before the API (app/main.py), so a page's miss does not walk every API
route first: that order is safe only while no page route can answer an API address."""

from __future__ import annotations

import re

from starlette.convertors import IntegerConvertor
from starlette.routing import Match, Route

from app.main import create_app


def an_address(route: Route) -> str:
    """A path the route answers: each parameter given a value its convertor reads."""

    def value(found: re.Match) -> str:
        return "1" if isinstance(route.param_convertors[found[1]], IntegerConvertor) else "x"

    return re.sub(r"{(\w+)}", value, route.path_format)


def test_no_page_route_answers_an_api_address():
    routes = create_app().routes
    api = [r for r in routes if isinstance(r, Route) and (r.path.startswith("/api/") or r.path == "/openapi.json")]
    assert len(api) > 100
    pages = routes[: routes.index(api[0])]
    for route in api:
        scope = {"type": "http", "path": an_address(route), "root_path": "", "method": sorted(route.methods)[0]}
        assert route.matches(scope)[0] is Match.FULL, scope["path"]
        answering = [page.path for page in pages if page.matches(scope)[0] is not Match.NONE]
        assert not answering, f"{scope['path']} would be answered by {answering}"


def test_a_storefront_page_is_among_the_first_routes():
    routes = create_app().routes
    first_api = next(i for i, r in enumerate(routes) if getattr(r, "path", "").startswith("/api/"))
    for path in ("/", "/market-1", "/product/1", "/books/class-9", "/product/search/math"):
        scope = {"type": "http", "path": path, "root_path": "", "method": "GET"}
        assert next(i for i, r in enumerate(routes) if r.matches(scope)[0] is Match.FULL) < first_api, path
