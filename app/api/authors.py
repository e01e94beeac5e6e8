"""GET /api/authors?q=: the authors the product form suggests as an administrator types a name
(db/queries/authors.py). Administrators only: it is a back-office helper, not a shop list."""
from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from db.queries.authors import SUGGESTIONS, author_suggestions

from ..auth import require_admin
from ..services import services_of
from .contract import ADMIN, LIST, contract
from .list_params import Typed
from .records_catalogue import AuthorSuggestion
from .validation import read_query


@contract(query=Typed, returns=list[AuthorSuggestion], refusals=(*ADMIN, *LIST))
async def authors(request: Request) -> JSONResponse:
    """Up to 20 authors whose name contains q (any case), by name, each with how many books credit them"""
    await require_admin(request)
    typed = read_query(request, Typed)
    return JSONResponse(await services_of(request).db.read(author_suggestions, typed.q, SUGGESTIONS))


routes = [Route("/api/authors", authors, methods=["GET"])]
