"""A signed-in shopper's own account: PATCH /api/me (the name at once; a new email once the link
mailed to it confirms it, POST /api/me/email/confirm; a new password, which signs out every other
browser), POST /api/me/verify/resend (a new verify link, rate limited), POST
/api/me/sign-out-everywhere, and DELETE /api/me (erases the account's personal data for good).

Changing the email or the password, and deleting the account, ask for the password again; a wrong
one counts in the sign-in limit like a failed sign-in (app/auth/sign_in_limit.py)."""

from __future__ import annotations

from typing import NotRequired

import anyio
from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from typing_extensions import TypedDict

from app.api.contract import JSON_BODY, contract
from app.api.records import closed
from app.api.shoppers.me import MeRecord, TokenForm, private
from app.api.validation import EmailAddress, read_json
from app.api.writes import write
from app.auth import passwords, sessions
from app.auth.sessions import require_csrf_any
from app.http.errors import ApiError
from app.services import services_of
from db import accounts
from db.admin.forms import Text

WRONG_PASSWORD = "This is not your current password"
TOO_MANY_ATTEMPTS = "Too many wrong passwords. Please wait a few minutes and try again."
SHOPPER = (401, 403)  # signed out; a back-office account, or a stale CSRF token


@closed
class ChangedRecord(TypedDict):
    """The account after a change; `pendingEmail`: the address a confirmation link was mailed to."""

    name: str
    email: str
    emailVerified: bool
    pendingEmail: NotRequired[str]


@closed
class Done(TypedDict):
    message: str
    url: NotRequired[str]


class AccountChanges(BaseModel):
    model_config = ConfigDict(extra="ignore")
    name: Text(2, 120) | None = None
    email: EmailAddress | None = None
    password: Text(1, 200) | None = None
    currentPassword: str | None = Field(default=None, max_length=200)


class PasswordAgain(BaseModel):
    model_config = ConfigDict(extra="ignore")
    password: str = Field(max_length=200)


def client_ip(request: Request) -> str:
    return request.client.host if request.client else "unknown"


async def signed_in_shopper(request: Request) -> sessions.AuthSession:
    """The shopper's session (401 signed out, 403 a back-office account), and its CSRF token checked."""
    auth = await sessions.require_shopper(request)
    await sessions.require_csrf(request)
    return auth


async def check_password(request: Request, auth: sessions.AuthSession, password: str | None, field: str) -> None:
    """422 on `field` unless `password` is the account's; wrong ones count in the sign-in limit."""
    attempts = services_of(request).sign_in_limit
    key = (client_ip(request), auth.user.email)
    if await attempts.blocked(key):
        raise ApiError(429, TOO_MANY_ATTEMPTS)
    if not password:
        raise ApiError(422, "Please correct the highlighted fields", {field: "Enter your current password"})
    if not await anyio.to_thread.run_sync(passwords.verify_password, auth.user.password_hash, password):
        await attempts.failed(key)
        raise ApiError(422, "Please correct the highlighted fields", {field: WRONG_PASSWORD})


def changed(session, user_id: int, session_id: int, name, email, password_hash) -> dict:
    user, pending = accounts.change_account(session, user_id, session_id, name, email, password_hash)
    record = accounts.account_record(user)
    if pending:
        record["pendingEmail"] = pending
    return record


@contract(body=AccountChanges, returns=ChangedRecord, refusals=(*SHOPPER, 409, 429, *JSON_BODY))
async def change_account(request: Request) -> Response:
    """Change the name (at once), the email (a link mailed to the new address confirms it) or the
    password (every other browser signed in is signed out); email and password need currentPassword."""
    auth = await signed_in_shopper(request)
    form = await read_json(request, AccountChanges)
    user = auth.user
    email = form.email if form.email and form.email != user.email else None
    password_hash = None
    if email or form.password:
        await check_password(request, auth, form.currentPassword, "currentPassword")
    if form.password:
        if why := passwords.weakness(form.password, email or user.email, form.name or user.name):
            raise ApiError(422, "Please correct the highlighted fields", {"password": why})
        password_hash = await anyio.to_thread.run_sync(passwords.hash_password, form.password)
    record = await write(request, changed, user.id, auth.id, form.name, email, password_hash)
    return private(record)


@contract(body=TokenForm, returns=MeRecord, refusals=(403, 409, *JSON_BODY))
async def confirm_email(request: Request) -> Response:
    """Confirm a new email with the link mailed to it (once, within 48 hours): the account's from now on."""
    await require_csrf_any(request)
    form = await read_json(request, TokenForm)
    record = await write(
        request, lambda session: accounts.account_record(accounts.confirm_email_change(session, form.token))
    )
    return private(record)


@contract(returns=Done, status=202, refusals=(*SHOPPER, 409, 429))
async def resend_verification(request: Request) -> Response:
    """Mail the link that verifies the email again (at most one a minute and five a day)."""
    auth = await signed_in_shopper(request)
    try:
        await write(request, accounts.resend_verification, auth.user.id)
    except accounts.TooSoon as error:
        raise ApiError(429, error.message) from error
    return private({"message": f"A new link is on its way to {auth.user.email}"}, 202)


@contract(returns=Done, refusals=SHOPPER)
async def sign_out_everywhere(request: Request) -> Response:
    """Sign out every browser signed in to the account, this one included."""
    auth = await signed_in_shopper(request)
    await write(request, accounts.sign_out_everywhere, auth.user.id)
    response = private({"message": "You are signed out everywhere", "url": "/"})
    sessions.clear_session_cookie(response, request)
    return response


@contract(body=PasswordAgain, returns=Done, refusals=(*SHOPPER, 429, *JSON_BODY))
async def delete_account(request: Request) -> Response:
    """Delete the account (its password asked again): its personal data is erased, its orders stay
    with the shop as a "Deleted account"'s, and every browser signed in to it is signed out."""
    auth = await signed_in_shopper(request)
    form = await read_json(request, PasswordAgain)
    await check_password(request, auth, form.password, "password")
    unusable = await anyio.to_thread.run_sync(passwords.unusable_password_hash)
    await write(request, accounts.delete_account, auth.user.id, unusable)
    response = private({"message": "Your account has been deleted", "url": "/"})
    sessions.clear_session_cookie(response, request)
    return response


routes = [
    Route("/api/me", change_account, methods=["PATCH"]),
    Route("/api/me", delete_account, methods=["DELETE"]),
    Route("/api/me/verify/resend", resend_verification, methods=["POST"]),
    Route("/api/me/email/confirm", confirm_email, methods=["POST"]),
    Route("/api/me/sign-out-everywhere", sign_out_everywhere, methods=["POST"]),
]
