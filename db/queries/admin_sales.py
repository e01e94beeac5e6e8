"""The back office's money lists: orders, refund requests, sellers with their balances, the
earning ledger, payout requests, payouts, package payments, and the audit log. Each is an
AdminList (admin_lists.py), searched, filtered, sorted and paged in SQL, with a CSV export.

A seller's balance is derived, never stored: their ledger rows (sales less refund reversals)
less their payouts (db/ledger.py), summed for each row shown.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from sqlalchemy import Select, func, literal_column, select
from sqlalchemy.engine import Row

from db.ledger import cents
from db.models import (
    AuditEntry,
    Customer,
    Earning,
    Order,
    OrderLine,
    Package,
    PackagePayment,
    Payout,
    PayoutRequest,
    Product,
    RefundRequest,
    Seller,
    User,
)
from db.models.sales import ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, REFUND_STATUSES
from db.models.sellers import PACKAGE_NAMES, PAYOUT_REQUEST_STATUSES
from db.queries.admin import first_image, iso, zero_if_none
from db.queries.admin_lists import AdminList, Filter, Number, Related, choice, equals_id, is_flag, one_of
from db.queries.media import media_url
from db.queries.products import money
from db.statuses import ORDER_MOVES, PAYOUT_REQUEST_MOVES, REFUND_MOVES


def amount(value: Any) -> Decimal:
    """A money figure summed by the database, to the cent."""
    return cents(Decimal(zero_if_none(value)))


def seller_balance_of(seller_id: Any) -> Any:
    """The balance of the seller `seller_id` (a column of the outer query): their ledger rows less
    their payouts, summed per row of the list (an index holds each seller's rows together)."""
    earned = select(func.coalesce(func.sum(Earning.seller_earning), 0)).where(Earning.seller_id == seller_id)
    paid = select(func.coalesce(func.sum(Payout.amount), 0)).where(Payout.seller_id == seller_id)
    return earned.scalar_subquery() - paid.scalar_subquery()


# --- orders --------------------------------------------------------------------------------------


def order_rows() -> Select:
    units = select(func.sum(OrderLine.qty)).where(OrderLine.order_id == Order.id).correlate(Order).scalar_subquery()
    return (
        select(
            Order.id,
            Order.total,
            Order.status,
            Order.created_at,
            Order.billing_address,
            Order.payment_method,
            Order.payment_status,
            Order.customer_id,
            Customer.name.label("customer"),
            units.label("qty"),
        )
        # Every order has its customer; an outer join keeps SQLite scanning orders first rather
        # than looking up each customer's orders one index probe at a time (far slower at 100k).
        .outerjoin(Customer, Order.customer_id == Customer.id)
    )


def order_record(r: Row) -> dict:
    return {
        "id": r.id,
        "qty": int(zero_if_none(r.qty)),
        "amount": money(r.total),
        "status": r.status,
        "purchaseDate": iso(r.created_at),
        "billingAddress": r.billing_address,
        "customer": r.customer,
        "customerId": r.customer_id,
        "paymentMethod": r.payment_method,
        "paymentStatus": r.payment_status,
        "next": list(ORDER_MOVES[r.status]),
    }


def order_export(r: Row) -> dict:
    return {
        "id": r.id,
        "purchaseDate": iso(r.created_at),
        "customer": r.customer,
        "qty": int(zero_if_none(r.qty)),
        "amount": r.total,
        "status": r.status,
        "payment": r.payment_method,
        "paymentStatus": r.payment_status,
        "billingAddress": r.billing_address,
    }


ORDERS = AdminList(
    name="orders",
    select=order_rows,
    record=order_record,
    csv_record=order_export,
    key=Order.id,
    sorts={
        "id": Order.id,
        "qty": literal_column("qty"),
        "amount": Order.total,
        "status": Order.status,
        "paymentStatus": Order.payment_status,
        "purchaseDate": Order.created_at,
        "customer": func.lower(Customer.name),
    },
    search=(
        Number(Order.id),
        Order.billing_address,
        Related(Order.customer_id, Customer.id, Customer.name),
        Related(Order.customer_id, Customer.id, Customer.email),
    ),
    default_order=(Order.created_at.desc(),),
    filters={
        "status": one_of(Order.status, ORDER_STATUSES),
        "paymentStatus": one_of(Order.payment_status, PAYMENT_STATUSES),
        "customer": equals_id(Order.customer_id),
    },
    summary=(
        "Orders, newest first; q finds an order number, address or customer (filters: status, paymentStatus, customer)"
    ),
)


# --- refund requests -------------------------------------------------------------------------------


def refund_request_rows() -> Select:
    return (
        select(
            RefundRequest.id,
            RefundRequest.amount,
            RefundRequest.status,
            RefundRequest.reason,
            RefundRequest.created_at,
            OrderLine.order_id,
            OrderLine.title,
            OrderLine.seller_id,
            Product.images,
            Seller.shop_name,
            Customer.name.label("customer"),
        )
        .join(OrderLine, RefundRequest.order_line_id == OrderLine.id)
        .join(Order, OrderLine.order_id == Order.id)
        .join(Customer, Order.customer_id == Customer.id)
        .join(Product, OrderLine.product_id == Product.id)
        .outerjoin(Seller, OrderLine.seller_id == Seller.id)
    )


def refund_request_record(r: Row) -> dict:
    return {
        "id": r.id,
        "orderNo": r.order_id,
        "shopName": r.shop_name,
        "amount": money(r.amount),
        "status": r.status,
        "name": r.title,
        "image": first_image(r.images),
        "customer": r.customer,
        "reason": r.reason,
        "date": iso(r.created_at),
        "sellerId": r.seller_id,
        "next": list(REFUND_MOVES[r.status]),
    }


def refund_request_export(r: Row) -> dict:
    return {
        "id": r.id,
        "date": iso(r.created_at),
        "orderNo": r.order_id,
        "product": r.title,
        "shopName": r.shop_name,
        "customer": r.customer,
        "amount": r.amount,
        "status": r.status,
        "reason": r.reason,
    }


REFUND_REQUESTS = AdminList(
    name="refund-requests",
    select=refund_request_rows,
    record=refund_request_record,
    csv_record=refund_request_export,
    key=RefundRequest.id,
    sorts={
        "id": RefundRequest.id,
        "orderNo": OrderLine.order_id,
        "amount": RefundRequest.amount,
        "status": RefundRequest.status,
        "date": RefundRequest.created_at,
        "name": func.lower(OrderLine.title),
        "shopName": func.lower(Seller.shop_name),
    },
    nullable=frozenset({"shopName"}),
    search=(
        Number(OrderLine.order_id),
        OrderLine.title,
        RefundRequest.reason,
        Customer.name,
        Related(OrderLine.seller_id, Seller.id, Seller.shop_name),
    ),
    default_order=(RefundRequest.created_at.desc(),),
    filters={"status": one_of(RefundRequest.status, REFUND_STATUSES), "seller": equals_id(OrderLine.seller_id)},
    summary="Refund requests, newest first (filters: status, seller)",
)


# --- sellers and their money --------------------------------------------------------------------------


PORTAL_STATUSES = ("No account", "Invited", "Active", "Suspended")


def portal_status(suspended: bool, account_id: int | None, activated: bool) -> str:
    """Where a seller stands in the seller portal (db/seller_accounts.py)."""
    if suspended:
        return "Suspended"
    if account_id is None:
        return "No account"
    return "Active" if activated else "Invited"


def seller_rows() -> Select:
    return (
        select(
            Seller.id,
            Seller.suspended_at,
            User.id.label("account_id"),
            User.activated_at,
            Seller.name,
            Seller.phone,
            Seller.email,
            Seller.shop_name,
            Seller.published,
            Seller.image,
            Package.name.label("package"),
            seller_balance_of(Seller.id).label("balance"),
        )
        .join(Package, Seller.package_id == Package.id)
        .outerjoin(User, User.seller_id == Seller.id)
    )


def seller_record(r: Row) -> dict:
    return {
        "id": r.id,
        "name": r.name,
        "phone": r.phone,
        "email": r.email,
        "balance": money(amount(r.balance)),
        "shopName": r.shop_name,
        "package": r.package,
        "published": r.published,
        "image": media_url(r.image),
        "portal": portal_status(r.suspended_at is not None, r.account_id, r.activated_at is not None),
    }


def seller_export(r: Row) -> dict:
    return {
        "id": r.id,
        "name": r.name,
        "shopName": r.shop_name,
        "email": r.email,
        "phone": r.phone,
        "package": r.package,
        "balance": amount(r.balance),
        "published": r.published,
    }


SELLERS = AdminList(
    name="sellers",
    select=seller_rows,
    record=seller_record,
    csv_record=seller_export,
    key=Seller.id,
    sorts={
        "id": Seller.id,
        "name": func.lower(Seller.name),
        "shopName": func.lower(Seller.shop_name),
        "package": Package.name,
        "balance": literal_column("balance"),
        "published": Seller.published,
    },
    search=(Seller.name, Seller.shop_name, Seller.email, Seller.phone),
    default_order=(),
    filters={"published": is_flag(Seller.published), "package": one_of(Package.name, PACKAGE_NAMES)},
    summary="Sellers with their package and balance (earnings less refunds less payouts; filters: published, package)",
)


def packages(session) -> list[dict]:
    """The packages a seller can be on, with their price and the store's commission rate."""
    return [
        {"id": p.id, "name": p.name, "price": money(p.price), "commissionRate": float(p.commission_rate)}
        for p in session.scalars(select(Package).order_by(Package.price))
    ]


def seller_choices(session) -> list[dict]:
    """Every seller by shop name, for the lists' seller filters."""
    return [
        {"value": r.id, "label": f"{r.shop_name} ({r.name})"}
        for r in session.execute(select(Seller.id, Seller.shop_name, Seller.name).order_by(Seller.shop_name))
    ]


def earning_rows() -> Select:
    return select(
        Earning.id,
        Earning.created_at,
        Earning.seller_earning,
        Earning.admin_commission,
        Earning.order_id,
        Earning.seller_id,
        Earning.refund_request_id,
        Earning.commission_rate,
        Seller.shop_name,
    ).join(Seller, Earning.seller_id == Seller.id)


def earning_record(r: Row) -> dict:
    return {
        "no": r.id,
        "date": iso(r.created_at),
        "sellerEarning": money(r.seller_earning),
        "adminCommission": money(r.admin_commission),
        "orderNo": r.order_id,
        "shopName": r.shop_name,
        "sellerId": r.seller_id,
        "kind": "sale" if r.refund_request_id is None else "refund",
    }


def earning_export(r: Row) -> dict:
    return {
        "no": r.id,
        "date": iso(r.created_at),
        "orderNo": r.order_id,
        "shopName": r.shop_name,
        "kind": "sale" if r.refund_request_id is None else "refund",
        "commissionRate": r.commission_rate,
        "sellerEarning": r.seller_earning,
        "adminCommission": r.admin_commission,
    }


KINDS = {"sale": Earning.refund_request_id.is_(None), "refund": Earning.refund_request_id.is_not(None)}

EARNINGS = AdminList(
    name="earning-history",
    select=earning_rows,
    record=earning_record,
    csv_record=earning_export,
    key=Earning.id,
    sorts={
        "no": Earning.id,
        "date": Earning.created_at,
        "sellerEarning": Earning.seller_earning,
        "adminCommission": Earning.admin_commission,
        "orderNo": Earning.order_id,
        "shopName": func.lower(Seller.shop_name),
    },
    search=(Number(Earning.order_id), Related(Earning.seller_id, Seller.id, Seller.shop_name)),
    default_order=(Earning.created_at.desc(),),
    filters={"seller": equals_id(Earning.seller_id), "kind": Filter(choice(tuple(KINDS)), lambda kind: KINDS[kind])},
    summary="The earning ledger, newest first: one sale row per delivered seller line, one reversal per "
    "accepted refund (filters: seller, kind = sale or refund)",
)


def payout_request_rows() -> Select:
    return select(
        PayoutRequest.id,
        PayoutRequest.created_at,
        PayoutRequest.status,
        PayoutRequest.amount,
        PayoutRequest.balance_at_request,
        PayoutRequest.seller_id,
        Seller.name.label("seller"),
        Seller.shop_name,
        seller_balance_of(PayoutRequest.seller_id).label("balance"),
    ).join(Seller, PayoutRequest.seller_id == Seller.id)


def payout_request_record(r: Row) -> dict:
    return {
        "no": r.id,
        "date": iso(r.created_at),
        "status": r.status,
        "seller": r.seller,
        "totalAmount": money(r.balance_at_request),
        "requestAmount": money(r.amount),
        "shopName": r.shop_name,
        "sellerId": r.seller_id,
        "balance": money(amount(r.balance)),
        "next": list(PAYOUT_REQUEST_MOVES[r.status]),
    }


def payout_request_export(r: Row) -> dict:
    return {
        "no": r.id,
        "date": iso(r.created_at),
        "seller": r.seller,
        "shopName": r.shop_name,
        "status": r.status,
        "totalAmount": r.balance_at_request,
        "requestAmount": r.amount,
    }


PAYOUT_REQUESTS = AdminList(
    name="payout-requests",
    select=payout_request_rows,
    record=payout_request_record,
    csv_record=payout_request_export,
    key=PayoutRequest.id,
    sorts={
        "no": PayoutRequest.id,
        "date": PayoutRequest.created_at,
        "status": PayoutRequest.status,
        "seller": func.lower(Seller.name),
        "totalAmount": PayoutRequest.balance_at_request,
        "requestAmount": PayoutRequest.amount,
        "shopName": func.lower(Seller.shop_name),
    },
    search=(
        Related(PayoutRequest.seller_id, Seller.id, Seller.name),
        Related(PayoutRequest.seller_id, Seller.id, Seller.shop_name),
    ),
    default_order=(PayoutRequest.created_at.desc(),),
    filters={
        "status": one_of(PayoutRequest.status, PAYOUT_REQUEST_STATUSES),
        "seller": equals_id(PayoutRequest.seller_id),
    },
    summary="Payout requests, newest first, with the seller's balance now (filters: status, seller)",
)


def payout_rows() -> Select:
    return select(
        Payout.id,
        Payout.amount,
        Payout.created_at,
        Payout.payment_method,
        Payout.seller_id,
        Payout.payout_request_id,
        Seller.name.label("seller"),
        Seller.shop_name,
    ).join(Seller, Payout.seller_id == Seller.id)


def payout_record(r: Row) -> dict:
    return {
        "no": r.id,
        "amount": money(r.amount),
        "date": iso(r.created_at),
        "payment": r.payment_method,
        "sellerInfo": f"{r.seller} ({r.shop_name})",
        "sellerId": r.seller_id,
    }


def payout_export(r: Row) -> dict:
    return {
        "no": r.id,
        "date": iso(r.created_at),
        "seller": r.seller,
        "shopName": r.shop_name,
        "amount": r.amount,
        "payment": r.payment_method,
        "payoutRequest": r.payout_request_id,
    }


PAYOUTS = AdminList(
    name="payouts",
    select=payout_rows,
    record=payout_record,
    csv_record=payout_export,
    key=Payout.id,
    sorts={
        "no": Payout.id,
        "amount": Payout.amount,
        "date": Payout.created_at,
        "payment": Payout.payment_method,
        "sellerInfo": func.lower(Seller.name),
    },
    search=(
        Payout.payment_method,
        Related(Payout.seller_id, Seller.id, Seller.name),
        Related(Payout.seller_id, Seller.id, Seller.shop_name),
    ),
    default_order=(Payout.created_at.desc(),),
    filters={"seller": equals_id(Payout.seller_id), "payment": one_of(Payout.payment_method, PAYMENT_METHODS)},
    summary="Payouts made to sellers, newest first (filters: seller, payment)",
)


def package_payment_rows() -> Select:
    return (
        select(
            PackagePayment.id,
            PackagePayment.created_at,
            PackagePayment.amount,
            PackagePayment.payment_method,
            PackagePayment.seller_id,
            Seller.name.label("seller"),
            Package.name.label("package"),
        )
        .join(Seller, PackagePayment.seller_id == Seller.id)
        .join(Package, PackagePayment.package_id == Package.id)
    )


def package_payment_record(r: Row) -> dict:
    return {
        "no": r.id,
        "date": iso(r.created_at),
        "seller": r.seller,
        "package": r.package,
        "amount": money(r.amount),
        "payment": r.payment_method,
        "sellerId": r.seller_id,
    }


PACKAGE_PAYMENTS = AdminList(
    name="package-payments",
    select=package_payment_rows,
    record=package_payment_record,
    key=PackagePayment.id,
    sorts={
        "no": PackagePayment.id,
        "date": PackagePayment.created_at,
        "seller": func.lower(Seller.name),
        "package": Package.name,
        "amount": PackagePayment.amount,
        "payment": PackagePayment.payment_method,
    },
    search=(
        PackagePayment.payment_method,
        Related(PackagePayment.seller_id, Seller.id, Seller.name),
        Related(PackagePayment.seller_id, Seller.id, Seller.shop_name),
    ),
    default_order=(PackagePayment.created_at.desc(),),
    filters={"seller": equals_id(PackagePayment.seller_id), "package": one_of(Package.name, PACKAGE_NAMES)},
    summary="What sellers paid for their packages, newest first (filters: seller, package)",
)


# --- the audit log -------------------------------------------------------------------------------------


def audit_rows() -> Select:
    return select(
        AuditEntry.id,
        AuditEntry.created_at,
        AuditEntry.actor,
        AuditEntry.action,
        AuditEntry.entity,
        AuditEntry.entity_id,
        AuditEntry.before,
        AuditEntry.after,
    )


def audit_record(r: Row) -> dict:
    return {
        "id": r.id,
        "date": iso(r.created_at),
        "actor": r.actor,
        "action": r.action,
        "entity": r.entity,
        "entityId": r.entity_id,
        "before": r.before,
        "after": r.after,
    }


def audit_export(r: Row) -> dict:
    return {
        "id": r.id,
        "date": iso(r.created_at),
        "actor": r.actor,
        "action": r.action,
        "entity": r.entity,
        "entityId": r.entity_id,
        "before": json.dumps(r.before) if r.before is not None else None,
        "after": json.dumps(r.after) if r.after is not None else None,
    }


def audit_entities(session) -> list[str]:
    return list(session.scalars(select(AuditEntry.entity).distinct().order_by(AuditEntry.entity)))


AUDIT_LOG = AdminList(
    name="audit-log",
    select=audit_rows,
    record=audit_record,
    csv_record=audit_export,
    key=AuditEntry.id,
    sorts={
        "id": AuditEntry.id,
        "date": AuditEntry.created_at,
        "actor": AuditEntry.actor,
        "action": AuditEntry.action,
        "entity": AuditEntry.entity,
    },
    search=(AuditEntry.actor, AuditEntry.action, AuditEntry.entity, AuditEntry.entity_id),
    default_order=(AuditEntry.created_at.desc(),),
    filters={
        "entity": Filter(str, lambda entity: AuditEntry.entity == entity),
        "actor": Filter(str, lambda actor: AuditEntry.actor == actor),
    },
    summary="Every administrator write, newest first: who, when, what, before and after (filters: entity, actor)",
)

SALES_LISTS = {
    "/api/orders": ORDERS,
    "/api/refund-requests": REFUND_REQUESTS,
    "/api/sellers": SELLERS,
    "/api/earning-history": EARNINGS,
    "/api/payout-requests": PAYOUT_REQUESTS,
    "/api/payouts": PAYOUTS,
    "/api/package-payments": PACKAGE_PAYMENTS,
    "/api/audit-log": AUDIT_LOG,
}
