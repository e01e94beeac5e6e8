""" "Tell me when it's back": a sold-out product's alerts, asked for by anyone with an email (a
signed-in shopper's are theirs too), sent once when the product's stock returns, and cancelled by
their mail's link or from the shopper's account.

Only the sha256 of an alert's cancel token is kept; the token itself is mailed when the alert is
made (event "stock_alert"). Any write that takes a product's stock from 0 to more sends the open
alerts of that product in its own transaction (event "stock_back", the alerts then `sent_at`):
flushed ORM changes are read here (the admin product form, anything else that restocks an ORM
product); bulk statements (the CSV import) name the products they restocked (`restocked`)."""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets

from sqlalchemy import event, func, inspect, select, update
from sqlalchemy.orm import Session

from db.accounts import normalised
from db.admin import Conflict, NotFound
from db.events import occurred
from db.models import Product, StockAlert
from db.models.base import utcnow

# A third party may type anyone's email: at most this many new alerts per email and window.
ASKS_PER_EMAIL = 5
ASK_WINDOW = dt.timedelta(hours=1)
ALERT_PROBLEMS = {
    "unknown": "This link is not valid: the alert may have been removed.",
    "sent": "This alert was sent already: the book is back.",
    "cancelled": "This alert is cancelled already.",
}


class TooMany(Conflict):
    """Too many alerts asked for one email lately (429)."""


def cancel_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _product(session: Session, product_id: int) -> Product:
    product = session.get(Product, product_id) if 0 < product_id < 2**63 else None
    if product is None or not product.published:
        raise NotFound(f"There is no product {product_id}")
    return product


def alert_record(alert: StockAlert, product: Product) -> dict:
    return {
        "id": alert.id,
        "productId": product.id,
        "title": product.title,
        "url": f"/product/{product.id}",
        "email": alert.email,
        "createdAt": alert.created_at.isoformat(),
        "state": "sent" if alert.sent_at else "cancelled" if alert.cancelled_at else "open",
    }


def ask(session: Session, product_id: int, email: str, user_id: int | None) -> dict:
    """An open alert for the email and the sold-out product (the same one when asked again)."""
    product = _product(session, product_id)
    if product.stock > 0:
        raise Conflict(f"“{product.title}” is in stock: you can order it now")
    email = normalised(email)
    alert = session.scalar(
        select(StockAlert).where(
            StockAlert.product_id == product.id,
            StockAlert.email == email,
            StockAlert.sent_at.is_(None),
            StockAlert.cancelled_at.is_(None),
        )
    )
    if alert is not None:
        if alert.user_id is None and user_id is not None:
            alert.user_id = user_id
        return alert_record(alert, product)
    lately = session.scalar(
        select(func.count()).where(StockAlert.email == email, StockAlert.created_at > utcnow() - ASK_WINDOW)
    )
    if lately >= ASKS_PER_EMAIL:
        raise TooMany("Too many alerts were asked for this email in the last hour: try again later")
    token = secrets.token_urlsafe(32)
    alert = StockAlert(product_id=product.id, email=email, user_id=user_id, cancel_hash=cancel_hash(token))
    session.add(alert)
    session.flush()
    occurred(session, "stock_alert", alert_id=alert.id, token=token)
    return alert_record(alert, product)


def alert_by_token(session: Session, token: str) -> dict:
    """What the cancel page shows for a link: the alert's book and state; NotFound for an unknown link."""
    alert = session.scalar(select(StockAlert).where(StockAlert.cancel_hash == cancel_hash(token)))
    if alert is None:
        raise NotFound(ALERT_PROBLEMS["unknown"])
    return alert_record(alert, session.get(Product, alert.product_id))


def _cancel(session: Session, alert: StockAlert | None) -> dict:
    if alert is None:
        raise NotFound(ALERT_PROBLEMS["unknown"])
    if alert.sent_at is not None:
        raise Conflict(ALERT_PROBLEMS["sent"])
    if alert.cancelled_at is None:
        alert.cancelled_at = utcnow()
    return alert_record(alert, session.get(Product, alert.product_id))


def cancel_by_token(session: Session, token: str) -> dict:
    return _cancel(session, session.scalar(select(StockAlert).where(StockAlert.cancel_hash == cancel_hash(token))))


def cancel_own(session: Session, user_id: int, alert_id: int) -> dict:
    alert = session.get(StockAlert, alert_id) if 0 < alert_id < 2**63 else None
    return _cancel(session, alert if alert is not None and alert.user_id == user_id else None)


def open_alerts_of(session: Session, user_id: int) -> list[dict]:
    rows = session.execute(
        select(StockAlert, Product)
        .join(Product, Product.id == StockAlert.product_id)
        .where(StockAlert.user_id == user_id, StockAlert.sent_at.is_(None), StockAlert.cancelled_at.is_(None))
        .order_by(StockAlert.created_at.desc(), StockAlert.id.desc())
    )
    return [alert_record(alert, product) for alert, product in rows]


def alerts_for(session: Session, email: str, user_id: int | None, limit: int = 50) -> list[dict]:
    """Every alert of an email or account, newest first (the back office's customer page)."""
    condition = StockAlert.email == normalised(email)
    if user_id is not None:
        condition = condition | (StockAlert.user_id == user_id)
    rows = session.execute(
        select(StockAlert, Product)
        .join(Product, Product.id == StockAlert.product_id)
        .where(condition)
        .order_by(StockAlert.created_at.desc(), StockAlert.id.desc())
        .limit(limit)
    )
    return [alert_record(alert, product) for alert, product in rows]


def restocked(session: Session, product_ids: list[int]) -> None:
    """These products' stock went from 0 to more in this transaction: their open alerts are sent
    (one event naming them all) and done."""
    if not product_ids:
        return
    connection = session.connection()
    due = (
        connection.execute(
            select(StockAlert.id).where(
                StockAlert.product_id.in_(sorted(set(product_ids))),
                StockAlert.sent_at.is_(None),
                StockAlert.cancelled_at.is_(None),
            )
        )
        .scalars()
        .all()
    )
    if not due:
        return
    connection.execute(
        update(StockAlert)
        .where(StockAlert.id.in_(due), StockAlert.sent_at.is_(None), StockAlert.cancelled_at.is_(None))
        .values(sent_at=utcnow())
    )
    occurred(session, "stock_back", alert_ids=list(due))


def _stock_returned(product: Product) -> bool:
    history = inspect(product).attrs.stock.history
    if not history.has_changes() or not history.deleted:
        return False
    before, after = history.deleted[0], history.added[0] if history.added else None
    return before is not None and before <= 0 and after is not None and after > 0


def _after_flush(session: Session, _context) -> None:
    ids = [obj.id for obj in session.dirty if isinstance(obj, Product) and _stock_returned(obj)]
    if ids:
        with session.no_autoflush:
            restocked(session, ids)


if not event.contains(Session, "after_flush", _after_flush):
    event.listen(Session, "after_flush", _after_flush)
