"""GET list endpoints: a JSON array body, optional `q`, `sort`, `page`, `per_page`, and the total
before paging in an `X-Total-Count` header.

Storefront lists are small (a section's worth), so they are filtered, sorted and paged here over
the records the shared db.queries function returns. Big admin lists page in SQL instead.
"""
from __future__ import annotations

from typing import Any, Awaitable, Callable

from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from ..services import services_of
from .errors import ApiError

MAX_PER_PAGE = 100


def _int_param(request: Request, name: str, default: int | None, low: int, high: int) -> int | None:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ApiError(422, f"{name} must be a whole number", {name: "must be a whole number"})
    if not low <= value <= high:
        raise ApiError(422, f"{name} must be between {low} and {high}", {name: f"must be between {low} and {high}"})
    return value


def paging(request: Request) -> tuple[int, int | None]:
    page = _int_param(request, "page", 1, 1, 1_000_000)
    per_page = _int_param(request, "per_page", None, 1, MAX_PER_PAGE)
    return page, per_page


def _matches(record: Any, term: str) -> bool:
    if isinstance(record, str):
        return term in record.lower()
    return any(isinstance(v, str) and term in v.lower() for v in record.values())


def _sort_key(field: str):
    def key(record: dict):
        value = record.get(field)
        return (value is None, value if not isinstance(value, str) else value.lower())

    return key


def shape_list(request: Request, records: list) -> tuple[list, int]:
    """Apply q, sort, page and per_page to records; answer the page and the total."""
    if q := request.query_params.get("q", "").strip().lower():
        records = [r for r in records if _matches(r, q)]
    if sort := request.query_params.get("sort"):
        field = sort.lstrip("-")
        if records and isinstance(records[0], dict):
            if field not in records[0]:
                raise ApiError(422, f"cannot sort by {field}", {"sort": f"unknown field {field}"})
            records = sorted(records, key=_sort_key(field), reverse=sort.startswith("-"))
    total = len(records)
    page, per_page = paging(request)
    if per_page:
        records = records[(page - 1) * per_page : page * per_page]
    return records, total


def list_response(records: list, total: int) -> JSONResponse:
    return JSONResponse(records, headers={"X-Total-Count": str(total)})


Guard = Callable[[Request], Awaitable[Any]]


def list_route(path: str, query: Callable[[Session], list], guard: Guard | None = None) -> Route:
    """GET `path` answers `query(session)` shaped by the list parameters."""

    async def endpoint(request: Request) -> JSONResponse:
        if guard is not None:
            await guard(request)
        records = await services_of(request).db.read(query)
        return list_response(*shape_list(request, records))

    endpoint.__doc__ = (query.__doc__ or f"List {path}").strip()
    endpoint.is_list = True  # read by /openapi.json
    return Route(path, endpoint, methods=["GET"])
