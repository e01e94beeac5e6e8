"""GET /api/authors?q=: the authors the product form suggests as an administrator types a name
(db/queries/authors.py). Administrators only: it is a back-office helper, not a shop list."""
from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from db.queries.admin_lists import CONTROL, MAX_Q
from db.queries.authors import SUGGESTIONS, author_suggestions

from ..auth import require_admin
from ..services import services_of
from .errors import ApiError


async def authors(request: Request) -> JSONResponse:
    """Up to 20 authors whose name contains q (any case), by name, each with how many books credit them"""
    await require_admin(request)
    q = " ".join(CONTROL.sub(" ", request.query_params.get("q") or "").split())
    if len(q) > MAX_Q:
        raise ApiError(422, f"q must be at most {MAX_Q} characters", {"q": f"must be at most {MAX_Q} characters"})
    return JSONResponse(await services_of(request).db.read(author_suggestions, q, SUGGESTIONS))


routes = [Route("/api/authors", authors, methods=["GET"])]
