"""Sellers' portal accounts. The owner's (app/auth/roles.py refuses staff with 403):
POST /api/sellers/{id}/invite answers the one-time link (valid 48 hours) that lets the seller
choose a password, for an account with the seller record's email; /suspend and /reinstate hide
and show the seller's offers and end their sessions. The seller's: POST /api/seller/invite/{token},
signed out, with the CSRF token of GET /api/auth/csrf, sets the password (the staff invites'
rules) and signs in.

The link is answered to the owner only (no mail): the owner passes it on, as the sellers list's
copy field invites them to."""

from __future__ import annotations

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from app.api.accounts.sign_in import client_ip
from app.api.accounts.staff import AcceptInvite
from app.api.admin_writes import run_write, writer
from app.api.contract import ADMIN, JSON_BODY, contract
from app.api.sellers.records import InviteAccepted, InviteLink, PortalChange
from app.api.validation import read_json
from app.api.writes import write
from app.auth import passwords, sessions, sign_in
from app.auth.roles import SELLER_HOME
from app.http.errors import ApiError
from app.services import services_of
from db.admin.staff import InviteRefused
from db.seller_accounts import accept_seller_invite, invite_seller, reinstate_seller, suspend_seller

INVITE_PAGE = "/seller/invite/"


@contract(returns=InviteLink, status=201, refusals=(*ADMIN, 404, 409))
async def invite(request: Request) -> Response:
    """Invite the seller to the seller portal: their account and a one-time link, valid 48 hours."""
    actor = await writer(request)
    token = sessions.new_token()
    # Hashed off the event loop (argon2 takes a while by design).
    unusable = await anyio.to_thread.run_sync(passwords.unusable_password_hash)
    made = await write(
        request, invite_seller, actor.user.email, request.path_params["id"], sessions.token_hash(token), unusable
    )
    link = str(request.base_url).rstrip("/") + INVITE_PAGE + token
    return JSONResponse({"link": link, "expiresAt": made["expiresAt"]}, status_code=201)


def portal_write(fn, doc: str):
    @contract(returns=PortalChange, refusals=(*ADMIN, 404, 409))
    async def endpoint(request: Request) -> Response:
        actor = await writer(request)
        # The seller's offers leave (or come back to) the storefront's pages: a catalogue write.
        return JSONResponse(await run_write(request, fn, actor.user.email, request.path_params["id"]))

    endpoint.__doc__ = doc
    return endpoint


suspend = portal_write(
    suspend_seller, "Suspend a seller: their offers are hidden at once, their sessions end, they cannot sign in"
)
reinstate = portal_write(reinstate_seller, "Reinstate a suspended seller: their offers are sold again")


@contract(body=AcceptInvite, returns=InviteAccepted, refusals=(403, *JSON_BODY, 404, 410))
async def accept(request: Request) -> Response:
    """Set the password of an invited seller's account (a one-time link) and sign in."""
    await sessions.require_csrf_any(request)
    form = await read_json(request, AcceptInvite)
    services = services_of(request)
    try:
        outcome = await services.db.write(
            sign_in.invited,
            sessions.token_hash(request.path_params["token"]),
            form.password,
            services.settings,
            request.cookies.get(sessions.SESSION_COOKIE),
            client_ip(request),
            accept_seller_invite,
        )
    except InviteRefused as refused:
        raise ApiError(404 if refused.problem == "unknown" else 410, refused.message) from None
    response = JSONResponse({"url": SELLER_HOME}, headers={"Cache-Control": "no-store"})
    sessions.set_session_cookie(response, request, outcome.token)
    sessions.clear_csrf_cookie(response, request)
    return response


routes = [
    Route("/api/sellers/{id:int}/invite", invite, methods=["POST"]),
    Route("/api/sellers/{id:int}/suspend", suspend, methods=["POST"]),
    Route("/api/sellers/{id:int}/reinstate", reinstate, methods=["POST"]),
    Route("/api/seller/invite/{token}", accept, methods=["POST"]),
]
