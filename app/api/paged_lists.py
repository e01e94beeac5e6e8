"""HTTP for the lists paged in SQL (db/queries/admin_lists.py): the JSON list and its CSV export.

GET <path> answers a JSON array (one page when `per_page` is given, else everything) with the
total in X-Total-Count. GET <path>.csv answers every record matching the same q, sort and
filters as a download, streamed as it is read.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from collections.abc import Iterator, Mapping
from decimal import Decimal
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, StreamingResponse
from starlette.routing import Route

from app.api.contract import ADMIN, LIST, contract
from app.api.list_params import admin_params
from app.api.lists import Guard, list_contract, list_response
from app.database import Database
from app.http.errors import ApiError
from app.services import services_of
from db.queries.admin_lists import AdminList, InvalidListQuery, ListQuery, page_of, parse_query, stream

CSV_BATCH = 200
# Spreadsheet apps run a cell that starts with one of these as a formula (OWASP "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# ...but a phone number ("+1 555-114-5911") or a negative number calls nothing: it is left alone.
PLAIN_NUMBER = re.compile(r"^[+-][0-9 ().+-]*$")


def list_query(request: Request, spec: AdminList) -> ListQuery:
    try:
        return parse_query(spec, request.query_params)
    except InvalidListQuery as invalid:
        raise ApiError(422, "Some list parameters cannot be used", invalid.errors) from None


def csv_cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Decimal):
        return f"{value:.2f}"
    if isinstance(value, str) and value.startswith(FORMULA_STARTS) and not PLAIN_NUMBER.match(value):
        return "'" + value
    return value


def csv_chunks(records: Iterator[Mapping[str, Any]]) -> Iterator[str]:
    """The records as CSV text: a UTF-8 byte order mark (so spreadsheet apps read the text as
    UTF-8), a header row of the record's keys, then the rows, a few hundred per chunk."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    buffer.write("\ufeff")
    header_written = False
    for n, record in enumerate(records, 1):
        if not header_written:
            writer.writerow(record.keys())
            header_written = True
        writer.writerow([csv_cell(v) for v in record.values()])
        if n % CSV_BATCH == 0:
            yield buffer.getvalue()
            buffer.seek(0)
            buffer.truncate()
    yield buffer.getvalue()


def exported(db: Database, spec: AdminList, query: ListQuery) -> Iterator[str]:
    """One read session for the whole export, open while the rows are streamed out."""
    with db.sessions() as session:
        yield from csv_chunks(stream(session, spec, query))


def params_of(spec: AdminList) -> type:
    """The list's query parameters as a model, for /openapi.json (parse_query reads them)."""
    return admin_params("".join(word.title() for word in spec.name.split("-")) + "ListParams", spec)


def paged_list_route(path: str, spec: AdminList, record: Any, guard: Guard) -> Route:
    """GET `path`: one page of `record`s (or all of them) and their total."""

    @list_contract(record, params_of(spec), refusals=(*ADMIN, *LIST))
    async def endpoint(request: Request) -> JSONResponse:
        await guard(request)
        query = list_query(request, spec)
        records, total = await services_of(request).db.read(page_of, spec, query)
        return list_response(records, total)

    endpoint.__doc__ = f"{spec.summary}; searchable (q), sortable by {', '.join(spec.sorts)}"
    return Route(path, endpoint, methods=["GET"])


CSV = "text/csv; charset=utf-8"


def csv_route(path: str, spec: AdminList, guard: Guard) -> Route:
    @contract(
        query=params_of(spec), returns=str, media_type=CSV, headers=("Content-Disposition",), refusals=(*ADMIN, *LIST)
    )
    async def endpoint(request: Request) -> StreamingResponse:
        await guard(request)
        query = list_query(request, spec)
        query = ListQuery(q=query.q, sort=query.sort, filters=query.filters)  # every page
        day = dt.date.today().isoformat()
        return StreamingResponse(
            exported(services_of(request).db, spec, query),
            media_type=CSV,
            headers={
                "Content-Disposition": f'attachment; filename="{spec.name}-{day}.csv"',
                "Cache-Control": "no-store",
            },
        )

    endpoint.__doc__ = (
        f"CSV export of {path.removesuffix('.csv')}: every record matching its q, sort and "
        "filters (page and per_page are ignored), UTF-8 with a byte order mark"
    )
    return Route(path, endpoint, methods=["GET"])
