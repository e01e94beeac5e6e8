"""Every /api route of the application, by area."""
from __future__ import annotations

from . import admin, auth, shop


def routes() -> list:
    return [*auth.routes, *admin.routes, *shop.routes]
