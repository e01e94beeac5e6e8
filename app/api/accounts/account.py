"""/api/admin/account: the signed-in account's own page, for owners and staff alike (and the one
place an account the shop requires to enrol may reach): who it is, and two-factor sign-in, set up
by scanning a QR code and confirming one code, or turned off with a current code.

The same endpoints serve a seller's account at /api/seller/account (app/api/sellers/account.py):
`account_routes` mounts them under a prefix behind that area's guard; what they do is the
account's, whatever its role."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Literal

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from typing_extensions import TypedDict

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
    role: Literal["owner", "staff", "seller"]
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


# The area's guard: the signed-in account allowed this path (401/403 otherwise).
Guard = Callable[[Request], Awaitable[sessions.AuthSession]]


def account_routes(prefix: str, guard: Guard) -> list[Route]:
    """The account page's API under `prefix`, each request let in by `guard` (writes with the
    session's CSRF token too)."""

    async def writer(request: Request) -> int:
        signed_in = await guard(request)
        await sessions.require_csrf(request)
        return signed_in.user_id

    @contract(returns=AccountRecord, refusals=ADMIN)
    async def read_account(request: Request) -> Response:
        """The signed-in account and its two-factor sign-in."""
        signed_in = await guard(request)
        return JSONResponse(await run_read(request, two_factor.account_record, signed_in.user_id))

    @contract(returns=EnrolmentRecord, status=201, refusals=(*ADMIN, 409))
    async def start_enrolment(request: Request) -> Response:
        """Start setting up two-factor sign-in: a new secret to scan (pending until one code confirms it)."""
        user_id = await writer(request)
        return JSONResponse(await write(request, two_factor.start_enrolment, user_id), status_code=201)

    @contract(body=CodeForm, returns=RecoveryCodesRecord, refusals=(*ADMIN_WRITE, 409))
    async def confirm_enrolment(request: Request) -> Response:
        """Confirm the authenticator with one code: two-factor sign-in is on; answers the recovery codes."""
        user_id = await writer(request)
        form = await read_json(request, CodeForm)
        codes = await write(request, two_factor.confirm_enrolment, user_id, form.code)
        return JSONResponse({"recoveryCodes": codes})

    @contract(body=CodeForm, returns=AccountRecord, refusals=(*ADMIN_WRITE, 409))
    async def turn_off(request: Request) -> Response:
        """Turn two-factor sign-in off, with a current code (or a recovery code)."""
        user_id = await writer(request)
        form = await read_json(request, CodeForm)
        await write(request, two_factor.turn_off, user_id, form.code)
        return JSONResponse(await run_read(request, two_factor.account_record, user_id))

    return [
        Route(prefix, read_account, methods=["GET"]),
        Route(f"{prefix}/two-factor", start_enrolment, methods=["POST"]),
        Route(f"{prefix}/two-factor/confirm", confirm_enrolment, methods=["POST"]),
        Route(f"{prefix}/two-factor/disable", turn_off, methods=["POST"]),
    ]


routes = account_routes("/api/admin/account", sessions.require_admin)
