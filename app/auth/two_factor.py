"""Two-factor sign-in: TOTP (RFC 6238: 30-second steps, 6 digits, SHA-1, what authenticator apps
speak) and ten one-time recovery codes.

Enrolling stores a new secret as pending and shows it as a QR code drawn here (segno, SVG; no
outside service) and as text; one right code confirms it and hands out the recovery codes, shown
that once: only their sha256 is kept (each holds 50 random bits, so a fast hash is enough).
A code is accepted for its own 30-second step or the one either side (clocks drift); once accepted,
neither it nor any earlier step's code is accepted again for that account (no replay).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import secrets

import pyotp
import segno
from pyotp.exceptions import OTPVerificationError
from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from db import audit
from db.admin import Conflict, Invalid, found, lock
from db.admin.shop_settings import two_factor_required
from db.events import occurred
from db.models import AuthSession, RecoveryCode, User
from db.models.base import utcnow

ISSUER = "Student Books"
DRIFT_STEPS = 1
RECOVERY_CODE_COUNT = 10
# Lower-case base32: no 0/1/8/9 to mistake for o/l/b/g; 10 characters = 50 random bits.
RECOVERY_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567"
TOTP_CODE = re.compile(r"^[0-9]{6}$")
WRONG_CODE = "This code is not right. Enter the 6-digit code your authenticator app shows now."


# --- codes ------------------------------------------------------------------------------------------


def normalise_code(text: str) -> str:
    """What a person typed, without the spaces and dashes they may add, in lower case."""
    return re.sub(r"[\s-]", "", text).lower()


def matching_step(secret: str, code: str, now: dt.datetime) -> int | None:
    """The 30-second step `code` belongs to (now, or one step either side), or None."""
    code = normalise_code(code)
    if not TOTP_CODE.match(code):
        return None
    try:
        return pyotp.TOTP(secret).verify_and_get_timecode(code, for_time=now, valid_window=DRIFT_STEPS)
    except OTPVerificationError:
        return None


def new_recovery_codes() -> list[str]:
    return [
        "-".join("".join(secrets.choice(RECOVERY_ALPHABET) for _ in range(5)) for _ in range(2))
        for _ in range(RECOVERY_CODE_COUNT)
    ]


def recovery_hash(code: str) -> str:
    return hashlib.sha256(normalise_code(code).encode()).hexdigest()


def qr_svg(uri: str) -> str:
    """The QR code of the provisioning URI as inline SVG markup (black on white, quiet zone kept)."""
    # A viewBox rather than a fixed size: the page scales it to the box it sits in.
    return segno.make(uri, error="m").svg_inline(scale=5, border=4, dark="#000", light="#fff", omitsize=True)


# --- the account page -------------------------------------------------------------------------------


def account_record(session: Session, user_id: int) -> dict:
    user = found(session, User, user_id, "account")
    left = session.scalar(
        select(func.count(RecoveryCode.id)).where(RecoveryCode.user_id == user.id, RecoveryCode.used_at.is_(None))
    )
    return {
        "name": user.name,
        "email": user.email,
        "role": user.role,
        "twoFactor": user.two_factor,
        "recoveryCodesLeft": left,
        "twoFactorRequired": two_factor_required(session),
    }


def start_enrolment(session: Session, user_id: int) -> dict:
    """A new pending secret (replacing one an earlier, unfinished enrolment left)."""
    lock(session, User, user_id)
    user = found(session, User, user_id, "account")
    if user.two_factor:
        raise Conflict("Two-factor sign-in is on already; turn it off first to set up a new authenticator")
    user.two_factor_secret = pyotp.random_base32()
    uri = pyotp.TOTP(user.two_factor_secret).provisioning_uri(name=user.email, issuer_name=ISSUER)
    return {"secret": user.two_factor_secret, "otpauthUri": uri, "qrSvg": qr_svg(uri)}


def confirm_enrolment(session: Session, user_id: int, code: str) -> list[str]:
    """One right code turns two-factor sign-in on; answers the recovery codes (shown once). The
    account's sessions that were waiting for this may use the whole back office again."""
    lock(session, User, user_id)
    user = found(session, User, user_id, "account")
    if user.two_factor:
        raise Conflict("Two-factor sign-in is on already")
    if not user.two_factor_secret:
        raise Conflict("Start setting up two-factor sign-in first: the QR code comes with it")
    step = matching_step(user.two_factor_secret, code, utcnow())
    if step is None:
        raise Invalid({"code": WRONG_CODE})
    user.two_factor_since, user.two_factor_last_step = utcnow(), step
    codes = new_recovery_codes()
    session.execute(delete(RecoveryCode).where(RecoveryCode.user_id == user.id))
    session.add_all(RecoveryCode(user_id=user.id, code_hash=recovery_hash(c)) for c in codes)
    session.execute(update(AuthSession).where(AuthSession.user_id == user.id).values(enrolment_required=False))
    audit.record(session, user.email, "two_factor_enrol", "account", user.id, {"twoFactor": False}, {"twoFactor": True})
    occurred(session, "two_factor_enrolled", user_id=user.id)
    return codes


def turn_off(session: Session, user_id: int, code: str) -> None:
    """Turns two-factor sign-in off, proven by a current code (or a recovery code)."""
    lock(session, User, user_id)
    user = found(session, User, user_id, "account")
    if not user.two_factor:
        raise Conflict("Two-factor sign-in is off already")
    if two_factor_required(session):
        raise Conflict("The shop requires two-factor sign-in for every account, so it stays on")
    if passed_with(session, user, code) is None:
        raise Invalid({"code": WRONG_CODE})
    user.two_factor_secret = user.two_factor_since = user.two_factor_last_step = None
    session.execute(delete(RecoveryCode).where(RecoveryCode.user_id == user.id))
    audit.record(
        session, user.email, "two_factor_disable", "account", user.id, {"twoFactor": True}, {"twoFactor": False}
    )
    occurred(session, "two_factor_off", user_id=user.id)


# --- the second step of a sign-in -------------------------------------------------------------------


def passed_with(session: Session, user: User, code: str) -> str | None:
    """How `code` proves the second factor ("authenticator" or "recovery_code"), using it up, or
    None. The caller holds the account's write lock (one code, one use, even at the same moment)."""
    step = matching_step(user.two_factor_secret or "", code, utcnow()) if user.two_factor else None
    if step is not None:
        if user.two_factor_last_step is not None and step <= user.two_factor_last_step:
            return None  # replayed, or older than one already used
        user.two_factor_last_step = step
        return "authenticator"
    recovery = session.scalar(
        select(RecoveryCode).where(
            RecoveryCode.user_id == user.id,
            RecoveryCode.code_hash == recovery_hash(code),
            RecoveryCode.used_at.is_(None),
        )
    )
    if recovery is None:
        return None
    recovery.used_at = utcnow()
    return "recovery_code"
