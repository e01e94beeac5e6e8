"""Sessions, CSRF, the cookies that carry them, and who may use which part of the back office.

A signed-in browser holds a random token in the `sb_session` cookie; the database keeps only its
sha256 hash (a leaked table signs nobody in). A session ends when it is revoked (sign-out, a new
sign-in), after `session_idle_sec` without a request, or `session_absolute_sec` after sign-in,
whichever comes first. An ended-by-time session is reported as expired rather than absent, so the
browser can tell the visitor "your session timed out" (SessionTimedOut).

CSRF: a signed-in browser sends its session's `csrf_token`; before sign-in, the token is a random
value the browser also holds in the HttpOnly `sb_csrf` cookie (double submit), so a third-party
page can neither read it nor forge a sign-in.

Back-office access is decided here for every area at once (require_admin, and the admin pages'
guard): a signed-in owner or staff member of an enabled account, refused with 403 where app/auth/roles.py
says the area is the owner's alone, or while the account must first enrol in two-factor sign-in.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import secrets
from dataclasses import dataclass

from sqlalchemy import delete, or_, select, update
from sqlalchemy.orm import Session, joinedload
from starlette.requests import Request
from starlette.responses import Response

from app.auth import roles
from app.http.errors import ApiError
from app.services import services_of
from app.settings import Settings
from db.models import AuthSession, User
from db.models.base import utcnow

SESSION_COOKIE = "sb_session"
CSRF_COOKIE = "sb_csrf"
# A sign-in waiting for its second factor, for a form posted without JavaScript (app/api/accounts/sign_in.py).
CHALLENGE_COOKIE = "sb_challenge"
CSRF_HEADER = "X-CSRF-Token"
# Writing last_seen_at on every request would turn every read into a write.
TOUCH_EVERY = dt.timedelta(minutes=1)

# --- tokens ----------------------------------------------------------------------------------


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def same_token(given: str | None, expected: str | None) -> bool:
    return bool(given) and bool(expected) and hmac.compare_digest(given.encode(), expected.encode())


# --- sessions in the database ------------------------------------------------------------------


def expires_at(auth: AuthSession, settings: Settings) -> dt.datetime:
    """When this session ends if the browser stays idle: the earlier of both limits."""
    idle_end = auth.last_seen_at + dt.timedelta(seconds=settings.session_idle_sec)
    absolute_end = auth.created_at + dt.timedelta(seconds=settings.session_absolute_sec)
    return min(idle_end, absolute_end)


def session_summary(auth: AuthSession, settings: Settings) -> dict:
    """What the browser may know of a session: who is signed in and until when."""
    user = auth.user
    summary = {
        "user": {"name": user.name, "email": user.email, "role": user.role},
        "expires": expires_at(auth, settings).isoformat(),
    }
    if auth.enrolment_required:
        summary["enrolmentRequired"] = True
    return summary


def start_session(
    session: Session, user: User, settings: Settings, replaces: str | None = None, enrolment_required: bool = False
) -> tuple[str, AuthSession]:
    """A new session for `user` (a fresh token on every sign-in, so a token planted before sign-in
    is worthless after it); the session it `replaces` and the user's ended ones are cleared."""
    now = utcnow()
    if replaces:
        session.execute(update(AuthSession).where(AuthSession.token_hash == token_hash(replaces)).values(revoked=True))
    _forget_ended(session, user.id, now, settings)
    token = new_token()
    auth = AuthSession(
        token_hash=token_hash(token),
        user=user,
        csrf_token=new_token(),
        created_at=now,
        last_seen_at=now,
        enrolment_required=enrolment_required,
    )
    user.last_sign_in_at = now
    session.add(auth)
    session.flush()
    return token, auth


def _forget_ended(session: Session, user_id: int, now: dt.datetime, settings: Settings) -> None:
    session.execute(
        delete(AuthSession).where(
            AuthSession.user_id == user_id,
            or_(
                AuthSession.revoked.is_(True),
                AuthSession.last_seen_at < now - dt.timedelta(seconds=settings.session_idle_sec),
                AuthSession.created_at < now - dt.timedelta(seconds=settings.session_absolute_sec),
            ),
        )
    )


def touch_session(session: Session, session_id: int, now: dt.datetime) -> None:
    session.execute(update(AuthSession).where(AuthSession.id == session_id).values(last_seen_at=now))


@dataclass(frozen=True)
class SessionLookup:
    """What a request's cookie amounts to: a live session, an expired one, or nothing."""

    session: AuthSession | None = None
    expired: bool = False


def lookup(session: Session, token: str, settings: Settings, now: dt.datetime) -> SessionLookup:
    auth = session.scalar(
        select(AuthSession).options(joinedload(AuthSession.user)).where(AuthSession.token_hash == token_hash(token))
    )
    # A disabled account's sessions are refused even before they are revoked (a race with the
    # disabling transaction cannot let one more request through).
    if auth is None or auth.revoked or auth.user.disabled_at is not None:
        return SessionLookup()
    if now >= expires_at(auth, settings):
        return SessionLookup(expired=True)
    return SessionLookup(auth)


# --- sessions of a request ---------------------------------------------------------------------


async def lookup_session(request: Request) -> SessionLookup:
    """The request's session, looked up once per request; last_seen_at moves at most once a minute."""
    if hasattr(request.state, "auth"):
        return request.state.auth
    token = request.cookies.get(SESSION_COOKIE)
    found = SessionLookup()
    if token:
        services = services_of(request)
        now = utcnow()
        found = await services.db.read(lookup, token, services.settings, now)
        if found.session is not None and now - found.session.last_seen_at >= TOUCH_EVERY:
            await services.db.write(touch_session, found.session.id, now)
            found.session.last_seen_at = now
    request.state.auth = found
    return found


async def current_session(request: Request) -> AuthSession | None:
    """The request's live session (with its user loaded), or None: see lookup_session for why."""
    return (await lookup_session(request)).session


def is_admin(auth: AuthSession | None) -> bool:
    """Signed in to the back office, as an owner or a staff member (what each may use: access_refusal)."""
    return auth is not None and roles.is_back_office_role(auth.user.role)


def access_refusal(auth: AuthSession, path: str) -> str | None:
    """Why this back-office (or seller's) session may not use `path` (403), or None when it may."""
    return roles.refusal(auth.user.role, auth.enrolment_required, path)


def outsider_refusal(auth: AuthSession | None) -> str | None:
    """Why a signed-in account that is not the back office's may not use it (403), or None."""
    if auth is None:
        return None
    return {roles.CUSTOMER: roles.NOT_FOR_SHOPPERS, roles.SELLER: roles.NOT_FOR_SELLERS}.get(auth.user.role)


async def require_admin(request: Request) -> AuthSession:
    """The guard of every admin endpoint: 401 unless an owner or staff member is signed in, 403
    (with the reason) where the request's path is not for this account (app/auth/roles.py)."""
    auth = await current_session(request)
    if refused := outsider_refusal(auth):
        raise ApiError(403, refused)
    if not is_admin(auth):
        raise ApiError(401, "Sign in as an administrator to continue")
    if refused := access_refusal(auth, request.url.path):
        raise ApiError(403, refused)
    return auth


async def require_shopper(request: Request) -> AuthSession:
    """The guard of a shopper's own API (/api/me/...): 401 unless a shopper is signed in; 403 for a
    back-office account, which has no shopping account."""
    auth = await current_session(request)
    if auth is None:
        raise ApiError(401, "Sign in to your account to continue")
    if auth.user.role != roles.CUSTOMER:
        raise ApiError(403, "A back-office account has no shopping account: sign in as a shopper")
    return auth


async def require_seller(request: Request) -> AuthSession:
    """The guard of the seller portal's API (/api/seller/...): 401 unless signed in, 403 unless as
    a seller (or while the seller must enrol in two-factor sign-in first, but on their account).
    Every record it answers is then looked up within `auth.user.seller_id`."""
    auth = await current_session(request)
    if auth is None:
        raise ApiError(401, "Sign in to your seller account to continue")
    if auth.user.role != roles.SELLER or auth.user.seller_id is None:
        raise ApiError(403, roles.SELLERS_ONLY)
    # While the shop waits for this seller to enrol in two-factor sign-in: their account only.
    if refused := access_refusal(auth, request.url.path):
        raise ApiError(403, refused)
    return auth


async def require_csrf(request: Request) -> None:
    """A guard for writes: 403 unless the X-CSRF-Token header carries the session's token."""
    auth = await current_session(request)
    if auth is None or not same_token(request.headers.get(CSRF_HEADER), auth.csrf_token):
        raise ApiError(
            403, "The security token of this request is missing or out of date; reload the page and try again"
        )


async def csrf_matches(request: Request, token: str | None) -> bool:
    """A form's csrfToken: the session's when signed in, else the one in the sb_csrf cookie."""
    auth = await current_session(request)
    if auth is not None and same_token(token, auth.csrf_token):
        return True
    return same_token(token, request.cookies.get(CSRF_COOKIE))


async def require_csrf_any(request: Request) -> None:
    """A write's X-CSRF-Token: the session's when signed in, else the sb_csrf cookie's (GET /api/auth/csrf)."""
    if not await csrf_matches(request, request.headers.get(CSRF_HEADER)):
        raise ApiError(403, "The form's security token is missing or stale: reload the page and try again")


def anonymous_csrf(request: Request) -> str:
    """The pre-sign-in CSRF token: the one the browser already holds, or a new one."""
    held = request.cookies.get(CSRF_COOKIE)
    return held if held and 20 <= len(held) <= 64 else new_token()


# --- cookies ---------------------------------------------------------------------------------


def _cookie(response: Response, request: Request, name: str, value: str, max_age: int | None) -> None:
    # Secure when the settings say so, or when this request came over https (directly, or through
    # a trusted proxy that said so: app/http/proxies.py).
    secure = services_of(request).settings.secure_cookies or request.url.scheme == "https"
    response.set_cookie(name, value, max_age=max_age, path="/", httponly=True, samesite="lax", secure=secure)


def set_session_cookie(response: Response, request: Request, token: str) -> None:
    # The browser may keep it as long as the session could live; the server enforces idle expiry.
    _cookie(response, request, SESSION_COOKIE, token, services_of(request).settings.session_absolute_sec)


def clear_session_cookie(response: Response, request: Request) -> None:
    _cookie(response, request, SESSION_COOKIE, "", 0)


def set_csrf_cookie(response: Response, request: Request, token: str) -> None:
    # A browser-session cookie: it lives until the browser closes or a sign-in replaces it.
    _cookie(response, request, CSRF_COOKIE, token, None)


def clear_csrf_cookie(response: Response, request: Request) -> None:
    _cookie(response, request, CSRF_COOKIE, "", 0)


def set_challenge_cookie(response: Response, request: Request, token: str, lifetime: dt.timedelta) -> None:
    _cookie(response, request, CHALLENGE_COOKIE, token, int(lifetime.total_seconds()))


def clear_challenge_cookie(response: Response, request: Request) -> None:
    _cookie(response, request, CHALLENGE_COOKIE, "", 0)


# --- where to go after sign-in -------------------------------------------------------------------


def safe_callback(url: str | None, default: str = "/admin") -> str:
    """Only same-site relative paths: "/x" yes; "//evil.com", "/\\evil.com", "https://..." no."""
    if not url or not url.startswith("/") or url.startswith("//") or "\\" in url:
        return default
    if any(ord(c) < 0x20 or ord(c) == 0x7F for c in url):
        return default
    return url
