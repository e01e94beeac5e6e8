"""Sellers' portal accounts: the owner invites a seller (an account for the seller record's email,
with a one-time link that sets its password: the staff invites' table and rules, db/admin/staff.py),
suspends and reinstates them.

A second invite for a seller who has an account is refused (409), except when that account never
set its password and its link expired unused: then a fresh link replaces it, as the staff list's
"new link" does. Suspending hides the seller's offers at once (every product they offer is
summarised again in the same transaction, in batches) and ends their sessions; a suspended seller
cannot sign in (app/auth/sign_in.py) until reinstated.
"""

from __future__ import annotations

from collections.abc import Iterator

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from db import audit
from db.admin import Conflict, found, lock
from db.admin.staff import InviteRefused, accept_invite, find_invite, iso, new_invite
from db.models import Offer, Seller, StaffInvite, User
from db.models.base import utcnow
from db.offers import summarise
from db.queries.admin_sales import portal_status
from db.sessions import end_sessions

SELLER = "seller"
# Products summarised per statement: a seller with thousands of offers stays within the
# databases' limits on bound parameters.
BATCH = 500


def seller_suspended(session: Session, seller_id: int) -> bool:
    return session.scalar(select(Seller.suspended_at).where(Seller.id == seller_id)) is not None


def account_of(session: Session, seller_id: int) -> User | None:
    return session.scalar(select(User).where(User.seller_id == seller_id))


def _open_invite(session: Session, user: User) -> StaffInvite | None:
    return session.scalar(
        select(StaffInvite)
        .where(StaffInvite.user_id == user.id, StaffInvite.used_at.is_(None))
        .order_by(StaffInvite.created_at.desc())
        .limit(1)
    )


def invite_seller(session: Session, actor: str, seller_id: int, token_hash: str, password_hash: str) -> dict:
    """The seller's account (role seller, the seller record's email and name, a password nobody
    knows) and its one-time link's hash; the caller holds the token. See the module for a second invite."""
    lock(session, Seller, seller_id)
    seller = found(session, Seller, seller_id, "seller")
    now = utcnow()
    user = account_of(session, seller.id)
    if user is not None:
        invite = _open_invite(session, user)
        if user.activated_at is not None or invite is None or now < invite.expires_at:
            until = f" (its link works until {invite.expires_at:%Y-%m-%d %H:%M} UTC)" if invite else ""
            raise Conflict(f"{seller.shop_name} has a seller account already{until}")
    else:
        email = seller.email.lower()
        if session.scalar(select(User.id).where(func.lower(User.email) == email)):
            raise Conflict(f"There is already an account for {email}: a seller's account needs an email of its own")
        user = User(email=email, name=seller.name, role=SELLER, seller_id=seller.id, password_hash=password_hash)
        session.add(user)
    invite = new_invite(session, actor, user, token_hash, now)
    session.flush()
    audit.record(session, actor, "invite", "seller_account", user.id, None, {"sellerId": seller.id})
    return {"sellerId": seller.id, "expiresAt": iso(invite.expires_at)}


def accept_seller_invite(session: Session, token_hash: str, password_hash: str) -> User:
    """Sets a seller account's password from its link; a staff member's link is not one (unknown)."""
    invite = find_invite(session, token_hash)
    if invite is not None and invite.user.role != SELLER:
        raise InviteRefused("unknown")
    return accept_invite(session, token_hash, password_hash)


def _product_batches(session: Session, seller_id: int) -> Iterator[list[int]]:
    ids = list(session.scalars(select(Offer.product_id).where(Offer.seller_id == seller_id).distinct()))
    for start in range(0, len(ids), BATCH):
        yield ids[start : start + BATCH]


def _set_suspended(session: Session, actor: str, seller_id: int, suspended: bool) -> dict:
    lock(session, Seller, seller_id)
    seller = found(session, Seller, seller_id, "seller")
    if (seller.suspended_at is not None) == suspended:
        raise Conflict(f"{seller.shop_name} is {'suspended' if suspended else 'not suspended'} already")
    seller.suspended_at = utcnow() if suspended else None
    user = account_of(session, seller.id)
    if suspended and user is not None:
        end_sessions(session, user.id)
    for batch in _product_batches(session, seller.id):
        summarise(session, batch)
    audit.record(session, actor, "suspend" if suspended else "reinstate", "seller", seller.id, None, None)
    activated = user is not None and user.activated_at is not None
    return {"sellerId": seller.id, "portal": portal_status(suspended, user.id if user else None, activated)}


def suspend_seller(session: Session, actor: str, seller_id: int) -> dict:
    return _set_suspended(session, actor, seller_id, True)


def reinstate_seller(session: Session, actor: str, seller_id: int) -> dict:
    return _set_suspended(session, actor, seller_id, False)
