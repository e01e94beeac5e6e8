"""Shop-wide settings an owner changes in the back office (not the server's environment), one
row per setting, so every server instance reads the same value."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, String
from sqlalchemy.orm import Mapped, mapped_column

from db.models.base import Base

# Every account must sign in with a second factor (an authenticator code or a recovery code).
REQUIRE_TWO_FACTOR = "require_two_factor"


class ShopSetting(Base):
    __tablename__ = "shop_setting"

    name: Mapped[str] = mapped_column(String(60), primary_key=True)
    value: Mapped[Any] = mapped_column(JSON)
