"""Passwords: hashed with argon2, checked in the same time whether or not the account exists, and the
administrator the environment names (ADMIN_EMAIL, ADMIN_PASSWORD), made or repaired at start."""

from __future__ import annotations

import functools
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import func, select
from sqlalchemy.orm import Session
from zxcvbn import zxcvbn

from app.auth import roles
from db.models import User
from db.models.base import utcnow
from db.sessions import end_sessions

# argon2-cffi's recommended parameters (argon2id, 64 MiB, 3 passes): about 80 ms a hash here.
HASHER = PasswordHasher()


def hash_password(password: str) -> str:
    return HASHER.hash(password)


def verify_password(password_hash: str, password: str) -> bool:
    try:
        return HASHER.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


@functools.cache
def _dummy_hash() -> str:
    return hash_password(secrets.token_urlsafe(16))


def normalise_email(email: str) -> str:
    return email.strip().lower()


def find_user(session: Session, email: str) -> User | None:
    return session.scalar(select(User).where(func.lower(User.email) == normalise_email(email)))


def authenticate(session: Session, email: str, password: str) -> User | None:
    """The user these credentials belong to, or None. An unknown email costs the same time as a
    wrong password (it is checked against a dummy hash), so timing does not reveal who exists."""
    user = find_user(session, email)
    if user is None:
        verify_password(_dummy_hash(), password)
        return None
    if not verify_password(user.password_hash, password):
        return None
    if HASHER.check_needs_rehash(user.password_hash):
        user.password_hash = hash_password(password)
    return user


def unusable_password_hash() -> str:
    """The hash of a random secret nobody knows: an invited account cannot sign in until its
    invite sets a password, and checking it costs what checking a real one does."""
    return hash_password(secrets.token_urlsafe(32))


def ensure_admin(session: Session, email: str, password: str) -> User:
    """The environment is the source of truth for the administrator, an owner: create it if
    missing, and re-hash its password when the configured one no longer verifies (which also
    signs out every browser signed in with the old password)."""
    _dummy_hash()  # computed now, at start-up, so the first unknown email costs no more than later ones
    user = find_user(session, email)
    if user is None:
        user = User(
            email=normalise_email(email),
            name="Administrator",
            password_hash=hash_password(password),
            role=roles.OWNER,
            activated_at=utcnow(),
        )
        session.add(user)
        return user
    user.role = roles.OWNER
    user.activated_at = user.activated_at or utcnow()
    if not verify_password(user.password_hash, password):
        user.password_hash = hash_password(password)
        end_sessions(session, user.id)
    return user


MIN_LENGTH = 10


def weakness(password: str, email: str, name: str = "") -> str | None:
    """Why a new password is too weak (the message the form shows), or None: at least MIN_LENGTH
    characters, not holding the email or its name part, and not guessable by zxcvbn's estimate."""
    if len(password) < MIN_LENGTH:
        return f"Use at least {MIN_LENGTH} characters"
    lowered, local = password.lower(), email.strip().lower().partition("@")[0]
    if email.strip().lower() in lowered or (len(local) >= 3 and local in lowered):
        return "Leave your email address out of your password"
    estimate = zxcvbn(password[:100], user_inputs=[email, local, name, "student", "books", "studentbooks"])
    if estimate["score"] < 3:
        advice = estimate["feedback"].get("warning") or "This password is easy to guess"
        return f"{advice.rstrip('.')}: add more words or characters that are hard to guess"
    return None
