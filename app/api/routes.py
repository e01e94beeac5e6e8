"""Every /api route of the application, by area."""
from __future__ import annotations

from . import admin, admin_catalogue, admin_sales, auth, checkout, media, openapi, shop, storefronts


def routes() -> list:
    return [*openapi.routes, *auth.routes, *checkout.routes, *admin_catalogue.routes, *admin_sales.routes, *media.routes, *admin.routes, *shop.routes, *storefronts.routes]
