"""The catalogue's change log: what each writing transaction changed, as invalidation keys."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import Text
from sqlalchemy.orm import Mapped, mapped_column

from db.models.base import Base, utcnow


class PageChange(Base):
    """One committed transaction's keys (db/page_keys.py), space-separated. Servers read the rows
    after the last one they saw and drop the cached pages holding those keys; the newest row's id
    is the catalogue version. Old rows are pruned (db/catalogue_version.py)."""

    __tablename__ = "page_change"

    id: Mapped[int] = mapped_column(primary_key=True)
    keys: Mapped[str] = mapped_column(Text)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow, index=True)
