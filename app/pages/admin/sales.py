"""Back-office pages for the money side: orders, refund requests, sellers, the earning ledger,
payout requests, payouts, package payments and the audit log. Each list page renders its first
page from the URL's own query, like the catalogue's (admin_catalogue.py)."""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import select
from sqlalchemy.orm import Session
from starlette.routing import Route

from app.pages.admin.shell import list_props, page
from db.admin.orders import order_view
from db.admin.sellers import seller_view
from db.carriers import CARRIERS
from db.models import Seller
from db.models.sales import PAYMENT_METHODS
from db.queries.admin_lists import AdminList
from db.queries.admin_sales import (
    AUDIT_LOG,
    EARNINGS,
    ORDERS,
    PACKAGE_PAYMENTS,
    PAYOUT_REQUESTS,
    PAYOUTS,
    REFUND_REQUESTS,
    SELLERS,
    audit_entities,
    packages,
    seller_choices,
)


def plain_list(spec: AdminList):
    def props(session: Session, params: Mapping[str, str]) -> dict:
        return {"list": list_props(session, spec, params)}

    return props


def sellers_props(session: Session, params: Mapping[str, str]) -> dict:
    return {
        "list": list_props(session, SELLERS, params),
        "packages": packages(session),
        "paymentMethods": list(PAYMENT_METHODS),
    }


def earnings_props(session: Session, params: Mapping[str, str]) -> dict:
    listed = list_props(session, EARNINGS, params)
    # The seller the ledger may be narrowed to, named (with their balance) in the filter's chip.
    seller_id = listed["params"].get("seller")
    exists = seller_id and session.scalar(select(Seller.id).where(Seller.id == int(seller_id)))
    return {
        "list": listed,
        "seller": seller_view(session, int(seller_id)) if exists else None,
        "sellers": seller_choices(session),
    }


def payout_requests_props(session: Session, params: Mapping[str, str]) -> dict:
    return {"list": list_props(session, PAYOUT_REQUESTS, params), "paymentMethods": list(PAYMENT_METHODS)}


def payouts_props(session: Session, params: Mapping[str, str]) -> dict:
    return {
        "list": list_props(session, PAYOUTS, params),
        "sellers": seller_choices(session),
        "paymentMethods": list(PAYMENT_METHODS),
    }


def package_payments_props(session: Session, params: Mapping[str, str]) -> dict:
    return {"list": list_props(session, PACKAGE_PAYMENTS, params), "packages": packages(session)}


def audit_log_props(session: Session, params: Mapping[str, str]) -> dict:
    return {"list": list_props(session, AUDIT_LOG, params), "entities": audit_entities(session)}


def order_props(session: Session, order_id: int) -> dict:
    # The carriers its Ship form offers: those the server accepts (db/admin/orders.py OrderChanges).
    return {"order": order_view(session, order_id), "carriers": list(CARRIERS)}


PAGES = (
    ("/admin/orders", "AdminOrders", "Orders", plain_list(ORDERS), "query"),
    ("/admin/orders/{id:int}", "AdminOrder", "Order", order_props, "id"),
    ("/admin/refund-requests", "AdminRefundRequests", "Refund requests", plain_list(REFUND_REQUESTS), "query"),
    ("/admin/sellers", "AdminSellers", "Sellers", sellers_props, "query"),
    ("/admin/earning-history", "AdminEarningHistory", "Earning history", earnings_props, "query"),
    ("/admin/payout-requests", "AdminPayoutRequests", "Payout requests", payout_requests_props, "query"),
    ("/admin/payouts", "AdminPayouts", "Payouts", payouts_props, "query"),
    ("/admin/package-payments", "AdminPackagePayments", "Package payments", package_payments_props, "query"),
    ("/admin/audit-log", "AdminAuditLog", "Audit log", audit_log_props, "query"),
)

routes = [Route(path, page(name, title, load, by=by), methods=["GET", "HEAD"]) for path, name, title, load, by in PAGES]
