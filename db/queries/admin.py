"""The back office's lists (SPEC.md §7, first block), computed from the database.

One function per admin GET path, each answering records shaped as SPEC.md §3 with camelCase keys:
money as JSON numbers (money()), times as ISO strings in UTC, images as URLs (media_url()).
Figures that depend on other rows (a customer's orders, a seller's balance) are aggregated in one
GROUP BY subquery per figure and joined in, so a list costs a fixed number of queries however
long it is.
"""
from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session, aliased

from ..models import (
    Brand, Category, Customer, Earning, Order, OrderLine, Package, PackagePayment, Payout,
    PayoutRequest, Product, RefundRequest, Review, Seller,
)
from ..models.base import utcnow
from .media import media_url
from .products import money

PERIOD = dt.timedelta(days=30)
RECENT_PURCHASES = 10
# "Stock out" means none left to sell: a product with any stock is still on sale.
STOCK_OUT_AT_MOST = 0


def iso(moment: dt.datetime | None) -> str | None:
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.timezone.utc)
    return moment.astimezone(dt.timezone.utc).isoformat()


def first_image(images: list[str] | None) -> str | None:
    return media_url(images[0]) if images else None


def grouped_sum(column: Any, key: Any, *where: Any) -> Any:
    """A subquery (key, total) summing `column` per `key`; join it in with an outer join."""
    return select(key.label("key"), func.sum(column).label("total")).where(*where).group_by(key).subquery()


def grouped_count(key: Any, *where: Any) -> Any:
    return select(key.label("key"), func.count().label("total")).where(*where).group_by(key).subquery()


def zero_if_none(value: Decimal | int | None) -> Decimal | int:
    return 0 if value is None else value


# --- dashboard -------------------------------------------------------------------------------------


def percent_change(current: Decimal | int, previous: Decimal | int) -> float:
    """Change from the previous period in %, two decimals; from nothing to something counts as +100 %."""
    current, previous = Decimal(current), Decimal(previous)
    if previous == 0:
        return 0.0 if current == 0 else 100.0
    return float(round((current - previous) * 100 / abs(previous), 2))


def _in_period(column: Any, start: dt.datetime, end: dt.datetime) -> Any:
    return (column >= start) & (column < end)


def _period_figure(session: Session, figure: Any, created_at: Any, start: dt.datetime, end: dt.datetime) -> Any:
    return session.scalar(select(figure).where(_in_period(created_at, start, end)))


def dashboard_card(card_id: str, title: str, color: str, current: Any, previous: Any, as_money: bool) -> dict:
    current, previous = zero_if_none(current), zero_if_none(previous)
    percentage = percent_change(current, previous)
    card = {
        "id": card_id,
        "title": title,
        "amount1": money(current) if as_money else int(current),
        "amount2": money(previous) if as_money else int(previous),
        "color": color,
        "percentage": percentage,
    }
    if percentage < 0:
        card["status"] = "down"
    return card


# (id, title, theme colour, figure, timestamp it is dated by, is money)
DASHBOARD_FIGURES = (
    ("sales", "Sales", "primary.main", func.sum(Order.total), Order.created_at, True),
    ("orders", "Orders", "info.main", func.count(Order.id), Order.created_at, False),
    ("customers", "Customers", "success.main", func.count(Customer.id), Customer.created_at, False),
    ("earnings", "Earnings", "warning.main", func.sum(Earning.admin_commission), Earning.created_at, True),
)


def dashboard_cards(session: Session, now: dt.datetime | None = None) -> list[dict]:
    """Four figures for the last 30 days (amount1) against the 30 days before (amount2).
    Earnings are the store's commission, net of refund reversals."""
    now = now or utcnow()
    this_start, previous_start = now - PERIOD, now - 2 * PERIOD
    cards = []
    for card_id, title, color, figure, created_at, as_money in DASHBOARD_FIGURES:
        current = _period_figure(session, figure, created_at, this_start, now)
        previous = _period_figure(session, figure, created_at, previous_start, this_start)
        cards.append(dashboard_card(card_id, title, color, current, previous, as_money))
    return cards


def first_line_title() -> Any:
    """The title of an order's first line (what the dashboard names a purchase by)."""
    return (
        select(OrderLine.title)
        .where(OrderLine.order_id == Order.id)
        .order_by(OrderLine.id)
        .limit(1)
        .correlate(Order)
        .scalar_subquery()
    )


def recent_purchases(session: Session, limit: int = RECENT_PURCHASES) -> list[dict]:
    rows = session.execute(
        select(Order.id, Order.total, Order.payment_status, first_line_title().label("product"))
        .order_by(Order.created_at.desc(), Order.id.desc())
        .limit(limit)
    )
    return [{"id": r.id, "amount": money(r.total), "payment": r.payment_status, "product": r.product} for r in rows]


def stock_out_products(session: Session) -> list[dict]:
    rows = session.execute(
        select(Product.id, Product.title, Product.price, Product.stock)
        .where(Product.stock <= STOCK_OUT_AT_MOST)
        .order_by(Product.title, Product.id)
    )
    return [{"id": r.id, "amount": money(r.price), "stock": r.stock, "product": r.title} for r in rows]


# --- catalogue ---------------------------------------------------------------------------------------


def products(session: Session) -> list[dict]:
    rows = session.execute(
        select(Product.id, Product.title, Product.price, Product.published, Product.images,
               Category.name.label("category"), Brand.logo)
        .join(Category, Product.category_id == Category.id)
        .outerjoin(Brand, Product.brand_id == Brand.id)
        .order_by(Product.id)
    )
    return [
        {"id": r.id, "name": r.title, "price": money(r.price), "published": r.published,
         "category": r.category, "brand": media_url(r.logo), "image": first_image(r.images)}
        for r in rows
    ]


def categories(session: Session) -> list[dict]:
    parent = aliased(Category)
    rows = session.execute(
        select(Category, parent.name.label("parent_name"))
        .outerjoin(parent, Category.parent_id == parent.id)
        .order_by(Category.level, Category.id)
    )
    return [
        {"id": c.id, "level": c.level, "featured": c.featured, "name": c.name,
         "category": parent_name, "banner": media_url(c.banner)}
        for c, parent_name in rows
    ]


def brands(session: Session) -> list[dict]:
    return [
        {"id": b.id, "featured": b.featured, "name": b.name, "logo": media_url(b.logo)}
        for b in session.scalars(select(Brand).order_by(Brand.id))
    ]


def reviews(session: Session) -> list[dict]:
    rows = session.execute(
        select(Review.id, Review.published, Review.comment, Review.rating,
               Product.title, Product.images, Customer.name.label("customer"))
        .join(Product, Review.product_id == Product.id)
        .join(Customer, Review.customer_id == Customer.id)
        .order_by(Review.created_at.desc(), Review.id.desc())
    )
    return [
        {"id": r.id, "published": r.published, "name": r.title, "customer": r.customer,
         "image": first_image(r.images), "comment": r.comment, "rating": r.rating}
        for r in rows
    ]


# --- sales -------------------------------------------------------------------------------------------


def orders(session: Session) -> list[dict]:
    units = grouped_sum(OrderLine.qty, OrderLine.order_id)
    rows = session.execute(
        select(Order, units.c.total.label("qty"))
        .outerjoin(units, units.c.key == Order.id)
        .order_by(Order.created_at.desc(), Order.id.desc())
    )
    return [
        {"id": o.id, "qty": int(zero_if_none(qty)), "amount": money(o.total), "status": o.status,
         "purchaseDate": iso(o.created_at), "billingAddress": o.billing_address}
        for o, qty in rows
    ]


def accepted_refunds_by_customer() -> Any:
    return (
        select(Order.customer_id.label("key"), func.sum(RefundRequest.amount).label("total"))
        .join(OrderLine, RefundRequest.order_line_id == OrderLine.id)
        .join(Order, OrderLine.order_id == Order.id)
        .where(RefundRequest.status == "Accepted")
        .group_by(Order.customer_id)
        .subquery()
    )


def customers(session: Session) -> list[dict]:
    """A customer's balance is what the store owes them back: the sum of their accepted refunds."""
    order_count = grouped_count(Order.customer_id)
    refunded = accepted_refunds_by_customer()
    rows = session.execute(
        select(Customer, order_count.c.total.label("orders"), refunded.c.total.label("balance"))
        .outerjoin(order_count, order_count.c.key == Customer.id)
        .outerjoin(refunded, refunded.c.key == Customer.id)
        .order_by(Customer.id)
    )
    return [
        {"id": c.id, "name": c.name, "email": c.email, "phone": c.phone,
         "balance": money(zero_if_none(balance)), "orders": int(zero_if_none(count)), "image": media_url(c.image)}
        for c, count, balance in rows
    ]


def refund_requests(session: Session) -> list[dict]:
    rows = session.execute(
        select(RefundRequest, OrderLine.order_id, OrderLine.title, Product.images, Seller.shop_name)
        .join(OrderLine, RefundRequest.order_line_id == OrderLine.id)
        .join(Product, OrderLine.product_id == Product.id)
        .outerjoin(Seller, OrderLine.seller_id == Seller.id)
        .order_by(RefundRequest.created_at.desc(), RefundRequest.id.desc())
    )
    return [
        {"id": r.id, "orderNo": order_id, "shopName": shop_name, "amount": money(r.amount),
         "status": r.status, "name": title, "image": first_image(images)}
        for r, order_id, title, images, shop_name in rows
    ]


# --- sellers -------------------------------------------------------------------------------------------


def seller_balance(earned: Decimal | None, paid: Decimal | None) -> Decimal:
    """What the store owes a seller: everything earned (net of refunds) less everything paid out."""
    return Decimal(zero_if_none(earned)) - Decimal(zero_if_none(paid))


def sellers(session: Session) -> list[dict]:
    earned = grouped_sum(Earning.seller_earning, Earning.seller_id)
    paid = grouped_sum(Payout.amount, Payout.seller_id)
    rows = session.execute(
        select(Seller, Package.name, earned.c.total, paid.c.total)
        .join(Package, Seller.package_id == Package.id)
        .outerjoin(earned, earned.c.key == Seller.id)
        .outerjoin(paid, paid.c.key == Seller.id)
        .order_by(Seller.id)
    )
    return [
        {"id": s.id, "name": s.name, "phone": s.phone, "balance": money(seller_balance(e, p)),
         "shopName": s.shop_name, "package": package, "published": s.published, "image": media_url(s.image)}
        for s, package, e, p in rows
    ]


def _newest(query: Select, model: Any) -> Select:
    return query.order_by(model.created_at.desc(), model.id.desc())


def package_payments(session: Session) -> list[dict]:
    rows = session.execute(_newest(
        select(PackagePayment, Seller.name, Package.name.label("package"))
        .join(Seller, PackagePayment.seller_id == Seller.id)
        .join(Package, PackagePayment.package_id == Package.id),
        PackagePayment,
    ))
    return [
        {"no": p.id, "date": iso(p.created_at), "seller": seller, "package": package,
         "amount": money(p.amount), "payment": p.payment_method}
        for p, seller, package in rows
    ]


def earning_history(session: Session) -> list[dict]:
    rows = session.execute(_newest(
        select(Earning, Seller.shop_name).join(Seller, Earning.seller_id == Seller.id), Earning
    ))
    return [
        {"no": e.id, "date": iso(e.created_at), "sellerEarning": money(e.seller_earning),
         "adminCommission": money(e.admin_commission), "orderNo": e.order_id, "shopName": shop_name}
        for e, shop_name in rows
    ]


def payouts(session: Session) -> list[dict]:
    rows = session.execute(_newest(
        select(Payout, Seller.name, Seller.shop_name).join(Seller, Payout.seller_id == Seller.id), Payout
    ))
    return [
        {"no": p.id, "amount": money(p.amount), "date": iso(p.created_at), "payment": p.payment_method,
         "sellerInfo": f"{name} ({shop_name})"}
        for p, name, shop_name in rows
    ]


def payout_requests(session: Session) -> list[dict]:
    rows = session.execute(_newest(
        select(PayoutRequest, Seller.name, Seller.shop_name).join(Seller, PayoutRequest.seller_id == Seller.id),
        PayoutRequest,
    ))
    return [
        {"no": r.id, "date": iso(r.created_at), "status": r.status, "seller": name,
         "totalAmount": money(r.balance_at_request), "requestAmount": money(r.amount), "shopName": shop_name}
        for r, name, shop_name in rows
    ]


# Admin list paths and the query answering each (app/api/admin.py serves them).
ADMIN_LISTS = {
    "/api/dashboard-cards": dashboard_cards,
    "/api/recent-purchase": recent_purchases,
    "/api/stock-out-products": stock_out_products,
    "/api/products": products,
    "/api/category": categories,
    "/api/brands": brands,
    "/api/reviews": reviews,
    "/api/orders": orders,
    "/api/customers": customers,
    "/api/refund-requests": refund_requests,
    "/api/sellers": sellers,
    "/api/package-payments": package_payments,
    "/api/earning-history": earning_history,
    "/api/payouts": payouts,
    "/api/payout-requests": payout_requests,
}
