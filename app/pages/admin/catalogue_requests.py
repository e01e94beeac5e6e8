"""The back office's page of sellers' catalogue requests: the list (its first page rendered from the
URL's own query, as the other admin lists are), each pending request accepted into a category and
level chosen in the dialog, or refused with a reason. Guarded like /admin: sign in first, never cached."""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy.orm import Session
from starlette.routing import Route

from app.pages.admin.shell import list_props, page
from db.admin.categories import category_choices
from db.queries.catalogue_requests import CATALOGUE_REQUESTS


def catalogue_requests_props(session: Session, params: Mapping[str, str]) -> dict:
    return {"list": list_props(session, CATALOGUE_REQUESTS, params), "categories": category_choices(session)}


routes = [
    Route(
        "/admin/catalogue-requests",
        page("AdminCatalogueRequests", "Catalogue requests", catalogue_requests_props),
        methods=["GET", "HEAD"],
    ),
]
