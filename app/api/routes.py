"""Every /api route of the application, by area."""
from __future__ import annotations

from . import account, admin, admin_catalogue, admin_sales, auth, authors, book_import, booklists, checkout, media, openapi, search, search_synonyms, shop, staff, storefronts


def routes() -> list:
    return [*openapi.routes, *auth.routes, *staff.routes, *account.routes, *checkout.routes, *admin_catalogue.routes, *book_import.routes, *authors.routes, *booklists.routes, *admin_sales.routes, *media.routes, *admin.routes, *shop.routes, *search.routes, *search_synonyms.routes, *storefronts.routes]
