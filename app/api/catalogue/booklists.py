"""School booklists in the back office: the list (GET /api/booklists, searched, sorted and paged in
SQL, and its CSV export), REST writes on the same path (see admin_writes.py), and the books the
form's picker offers (GET /api/booklists/book-choices?q=). All for an administrator only."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from app.api.admin_writes import Area
from app.api.catalogue.records import BookChoice, BooklistRecord, BooklistRow
from app.api.contract import ADMIN, LIST, contract
from app.api.list_params import Typed
from app.api.paged_lists import csv_route, paged_list_route
from app.api.validation import read_query
from app.auth.sessions import require_admin
from app.services import services_of
from db.admin.booklists import (
    BooklistChanges,
    BooklistForm,
    book_choices,
    booklist_for_form,
    create_booklist,
    delete_booklist,
    update_booklist,
)
from db.queries.booklists import BOOKLISTS

PATH = "/api/booklists"
AREA = Area(
    PATH,
    "booklist",
    BooklistChanges,
    BooklistForm,
    create_booklist,
    booklist_for_form,
    update_booklist,
    delete_booklist,
    record=BooklistRecord,
)


@contract(query=Typed, returns=list[BookChoice], refusals=(*ADMIN, *LIST))
async def choices(request: Request) -> JSONResponse:
    """Up to 20 published books of the shop whose title holds q, or whose ISBN is or holds q"""
    await require_admin(request)
    typed = read_query(request, Typed)
    return JSONResponse(await services_of(request).db.read(book_choices, typed.q))


routes = [
    paged_list_route(PATH, BOOKLISTS, BooklistRow, require_admin),
    csv_route(PATH + ".csv", BOOKLISTS, require_admin),
    Route(PATH + "/book-choices", choices, methods=["GET"]),
    *AREA.routes(),
]
