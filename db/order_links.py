"""A guest's link to their order: `/orders/{orderNo}?key=…`, the key an HMAC-SHA256 of the order
number and the customer's email under a secret every instance shares. The secret is a random value
kept in the database (`shop_setting` "order_link_secret"), made by the first write that needs it,
never in the code; a key proves its holder was mailed the link (or knows the secret)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from db.events import occurred
from db.models import Customer, Order
from db.models.shop_settings import ShopSetting

SECRET = "order_link_secret"
KEY_LENGTH = 43  # a sha256 in unpadded url-safe base64
MAX_ORDER_NO = 2**63 - 1


def account_order_path(order_no: int) -> str:
    return f"/account/orders/{order_no}"


def _secret(session: Session, create: bool) -> str | None:
    row = session.get(ShopSetting, SECRET)
    if row is not None or not create:
        return row.value if row is not None else None
    try:
        with session.begin_nested():
            session.add(ShopSetting(name=SECRET, value=secrets.token_urlsafe(32)))
    except IntegrityError:
        pass  # another instance made it a moment ago: theirs is everybody's
    return session.get(ShopSetting, SECRET, populate_existing=True).value


def order_key(secret: str, order_no: int, email: str) -> str:
    message = f"{order_no}\n{email.strip().lower()}".encode()
    digest = hmac.new(secret.encode(), message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def order_secret_key(session: Session, order: Order) -> str:
    """The order's own key: it signs the guest's link and lets its holder pay for the order (the
    secret is made on first use: call it in a write)."""
    return order_key(_secret(session, create=True), order.id, order.customer.email)


def guest_order_path(session: Session, order: Order) -> str:
    """The signed link of a guest's order."""
    return f"/orders/{order.id}?key={order_secret_key(session, order)}"


def order_path(session: Session, order: Order) -> str:
    """Where a mail about the order links: the account's order page when it was placed signed in,
    else the guest's signed link."""
    return account_order_path(order.id) if order.account_id is not None else guest_order_path(session, order)


def order_by_key(session: Session, order_no: int, key: str | None) -> Order | None:
    """The order whose signed link this is; None for a wrong key, an unknown order or no secret yet."""
    if not key or len(key) != KEY_LENGTH or not 0 < order_no <= MAX_ORDER_NO:
        return None
    secret = _secret(session, create=False)
    order = session.get(Order, order_no) if secret is not None else None
    if order is None:
        return None
    return order if hmac.compare_digest(order_key(secret, order.id, order.customer.email), key) else None


def request_order_link(session: Session, order_no: int, email: str) -> bool:
    """Mail the order's link to its customer when the number and the email match (an `order_link`
    mail, written with this transaction); the caller answers the same whatever matched."""
    if not 0 < order_no <= MAX_ORDER_NO:
        return False
    matched = session.scalar(
        select(Order.id)
        .join(Customer, Order.customer_id == Customer.id)
        .where(Order.id == order_no, func.lower(Customer.email) == email.strip().lower())
    )
    if matched is None:
        return False
    occurred(session, "order_link_requested", order_id=matched)
    return True
