"""Every /api route of the application, by area."""
from __future__ import annotations

from . import admin, auth, checkout, openapi, shop, storefronts


def routes() -> list:
    return [*openapi.routes, *auth.routes, *checkout.routes, *admin.routes, *shop.routes, *storefronts.routes]
