"""/admin/books/import: load a distributor's catalogue of books from a CSV file (check it, read
the report, then import), with the template and the export to download. The work happens in the
browser against POST /api/books/import (app/api/catalogue/book_import.py); the page itself only needs the
columns, the categories a row may name and the size limit. Guarded like every admin page."""

from __future__ import annotations

from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.pages.admin.shell import admin_page
from app.services import services_of
from db.admin.book_import import COLUMNS, OPTIONAL_COLUMNS, Categories


def book_import_props(session: Session, max_bytes: int) -> dict:
    return {
        "columns": list(COLUMNS),
        "optionalColumns": list(OPTIONAL_COLUMNS),
        "categories": Categories.read(session).slugs(),
        "maxBytes": max_bytes,
    }


async def book_import(request: Request) -> Response:
    max_bytes = services_of(request).settings.book_import_max_bytes
    return await admin_page(
        request, "AdminBookImport", "Import books", lambda session: book_import_props(session, max_bytes)
    )


routes = [Route("/admin/books/import", book_import, methods=["GET", "HEAD"])]
