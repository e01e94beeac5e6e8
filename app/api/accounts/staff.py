"""/api/admin/staff: the owner's staff accounts (invite by email, disable, enable, a new invite
link) and /api/admin/settings, the shop's settings (whether every account must sign in with a
second factor). Both are the owner's alone: app/auth/roles.py refuses staff with 403 before any of
this runs. POST /api/staff/invite/{token} is the invited person's: it sets the password the
link was for and signs in (a plain form without JavaScript, or JSON).

An invite's link is mailed to the invited person (through the outbox, app/mail/) and answered to
the owner too, who may pass it on by hand where no mail server is configured. Only the link's hash
is stored, so the list cannot show it again; a new link (which ends the old one) can.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import anyio
from pydantic import ValidationError, field_validator, model_validator
from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route
from typing_extensions import TypedDict

from app.api.accounts.sign_in import FORM_REFUSALS, SignInRecord, client_ip, signed_in
from app.api.accounts.writes import writer
from app.api.admin_writes import run_read
from app.api.contract import ADMIN, ADMIN_WRITE, contract
from app.api.form_fields import FORM, FormFields, read_fields, validated
from app.api.records import Timestamp, closed
from app.api.validation import field_errors, read_json
from app.api.writes import write
from app.auth import passwords, sessions, sign_in
from app.http.errors import ApiError
from app.services import services_of
from db.admin.shop_settings import ShopSettingsChanges, change_shop_settings, shop_settings
from db.admin.staff import (
    InviteRefused,
    StaffChanges,
    StaffInviteForm,
    change_staff,
    invite_staff,
    renew_invite,
    staff_list,
)
from db.events import occurred

INVITE_PAGE = "/staff/invite/"
MIN_PASSWORD, MAX_PASSWORD = 10, 256


@closed
class StaffRecord(TypedDict):
    id: int
    email: str
    name: str
    role: Literal["owner", "staff"]
    status: Literal["active", "invited", "disabled"]
    twoFactor: bool
    lastSignInAt: Timestamp | None
    createdAt: Timestamp
    inviteExpiresAt: Timestamp | None


@closed
class InviteRecord(TypedDict):
    """The account and its link, which was mailed to them (`mailed`: a mail server is configured,
    else the mail waits in the outbox and the owner passes the link on)."""

    staff: StaffRecord
    inviteUrl: str
    invitePath: str
    mailed: bool


@closed
class ShopSettingsRecord(TypedDict):
    requireTwoFactor: bool


class AcceptInvite(FormFields):
    password: str
    # The password typed again; a script that checked it already may leave it out.
    confirm: str | None = None

    @field_validator("password")
    @classmethod
    def long_enough(cls, value: str) -> str:
        if not MIN_PASSWORD <= len(value) <= MAX_PASSWORD:
            raise ValueError(f"Choose a password of {MIN_PASSWORD} to {MAX_PASSWORD} characters")
        return value

    @model_validator(mode="after")
    def typed_twice_alike(self) -> AcceptInvite:
        if self.confirm is not None and self.confirm != self.password:
            raise ValueError("The two passwords differ; type the same password twice")
        return self


def new_link() -> tuple[str, str]:
    """A new invite token's hash (to store) and the link's path (to show, once)."""
    token = sessions.new_token()
    return sessions.token_hash(token), INVITE_PAGE + token


def mailed(write: Callable, path: str) -> Callable:
    """`write` (an invite or its renewal), then the event that mails the link to the invited person
    in the same transaction: only this request holds the link's token."""

    def run(session: Session, actor: str, *args: Any) -> dict:
        record = write(session, actor, *args)
        occurred(session, "staff_invited", user_id=record["id"], path=path, invited_by=actor)
        return record

    return run


def invite_answer(request: Request, record: dict, path: str) -> JSONResponse:
    # The address the owner reached the shop at: the link works from where they work.
    url = str(request.base_url).rstrip("/") + path
    mailed = services_of(request).mail.delivering
    return JSONResponse({"staff": record, "inviteUrl": url, "invitePath": path, "mailed": mailed}, status_code=201)


# --- staff --------------------------------------------------------------------------------------------


@contract(returns=list[StaffRecord], refusals=ADMIN)
async def list_staff(request: Request) -> Response:
    """Every back-office account: role, status, two-factor sign-in, last sign-in."""
    await sessions.require_admin(request)
    return JSONResponse(await run_read(request, staff_list))


@contract(body=StaffInviteForm, returns=InviteRecord, status=201, refusals=(*ADMIN_WRITE, 409))
async def invite(request: Request) -> Response:
    """Invite a member of staff by email: an account and a one-time link, valid 48 hours, that sets its password."""
    actor = await writer(request)
    form = await read_json(request, StaffInviteForm)
    token_hash, path = new_link()
    # Hashed off the event loop (argon2 takes a while by design).
    unusable = await anyio.to_thread.run_sync(passwords.unusable_password_hash)
    record = await write(request, mailed(invite_staff, path), actor.user.email, form, token_hash, unusable)
    return invite_answer(request, record, path)


@contract(returns=InviteRecord, status=201, refusals=(*ADMIN, 404, 409))
async def renew(request: Request) -> Response:
    """A new invite link for an account still waiting for its password (the old link stops working)."""
    actor = await writer(request)
    token_hash, path = new_link()
    record = await write(request, mailed(renew_invite, path), actor.user.email, request.path_params["id"], token_hash)
    return invite_answer(request, record, path)


@contract(body=StaffChanges, returns=StaffRecord, refusals=(*ADMIN_WRITE, 404, 409))
async def change(request: Request) -> Response:
    """Disable an account (its sessions end at once) or enable it again."""
    actor = await writer(request)
    changes = await read_json(request, StaffChanges)
    return JSONResponse(await write(request, change_staff, actor.user, request.path_params["id"], changes))


# --- the shop's settings --------------------------------------------------------------------------------


@contract(returns=ShopSettingsRecord, refusals=ADMIN)
async def read_settings(request: Request) -> Response:
    """The shop's settings."""
    await sessions.require_admin(request)
    return JSONResponse(await run_read(request, shop_settings))


@contract(body=ShopSettingsChanges, returns=ShopSettingsRecord, refusals=(*ADMIN_WRITE, 409))
async def change_settings(request: Request) -> Response:
    """Require two-factor sign-in for every account (or no longer)."""
    actor = await writer(request)
    changes = await read_json(request, ShopSettingsChanges)
    return JSONResponse(await write(request, change_shop_settings, actor.user, changes))


# --- the invited person ------------------------------------------------------------------------------


def back_to_invite(token: str, error: str) -> Response:
    """A form posted without JavaScript goes back to the invite page, which says what was wrong."""
    return RedirectResponse(f"{INVITE_PAGE}{token}?error={error}", status_code=302)


@contract(body=AcceptInvite, body_media=FORM, returns=SignInRecord, refusals=(*FORM_REFUSALS, 403, 404, 410))
async def accept(request: Request) -> Response:
    """Set the password of an invited account (a one-time link) and sign in."""
    services = services_of(request)
    token = request.path_params["token"]
    fields = await read_fields(request)
    basics = validated(FormFields, fields)
    if not await sessions.csrf_matches(request, basics.csrfToken):
        raise ApiError(403, "The form is out of date; reload the page and try again")
    try:
        form = AcceptInvite.model_validate(fields)
    except ValidationError as error:
        if basics.wants_json:
            raise ApiError(422, "Please correct the highlighted fields", field_errors(error)) from None
        return back_to_invite(token, "password")
    try:
        outcome = await services.db.write(
            sign_in.invited,
            sessions.token_hash(token),
            form.password,
            services.settings,
            request.cookies.get(sessions.SESSION_COOKIE),
            client_ip(request),
        )
    except InviteRefused as refused:
        if basics.wants_json:
            raise ApiError(404 if refused.problem == "unknown" else 410, refused.message) from None
        return back_to_invite(token, refused.problem)
    return signed_in(request, form, outcome, "/admin")


routes = [
    Route("/api/admin/staff", list_staff, methods=["GET"]),
    Route("/api/admin/staff", invite, methods=["POST"]),
    Route("/api/admin/staff/{id:int}", change, methods=["PATCH"]),
    Route("/api/admin/staff/{id:int}/invite", renew, methods=["POST"]),
    Route("/api/admin/settings", read_settings, methods=["GET"]),
    Route("/api/admin/settings", change_settings, methods=["PATCH"]),
    Route("/api/staff/invite/{token}", accept, methods=["POST"]),
]
