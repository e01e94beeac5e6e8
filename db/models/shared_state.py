"""What several server instances on one database share beyond the shop's own records: failed
sign-ins (the sign-in limit, app/auth/sign_in_limit.py) and uploaded images (MEDIA_STORE=database,
app/media/store.py)."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import Index, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from db.models.base import Base, utcnow


class SignInFailure(Base):
    """One failed sign-in (a wrong password or two-factor code) of an email from a client address.
    Rows older than the limit's window are pruned as new ones come."""

    __tablename__ = "sign_in_failure"
    __table_args__ = (Index("ix_sign_in_failure_pair", "client", "email", "failed_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    client: Mapped[str] = mapped_column(String(64))
    email: Mapped[str] = mapped_column(String(254))
    failed_at: Mapped[dt.datetime] = mapped_column(default=utcnow, index=True)


class MediaFile(Base):
    """An uploaded image, kept in the database so every instance serves it. `path` is what records
    store (uploads/<yyyy>/<mm>/<uuid>.<ext>), as with the media folder."""

    __tablename__ = "media_file"

    path: Mapped[str] = mapped_column(String(255), primary_key=True)
    content_type: Mapped[str] = mapped_column(String(100))
    content: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
