"""GET /api/search/suggest?q=: what the header's search box suggests as a shopper types."""
from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from db.queries.search import CONTROL
from db.search.suggest import suggest

from ..services import services_of

MAX_TYPED = 100


async def suggestions(request: Request) -> JSONResponse:
    """Up to 8 suggestions for q (from its 2nd character): titles with cover and price, authors, categories"""
    typed = CONTROL.sub("", request.query_params.get("q", ""))[:MAX_TYPED]
    body = await services_of(request).db.read(suggest, typed)
    # The same for every shopper and cheap to recompute: a browser may keep it a minute.
    return JSONResponse(body, headers={"Cache-Control": "public, max-age=60"})


routes = [Route("/api/search/suggest", suggestions, methods=["GET"])]
