"""Every transaction that changes what storefront pages show appends one row to the change log
(`page_change`), in that transaction, naming its invalidation keys (db/page_keys.py).

A flush hook reads each flush's writes (db/catalogue_changes.py), so no write path can forget; a
write the hook cannot see (a bulk INSERT or UPDATE statement) calls `written` or `publish` itself.
The row is added when the transaction commits, so a rolled-back write publishes nothing. Every
server reads the rows after the last one it saw (app/caching/page_cache.py) and drops only the cached pages
holding those keys; the newest row's id is the catalogue version.

On PostgreSQL the rows are appended under a transaction-scoped advisory lock, so their ids are in
commit order and a reader that saw id N has seen every row below it, and a notification on CHANNEL
tells every listening server at commit. SQLite has one writer at a time (and servers poll).
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Iterable

from sqlalchemy import delete, event, func, insert, select, text
from sqlalchemy.orm import Session

from db import catalogue_changes
from db.models import PageChange

_CHANGES = "page_changes"
_APPENDED = "page_change_appended"
# When (time.monotonic()) a transaction of this process last committed a change to the log: a read
# of the log that began later has seen every change this process's writes made.
_last_appended = {"committed_at": None}
# Any number will do, so long as nothing else takes this advisory lock.
APPEND_LOCK = 7_241_411
# PostgreSQL's notification channel that tells listening servers a change was committed.
CHANNEL = "page_change"


def current(session: Session) -> int:
    """The catalogue version: the id of the newest change (0 before the first)."""
    return session.scalar(select(func.max(PageChange.id))) or 0


def _changes(session: Session) -> catalogue_changes.Changes:
    return session.info.setdefault(_CHANGES, catalogue_changes.Changes())


def publish(session: Session, keys: Iterable[str]) -> None:
    """Publish these keys when this transaction commits (with whatever its flushes publish)."""
    changes = _changes(session)
    if not changes.changes_everything:
        changes.keys.update(keys)


def written(session: Session) -> None:
    """A write that cannot say what it changed (bulk statements, such as the CSV import of books):
    every cached page is dropped when it commits."""
    _changes(session).everything()


def stock_sold(session: Session, product_id: int, shop: str, before: int, after: int) -> None:
    """A sale lowered a product's stock with a plain UPDATE (db/checkout.py)."""
    catalogue_changes.stock_changed(_changes(session), product_id, shop, before, after)


def appended_since(moment: float) -> bool:
    """Whether a transaction of this process committed a change to the log at or after `moment`
    (time.monotonic()): a server whose last read of the log began before then has not seen it."""
    committed_at = _last_appended["committed_at"]
    return committed_at is not None and committed_at >= moment


def changes_after(session: Session, last_id: int, limit: int = 1000) -> list[tuple[int, list[str]]]:
    """[(id, keys)] of the changes after `last_id`, oldest first."""
    rows = session.execute(
        select(PageChange.id, PageChange.keys).where(PageChange.id > last_id).order_by(PageChange.id).limit(limit)
    )
    return [(change_id, keys.split()) for change_id, keys in rows]


def prune(session: Session, older_than: dt.datetime) -> int:
    """Delete changes older than that, always keeping the newest (it is the catalogue version)."""
    newest = current(session)
    return session.execute(
        delete(PageChange).where(PageChange.created_at < older_than, PageChange.id < newest)
    ).rowcount


def _append(session: Session, keys: set[str]) -> None:
    connection = session.connection()
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": APPEND_LOCK})
        # Delivered at commit to every server listening (app/caching/change_notices.py), which reads at once.
        connection.execute(text("SELECT pg_notify(:channel, '')"), {"channel": CHANNEL})
    connection.execute(insert(PageChange.__table__).values(keys=" ".join(sorted(keys))))


def _after_flush(session: Session, _context) -> None:
    with session.no_autoflush:
        catalogue_changes.read_flush(session, _changes(session))


def _before_commit(session: Session) -> None:
    if session.in_nested_transaction():
        return  # a savepoint: its writes are published with the whole transaction
    session.flush()  # the last flush's writes too (the commit would flush after this hook)
    changes = session.info.pop(_CHANGES, None)
    if changes is not None and changes.anything:
        with session.no_autoflush:
            _append(session, catalogue_changes.named(session, changes))
        session.info[_APPENDED] = True


def _after_commit(session: Session) -> None:
    if session.info.pop(_APPENDED, False):
        _last_appended["committed_at"] = time.monotonic()


def _after_transaction_end(session: Session, transaction) -> None:
    if transaction.parent is None:
        session.info.pop(_CHANGES, None)  # a rolled-back transaction publishes nothing
        session.info.pop(_APPENDED, None)


event.listen(Session, "after_flush", _after_flush)
event.listen(Session, "before_commit", _before_commit)
event.listen(Session, "after_commit", _after_commit)
event.listen(Session, "after_transaction_end", _after_transaction_end)
