"""GET /api/me (who is signed in, or null for a guest: every cached page asks after hydration), and
signing up: POST /api/me makes a shopper's account, signs it in and mails the link that verifies
its email; POST /api/me/verify takes that link's token."""

from __future__ import annotations

from typing import Literal

import anyio
from pydantic import BaseModel, ConfigDict
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from typing_extensions import TypedDict

from app.api.contract import JSON_BODY, contract
from app.api.records import closed
from app.api.validation import EmailAddress, read_json
from app.api.writes import write
from app.auth import passwords, sessions
from app.auth.sessions import require_csrf_any
from app.http.errors import ApiError
from app.services import services_of
from db import accounts
from db.admin.forms import Text


@closed
class MeRecord(TypedDict):
    name: str
    email: str
    emailVerified: bool
    role: Literal["owner", "staff", "customer"]


class SignUpForm(BaseModel):
    model_config = ConfigDict(extra="ignore")
    name: Text(2, 120)
    email: EmailAddress
    password: Text(1, 200)


class TokenForm(BaseModel):
    model_config = ConfigDict(extra="ignore")
    token: Text(10, 100)


def private(body: object, status: int = 200) -> JSONResponse:
    # Who is signed in is per visitor: never kept by a browser's or a proxy's cache.
    return JSONResponse(body, status_code=status, headers={"Cache-Control": "private, no-store"})


@contract(returns=MeRecord | None)
async def read_me(request: Request) -> Response:
    """The signed-in account ({name, email, emailVerified}), or null for a guest."""
    auth = await sessions.current_session(request)
    return private(accounts.account_record(auth.user) if auth is not None else None)


def sign_up_and_in(session, form: SignUpForm, password_hash: str, settings, replaces: str | None) -> tuple[dict, str]:
    user = accounts.sign_up(session, form.name, form.email, password_hash)
    token, _ = sessions.start_session(session, user, settings, replaces=replaces)
    return accounts.account_record(user), token


@contract(body=SignUpForm, returns=MeRecord, status=201, refusals=(403, 409, *JSON_BODY))
async def sign_up(request: Request) -> Response:
    """Make a shopper's account and sign it in; a mail links to the page that verifies the email."""
    await require_csrf_any(request)
    form = await read_json(request, SignUpForm)
    if why := passwords.weakness(form.password, form.email, form.name):
        raise ApiError(422, "Please correct the highlighted fields", {"password": why})
    services = services_of(request)
    password_hash = await anyio.to_thread.run_sync(passwords.hash_password, form.password)
    record, token = await write(
        request,
        sign_up_and_in,
        form,
        password_hash,
        services.settings,
        request.cookies.get(sessions.SESSION_COOKIE),
    )
    response = private(record, 201)
    sessions.set_session_cookie(response, request, token)
    return response


@contract(body=TokenForm, returns=MeRecord, refusals=(403, 409, *JSON_BODY))
async def verify(request: Request) -> Response:
    """Confirm the email with the mailed link's token (once, within 48 hours)."""
    await require_csrf_any(request)
    form = await read_json(request, TokenForm)
    user = await write(request, accounts.verify_email, form.token)
    return private(accounts.account_record(user))


routes = [
    Route("/api/me", read_me, methods=["GET"]),
    Route("/api/me", sign_up, methods=["POST"]),
    Route("/api/me/verify", verify, methods=["POST"]),
]
