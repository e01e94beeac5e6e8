"""Every page route of the application, by area."""
from __future__ import annotations

from . import account, admin, admin_book_import, admin_booklists, admin_catalogue, admin_sales, admin_search_synonyms, admin_staff, booklists, books, cart, catalogue, fashion, gadget, grocery, seo, shop, themed


def routes() -> list:
    return [
        *seo.routes, *shop.routes, *grocery.routes, *themed.routes, *gadget.routes, *fashion.routes,
        *catalogue.routes, *books.routes, *booklists.routes, *cart.routes, *account.routes, *admin.routes, *admin_book_import.routes, *admin_catalogue.routes, *admin_booklists.routes, *admin_sales.routes, *admin_search_synonyms.routes, *admin_staff.routes,
    ]
