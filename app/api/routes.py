"""Every /api route of the application, by area (the order matters: the first route that matches answers)."""

from __future__ import annotations

from app.api import back_office, openapi
from app.api.accounts import account, sign_in, staff
from app.api.catalogue import (
    authors,
    book_import,
    booklists,
    catalogue_requests,
    customer_accounts,
    media,
    product_offers,
    search_synonyms,
)
from app.api.catalogue import writes as catalogue_writes
from app.api.outbox import messages as outbox_messages
from app.api.payments import orders as order_payments
from app.api.payments import webhook as payment_webhook
from app.api.sales import writes as sales_writes
from app.api.sellers import account as seller_account
from app.api.sellers import accounts as seller_accounts
from app.api.sellers import money as seller_money
from app.api.sellers import offers as seller_offers
from app.api.sellers import orders as seller_orders
from app.api.sellers import photos as seller_photos
from app.api.shop import checkout, market, offers, search, storefronts
from app.api.shoppers import account as shopper_account
from app.api.shoppers import addresses, me, order_links, orders, password_reset
from app.api.shoppers import stock_alerts as shopper_stock_alerts
from app.api.shoppers import wishlist as shopper_wishlist


def routes() -> list:
    return [
        *openapi.routes,
        *me.routes,
        *shopper_account.routes,
        *password_reset.routes,
        # the shopper's wishlist and stock alerts (issue 23); before the back office's /api/products
        *shopper_wishlist.routes,
        *shopper_stock_alerts.routes,
        # a product's offers (issue 25), open to every shopper; before the back office's /api/products
        *offers.routes,
        *orders.routes,
        *addresses.routes,
        *order_links.routes,
        *sign_in.routes,
        *staff.routes,
        # the seller portal (issue 25): sellers' accounts, and a seller's own offers, orders and money
        *seller_account.routes,
        *seller_accounts.routes,
        *seller_offers.routes,
        *seller_orders.routes,
        *seller_photos.routes,
        *seller_money.routes,
        *account.routes,
        *checkout.routes,
        *order_payments.routes,
        *payment_webhook.routes,
        *catalogue_writes.routes,
        *customer_accounts.routes,
        *book_import.routes,
        *catalogue_requests.routes,
        *product_offers.routes,
        *authors.routes,
        *booklists.routes,
        *sales_writes.routes,
        *media.routes,
        *back_office.routes,
        *outbox_messages.routes,
        *market.routes,
        *search.routes,
        *search_synonyms.routes,
        *storefronts.routes,
    ]
