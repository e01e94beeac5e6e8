"""Staff accounts: an owner invites staff by email (a one-time link, valid 48 hours, sets the
password), disables and re-enables accounts, and sees each account's last sign-in.

The links' tokens are made and hashed by the caller (app/api/accounts/staff.py); only their sha256 is
stored here, so a leaked table accepts no invite. The list cannot show an old link again for the
same reason: an owner who lost one asks for a new link, which ends the old one.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

from pydantic import AfterValidator, StrictBool
from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from db import audit
from db.admin import Conflict, NotFound, found, lock
from db.admin.customers import CustomerForm
from db.admin.forms import Form, Text
from db.events import occurred
from db.models import StaffInvite, User
from db.models.base import utcnow
from db.sessions import end_sessions

INVITE_LIFETIME = dt.timedelta(hours=48)
STAFF_ROLES = ("owner", "staff")


class StaffInviteForm(Form):
    # The same shape (and lower case) as a customer's email.
    email: Annotated[Text(3, 254), AfterValidator(CustomerForm.email_shape)]
    name: Text(2, 120)
    role: Literal["staff", "owner"] = "staff"


class StaffChanges(Form):
    disabled: StrictBool


def status_of(user: User) -> str:
    if user.disabled_at is not None:
        return "disabled"
    return "active" if user.activated_at is not None else "invited"


def account_view(user: User) -> dict:
    """What the audit log keeps of an account: never its password hash or two-factor secret."""
    return {
        "email": user.email,
        "name": user.name,
        "role": user.role,
        "status": status_of(user),
        "twoFactor": user.two_factor,
    }


def iso(moment: dt.datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def staff_record(user: User, invite: StaffInvite | None) -> dict:
    return {
        "id": user.id,
        "email": user.email,
        "name": user.name,
        "role": user.role,
        "status": status_of(user),
        "twoFactor": user.two_factor,
        "lastSignInAt": iso(user.last_sign_in_at),
        "createdAt": iso(user.created_at),
        # An account still waiting for its password: until when its latest link works.
        "inviteExpiresAt": iso(invite.expires_at) if invite and user.activated_at is None else None,
    }


def _latest_invites(session: Session, user_ids: list[int]) -> dict[int, StaffInvite]:
    invites = session.scalars(
        select(StaffInvite)
        .where(StaffInvite.user_id.in_(user_ids), StaffInvite.used_at.is_(None))
        .order_by(StaffInvite.created_at)
    )
    return {invite.user_id: invite for invite in invites}


def staff_list(session: Session) -> list[dict]:
    """Every back-office account, owners first, then by name."""
    # Shoppers' and sellers' accounts are not the back office's (they share the table and its sign-in).
    back_office = select(User).where(User.role.in_(STAFF_ROLES))
    users = list(session.scalars(back_office.order_by(User.role, func.lower(User.name), User.id)))
    invites = _latest_invites(session, [u.id for u in users])
    return [staff_record(user, invites.get(user.id)) for user in users]


def new_invite(session: Session, actor: str, user: User, token_hash: str, now: dt.datetime) -> StaffInvite:
    """A fresh link for `user`; any earlier unused link of theirs stops working."""
    session.execute(delete(StaffInvite).where(StaffInvite.user_id == user.id, StaffInvite.used_at.is_(None)))
    invite = StaffInvite(
        user=user, token_hash=token_hash, invited_by=actor, created_at=now, expires_at=now + INVITE_LIFETIME
    )
    session.add(invite)
    return invite


def invite_staff(session: Session, actor: str, form: StaffInviteForm, token_hash: str, password_hash: str) -> dict:
    """A new account that cannot sign in until its invite link sets the password."""
    if session.scalar(select(User.id).where(func.lower(User.email) == form.email)):
        raise Conflict(f"There is already an account for {form.email}")
    now = utcnow()
    user = User(email=form.email, name=form.name, role=form.role, password_hash=password_hash, created_at=now)
    session.add(user)
    invite = new_invite(session, actor, user, token_hash, now)
    session.flush()
    audit.record(session, actor, "invite", "account", user.id, None, account_view(user))
    return staff_record(user, invite)


def _staff_account(session: Session, user_id: int) -> User:
    """An owner's or staff account: a seller's or a shopper's is not this area's (404, as unknown)."""
    user = found(session, User, user_id, "account")
    if user.role not in STAFF_ROLES:
        raise NotFound(f"There is no staff account {user_id}")
    return user


def renew_invite(session: Session, actor: str, user_id: int, token_hash: str) -> dict:
    """A new link for an account still waiting for its password (the old link was lost or expired)."""
    lock(session, User, user_id)
    user = _staff_account(session, user_id)
    if user.activated_at is not None:
        raise Conflict(f"{user.email} has set a password already; they sign in at /login")
    invite = new_invite(session, actor, user, token_hash, utcnow())
    audit.record(session, actor, "renew_invite", "account", user.id, None, {"expiresAt": iso(invite.expires_at)})
    return staff_record(user, invite)


def change_staff(session: Session, actor: User, user_id: int, changes: StaffChanges) -> dict:
    """Disables an account (its sessions end in this same transaction) or enables it again."""
    lock(session, User, user_id)
    user = _staff_account(session, user_id)
    if user.id == actor.id and changes.disabled:
        raise Conflict("You cannot disable your own account")
    before = account_view(user)
    if changes.disabled and user.disabled_at is None:
        user.disabled_at = utcnow()
        end_sessions(session, user.id)
        occurred(session, "staff_disabled", user_id=user.id, by=actor.name or actor.email)
    elif not changes.disabled:
        user.disabled_at = None
    audit.record(
        session,
        actor.email,
        "disable" if changes.disabled else "enable",
        "account",
        user.id,
        before,
        account_view(user),
    )
    return staff_record(user, _latest_invites(session, [user.id]).get(user.id))


# --- the invite link ---------------------------------------------------------------------------------

INVITE_PROBLEMS = {
    "unknown": "This invite link is not valid. Ask the shop's owner for a new one.",
    "used": "This invite link has been used already. Sign in with the password you chose.",
    "expired": "This invite link has expired (links work for 48 hours). Ask the shop's owner for a new one.",
    "disabled": "This account has been disabled. Ask the shop's owner.",
}


class InviteRefused(Conflict):
    """The link cannot set a password; `problem` says why (a key of INVITE_PROBLEMS)."""

    def __init__(self, problem: str):
        super().__init__(INVITE_PROBLEMS[problem])
        self.problem = problem


def invite_problem(invite: StaffInvite | None, now: dt.datetime) -> str | None:
    """Why this link cannot set a password (a key of INVITE_PROBLEMS), or None when it can."""
    if invite is None:
        return "unknown"
    if invite.used_at is not None or invite.user.activated_at is not None:
        return "used"
    if now >= invite.expires_at:
        return "expired"
    if invite.user.disabled_at is not None:
        return "disabled"
    return None


def find_invite(session: Session, token_hash: str) -> StaffInvite | None:
    return session.scalar(select(StaffInvite).where(StaffInvite.token_hash == token_hash))


def invite_view(session: Session, token_hash: str) -> dict:
    """What the invite page shows: whose account the link opens, or why it cannot."""
    invite = find_invite(session, token_hash)
    problem = invite_problem(invite, utcnow())
    if problem:
        return {"problem": problem, "message": INVITE_PROBLEMS[problem]}
    return {"email": invite.user.email, "name": invite.user.name}


def accept_invite(session: Session, token_hash: str, password_hash: str) -> User:
    """Sets the invited account's password and uses the link up (once: a second use is refused)."""
    invite = find_invite(session, token_hash)
    if invite is not None:
        lock(session, StaffInvite, invite.id)
        session.refresh(invite)
    now = utcnow()
    if problem := invite_problem(invite, now):
        raise InviteRefused(problem)
    user = invite.user
    invite.used_at = now
    user.password_hash = password_hash
    user.activated_at = now
    audit.record(session, user.email, "accept_invite", "account", user.id, None, account_view(user))
    return user
