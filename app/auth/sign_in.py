"""Signing in to the back office, in one transaction per step, each with its audit entry.

The password step either signs in, or, for an account with two-factor sign-in, answers a pending
challenge: a random token (only its hash is stored) bound to the account and valid five minutes,
which the second step exchanges, with an authenticator or recovery code, for a session. When the
shop requires two-factor sign-in, an account without it is signed in with a session that can only
enrol (app/auth/roles.py). Failed attempts are recorded too; the sign-in limit itself is the HTTP
layer's (app/auth/sign_in_limit.py).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from app.auth import passwords, sessions, two_factor
from app.settings import Settings
from db import audit
from db.admin import lock
from db.admin.shop_settings import two_factor_required
from db.admin.staff import accept_invite
from db.models import AuthSession, SignInChallenge, User
from db.models.auth import TWO_FACTOR_ROLES
from db.models.base import utcnow
from db.seller_accounts import seller_suspended

CHALLENGE_LIFETIME = dt.timedelta(minutes=5)


@dataclass(frozen=True)
class Outcome:
    """One step's result: a session's token, a challenge for the second step, or why not."""

    token: str | None = None
    challenge: str | None = None
    # The session may only enrol in two-factor sign-in (the shop requires it).
    enrol: bool = False
    # CredentialsSignin, AccountDisabled, SellerSuspended, CodeSignin (a wrong second factor) or
    # ChallengeExpired.
    refused: str | None = None
    # The signed-in account's role: where the sign-in lands (roles.landing).
    role: str | None = None


def _failed(session: Session, actor: str, user: User | None, reason: str, ip: str) -> Outcome:
    audit.record(
        session,
        actor[:254],
        "sign_in_failed",
        "account",
        user.id if user else "unknown",
        None,
        {"reason": reason, "ip": ip},
    )
    return Outcome(refused=reason)


def _signed_in(session: Session, user: User, settings: Settings, replaces: str | None, method: str, ip: str) -> Outcome:
    # The shop's two-factor rule is for the back office's and sellers' accounts, not its shoppers'.
    enrol = user.role in TWO_FACTOR_ROLES and not user.two_factor and two_factor_required(session)
    token, _ = sessions.start_session(session, user, settings, replaces=replaces, enrolment_required=enrol)
    audit.record(session, user.email, "sign_in", "account", user.id, None, {"method": method, "ip": ip})
    return Outcome(token=token, enrol=enrol, role=user.role)


def _challenge(session: Session, user: User) -> str:
    now = utcnow()
    session.execute(
        delete(SignInChallenge).where(SignInChallenge.user_id == user.id, SignInChallenge.expires_at <= now)
    )
    token = sessions.new_token()
    session.add(
        SignInChallenge(
            user=user, token_hash=sessions.token_hash(token), created_at=now, expires_at=now + CHALLENGE_LIFETIME
        )
    )
    return token


def password_step(
    session: Session, email: str, password: str, settings: Settings, replaces: str | None, ip: str
) -> Outcome:
    user = passwords.authenticate(session, email, password)
    if user is None:
        return _failed(
            session, passwords.normalise_email(email), passwords.find_user(session, email), "CredentialsSignin", ip
        )
    if user.disabled_at is not None:
        return _failed(session, user.email, user, "AccountDisabled", ip)
    if user.seller_id is not None and seller_suspended(session, user.seller_id):
        return _failed(session, user.email, user, "SellerSuspended", ip)
    if user.two_factor:
        return Outcome(challenge=_challenge(session, user))
    return _signed_in(session, user, settings, replaces, "password", ip)


def _live_challenge(session: Session, token: str) -> SignInChallenge | None:
    return session.scalar(
        select(SignInChallenge).where(
            SignInChallenge.token_hash == sessions.token_hash(token), SignInChallenge.expires_at > utcnow()
        )
    )


def challenged_email(session: Session, token: str) -> str | None:
    """The account a live challenge belongs to (the sign-in limit counts by its email)."""
    challenge = _live_challenge(session, token)
    return challenge.user.email if challenge else None


def second_step(session: Session, token: str, code: str, settings: Settings, replaces: str | None, ip: str) -> Outcome:
    challenge = _live_challenge(session, token)
    if challenge is None:
        return Outcome(refused="ChallengeExpired")
    lock(session, User, challenge.user_id)  # one code, one use: two requests with it run in turn
    user = session.get(User, challenge.user_id, populate_existing=True)
    if user.disabled_at is not None:
        return _failed(session, user.email, user, "AccountDisabled", ip)
    method = two_factor.passed_with(session, user, code)
    if method is None:
        return _failed(session, user.email, user, "CodeSignin", ip)
    session.delete(challenge)
    return _signed_in(session, user, settings, replaces, method, ip)


def invited(
    session: Session,
    token_hash: str,
    password: str,
    settings: Settings,
    replaces: str | None,
    ip: str,
    accept: Callable[[Session, str, str], User] = accept_invite,
) -> Outcome:
    """Sets the password an invite link was for and signs that account in (`accept`, a staff
    member's or a seller's, refuses a link that is unknown, used or expired: nothing is written then)."""
    password_hash = passwords.hash_password(password)  # before the first statement: no lock held meanwhile
    user = accept(session, token_hash, password_hash)
    return _signed_in(session, user, settings, replaces, "invite", ip)


def sign_out(session: Session, token: str, ip: str) -> None:
    found = session.scalar(select(AuthSession).where(AuthSession.token_hash == sessions.token_hash(token)))
    if found is None or found.revoked:
        return
    found.revoked = True
    audit.record(session, found.user.email, "sign_out", "account", found.user_id, None, {"ip": ip})
