"""Which form of a page a request asks for: the HTML document, or its props as JSON (the browser's
client-side navigation sends `Accept: application/json`)."""

from __future__ import annotations

from starlette.requests import Request


def accepts_json(accept: str) -> bool:
    return "application/json" in accept and "text/html" not in accept


def wants_json(request: Request) -> bool:
    return accepts_json(request.headers.get("accept", ""))
