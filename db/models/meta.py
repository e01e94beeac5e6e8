"""Store-wide state: the catalogue version that invalidates cached storefront pages."""

from __future__ import annotations

from sqlalchemy.orm import Mapped, mapped_column

from db.models.base import Base


class CatalogueState(Base):
    """A single row; `version` goes up by one in every transaction that writes the catalogue."""

    __tablename__ = "catalogue_state"

    id: Mapped[int] = mapped_column(primary_key=True)
    version: Mapped[int] = mapped_column(default=1)
