"""GET list endpoints: a JSON array body, optional `q`, `sort`, `page`, `per_page`, and the total
before paging in an `X-Total-Count` header.

Storefront lists are small (a section's worth), so they are filtered, sorted and paged here over
the records the shared db.queries function returns. Big admin lists page in SQL instead.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from app.api.contract import ADMIN, LIST, contract
from app.api.list_params import ListParams, storefront_params
from app.api.validation import read_query
from app.services import services_of

TOTAL = "X-Total-Count"


def _matches(record: Any, term: str) -> bool:
    if isinstance(record, str):
        return term in record.lower()
    return any(isinstance(v, str) and term in v.lower() for v in record.values())


def _sort_key(field: str):
    def key(record: dict):
        value = record.get(field)
        return (value is None, value if not isinstance(value, str) else value.lower())

    return key


def shape_list(params: ListParams, records: list) -> tuple[list, int]:
    """Apply q, sort, page and per_page to records; answer the page and the total. `sort` names a
    plain field of the list's record (list_params.sortable_fields), so any two values compare."""
    if q := params.q.strip().lower():
        records = [r for r in records if _matches(r, q)]
    if sort := getattr(params, "sort", None):
        records = sorted(records, key=_sort_key(sort.lstrip("-")), reverse=sort.startswith("-"))
    total = len(records)
    if params.per_page:
        records = records[(params.page - 1) * params.per_page : params.page * params.per_page]
    return records, total


def list_response(records: list, total: int) -> JSONResponse:
    return JSONResponse(records, headers={TOTAL: str(total)})


Guard = Callable[[Request], Awaitable[Any]]


def list_contract(record: Any, query: type[ListParams], refusals: tuple[int, ...] = LIST) -> Callable:
    """The contract of a list endpoint: an array of `record`s with its total in a header."""
    return contract(query=query, returns=list[record], headers=(TOTAL,), refusals=refusals)


def list_route(path: str, query: Callable[[Session], list], record: Any, guard: Guard | None = None) -> Route:
    """GET `path` answers `query(session)` (a list of `record`s) shaped by the list parameters."""
    params_model = storefront_params(record)

    async def endpoint(request: Request) -> JSONResponse:
        if guard is not None:
            await guard(request)
        params = read_query(request, params_model)
        records = await services_of(request).db.read(query)
        return list_response(*shape_list(params, records))

    # A partial's own __doc__ explains partials; the function it wraps says what the list holds.
    endpoint.__doc__ = (getattr(query, "func", query).__doc__ or f"List {path}").strip()
    list_contract(record, params_model, (*ADMIN, *LIST) if guard else LIST)(endpoint)
    return Route(path, endpoint, methods=["GET"])
