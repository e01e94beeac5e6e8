"""Administrator writes to the catalogue and to customers, one module per area.

Each write is a plain function `fn(session, actor, ...)` run inside ONE transaction by the caller
(app: `services.db.write(fn, ...)`); it records its audit entry in that same transaction. A write
the shop refuses raises one of the exceptions below, which the HTTP layer turns into 404, 409 or
422; nothing is written then, because the transaction rolls back.
"""

from __future__ import annotations

from typing import Any, TypeVar

from sqlalchemy import or_, select, update
from sqlalchemy.orm import Session

from db.seed.common import slugify
from db.statuses import refusal

T = TypeVar("T")
SLUG_BASE_LENGTH = 120


class Refused(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class NotFound(Refused):
    """No such record (404)."""


class Conflict(Refused):
    """The write contradicts the data as it stands: a duplicate name, a category in use (409)."""


class Invalid(Refused):
    """Input that passed its shape checks but names records that do not fit (422, per field)."""

    def __init__(self, errors: dict[str, str]):
        super().__init__("Please correct the highlighted fields")
        self.errors = errors


def found(session: Session, model: type[T], record_id: int, what: str) -> T:
    # Ids beyond 64 bits cannot exist (and SQLite cannot even look them up).
    record = session.get(model, record_id) if 0 < record_id < 2**63 else None
    if record is None:
        raise NotFound(f"There is no {what} {record_id}")
    return record


def _slug_base(model: Any, text: str) -> str:
    return slugify(text)[:SLUG_BASE_LENGTH].strip("-") or model.__tablename__


def _first_free(base: str, taken: set[str]) -> str:
    slug, n = base, 1
    while slug in taken:
        n += 1
        slug = f"{base}-{n}"
    return slug


def unique_slug(session: Session, model: Any, text: str, own_id: int | None = None) -> str:
    """A URL slug from `text`, made unique in `model` ("honey", then "honey-2", ...)."""
    base = _slug_base(model, text)
    query = select(model.slug).where(or_(model.slug == base, model.slug.like(base + "-%")))
    if own_id is not None:
        query = query.where(model.id != own_id)
    return _first_free(base, set(session.scalars(query)))


def unique_slugs(session: Session, model: Any, texts: list[str]) -> list[str]:
    """A unique slug for each text, like `unique_slug` for one (the CSV import names thousands at
    once): one query finds which plain slugs are taken, and only a text whose plain slug is taken
    pays for the search of its "-2, -3..." ones. Slugs handed out count as taken for the texts after them."""
    bases = [_slug_base(model, text) for text in texts]
    taken = set(session.scalars(select(model.slug).where(model.slug.in_(set(bases)))))
    searched: set[str] = set()
    slugs = []
    for base in bases:
        if base in taken and base not in searched:
            taken.update(session.scalars(select(model.slug).where(model.slug.like(base + "-%"))))
            searched.add(base)
        slug = _first_free(base, taken)
        taken.add(slug)
        slugs.append(slug)
    return slugs


def lock(session: Session, model: Any, record_id: int) -> None:
    """Take the record's write lock before reading anything a decision depends on.

    An UPDATE that changes nothing is the one statement that locks alike on both databases: on
    SQLite it opens the transaction as the single writer (so the reads after it see the latest
    committed data and nobody writes in between); on PostgreSQL it locks the row until commit,
    so two decisions about the same record (or the same seller's balance) run one after the other.
    """
    session.execute(
        update(model).where(model.id == record_id).values(id=model.id).execution_options(synchronize_session=False)
    )


def moved(session: Session, record: Any, wanted: str, what: str, moves: dict[str, tuple[str, ...]]) -> str:
    """Move the (locked) record's status along the written state machine; returns the old status."""
    current = record.status
    if why_not := refusal(what, current, wanted, moves):
        raise Conflict(why_not)
    record.status = wanted
    return current
