"""GET /api/authors?q=: the authors the product form suggests as an administrator types a name
(db/queries/authors.py). Administrators only: it is a back-office helper, not a shop list."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from app.api.catalogue.records import AuthorSuggestion
from app.api.contract import ADMIN, LIST, contract
from app.api.list_params import Typed
from app.api.validation import read_query
from app.auth.sessions import require_admin
from app.services import services_of
from db.queries.authors import SUGGESTIONS, author_suggestions


@contract(query=Typed, returns=list[AuthorSuggestion], refusals=(*ADMIN, *LIST))
async def authors(request: Request) -> JSONResponse:
    """Up to 20 authors whose name contains q (any case), by name, each with how many books credit them"""
    await require_admin(request)
    typed = read_query(request, Typed)
    return JSONResponse(await services_of(request).db.read(author_suggestions, typed.q, SUGGESTIONS))


routes = [Route("/api/authors", authors, methods=["GET"])]
