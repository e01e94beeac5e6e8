"""Back-office pages for school booklists: the list (its first page rendered from the URL's own
query, as app/pages/admin/catalogue.py does for products) and the form, new or for one list.
Guarded like /admin (app/pages/admin/shell.py): sign in first, never cached."""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy.orm import Session
from starlette.routing import Route

from app.pages.admin.shell import list_props, page
from db.admin.booklists import MAX_ITEMS, MAX_QUANTITY, booklist_for_form
from db.queries.booklists import BOOKLISTS, CLASSES


def booklists_props(session: Session, params: Mapping[str, str]) -> dict:
    return {"list": list_props(session, BOOKLISTS, params), "classes": list(CLASSES)}


def booklist_form_props(session: Session, booklist_id: int | None) -> dict:
    return {
        "booklist": booklist_for_form(session, booklist_id) if booklist_id is not None else None,
        "classes": list(CLASSES),
        "limits": {"items": MAX_ITEMS, "quantity": MAX_QUANTITY},
    }


routes = [
    Route("/admin/booklists", page("AdminBooklists", "Booklists", booklists_props), methods=["GET", "HEAD"]),
    # No id in the path: the form for a new booklist.
    Route(
        "/admin/booklists/new",
        page("AdminBooklistForm", "New booklist", booklist_form_props, by="id"),
        methods=["GET", "HEAD"],
    ),
    Route(
        "/admin/booklists/{id:int}",
        page("AdminBooklistForm", "Edit booklist", booklist_form_props, by="id"),
        methods=["GET", "HEAD"],
    ),
]
