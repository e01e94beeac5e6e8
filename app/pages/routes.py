"""Every page route of the application, by area (the order matters: the first route that matches answers)."""

from __future__ import annotations

from app.pages import seo
from app.pages.account import addresses, guest_orders, orders, profile, signed_out
from app.pages.account import wishlist as account_wishlist
from app.pages.admin import book_import, shell, sign_in, staff
from app.pages.admin import booklists as admin_booklists
from app.pages.admin import catalogue as admin_catalogue
from app.pages.admin import catalogue_requests as admin_catalogue_requests
from app.pages.admin import outbox as admin_outbox
from app.pages.admin import sales as admin_sales
from app.pages.admin import search_synonyms as admin_search_synonyms
from app.pages.books import booklists, browse
from app.pages.seller import pages as seller_pages
from app.pages.shop import cart, catalogue, fashion, gadget, grocery, shop, themed


def routes() -> list:
    return [
        *seo.routes,
        *shop.routes,
        *grocery.routes,
        *themed.routes,
        *gadget.routes,
        *fashion.routes,
        *catalogue.routes,
        *browse.routes,
        *booklists.routes,
        *cart.routes,
        *profile.routes,
        *signed_out.routes,
        *account_wishlist.routes,  # the wishlist, stock alerts' cancel link (issue 23)
        *orders.routes,
        *addresses.routes,
        *guest_orders.routes,
        *sign_in.routes,
        *shell.routes,
        *book_import.routes,
        *admin_catalogue.routes,
        *admin_booklists.routes,
        *admin_sales.routes,
        *admin_outbox.routes,
        *admin_search_synonyms.routes,
        *admin_catalogue_requests.routes,
        *staff.routes,
        *seller_pages.routes,  # the seller portal (issue 25)
    ]
