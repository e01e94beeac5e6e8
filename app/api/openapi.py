"""/openapi.json: a machine-readable description of every /api route, made from the route table
so it cannot drift from what is served."""
from __future__ import annotations

import re

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

LIST_PARAMETERS = [
    {"name": "q", "in": "query", "schema": {"type": "string"}, "description": "Case-insensitive text search"},
    {"name": "sort", "in": "query", "schema": {"type": "string"}, "description": "Field to sort by; prefix with - for descending"},
    {"name": "page", "in": "query", "schema": {"type": "integer", "minimum": 1}},
    {"name": "per_page", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 100}},
]
ERROR = {"type": "object", "properties": {"message": {"type": "string"}, "errors": {"type": "object"}}, "required": ["message"]}


def operation(route: Route, method: str) -> dict:
    endpoint = route.endpoint
    doc = (endpoint.__doc__ or "").strip().splitlines()
    op: dict = {"summary": doc[0] if doc else f"{method} {route.path}", "responses": {}}
    params = [{"name": n, "in": "path", "required": True, "schema": {"type": "string"}} for n in re.findall(r"{(\w+)", route.path)]
    if getattr(endpoint, "is_list", False):
        params += LIST_PARAMETERS
        op["responses"]["200"] = {
            "description": "The records, as a JSON array",
            "headers": {"X-Total-Count": {"schema": {"type": "integer"}, "description": "Records before paging"}},
            "content": {"application/json": {"schema": {"type": "array", "items": {"type": ["object", "string"]}}}},
        }
    else:
        op["responses"]["200"] = {"description": "Success", "content": {"application/json": {"schema": {}}}}
    if params:
        op["parameters"] = params
    for status, text in (("401", "Sign-in required"), ("403", "Missing or wrong CSRF token"), ("404", "Not found"),
                         ("409", "Conflict"), ("422", "Invalid input"), ("500", "Internal server error")):
        op["responses"][status] = {"description": text, "content": {"application/json": {"schema": ERROR}}}
    return op


async def openapi(request: Request) -> JSONResponse:
    paths: dict = {}
    for route in request.app.routes:
        if isinstance(route, Route) and route.path.startswith("/api/"):
            path = re.sub(r"{(\w+):\w+}", r"{\1}", route.path)  # OpenAPI has no {id:int} converters
            for method in sorted(route.methods or ()):
                if method != "HEAD":
                    paths.setdefault(path, {})[method.lower()] = operation(route, method)
    return JSONResponse({
        "openapi": "3.1.0",
        "info": {"title": "Student Books API", "version": "1.0.0"},
        "paths": dict(sorted(paths.items())),
    })


routes = [Route("/openapi.json", openapi, methods=["GET"])]
