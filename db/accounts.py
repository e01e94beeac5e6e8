"""Shoppers' accounts in the database: signing up, and the one-time links mailed to an account
(verify the email, reset the password, confirm a new email), of which only the sha256 is kept."""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from db.admin import Conflict
from db.events import occurred
from db.models import AccountToken, Customer, User
from db.models.base import utcnow

CUSTOMER = "customer"
LIFETIMES = {"verify": dt.timedelta(hours=48), "reset": dt.timedelta(hours=1), "email_change": dt.timedelta(hours=48)}
TOKEN_PROBLEMS = {
    "unknown": "This link is not valid: ask for a new one.",
    "used": "This link has been used already.",
    "expired": "This link has expired: ask for a new one.",
}


class TokenRefused(Conflict):
    def __init__(self, problem: str):
        super().__init__(TOKEN_PROBLEMS[problem])
        self.problem = problem


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def normalised(email: str) -> str:
    return email.strip().lower()


def account_by_email(session: Session, email: str) -> User | None:
    return session.scalar(select(User).where(func.lower(User.email) == normalised(email)))


def issue_token(session: Session, user_id: int, purpose: str, *, new_email: str | None = None) -> str:
    """A new link's token for the account (answered once, to be mailed); the account's unused links
    of the same purpose stop working."""
    now = utcnow()
    session.execute(
        update(AccountToken)
        .where(AccountToken.user_id == user_id, AccountToken.purpose == purpose, AccountToken.used_at.is_(None))
        .values(used_at=now)
    )
    token = secrets.token_urlsafe(32)
    session.add(
        AccountToken(
            user_id=user_id,
            purpose=purpose,
            token_hash=token_hash(token),
            new_email=new_email,
            created_at=now,
            expires_at=now + LIFETIMES[purpose],
        )
    )
    return token


def use_token(session: Session, token: str, purpose: str) -> AccountToken:
    """The link's record, used up now; TokenRefused says why a link cannot be used."""
    found = session.scalar(
        select(AccountToken).where(AccountToken.token_hash == token_hash(token), AccountToken.purpose == purpose)
    )
    now = utcnow()
    if found is None:
        raise TokenRefused("unknown")
    if found.used_at is not None:
        raise TokenRefused("used")
    if found.expires_at <= now:
        raise TokenRefused("expired")
    # Used at most once, also when two requests bring it at the same moment.
    taken = session.execute(
        update(AccountToken)
        .where(AccountToken.id == found.id, AccountToken.used_at.is_(None))
        .values(used_at=now)
        .execution_options(synchronize_session=False)
    )
    if taken.rowcount != 1:
        raise TokenRefused("used")
    return found


def sign_up(session: Session, name: str, email: str, password_hash: str) -> User:
    """A new shopper account, unverified, with the mail that verifies its email."""
    if account_by_email(session, email) is not None:
        raise Conflict("There is already an account for this email: sign in, or reset your password")
    user = User(email=normalised(email), name=name.strip(), password_hash=password_hash, role=CUSTOMER)
    session.add(user)
    session.flush()
    occurred(session, "verify_email", user_id=user.id, token=issue_token(session, user.id, "verify"))
    return user


def verify_email(session: Session, token: str) -> User:
    """The account's email is verified: its customer record (the guest orders placed with that
    email) joins the account from now on."""
    record = use_token(session, token, "verify")
    user = session.get(User, record.user_id)
    user.email_verified_at = user.email_verified_at or utcnow()
    customer = session.scalar(select(Customer).where(func.lower(Customer.email) == user.email))
    if customer is not None and customer.user_id is None:
        customer.user_id = user.id
    return user
