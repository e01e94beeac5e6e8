"""The owner's actions on a customer's shopper account (the back office's customer page): mail a
password-reset link, or disable the account (its sessions end in the same transaction). Each is in
the audit log."""

from __future__ import annotations

from sqlalchemy.orm import Session

from db import audit
from db.accounts import issue_token
from db.admin import Conflict, NotFound, found, lock
from db.admin.customers import account_facts, account_of, customer_view
from db.events import occurred
from db.models import Customer, User
from db.models.base import utcnow
from db.sessions import end_sessions


def _account(session: Session, customer_id: int) -> User:
    customer = found(session, Customer, customer_id, "customer")
    user = account_of(session, customer)
    if user is None:
        raise NotFound(f"{customer.name} has no shopper account")
    lock(session, User, user.id)
    return user


def send_password_reset(session: Session, actor: str, customer_id: int) -> dict:
    """A new reset link (the account's earlier ones stop working), mailed to the account's email."""
    user = _account(session, customer_id)
    if user.disabled_at is not None:
        raise Conflict("This account is disabled: enable it before sending a password reset")
    occurred(session, "password_reset", user_id=user.id, token=issue_token(session, user.id, "reset"))
    audit.record(session, actor, "password_reset", "account", user.id, None, {"email": user.email})
    return customer_view(session, customer_id)


def set_disabled(session: Session, actor: str, customer_id: int, disabled: bool) -> dict:
    """Disable the account (signed out everywhere at once) or enable it again."""
    user = _account(session, customer_id)
    before = account_facts(user)
    if disabled and user.disabled_at is None:
        user.disabled_at = utcnow()
        end_sessions(session, user.id)
    elif not disabled:
        user.disabled_at = None
    session.flush()
    audit.record(session, actor, "disable" if disabled else "enable", "account", user.id, before, account_facts(user))
    return customer_view(session, customer_id)
