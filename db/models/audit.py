"""The audit log: every administrator write, who, when, what, before and after. Append-only."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, String
from sqlalchemy.orm import Mapped, mapped_column

from db.models.base import Base, utcnow


class AuditEntry(Base):
    __tablename__ = "audit_entry"

    id: Mapped[int] = mapped_column(primary_key=True)
    actor: Mapped[str] = mapped_column(String(254), index=True)
    action: Mapped[str] = mapped_column(String(40))  # create, update, delete, publish, ...
    entity: Mapped[str] = mapped_column(String(40), index=True)  # product, category, payout_request, ...
    entity_id: Mapped[str] = mapped_column(String(40), index=True)
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow, index=True)
