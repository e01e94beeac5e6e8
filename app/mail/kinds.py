"""Each kind of mail: the event of a write it answers (db/events.py), whom it goes to and what it says,
read from the rows of the write's own transaction and rendered from its templates."""

from __future__ import annotations

import logging
from collections.abc import Callable

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.mail.templates import render
from db.accounts import token_hash
from db.carriers import tracking_url
from db.checkout import sale_price
from db.models import (
    AccountToken,
    CatalogueRequest,
    Order,
    OrderLine,
    Payment,
    Product,
    RefundRequest,
    Shipment,
    StaffInvite,
    StockAlert,
    User,
)
from db.models.base import utcnow
from db.order_links import guest_order_path, order_path
from db.outbox import Mail

ACCOUNT_PAGE = "/admin/account"
# Where a seller's account sets up two-factor sign-in (app/auth/roles.py account_page).
ACCOUNT_PAGES = {"seller": "/seller/account"}

log = logging.getLogger("studentbooks.mail")


def _mail(kind: str, to_email: str, to_name: str, context: dict, order_id: int | None = None) -> Mail:
    try:
        rendered = render(kind, context)
    except Exception as error:  # a template's bug must never undo the order or change it tells of
        log.exception("the %s mail to %s could not be rendered", kind, to_email)
        problem = f"not sent: its template failed ({type(error).__name__}: {error})"
        return Mail(kind, to_email, to_name, f"{kind} (not rendered)", "", problem, order_id, broken=problem)
    return Mail(kind, to_email, to_name, rendered.subject, rendered.html, rendered.text, order_id)


def order_placed(session: Session, shop: dict, order_id: int) -> list[Mail]:
    order = session.get(Order, order_id)
    lines = [
        {"title": line.title, "qty": line.qty, "unit_price": line.unit_price, "line_total": line.amount}
        for line in order.lines
    ]
    context = {
        "shop": shop,
        "customer_name": order.customer.name,
        "order_no": order.id,
        "placed_at": order.created_at,
        "lines": lines,
        "total": order.total,
        "payment_method": order.payment_method,
        "billing_address": order.billing_address,
        "order_url": shop["url"] + order_path(session, order),
    }
    return [_mail("order_placed", order.customer.email, order.customer.name, context, order.id)]


def order_status(session: Session, shop: dict, order_id: int, status: str) -> list[Mail]:
    order = session.get(Order, order_id)
    shipped = status == "Shipped" and order.tracking_no
    context = {
        "shop": shop,
        "customer_name": order.customer.name,
        "order_no": order.id,
        "status": status,
        "order_url": shop["url"] + order_path(session, order),
        "tracking": {
            "carrier": order.carrier,
            "number": order.tracking_no,
            "url": tracking_url(order.carrier, order.tracking_no),
        }
        if shipped
        else None,
    }
    return [_mail("order_status", order.customer.email, order.customer.name, context, order.id)]


def parcel_shipped(session: Session, shop: dict, shipment_id: int) -> list[Mail]:
    """A seller's parcel of the order has gone: what is in it, who sent it and how to follow it."""
    shipment = session.get(Shipment, shipment_id)
    order = shipment.order
    context = {
        "shop": shop,
        "customer_name": order.customer.name,
        "order_no": order.id,
        "seller": shipment.seller.shop_name if shipment.seller else shop["name"],
        "titles": [line.title for line in shipment.lines],
        "order_url": shop["url"] + order_path(session, order),
        "tracking": {
            "carrier": shipment.carrier,
            "number": shipment.tracking_no,
            "url": tracking_url(shipment.carrier, shipment.tracking_no),
        },
    }
    return [_mail("parcel_shipped", order.customer.email, order.customer.name, context, order.id)]


def line_cancelled(session: Session, shop: dict, line_id: int) -> list[Mail]:
    """A seller could not fill a line: what, why, and how its money comes back."""
    line = session.get(OrderLine, line_id)
    order = line.order
    refund = session.scalar(select(Payment).where(Payment.order_line_id == line.id, Payment.kind == "refund"))
    money_back = "not_collected" if refund is None else "card" if refund.reference else "by_hand"
    context = {
        "shop": shop,
        "customer_name": order.customer.name,
        "order_no": order.id,
        "seller": line.seller.shop_name if line.seller else shop["name"],
        "title": line.title,
        "qty": line.qty,
        "reason": line.cancel_reason,
        "amount": line.amount,
        "money_back": money_back,
        "order_url": shop["url"] + order_path(session, order),
    }
    return [_mail("line_cancelled", order.customer.email, order.customer.name, context, order.id)]


def order_paid(session: Session, shop: dict, order_id: int) -> list[Mail]:
    return order_status(session, shop, order_id, "Paid")


def order_link(session: Session, shop: dict, order_id: int) -> list[Mail]:
    """The signed link of an order, asked for at /orders/lookup with its number and email."""
    order = session.get(Order, order_id)
    context = {
        "shop": shop,
        "customer_name": order.customer.name,
        "order_no": order.id,
        "placed_at": order.created_at,
        "order_url": shop["url"] + guest_order_path(session, order),
    }
    return [_mail("order_link", order.customer.email, order.customer.name, context, order.id)]


def refund_accepted(session: Session, shop: dict, refund_id: int) -> list[Mail]:
    refund = session.get(RefundRequest, refund_id)
    line: OrderLine = refund.order_line
    customer = line.order.customer
    context = {
        "shop": shop,
        "customer_name": customer.name,
        "order_no": line.order_id,
        "product_title": line.title,
        "amount": refund.amount,
    }
    return [_mail("refund_accepted", customer.email, customer.name, context, line.order_id)]


def staff_invited(session: Session, shop: dict, user_id: int, path: str, invited_by: str) -> list[Mail]:
    user = session.get(User, user_id)
    invite = session.scalar(select(StaffInvite).where(StaffInvite.user_id == user_id).order_by(StaffInvite.id.desc()))
    context = {
        "shop": shop,
        "name": user.name,
        "invited_by": invited_by,
        "link": shop["url"] + path,
        "expires_at": invite.expires_at,
    }
    return [_mail("staff_invite", user.email, user.name, context)]


def staff_disabled(session: Session, shop: dict, user_id: int, by: str) -> list[Mail]:
    user = session.get(User, user_id)
    return [_mail("staff_disabled", user.email, user.name, {"shop": shop, "name": user.name, "disabled_by": by})]


def _security_notice(kind: str) -> Callable[..., list[Mail]]:
    def notice(session: Session, shop: dict, user_id: int) -> list[Mail]:
        user = session.get(User, user_id)
        context = {
            "shop": shop,
            "name": user.name,
            "at": utcnow(),
            "account_url": shop["url"] + ACCOUNT_PAGES.get(user.role, ACCOUNT_PAGE),
        }
        return [_mail(kind, user.email, user.name, context)]

    return notice


# --- shoppers' accounts: each mail carries a one-time link to a page of /account -------------------------

ACCOUNT_LINKS = {"verify": "/account/verify", "reset": "/account/reset", "email_change": "/account/verify-email-change"}


def _account_link(
    session: Session, shop: dict, kind: str, purpose: str, user_id: int, token: str, **more
) -> list[Mail]:
    user = session.get(User, user_id)
    record = session.scalar(select(AccountToken).where(AccountToken.token_hash == token_hash(token)))
    context = {
        "shop": shop,
        "name": user.name,
        "link": f"{shop['url']}{ACCOUNT_LINKS[purpose]}?token={token}",
        "expires_at": record.expires_at,
        **more,
    }
    return [_mail(kind, more.get("new_email", user.email), user.name, context)]


def verify_email(session: Session, shop: dict, user_id: int, token: str) -> list[Mail]:
    return _account_link(session, shop, "verify_email", "verify", user_id, token)


def password_reset(session: Session, shop: dict, user_id: int, token: str) -> list[Mail]:
    return _account_link(session, shop, "password_reset", "reset", user_id, token)


def email_change(session: Session, shop: dict, user_id: int, token: str, new_email: str) -> list[Mail]:
    # To the new address: its owner confirms it is theirs.
    return _account_link(session, shop, "email_change", "email_change", user_id, token, new_email=new_email)


def stock_alert(session: Session, shop: dict, alert_id: int, token: str) -> list[Mail]:
    alert = session.get(StockAlert, alert_id)
    product = session.get(Product, alert.product_id)
    context = {
        "shop": shop,
        "product_title": product.title,
        "product_url": f"{shop['url']}/product/{product.id}",
        "cancel_url": f"{shop['url']}/stock-alerts/cancel?token={token}",
    }
    return [_mail("stock_alert", alert.email, "", context)]


def stock_back(session: Session, shop: dict, alert_ids: list[int]) -> list[Mail]:
    rows = session.execute(
        select(StockAlert.email, Product)
        .join(Product, Product.id == StockAlert.product_id)
        .where(StockAlert.id.in_(alert_ids))
    )
    mails = []
    for email, product in rows:
        context = {
            "shop": shop,
            "product_title": product.title,
            "price": sale_price(product),
            "product_url": f"{shop['url']}/product/{product.id}",
        }
        mails.append(_mail("stock_back", email, "", context))
    return mails


def catalogue_request_refused(session: Session, shop: dict, request_id: int) -> list[Mail]:
    request = session.get(CatalogueRequest, request_id)
    seller = request.seller
    context = {
        "shop": shop,
        "name": seller.name,
        "isbn": request.isbn,
        "title": request.title,
        "reason": request.reason,
    }
    return [_mail("catalogue_request_refused", seller.email, seller.name, context)]


# The mail each event of db/events.py sends (an event not named here sends none).
BY_EVENT: dict[str, Callable[..., list[Mail]]] = {
    "order_placed": order_placed,
    "order_status": order_status,
    "order_paid": order_paid,
    "shipment_shipped": parcel_shipped,
    "line_cancelled": line_cancelled,
    "refund_accepted": refund_accepted,
    "order_link_requested": order_link,
    "staff_invited": staff_invited,
    "staff_disabled": staff_disabled,
    "two_factor_enrolled": _security_notice("two_factor_enrolled"),
    "two_factor_off": _security_notice("two_factor_off"),
    # shoppers' accounts
    "verify_email": verify_email,
    "password_reset": password_reset,
    "email_change": email_change,
    # stock alerts (issue 23)
    "stock_alert": stock_alert,
    "stock_back": stock_back,
    # the marketplace (issue 25)
    "catalogue_request_refused": catalogue_request_refused,
}
