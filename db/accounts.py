"""Shoppers' accounts in the database: signing up, and the one-time links mailed to an account
(verify the email, reset the password, confirm a new email), of which only the sha256 is kept."""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from db import audit
from db.admin import Conflict, lock
from db.events import occurred
from db.models import AccountToken, Address, AuthSession, Customer, StockAlert, User, WishlistItem
from db.models.base import utcnow
from db.sessions import end_sessions

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


def account_record(user: User) -> dict:
    """What GET /api/me and the account's pages say of the signed-in account. `role` tells the
    browser whether the account shops (customer) or works in the back office."""
    return {
        "name": user.name,
        "email": user.email,
        "emailVerified": user.email_verified_at is not None,
        "role": user.role,
    }


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
    _link_customer(session, user)
    return user


# --- the account's own changes (app/api/shoppers/account.py, password_reset.py) ---------------------

DELETED_NAME = "Deleted account"
# A new verify link: at most one a minute and RESENDS_A_DAY a day (the sign-up's link counts).
RESEND_GAP = dt.timedelta(minutes=1)
RESENDS_A_DAY = 5
# Reset links mailed to one account within an hour; past it a request is answered alike, mailing nothing.
RESETS_AN_HOUR = 5
EMAIL_TAKEN = "That email cannot be used"


class TooSoon(Exception):
    """Asked again too soon (429): the message says when to try again."""

    def __init__(self, message: str, retry_after: int):
        super().__init__(message)
        self.message = message
        self.retry_after = retry_after


def _shopper(session: Session, user_id: int) -> User:
    lock(session, User, user_id)  # two changes of one account run one after the other
    return session.get(User, user_id, populate_existing=True)


def _link_customer(session: Session, user: User) -> None:
    """The customer record with the account's (verified) email joins the account, when the account
    has none yet: its guest orders are the account's from now on."""
    if session.scalar(select(Customer.id).where(Customer.user_id == user.id)) is not None:
        return
    customer = session.scalar(select(Customer).where(func.lower(Customer.email) == user.email))
    if customer is not None and customer.user_id is None:
        customer.user_id = user.id


def _issued_since(session: Session, user_id: int, purpose: str, since: dt.datetime) -> list[dt.datetime]:
    return list(
        session.scalars(
            select(AccountToken.created_at)
            .where(AccountToken.user_id == user_id, AccountToken.purpose == purpose, AccountToken.created_at > since)
            .order_by(AccountToken.created_at)
        )
    )


def _wait_words(seconds: int) -> str:
    if seconds < 90:
        return f"{seconds} seconds"
    minutes = -(-seconds // 60)
    if minutes < 90:
        return f"{minutes} minutes"
    return f"{-(-minutes // 60)} hours"


def resend_verification(session: Session, user_id: int) -> None:
    """A new verify link mailed (the older ones stop working): at most one a minute, five a day."""
    user = _shopper(session, user_id)
    if user.email_verified_at is not None:
        raise Conflict("Your email is verified already")
    now = utcnow()
    today = _issued_since(session, user_id, "verify", now - dt.timedelta(days=1))
    if today and today[-1] > now - RESEND_GAP:
        wait = max(1, int((today[-1] + RESEND_GAP - now).total_seconds()) + 1)
        raise TooSoon(f"A link was sent a moment ago: you can ask for another in {_wait_words(wait)}", wait)
    if len(today) >= RESENDS_A_DAY:
        wait = max(1, int((today[-RESENDS_A_DAY] + dt.timedelta(days=1) - now).total_seconds()) + 1)
        raise TooSoon(
            f"You have asked for {RESENDS_A_DAY} links today: you can ask for another in {_wait_words(wait)}", wait
        )
    occurred(session, "verify_email", user_id=user.id, token=issue_token(session, user.id, "verify"))


def request_password_reset(session: Session, email: str) -> None:
    """Mails a reset link when `email` is a shopper's enabled account; does nothing otherwise (the
    caller answers alike either way). Staff reset their password through the shop's owner."""
    user = account_by_email(session, email)
    if user is None or user.role != CUSTOMER or user.disabled_at is not None:
        return
    if len(_issued_since(session, user.id, "reset", utcnow() - dt.timedelta(hours=1))) >= RESETS_AN_HOUR:
        return  # a flood of requests mails no flood of links
    occurred(session, "password_reset", user_id=user.id, token=issue_token(session, user.id, "reset"))


def token_account(session: Session, token: str, purpose: str) -> tuple[str, str]:
    """The email and name of the shopper a link is for, without using it up (to check a new password
    against them first); TokenRefused when it cannot be used."""
    found = session.scalar(
        select(AccountToken).where(AccountToken.token_hash == token_hash(token), AccountToken.purpose == purpose)
    )
    if found is None:
        raise TokenRefused("unknown")
    if found.used_at is not None:
        raise TokenRefused("used")
    if found.expires_at <= utcnow():
        raise TokenRefused("expired")
    user = session.get(User, found.user_id)
    if user.role != CUSTOMER or user.disabled_at is not None:
        raise TokenRefused("unknown")
    return user.email, user.name


def reset_password(session: Session, token: str, password_hash: str) -> User:
    """The reset link's new password: every browser signed in to the account is signed out (the
    caller then starts this browser's new session in the same transaction)."""
    record = use_token(session, token, "reset")
    user = _shopper(session, record.user_id)
    if user.role != CUSTOMER or user.disabled_at is not None:
        raise TokenRefused("unknown")
    user.password_hash = password_hash
    end_sessions(session, user.id)
    audit.record(session, user.email, "password_reset", "account", user.id)
    return user


def end_other_sessions(session: Session, user_id: int, keep_session_id: int) -> None:
    session.execute(
        update(AuthSession)
        .where(AuthSession.user_id == user_id, AuthSession.id != keep_session_id)
        .values(revoked=True)
    )


def change_account(
    session: Session,
    user_id: int,
    session_id: int,
    name: str | None,
    new_email: str | None,
    password_hash: str | None,
) -> tuple[User, str | None]:
    """A shopper's own changes: the name at once; a new email only once the link mailed to it
    confirms it (answered as the address the link went to); a new password signs out every other
    browser."""
    user = _shopper(session, user_id)
    changed: dict[str, object] = {}
    if name is not None and name.strip() != user.name:
        changed["name"] = user.name = name.strip()
    pending = None
    if new_email is not None and normalised(new_email) != user.email:
        pending = normalised(new_email)
        if account_by_email(session, pending) is not None:
            raise Conflict(EMAIL_TAKEN)
        token = issue_token(session, user.id, "email_change", new_email=pending)
        occurred(session, "email_change", user_id=user.id, token=token, new_email=pending)
        changed["email_change_asked"] = True
    if password_hash is not None:
        user.password_hash = password_hash
        end_other_sessions(session, user.id, session_id)
        changed["password"] = "changed"
    if changed:
        audit.record(session, user.email, "account_changed", "account", user.id, None, changed)
    return user, pending


def confirm_email_change(session: Session, token: str) -> User:
    """The new email, confirmed by the link mailed to it, is the account's (and verified) from now on."""
    record = use_token(session, token, "email_change")
    user = _shopper(session, record.user_id)
    if user.role != CUSTOMER or user.disabled_at is not None or not record.new_email:
        raise TokenRefused("unknown")
    other = account_by_email(session, record.new_email)
    if other is not None and other.id != user.id:
        raise Conflict(EMAIL_TAKEN)
    before = user.email
    user.email = record.new_email
    user.email_verified_at = utcnow()
    _link_customer(session, user)
    audit.record(session, before, "email_changed", "account", user.id, {"email": before}, {"email": user.email})
    return user


def sign_out_everywhere(session: Session, user_id: int) -> None:
    user = _shopper(session, user_id)
    end_sessions(session, user.id)
    audit.record(session, user.email, "sign_out_everywhere", "account", user.id)


def deleted_email(kind: str, record_id: int) -> str:
    return f"deleted-{kind}{record_id}@deleted.invalid"


def delete_account(session: Session, user_id: int, unusable_password_hash: str) -> None:
    """Erases the account's personal data and closes it for good: its row keeps no name, email,
    phone or password anyone knows; its addresses, wishlist, alerts and links go; the customer
    records of its orders become "Deleted account" (the orders stay, for the shop's books); every
    browser signed in to it is signed out."""
    user = _shopper(session, user_id)
    # Only the customer record the account's verified email linked to it: a guest record that merely
    # shares an unverified account's email may be somebody else's.
    customers = session.scalars(select(Customer).where(Customer.user_id == user.id))
    for customer in customers:
        customer.name = DELETED_NAME
        customer.email = deleted_email("customer-", customer.id)
        customer.phone = ""
        customer.image = None
    for model in (Address, WishlistItem, StockAlert, AccountToken):
        session.execute(delete(model).where(model.user_id == user.id))
    user.name = DELETED_NAME
    user.email = deleted_email("", user.id)
    user.phone = ""
    user.password_hash = unusable_password_hash
    user.role = CUSTOMER
    user.email_verified_at = None
    user.two_factor_secret = user.two_factor_since = user.two_factor_last_step = None
    user.disabled_at = utcnow()
    end_sessions(session, user.id)
    # The log names the account by its id only: the deleted account's email is not kept here either.
    audit.record(session, user.email, "account_deleted", "account", user.id, None, {"deleted": True})
