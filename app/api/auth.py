"""/api/auth: the REST shape of the authentication helper of SPEC.md §7 (NextAuth's client).

GET session, csrf, providers; POST callback/credentials (sign in), signout, session (update) and
_log. POST bodies come as application/x-www-form-urlencoded (the helper's forms) or JSON (its
session update and log beacons); either is capped at BODY_LIMIT.
"""
from __future__ import annotations

import json
import logging
from typing import Any
from urllib.parse import parse_qsl, urlencode

from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from .. import auth
from ..services import services_of
from ..settings import Settings
from .errors import ApiError

BODY_LIMIT = 8 * 1024
WRONG_CREDENTIALS = "Email or password is incorrect"
TOO_MANY_ATTEMPTS = "Too many failed sign-in attempts. Please wait a few minutes and try again."
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
LOG_LEVELS = {"error": logging.ERROR, "warn": logging.WARNING, "warning": logging.WARNING,
              "info": logging.INFO, "debug": logging.DEBUG}

client_log = logging.getLogger("studentbooks.auth.client")


def answer(body: dict, status: int = 200) -> JSONResponse:
    # Session answers are per visitor: never stored by a browser or proxy cache.
    return JSONResponse(body, status_code=status, headers={"Cache-Control": "no-store"})


# --- request bodies ------------------------------------------------------------------------------


async def capped_body(request: Request, limit: int = BODY_LIMIT) -> bytes:
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise ApiError(413, f"The request body is larger than {limit // 1024} KB")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ApiError(413, f"The request body is larger than {limit // 1024} KB")
        chunks.append(chunk)
    return b"".join(chunks)


async def read_fields(request: Request) -> dict[str, Any]:
    """The body's fields: a urlencoded form, or a JSON object (also sent as text/plain by beacons)."""
    body = await capped_body(request)
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    text = body.decode("utf-8", errors="replace")
    if content_type == "application/x-www-form-urlencoded":
        return dict(parse_qsl(text, keep_blank_values=True))
    if content_type == "multipart/form-data":
        raise ApiError(415, "Send the form as application/x-www-form-urlencoded or JSON")
    if not text.strip():
        return {}
    try:
        fields = json.loads(text)
    except ValueError:
        raise ApiError(400, "The request body is neither a form nor JSON")
    if not isinstance(fields, dict):
        raise ApiError(400, "The request body must be a JSON object")
    return fields


def text_field(fields: dict[str, Any], name: str) -> str:
    value = fields.get(name)
    return value if isinstance(value, str) else ""


def wants_json(fields: dict[str, Any]) -> bool:
    """The helper's fetches ask for JSON; a plain HTML form (no JavaScript) wants a redirect."""
    return fields.get("json") in ("true", "1", True)


# --- GET -----------------------------------------------------------------------------------------


def session_payload(found: auth.AuthSession, settings: Settings) -> dict:
    return {**auth.session_summary(found, settings), "csrfToken": found.csrf_token}


def no_session(request: Request, expired: bool) -> JSONResponse:
    """{} for nobody; {"error": "SessionTimedOut"} for a session that ran out (the cookie goes)."""
    response = answer({"error": "SessionTimedOut"} if expired else {})
    if request.cookies.get(auth.SESSION_COOKIE):
        auth.clear_session_cookie(response, services_of(request).settings)
    return response


async def read_session(request: Request) -> Response:
    found = await auth.lookup_session(request)
    if found.session is None:
        return no_session(request, found.expired)
    return answer(session_payload(found.session, services_of(request).settings))


async def read_csrf(request: Request) -> Response:
    signed_in = await auth.current_session(request)
    if signed_in is not None:
        return answer({"csrfToken": signed_in.csrf_token})
    token = auth.anonymous_csrf(request)
    response = answer({"csrfToken": token})
    auth.set_csrf_cookie(response, services_of(request).settings, token)
    return response


async def read_providers(request: Request) -> Response:
    return answer(PROVIDERS)


# --- sign in -------------------------------------------------------------------------------------


def sign_in(session: Session, email: str, password: str, settings: Settings, replaces: str | None) -> str | None:
    """The new session's token if the credentials are right, else None (one transaction)."""
    user = auth.authenticate(session, email, password)
    if user is None:
        return None
    token, _ = auth.start_session(session, user, settings, replaces=replaces)
    return token


def sign_in_failed(fields: dict, status: int, message: str, error: str, callback: str) -> Response:
    if wants_json(fields):
        return answer({"message": message, "error": error}, status)
    # A form posted without JavaScript goes back to the sign-in page, which shows the error.
    return RedirectResponse("/login?" + urlencode({"callbackUrl": callback, "error": error}), status_code=302)


async def credentials_callback(request: Request) -> Response:
    services = services_of(request)
    fields = await read_fields(request)
    if not await auth.csrf_matches(request, text_field(fields, "csrfToken")):
        raise ApiError(403, BAD_CSRF)
    callback = auth.safe_callback(text_field(fields, "callbackUrl"))
    email, password = text_field(fields, "email"), text_field(fields, "password")
    attempts = auth.failed_sign_ins(request)
    key = (request.client.host if request.client else "unknown", auth.normalise_email(email))
    if attempts.blocked(key):
        return sign_in_failed(fields, 429, TOO_MANY_ATTEMPTS, "TooManyAttempts", callback)
    token = None
    if email and password and len(email) <= 254:
        token = await services.db.write(sign_in, email, password, services.settings, request.cookies.get(auth.SESSION_COOKIE))
    if token is None:
        attempts.failed(key)
        return sign_in_failed(fields, 401, WRONG_CREDENTIALS, "CredentialsSignin", callback)
    attempts.succeeded(key)
    response = answer({"url": callback}) if wants_json(fields) else RedirectResponse(callback, status_code=302)
    auth.set_session_cookie(response, services.settings, token)
    auth.clear_csrf_cookie(response, services.settings)
    return response


# --- sign out, update, log -------------------------------------------------------------------------


async def sign_out(request: Request) -> Response:
    services = services_of(request)
    fields = await read_fields(request)
    if not await auth.csrf_matches(request, text_field(fields, "csrfToken")):
        raise ApiError(403, "The sign-out request is out of date; reload the page and try again")
    if token := request.cookies.get(auth.SESSION_COOKIE):
        await services.db.write(auth.revoke_session, token)
    response = answer({"url": "/"}) if wants_json(fields) else RedirectResponse("/", status_code=302)
    auth.clear_session_cookie(response, services.settings)
    return response


async def update_session(request: Request) -> Response:
    """Keeps a session alive (the helper's update): its idle expiry starts again from now."""
    services = services_of(request)
    fields = await read_fields(request)
    found = await auth.lookup_session(request)
    if found.session is None:
        return no_session(request, found.expired)
    if not auth.same_token(text_field(fields, "csrfToken"), found.session.csrf_token):
        raise ApiError(403, "The security token of this request is missing or out of date; reload the page and try again")
    now = auth.utcnow()
    await services.db.write(auth.touch_session, found.session.id, now)
    found.session.last_seen_at = now
    return answer(session_payload(found.session, services.settings))


async def log_event(request: Request) -> Response:
    """The helper's client reports its errors here; they land in the server log at their level."""
    fields = await read_fields(request)
    level_name = text_field(fields, "level").lower() or "error"
    code = text_field(fields, "code")[:100] or "UNKNOWN"
    details = {k: v for k, v in fields.items() if k not in ("level", "code")}
    # JSON keeps a visitor's text on one log line, whatever newlines it holds.
    client_log.log(LOG_LEVELS.get(level_name, logging.WARNING), "browser auth %s %s: %s",
                   level_name, json.dumps(code), json.dumps(details, ensure_ascii=True)[:2000])
    return answer({})


routes = [
    Route("/api/auth/session", read_session, methods=["GET"]),
    Route("/api/auth/session", update_session, methods=["POST"]),
    Route("/api/auth/csrf", read_csrf, methods=["GET"]),
    Route("/api/auth/providers", read_providers, methods=["GET"]),
    Route("/api/auth/callback/credentials", credentials_callback, methods=["POST"]),
    Route("/api/auth/signout", sign_out, methods=["POST"]),
    Route("/api/auth/_log", log_event, methods=["POST"]),
]
