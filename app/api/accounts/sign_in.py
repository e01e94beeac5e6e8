"""/api/auth: the REST shape of the authentication helper of SPEC.md §7 (NextAuth's client).

GET session, csrf, providers; POST callback/credentials (sign in), callback/two-factor (its second
step), signout, session (update) and _log. POST bodies come as application/x-www-form-urlencoded
(the helper's forms, and plain HTML forms without JavaScript) or JSON (its session update and log
beacons); either is capped at BODY_LIMIT (app/api/form_fields.py).

An account with two-factor sign-in answers the password step with `secondFactor` and a challenge
token (valid five minutes); the second step exchanges it, with an authenticator or recovery code,
for the session. Without JavaScript the challenge rides in an HttpOnly cookie and /login shows the
code step. Wrong passwords and wrong codes alike count in the sign-in limit, per (IP, email), shared
by every server instance (app/auth/sign_in_limit.py).
"""

from __future__ import annotations

import json
import logging
from typing import NotRequired
from urllib.parse import urlencode

from pydantic import BaseModel, ConfigDict
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route
from typing_extensions import TypedDict

from app.api.contract import contract
from app.api.form_fields import FORM, FormFields, read_fields, read_form
from app.api.records import closed
from app.auth import passwords, sessions, sign_in
from app.auth.roles import account_page, landing
from app.http.errors import ApiError
from app.services import services_of
from app.settings import Settings

# What each refused sign-in answers: its status, and what it tells the person signing in (the
# sign-in form, components/admin/SignInForm.jsx, says the same for a redirect without JavaScript).
SIGN_IN_REFUSALS = {
    "CredentialsSignin": (401, "Email or password is incorrect"),
    "CodeSignin": (
        401,
        "This code is not right, or it was used already. Enter the code your authenticator app "
        "shows now, or one of your recovery codes.",
    ),
    "ChallengeExpired": (401, "This sign-in took too long. Please enter your email and password again."),
    "AccountDisabled": (403, "This account has been disabled. Ask the shop's owner to enable it again."),
    "SellerSuspended": (
        403,
        "Your seller account is suspended: your offers are hidden and you cannot sign in. Contact the shop.",
    ),
    "TooManyAttempts": (429, "Too many failed sign-in attempts. Please wait a few minutes and try again."),
}
WRONG_CREDENTIALS = SIGN_IN_REFUSALS["CredentialsSignin"][1]
TOO_MANY_ATTEMPTS = SIGN_IN_REFUSALS["TooManyAttempts"][1]
ENTER_CODE = "Enter the 6-digit code from your authenticator app, or one of your recovery codes."
BAD_CSRF = "The sign-in form is out of date; reload the page and try again"
PROVIDERS = {
    "credentials": {
        "id": "credentials",
        "name": "Credentials",
        "type": "credentials",
        "signinUrl": "/api/auth/signin/credentials",
        "callbackUrl": "/api/auth/callback/credentials",
    }
}
LOG_LEVELS = {
    "error": logging.ERROR,
    "warn": logging.WARNING,
    "warning": logging.WARNING,
    "info": logging.INFO,
    "debug": logging.DEBUG,
}

client_log = logging.getLogger("studentbooks.auth.client")


# --- what the endpoints take and answer ------------------------------------------------------------


class Credentials(FormFields):
    email: str = ""
    password: str = ""
    callbackUrl: str = ""


class SecondFactor(FormFields):
    # The password step's challenge; a form without JavaScript leaves it out (it is in a cookie).
    challenge: str = ""
    code: str = ""
    callbackUrl: str = ""


class ClientLog(BaseModel):
    """A browser's report: a level, a code, and whatever details it has."""

    model_config = ConfigDict(extra="allow")
    level: str = "error"
    code: str = ""


@closed
class SignedInUser(TypedDict):
    name: str
    email: str
    role: str


@closed
class SessionRecord(TypedDict):
    """The session ({} for nobody; {"error": "SessionTimedOut"} for one that ran out)."""

    user: NotRequired[SignedInUser]
    expires: NotRequired[str]
    csrfToken: NotRequired[str]
    enrolmentRequired: NotRequired[bool]
    error: NotRequired[str]


@closed
class CsrfRecord(TypedDict):
    csrfToken: str


@closed
class Provider(TypedDict):
    id: str
    name: str
    type: str
    signinUrl: str
    callbackUrl: str


@closed
class Providers(TypedDict):
    credentials: Provider


@closed
class SignInRecord(TypedDict):
    """Where to go now that the session is set, or (secondFactor) the challenge for the code step."""

    url: NotRequired[str]
    secondFactor: NotRequired[bool]
    challenge: NotRequired[str]
    message: NotRequired[str]


@closed
class SignInRefused(TypedDict):
    message: str
    error: NotRequired[str]


@closed
class Nothing(TypedDict):
    pass


# Statuses of a refused sign-in: the error record plus the refusal's code (`error`); a form sent
# without JavaScript is answered with a redirect (302, Location) instead.
SIGN_IN_ANSWERS = {302: None, 401: SignInRefused, 403: SignInRefused, 429: SignInRefused}
# A body too large, multipart, not valid: the same for every form endpoint (form_fields.py).
FORM_REFUSALS = (400, 413, 415, 422)


def answer(body: dict, status: int = 200) -> JSONResponse:
    # Session answers are per visitor: never stored by a browser or proxy cache.
    return JSONResponse(body, status_code=status, headers={"Cache-Control": "no-store"})


def client_ip(request: Request) -> str:
    # The peer, or the client a trusted proxy forwarded for (app/http/proxies.py rewrote it).
    return request.client.host if request.client else "unknown"


# --- GET -----------------------------------------------------------------------------------------


def session_payload(found: sessions.AuthSession, settings: Settings) -> dict:
    return {**sessions.session_summary(found, settings), "csrfToken": found.csrf_token}


def no_session(request: Request, expired: bool) -> JSONResponse:
    """{} for nobody; {"error": "SessionTimedOut"} for a session that ran out (the cookie goes)."""
    response = answer({"error": "SessionTimedOut"} if expired else {})
    if request.cookies.get(sessions.SESSION_COOKIE):
        sessions.clear_session_cookie(response, request)
    return response


@contract(returns=SessionRecord)
async def read_session(request: Request) -> Response:
    """The signed-in session: who, until when, and its CSRF token."""
    found = await sessions.lookup_session(request)
    if found.session is None:
        return no_session(request, found.expired)
    return answer(session_payload(found.session, services_of(request).settings))


@contract(returns=CsrfRecord)
async def read_csrf(request: Request) -> Response:
    """The CSRF token for the next form: the session's, or a pre-sign-in one (also set as a cookie)."""
    signed_in = await sessions.current_session(request)
    if signed_in is not None:
        return answer({"csrfToken": signed_in.csrf_token})
    token = sessions.anonymous_csrf(request)
    response = answer({"csrfToken": token})
    sessions.set_csrf_cookie(response, request, token)
    return response


@contract(returns=Providers)
async def read_providers(request: Request) -> Response:
    """The ways to sign in (email and password)."""
    return answer(PROVIDERS)


# --- sign in -------------------------------------------------------------------------------------


def refused(form: FormFields, error: str, callback: str, step: str | None = None) -> Response:
    status, message = SIGN_IN_REFUSALS[error]
    if form.wants_json:
        return answer({"message": message, "error": error}, status)
    # A form posted without JavaScript goes back to the sign-in page, which shows the error.
    query = {"callbackUrl": callback, "error": error, **({"step": step} if step else {})}
    return RedirectResponse("/login?" + urlencode(query), status_code=302)


def signed_in(request: Request, form: FormFields, outcome: sign_in.Outcome, callback: str) -> Response:
    # An account the shop requires to enrol in two-factor sign-in goes to do that first.
    url = account_page(outcome.role or "") if outcome.enrol else landing(outcome.role or "", callback)
    response = answer({"url": url}) if form.wants_json else RedirectResponse(url, status_code=302)
    sessions.set_session_cookie(response, request, outcome.token)
    sessions.clear_csrf_cookie(response, request)
    if request.cookies.get(sessions.CHALLENGE_COOKIE):
        sessions.clear_challenge_cookie(response, request)
    return response


def second_factor_needed(request: Request, form: FormFields, challenge: str, callback: str) -> Response:
    if form.wants_json:
        return answer({"secondFactor": True, "challenge": challenge, "message": ENTER_CODE})
    response = RedirectResponse("/login?" + urlencode({"callbackUrl": callback, "step": "code"}), status_code=302)
    sessions.set_challenge_cookie(response, request, challenge, sign_in.CHALLENGE_LIFETIME)
    return response


async def sign_in_form(request: Request, model: type[Credentials | SecondFactor]) -> tuple:
    """A sign-in step's fields (403 unless its CSRF token is this browser's), and where to go after."""
    form = await read_form(request, model)
    if not await sessions.csrf_matches(request, form.csrfToken):
        raise ApiError(403, BAD_CSRF)
    return form, sessions.safe_callback(form.callbackUrl)


@contract(body=Credentials, body_media=FORM, returns=SignInRecord, answers=SIGN_IN_ANSWERS, refusals=FORM_REFUSALS)
async def credentials_callback(request: Request) -> Response:
    """Sign in with email and password (the first step, when the account has two-factor sign-in)."""
    services = services_of(request)
    form, callback = await sign_in_form(request, Credentials)
    attempts = services.sign_in_limit
    key = (client_ip(request), passwords.normalise_email(form.email))
    if await attempts.blocked(key):
        return refused(form, "TooManyAttempts", callback)
    outcome = sign_in.Outcome(refused="CredentialsSignin")
    if form.email and form.password and len(form.email) <= 254:
        outcome = await services.db.write(
            sign_in.password_step,
            form.email,
            form.password,
            services.settings,
            request.cookies.get(sessions.SESSION_COOKIE),
            client_ip(request),
        )
    if outcome.refused:
        await attempts.failed(key)
        return refused(form, outcome.refused, callback)
    if outcome.challenge:
        # Not a success yet: failures so far still count until the code step passes.
        return second_factor_needed(request, form, outcome.challenge, callback)
    await attempts.succeeded(key)
    return signed_in(request, form, outcome, callback)


@contract(body=SecondFactor, body_media=FORM, returns=SignInRecord, answers=SIGN_IN_ANSWERS, refusals=FORM_REFUSALS)
async def two_factor_callback(request: Request) -> Response:
    """The second step of a sign-in: the challenge and an authenticator (or recovery) code."""
    services = services_of(request)
    form, callback = await sign_in_form(request, SecondFactor)
    challenge = form.challenge or request.cookies.get(sessions.CHALLENGE_COOKIE) or ""
    email = await services.db.read(sign_in.challenged_email, challenge) if 0 < len(challenge) <= 64 else None
    if email is None:
        return refused(form, "ChallengeExpired", callback)
    attempts = services.sign_in_limit
    key = (client_ip(request), email)
    if await attempts.blocked(key):
        return refused(form, "TooManyAttempts", callback, step="code")
    outcome = await services.db.write(
        sign_in.second_step,
        challenge,
        form.code[:64],
        services.settings,
        request.cookies.get(sessions.SESSION_COOKIE),
        client_ip(request),
    )
    if outcome.refused:
        if outcome.refused != "ChallengeExpired":
            await attempts.failed(key)
        return refused(form, outcome.refused, callback, step="code" if outcome.refused == "CodeSignin" else None)
    await attempts.succeeded(key)
    return signed_in(request, form, outcome, callback)


# --- sign out, update, log -------------------------------------------------------------------------


@contract(body=FormFields, body_media=FORM, returns=SignInRecord, refusals=(403, *FORM_REFUSALS))
async def sign_out(request: Request) -> Response:
    """Sign out: the session ends on the server and its cookie goes."""
    services = services_of(request)
    form = await read_form(request, FormFields)
    if not await sessions.csrf_matches(request, form.csrfToken):
        raise ApiError(403, "The sign-out request is out of date; reload the page and try again")
    if token := request.cookies.get(sessions.SESSION_COOKIE):
        await services.db.write(sign_in.sign_out, token, client_ip(request))
    response = answer({"url": "/"}) if form.wants_json else RedirectResponse("/", status_code=302)
    sessions.clear_session_cookie(response, request)
    return response


@contract(body=FormFields, returns=SessionRecord, refusals=(403, *FORM_REFUSALS))
async def update_session(request: Request) -> Response:
    """Keeps a session alive (the helper's update): its idle expiry starts again from now."""
    services = services_of(request)
    form = await read_form(request, FormFields)
    found = await sessions.lookup_session(request)
    if found.session is None:
        return no_session(request, found.expired)
    if not sessions.same_token(form.csrfToken, found.session.csrf_token):
        raise ApiError(
            403, "The security token of this request is missing or out of date; reload the page and try again"
        )
    now = sessions.utcnow()
    await services.db.write(sessions.touch_session, found.session.id, now)
    found.session.last_seen_at = now
    return answer(session_payload(found.session, services.settings))


def text_field(fields: dict, name: str) -> str:
    value = fields.get(name)
    return value if isinstance(value, str) else ""


@contract(body=ClientLog, returns=Nothing, refusals=FORM_REFUSALS)
async def log_event(request: Request) -> Response:
    """The helper's client reports its errors here; they land in the server log at their level."""
    fields = await read_fields(request)
    level_name = text_field(fields, "level").lower() or "error"
    code = text_field(fields, "code")[:100] or "UNKNOWN"
    details = {k: v for k, v in fields.items() if k not in ("level", "code")}
    # JSON keeps a visitor's text on one log line, whatever newlines it holds.
    client_log.log(
        LOG_LEVELS.get(level_name, logging.WARNING),
        "browser auth %s %s: %s",
        level_name,
        json.dumps(code),
        json.dumps(details, ensure_ascii=True)[:2000],
    )
    return answer({})


routes = [
    Route("/api/auth/session", read_session, methods=["GET"]),
    Route("/api/auth/session", update_session, methods=["POST"]),
    Route("/api/auth/csrf", read_csrf, methods=["GET"]),
    Route("/api/auth/providers", read_providers, methods=["GET"]),
    Route("/api/auth/callback/credentials", credentials_callback, methods=["POST"]),
    Route("/api/auth/callback/two-factor", two_factor_callback, methods=["POST"]),
    Route("/api/auth/signout", sign_out, methods=["POST"]),
    Route("/api/auth/_log", log_event, methods=["POST"]),
]
