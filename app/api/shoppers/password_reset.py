"""A forgotten password: POST /api/me/password-reset mails a one-hour link to a shopper's account
and answers 202 whether or not the email has one (the same answer at the same moment: the database
work runs after the answer is sent, so its timing tells nothing); POST /api/me/password-reset/confirm
takes the link's token and the new password, signs out every browser of the account and signs this
one in."""

from __future__ import annotations

import logging

import anyio
from pydantic import BaseModel, ConfigDict
from starlette.background import BackgroundTask
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.api.contract import JSON_BODY, contract
from app.api.shoppers.account import Done, client_ip
from app.api.shoppers.me import MeRecord, private
from app.api.validation import read_json
from app.api.writes import refusal, write
from app.auth import passwords, sessions
from app.auth.sessions import require_csrf_any
from app.http.errors import ApiError
from app.services import services_of
from db import accounts
from db.admin import Conflict
from db.admin.forms import Text

log = logging.getLogger("studentbooks.accounts")

ASKED = "If an account uses this email, a link to reset its password is on its way. It works for one hour."
TOO_MANY_REQUESTS = "Too many reset requests for this email. Please wait a few minutes and try again."


class ResetRequest(BaseModel):
    model_config = ConfigDict(extra="ignore")
    email: Text(1, 254)


class NewPassword(BaseModel):
    model_config = ConfigDict(extra="ignore")
    token: Text(10, 100)
    password: Text(1, 200)


async def mail_reset_link(request: Request, email: str) -> None:
    try:
        await services_of(request).db.write(accounts.request_password_reset, email)
    except Exception:
        log.exception("a password reset could not be prepared")


@contract(body=ResetRequest, returns=Done, status=202, refusals=(403, 429, *JSON_BODY))
async def ask_for_reset(request: Request) -> Response:
    """Mail a link that sets a new password (valid one hour) if a shopper's account uses this email;
    the answer is the same either way."""
    await require_csrf_any(request)
    form = await read_json(request, ResetRequest)
    email = passwords.normalise_email(form.email)
    # Counted per client and email like failed sign-ins (whether the email has an account or not).
    attempts = services_of(request).sign_in_limit
    key = (f"reset {client_ip(request)}", email)
    if await attempts.blocked(key):
        raise ApiError(429, TOO_MANY_REQUESTS)
    await attempts.failed(key)
    response = private({"message": ASKED}, 202)
    response.background = BackgroundTask(mail_reset_link, request, email)
    return response


def reset_and_sign_in(session, token: str, password_hash: str, settings, replaces: str | None) -> tuple[dict, str]:
    user = accounts.reset_password(session, token, password_hash)
    new_token, _ = sessions.start_session(session, user, settings, replaces=replaces)
    return accounts.account_record(user), new_token


@contract(body=NewPassword, returns=MeRecord, refusals=(403, 409, *JSON_BODY))
async def confirm_reset(request: Request) -> Response:
    """Set the new password with the mailed link's token (once, within one hour): every browser
    signed in to the account is signed out, and this one is signed in."""
    await require_csrf_any(request)
    form = await read_json(request, NewPassword)
    services = services_of(request)
    try:
        email, name = await services.db.read(accounts.token_account, form.token, "reset")
    except Conflict as error:
        raise refusal(error) from error
    if why := passwords.weakness(form.password, email, name):
        raise ApiError(422, "Please correct the highlighted fields", {"password": why})
    password_hash = await anyio.to_thread.run_sync(passwords.hash_password, form.password)
    record, token = await write(
        request,
        reset_and_sign_in,
        form.token,
        password_hash,
        services.settings,
        request.cookies.get(sessions.SESSION_COOKIE),
    )
    response = private(record)
    sessions.set_session_cookie(response, request, token)
    return response


routes = [
    Route("/api/me/password-reset", ask_for_reset, methods=["POST"]),
    Route("/api/me/password-reset/confirm", confirm_reset, methods=["POST"]),
]
