"""/api/admin/account: the signed-in account's own page, for owners and staff alike (and the one
place an account the shop requires to enrol may reach): who it is, and two-factor sign-in, set up
by scanning a QR code and confirming one code, or turned off with a current code."""

from __future__ import annotations

from typing import Literal

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from typing_extensions import TypedDict

from app.api.accounts.writes import writer
from app.api.admin_writes import run_read
from app.api.contract import ADMIN, ADMIN_WRITE, contract
from app.api.records import closed
from app.api.validation import read_json
from app.api.writes import write
from app.auth import sessions, two_factor
from db.admin.forms import Form, Text


class CodeForm(Form):
    # An authenticator's 6 digits, or a recovery code ("abcde-fghij").
    code: Text(1, 64)


@closed
class AccountRecord(TypedDict):
    name: str
    email: str
    role: Literal["owner", "staff"]
    twoFactor: bool
    recoveryCodesLeft: int
    twoFactorRequired: bool


@closed
class EnrolmentRecord(TypedDict):
    """The new secret, as text for typing in, as an otpauth:// URI, and as that URI's QR code (SVG)."""

    secret: str
    otpauthUri: str
    qrSvg: str


@closed
class RecoveryCodesRecord(TypedDict):
    """Ten one-time codes, shown this once."""

    recoveryCodes: list[str]


@contract(returns=AccountRecord, refusals=ADMIN)
async def read_account(request: Request) -> Response:
    """The signed-in account and its two-factor sign-in."""
    signed_in = await sessions.require_admin(request)
    return JSONResponse(await run_read(request, two_factor.account_record, signed_in.user_id))


@contract(returns=EnrolmentRecord, status=201, refusals=(*ADMIN, 409))
async def start_enrolment(request: Request) -> Response:
    """Start setting up two-factor sign-in: a new secret to scan (pending until one code confirms it)."""
    user_id = (await writer(request)).user_id
    return JSONResponse(await write(request, two_factor.start_enrolment, user_id), status_code=201)


@contract(body=CodeForm, returns=RecoveryCodesRecord, refusals=(*ADMIN_WRITE, 409))
async def confirm_enrolment(request: Request) -> Response:
    """Confirm the authenticator with one code: two-factor sign-in is on; answers the recovery codes."""
    user_id = (await writer(request)).user_id
    form = await read_json(request, CodeForm)
    codes = await write(request, two_factor.confirm_enrolment, user_id, form.code)
    return JSONResponse({"recoveryCodes": codes})


@contract(body=CodeForm, returns=AccountRecord, refusals=(*ADMIN_WRITE, 409))
async def turn_off(request: Request) -> Response:
    """Turn two-factor sign-in off, with a current code (or a recovery code)."""
    user_id = (await writer(request)).user_id
    form = await read_json(request, CodeForm)
    await write(request, two_factor.turn_off, user_id, form.code)
    return JSONResponse(await run_read(request, two_factor.account_record, user_id))


routes = [
    Route("/api/admin/account", read_account, methods=["GET"]),
    Route("/api/admin/account/two-factor", start_enrolment, methods=["POST"]),
    Route("/api/admin/account/two-factor/confirm", confirm_enrolment, methods=["POST"]),
    Route("/api/admin/account/two-factor/disable", turn_off, methods=["POST"]),
]
