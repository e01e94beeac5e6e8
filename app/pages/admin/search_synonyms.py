"""The back office's page of search synonyms: the pairs listed (the first page rendered from the
URL's own query, as the other admin lists are), added and edited in a dialog, deleted after
asking. Guarded like /admin (app/pages/admin/shell.py): sign in first, never cached."""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy.orm import Session
from starlette.routing import Route

from app.pages.admin.shell import list_props, page
from db.admin.search_synonyms import MAX_LENGTH, MAX_WORDS
from db.queries.search_synonyms import SYNONYMS


def synonyms_props(session: Session, params: Mapping[str, str]) -> dict:
    return {"list": list_props(session, SYNONYMS, params), "limits": {"length": MAX_LENGTH, "words": MAX_WORDS}}


routes = [
    Route(
        "/admin/search-synonyms",
        page("AdminSearchSynonyms", "Search synonyms", synonyms_props),
        methods=["GET", "HEAD"],
    ),
]
