"""The seller portal's lists: the back office's lists (searched, sorted, filtered and paged in SQL,
app/api/paged_lists.py) narrowed to the signed-in seller's own rows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from app.api.contract import LIST
from app.api.lists import list_contract, list_response
from app.api.paged_lists import list_query, params_of
from app.api.sellers.guard import SELLER, seller
from app.services import services_of
from db.queries.admin_lists import AdminList, page_of

ListOf = Callable[[int], AdminList]


def seller_list_route(path: str, list_of: ListOf, record: Any, read: Callable = page_of) -> Route:
    """GET `path`: one page of the seller's `record`s and their total; `read(session, spec, query)`
    answers (records, total) (page_of, or one that adds to each record)."""

    @list_contract(record, params_of(list_of(0)), refusals=(*SELLER, *LIST))
    async def endpoint(request: Request) -> JSONResponse:
        account = await seller(request)
        spec = list_of(account.seller_id)
        query = list_query(request, spec)
        return list_response(*await services_of(request).db.read(read, spec, query))

    endpoint.__doc__ = list_of(0).summary
    return Route(path, endpoint, methods=["GET"])
