"""GET /api/search/suggest?q=: what the header's search box suggests as a shopper types."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route
from typing_extensions import TypedDict

from app.api.contract import LIST, contract
from app.api.records import MediaUrl, Money, closed
from app.api.validation import read_query
from app.services import services_of
from db.queries.search import CONTROL
from db.search.suggest import suggest

MAX_TYPED = 100


class Typing(BaseModel):
    model_config = ConfigDict(extra="ignore")

    q: Annotated[str, Field(description=f"What the shopper typed so far (its first {MAX_TYPED} characters count)")] = ""


@closed
class TitleSuggestion(TypedDict):
    id: int
    title: str
    url: str
    imgUrl: MediaUrl
    price: Money


@closed
class NamedLink(TypedDict):
    name: str
    url: str


@closed
class Suggestions(TypedDict):
    """Titles with cover and price, authors and categories: at most 8 in all (`count`)."""

    query: str
    titles: list[TitleSuggestion]
    authors: list[NamedLink]
    categories: list[NamedLink]
    count: int


@contract(query=Typing, returns=Suggestions, refusals=LIST)
async def suggestions(request: Request) -> JSONResponse:
    """Up to 8 suggestions for q (from its 2nd character): titles with cover and price, authors, categories"""
    typed = CONTROL.sub("", read_query(request, Typing).q)[:MAX_TYPED]
    body = await services_of(request).db.read(suggest, typed)
    # The same for every shopper and cheap to recompute: a browser may keep it a minute.
    return JSONResponse(body, headers={"Cache-Control": "public, max-age=60"})


routes = [Route("/api/search/suggest", suggestions, methods=["GET"])]
