"""Every page route of the application, by area."""
from __future__ import annotations

from . import account, admin, shop


def routes() -> list:
    return [*shop.routes, *account.routes, *admin.routes]
