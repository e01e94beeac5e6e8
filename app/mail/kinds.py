"""Each kind of mail: the event of a write it answers (db/events.py), whom it goes to and what it says,
read from the rows of the write's own transaction and rendered from its templates."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.mail.templates import render
from db.models import Order, OrderLine, RefundRequest, StaffInvite, User
from db.models.base import utcnow
from db.order_links import guest_order_path, order_path
from db.outbox import Mail

ACCOUNT_PAGE = "/admin/account"


def _mail(kind: str, to_email: str, to_name: str, context: dict, order_id: int | None = None) -> Mail:
    rendered = render(kind, context)
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
    context = {
        "shop": shop,
        "customer_name": order.customer.name,
        "order_no": order.id,
        "status": status,
        "order_url": shop["url"] + order_path(session, order),
    }
    return [_mail("order_status", order.customer.email, order.customer.name, context, order.id)]


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
        context = {"shop": shop, "name": user.name, "at": utcnow(), "account_url": shop["url"] + ACCOUNT_PAGE}
        return [_mail(kind, user.email, user.name, context)]

    return notice


# The mail each event of db/events.py sends (an event not named here sends none).
BY_EVENT: dict[str, Callable[..., list[Mail]]] = {
    "order_placed": order_placed,
    "order_status": order_status,
    "refund_accepted": refund_accepted,
    "order_link_requested": order_link,
    "staff_invited": staff_invited,
    "staff_disabled": staff_disabled,
    "two_factor_enrolled": _security_notice("two_factor_enrolled"),
    "two_factor_off": _security_notice("two_factor_off"),
}
