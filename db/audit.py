"""Recording administrator writes in the audit log, inside the write's own transaction, so an
entry exists exactly when the change does."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from sqlalchemy import inspect
from sqlalchemy.orm import Session

from db.models.audit import AuditEntry


def _plain(value: Any) -> Any:
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, (dt.datetime, dt.date)):
        return value.isoformat()
    return value


def snapshot(record: Any) -> dict[str, Any]:
    """The record's column values, JSON-ready (money as exact strings)."""
    mapper = inspect(record).mapper
    return {column.key: _plain(getattr(record, column.key)) for column in mapper.column_attrs}


def record(
    session: Session,
    actor: str,
    action: str,
    entity: str,
    entity_id: Any,
    before: dict | None = None,
    after: dict | None = None,
) -> AuditEntry:
    entry = AuditEntry(actor=actor, action=action, entity=entity, entity_id=str(entity_id), before=before, after=after)
    session.add(entry)
    return entry
