"""School booklists in the back office: the list (GET /api/booklists, searched, sorted and paged in
SQL, and its CSV export), REST writes on the same path (see admin_writes.py), and the books the
form's picker offers (GET /api/booklists/book-choices?q=). All for an administrator only."""
from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from db.admin.booklists import (
    BooklistChanges, BooklistForm, book_choices, booklist_for_form, create_booklist, delete_booklist, update_booklist,
)
from db.queries.booklists import BOOKLISTS

from ..auth import require_admin
from ..services import services_of
from .admin_lists import csv_route, paged_list_route
from .admin_writes import Area
from .contract import ADMIN, LIST, contract
from .list_params import Typed
from .records_catalogue import BookChoice, BooklistRecord, BooklistRow
from .validation import read_query

PATH = "/api/booklists"
AREA = Area(PATH, "booklist", BooklistChanges, BooklistForm, create_booklist, booklist_for_form, update_booklist,
            delete_booklist, record=BooklistRecord)


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
