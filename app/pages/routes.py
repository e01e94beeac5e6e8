"""Every page route of the application, by area."""
from __future__ import annotations

from . import account, admin, admin_catalogue, admin_sales, cart, catalogue, fashion, gadget, grocery, seo, shop, themed


def routes() -> list:
    return [
        *seo.routes, *shop.routes, *grocery.routes, *themed.routes, *gadget.routes, *fashion.routes,
        *catalogue.routes, *cart.routes, *account.routes, *admin.routes, *admin_catalogue.routes, *admin_sales.routes,
    ]
