"""Accounts (the shop's owners and staff, and shoppers), their server-side sessions, the links that
invite staff, and two-factor sign-in: recovery codes and the pending second step of a sign-in."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import ForeignKey, String, false
from sqlalchemy.orm import Mapped, mapped_column, relationship

from db.models.base import Base, utcnow

# An owner may do everything; staff keep the catalogue, orders and reviews (app/auth/roles.py says
# which areas are the owner's alone); a customer is a shopper with an account, kept out of the
# back office altogether; a seller runs their own shop in the seller portal (/seller) and nothing else.
ROLES = ("owner", "staff", "customer", "seller")
# The accounts the shop's two-factor requirement binds (db/admin/shop_settings.py): the back office's,
# and sellers', who are paid out; a shopper's account is not asked.
TWO_FACTOR_ROLES = ("owner", "staff", "seller")


class User(Base):
    __tablename__ = "user"

    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str] = mapped_column(String(254), unique=True)
    name: Mapped[str] = mapped_column(String(120))
    # An invited account holds the hash of a random secret until its invite sets a password.
    password_hash: Mapped[str] = mapped_column(String(255))
    role: Mapped[str] = mapped_column(String(20), default="staff")
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    # Set when an invite link set the password (the `make run` owner is active from the start).
    activated_at: Mapped[dt.datetime | None] = mapped_column(default=None)
    # A disabled account cannot sign in, and its sessions end at once.
    disabled_at: Mapped[dt.datetime | None] = mapped_column(default=None)
    last_sign_in_at: Mapped[dt.datetime | None] = mapped_column(default=None)
    # TOTP (RFC 6238): the base32 secret, pending until one code confirms it (two_factor_since).
    two_factor_secret: Mapped[str | None] = mapped_column(String(64), default=None)
    two_factor_since: Mapped[dt.datetime | None] = mapped_column(default=None)
    # The last 30-second time step a code was accepted for: that code, and older ones, never again.
    two_factor_last_step: Mapped[int | None] = mapped_column(default=None)
    # A shopper's email is verified by a mailed link; until then their guest orders stay apart.
    email_verified_at: Mapped[dt.datetime | None] = mapped_column(default=None)
    phone: Mapped[str] = mapped_column(String(40), default="", server_default="")
    # A seller's account: the seller record it runs in the portal.
    seller_id: Mapped[int | None] = mapped_column(ForeignKey("seller.id", ondelete="CASCADE"), unique=True)

    @property
    def two_factor(self) -> bool:
        return self.two_factor_since is not None


class AuthSession(Base):
    """A signed-in browser. The cookie holds a random token; only its hash is stored."""

    __tablename__ = "auth_session"

    id: Mapped[int] = mapped_column(primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user.id", ondelete="CASCADE"), index=True)
    csrf_token: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    last_seen_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    revoked: Mapped[bool] = mapped_column(default=False)
    # The shop requires two-factor sign-in and this account has none yet: the session may reach
    # its account page (to enrol) and nothing else until it enrols.
    enrolment_required: Mapped[bool] = mapped_column(default=False, server_default=false())

    user: Mapped[User] = relationship()


class StaffInvite(Base):
    """A one-time link that sets an invited account's password; only the token's hash is kept."""

    __tablename__ = "staff_invite"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    invited_by: Mapped[str] = mapped_column(String(254))
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[dt.datetime]
    used_at: Mapped[dt.datetime | None] = mapped_column(default=None)

    user: Mapped[User] = relationship()


class RecoveryCode(Base):
    """One of the ten codes that stand in for an authenticator code once each (sha256 of a
    high-entropy code: a leaked table gives nobody a code)."""

    __tablename__ = "recovery_code"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user.id", ondelete="CASCADE"), index=True)
    code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    used_at: Mapped[dt.datetime | None] = mapped_column(default=None)


class SignInChallenge(Base):
    """A sign-in whose password was right and which now waits for the second factor: a short-lived
    token bound to the account (only its hash is stored)."""

    __tablename__ = "sign_in_challenge"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[dt.datetime]

    user: Mapped[User] = relationship()
