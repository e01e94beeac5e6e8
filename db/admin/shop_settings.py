"""The shop's settings an owner changes in the back office. Today one: whether every account
must sign in with a second factor."""

from __future__ import annotations

from pydantic import StrictBool
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from db import audit
from db.admin import Conflict
from db.admin.forms import Form
from db.models import AuthSession, User
from db.models.auth import TWO_FACTOR_ROLES
from db.models.shop_settings import REQUIRE_TWO_FACTOR, ShopSetting

DEFAULTS = {REQUIRE_TWO_FACTOR: False}


class ShopSettingsChanges(Form):
    requireTwoFactor: StrictBool


def setting(session: Session, name: str):
    row = session.get(ShopSetting, name)
    return DEFAULTS[name] if row is None else row.value


def two_factor_required(session: Session) -> bool:
    return bool(setting(session, REQUIRE_TWO_FACTOR))


def shop_settings(session: Session) -> dict:
    return {"requireTwoFactor": two_factor_required(session)}


def _store(session: Session, name: str, value) -> None:
    row = session.get(ShopSetting, name, with_for_update=True)
    if row is None:
        session.add(ShopSetting(name=name, value=value))
    else:
        row.value = value


def change_shop_settings(session: Session, actor: User, changes: ShopSettingsChanges) -> dict:
    """Requiring two-factor sign-in takes effect at once: every signed-in account it binds (staff's
    and sellers', TWO_FACTOR_ROLES) without it can reach only its account page (to enrol) from its
    next request on; no longer requiring it frees them again."""
    before = shop_settings(session)
    if changes.requireTwoFactor and not session.get(User, actor.id).two_factor:
        raise Conflict("Set up two-factor sign-in for your own account first, so that you keep your way in")
    _store(session, REQUIRE_TWO_FACTOR, changes.requireTwoFactor)
    sessions = update(AuthSession)
    if changes.requireTwoFactor:
        unenrolled = select(User.id).where(User.two_factor_since.is_(None), User.role.in_(TWO_FACTOR_ROLES))
        sessions = sessions.where(AuthSession.user_id.in_(unenrolled))
    session.execute(sessions.values(enrolment_required=changes.requireTwoFactor))
    after = shop_settings(session)
    audit.record(session, actor.email, "update", "shop_setting", REQUIRE_TWO_FACTOR, before, after)
    return after
