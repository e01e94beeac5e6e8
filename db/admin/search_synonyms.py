"""Search synonyms the administrator edits: pairs of words (or two-word phrases) that search takes
for one another, both ways ("maths" <-> "mathematics", "sci fi" <-> "science fiction").

A pair is two rows of `search_synonym`, one each way (db/search/terms.py looks a word up by its
`term`); the pair's id is its first row's. Both sides are kept as search reads them: folded
(lower case, no accents) words of letters and digits, single-spaced ("Sci-Fi" is "sci fi"). A
change is read by the very next search, and the cached search pages are dropped when it commits
(db/catalogue_changes.py names the search pages for any synonym row written).
"""

from __future__ import annotations

from sqlalchemy import and_, or_, select
from sqlalchemy.orm import Session

from db import audit
from db.admin import Conflict, Invalid, found
from db.admin.forms import Form, Text, changes_of
from db.models import SearchSynonym
from db.queries.search_synonyms import pair_record
from db.search.documents import words

MAX_LENGTH = 60  # search_synonym's columns
# Search looks up each typed word and each two typed words side by side: a longer phrase is
# never looked up.
MAX_WORDS = 2


class SynonymForm(Form):
    term: Text(1, MAX_LENGTH)
    synonym: Text(1, MAX_LENGTH)


SynonymChanges = changes_of(SynonymForm)


def folded(value: str) -> str | None:
    """The side as search reads it, or None when search could never read it so."""
    found_words = words(value, shortest=1)
    return " ".join(found_words) if 0 < len(found_words) <= MAX_WORDS else None


def _other_way(session: Session, row: SearchSynonym) -> SearchSynonym | None:
    return session.scalar(
        select(SearchSynonym).where(SearchSynonym.term == row.synonym, SearchSynonym.synonym == row.term)
    )


def _pair(session: Session, synonym_id: int) -> tuple[SearchSynonym, SearchSynonym | None]:
    """The pair a row belongs to (either of its rows' ids names it): its first row, then the other."""
    row = found(session, SearchSynonym, synonym_id, "synonym")
    other = _other_way(session, row)
    return (row, other) if other is None or row.id < other.id else (other, row)


def synonym_for_form(session: Session, synonym_id: int) -> dict:
    return pair_record(_pair(session, synonym_id)[0])


def _checked(session: Session, term: str, synonym: str, own: tuple[int, ...] = ()) -> tuple[str, str]:
    """Both sides folded, refused when search could not use them (422) or the pair is there (409)."""
    sides = {"term": folded(term), "synonym": folded(synonym)}
    errors = {
        name: f"Use one or two words of letters or digits (“{value}” is not)"
        for name, value in (("term", term), ("synonym", synonym))
        if sides[name] is None
    }
    if not errors and sides["term"] == sides["synonym"]:
        errors["synonym"] = "A term can't be its own synonym"
    if errors:
        raise Invalid(errors)
    a, b = sides["term"], sides["synonym"]
    clash = select(SearchSynonym.id).where(
        or_(
            and_(SearchSynonym.term == a, SearchSynonym.synonym == b),
            and_(SearchSynonym.term == b, SearchSynonym.synonym == a),
        )
    )
    if own:
        clash = clash.where(SearchSynonym.id.not_in(own))
    if session.scalar(clash.limit(1)) is not None:
        raise Conflict(f"“{a}” and “{b}” are synonyms already")
    return a, b


def create_synonym(session: Session, actor: str, form: SynonymForm) -> dict:
    term, synonym = _checked(session, form.term, form.synonym)
    first = SearchSynonym(term=term, synonym=synonym)
    session.add(first)
    session.flush()  # the first row's id is the pair's: it is written first
    session.add(SearchSynonym(term=synonym, synonym=term))
    session.flush()
    audit.record(session, actor, "create", "search_synonym", first.id, None, pair_record(first))
    return pair_record(first)


def update_synonym(session: Session, actor: str, synonym_id: int, changes: Form) -> dict:
    first, other = _pair(session, synonym_id)
    before = pair_record(first)
    values = {**before, **changes.model_dump(exclude_unset=True)}
    own = (first.id,) if other is None else (first.id, other.id)
    term, synonym = _checked(session, values["term"], values["synonym"], own)
    # The other way round is written anew after the first row, so turning the pair about
    # ("a -> b" to "b -> a") never holds the same row twice along the way.
    if other is not None:
        session.delete(other)
        session.flush()
    first.term, first.synonym = term, synonym
    session.flush()
    session.add(SearchSynonym(term=synonym, synonym=term))
    session.flush()
    audit.record(session, actor, "update", "search_synonym", first.id, before, pair_record(first))
    return pair_record(first)


def delete_synonym(session: Session, actor: str, synonym_id: int) -> None:
    first, other = _pair(session, synonym_id)
    before = pair_record(first)
    session.delete(first)
    if other is not None:
        session.delete(other)
    audit.record(session, actor, "delete", "search_synonym", before["id"], before, None)
