"""The search synonyms the administrator edits: GET /api/search-synonyms (the pairs, searched,
sorted and paged), and POST, GET, PATCH and DELETE of one pair at /api/search-synonyms/{id}
through the back office's Area (app/api/admin_writes.py: 401, 403, 404, 409, 422, audited).
Search reads the pairs on every search, so a change counts from the next one."""

from __future__ import annotations

from typing_extensions import TypedDict

from app.api.admin_writes import Area
from app.api.paged_lists import csv_route, paged_list_route
from app.api.records import closed
from app.auth.sessions import require_admin
from db.admin.search_synonyms import (
    SynonymChanges,
    SynonymForm,
    create_synonym,
    delete_synonym,
    synonym_for_form,
    update_synonym,
)
from db.queries.search_synonyms import SYNONYMS

PATH = "/api/search-synonyms"


@closed
class SynonymRecord(TypedDict):
    """A pair search takes for one another both ways: one or two folded words each side."""

    id: int
    term: str
    synonym: str


AREA = Area(
    PATH,
    "synonym",
    SynonymChanges,
    SynonymForm,
    create_synonym,
    synonym_for_form,
    update_synonym,
    delete_synonym,
    record=SynonymRecord,
)

routes = [
    paged_list_route(PATH, SYNONYMS, SynonymRecord, require_admin),
    csv_route(PATH + ".csv", SYNONYMS, require_admin),
    *AREA.routes(),
]
