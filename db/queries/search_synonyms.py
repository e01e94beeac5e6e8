"""The back office's list of search synonyms: one row per pair (db/admin/search_synonyms.py keeps
each pair as two rows, one each way), searched, sorted and paged in SQL."""

from __future__ import annotations

from sqlalchemy import Row, Select, and_, or_, select
from sqlalchemy.orm import aliased

from db.models import SearchSynonym
from db.queries.admin_lists import AdminList

OtherWay = aliased(SearchSynonym)


def pair_rows() -> Select:
    """A pair's first row: the other way round has a higher id (or is missing)."""
    return (
        select(SearchSynonym.id, SearchSynonym.term, SearchSynonym.synonym)
        .outerjoin(OtherWay, and_(OtherWay.term == SearchSynonym.synonym, OtherWay.synonym == SearchSynonym.term))
        .where(or_(OtherWay.id.is_(None), SearchSynonym.id < OtherWay.id))
    )


def pair_record(row: Row) -> dict:
    return {"id": row.id, "term": row.term, "synonym": row.synonym}


SYNONYMS = AdminList(
    name="search-synonyms",
    select=pair_rows,
    record=pair_record,
    key=SearchSynonym.id,
    sorts={"id": SearchSynonym.id, "term": SearchSynonym.term, "synonym": SearchSynonym.synonym},
    search=(SearchSynonym.term, SearchSynonym.synonym),
    default_order=(SearchSynonym.term,),
    summary="Search synonyms, one row per pair (each works both ways)",
)
