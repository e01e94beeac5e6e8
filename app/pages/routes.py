"""Every page route of the application, by area."""
from __future__ import annotations

from . import account, admin, catalogue, seo, shop


def routes() -> list:
    return [*seo.routes, *shop.routes, *catalogue.routes, *account.routes, *admin.routes]
