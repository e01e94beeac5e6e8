"""Every transaction that writes the catalogue bumps `catalogue_state.version`.

Cached storefront pages are keyed by this number, so a change shows on every server at once.
Done in a flush hook so no write path can forget it.
"""
from __future__ import annotations

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from .models import CATALOGUE_MODELS, CatalogueState

_BUMPED = "catalogue_version_bumped"


def current(session: Session) -> int:
    return session.scalar(select(CatalogueState.version).where(CatalogueState.id == 1)) or 0


def bump(session: Session) -> None:
    session.execute(update(CatalogueState).where(CatalogueState.id == 1).values(version=CatalogueState.version + 1))


def written(session: Session) -> None:
    """Bump once in this transaction: the flush hook below calls it, and so does a write the hook
    cannot see (bulk INSERT and UPDATE statements, such as the CSV import of books)."""
    if not session.info.get(_BUMPED):
        session.info[_BUMPED] = True
        bump(session)


def _touches_catalogue(session: Session) -> bool:
    return any(isinstance(obj, CATALOGUE_MODELS) for obj in (*session.new, *session.dirty, *session.deleted))


def _before_flush(session: Session, _context, _instances) -> None:
    # Once per transaction is enough: the new number is visible when it commits.
    if not session.info.get(_BUMPED) and _touches_catalogue(session):
        written(session)


def _after_transaction_end(session: Session, transaction) -> None:
    if transaction.parent is None:
        session.info.pop(_BUMPED, None)


from sqlalchemy import event  # noqa: E402

event.listen(Session, "before_flush", _before_flush)
event.listen(Session, "after_transaction_end", _after_transaction_end)
