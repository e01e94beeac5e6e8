"""Pages before sign-in: /login (with its second step, the authenticator code) and
/staff/invite/{token}, where an invited member of staff sets their password.

Rendered per request (never cached): each carries a fresh pre-sign-in CSRF token, so its form
also works as a plain HTML form without JavaScript.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from app.auth.roles import SELLER, landing
from app.auth.sessions import (
    CHALLENGE_COOKIE,
    anonymous_csrf,
    current_session,
    is_admin,
    safe_callback,
    set_csrf_cookie,
    token_hash,
)
from app.pages.render import Page, respond
from app.services import services_of
from db.admin.staff import invite_view

# Error codes the sign-in endpoints send back to this page when a form was posted without JavaScript.
SIGN_IN_ERRORS = (
    "CredentialsSignin",
    "SellerSuspended",
    "TooManyAttempts",
    "SessionTimedOut",
    "CodeSignin",
    "ChallengeExpired",
    "AccountDisabled",
)
# Why an invite link cannot set a password: its page answers with this status.
INVITE_STATUS = {"unknown": 404, "used": 410, "expired": 410, "disabled": 410}


def login_page(callback: str, csrf_token: str, error: str | None, step: str | None = None) -> Page:
    props = {"callbackUrl": callback, "csrfToken": csrf_token}
    if error in SIGN_IN_ERRORS:
        props["error"] = error
    if step:
        props["step"] = step
    return Page("Login", props, meta={"robots": "noindex"})


async def with_csrf(request: Request, page: Page, token: str) -> Response:
    response = await respond(request, page)
    set_csrf_cookie(response, request, token)
    return response


async def login(request: Request) -> Response:
    callback = safe_callback(request.query_params.get("callbackUrl"))
    signed_in = await current_session(request)
    # A shopper signed in still sees the form; a seller goes to the portal.
    if is_admin(signed_in) or (signed_in is not None and signed_in.user.role == SELLER):
        return RedirectResponse(landing(signed_in.user.role, callback), status_code=302)
    error = request.query_params.get("error")
    step = None
    if request.query_params.get("step") == "code":
        # The code step needs the pending sign-in its cookie holds; after five minutes it is gone.
        if request.cookies.get(CHALLENGE_COOKIE):
            step = "code"
        else:
            error = "ChallengeExpired"
    token = anonymous_csrf(request)
    return await with_csrf(request, login_page(callback, token, error, step), token)


async def staff_invite(request: Request) -> Response:
    token = request.path_params["token"]
    props = await services_of(request).db.read(invite_view, token_hash(token))
    status = INVITE_STATUS.get(props.get("problem"), 200)
    if status == 200:
        if request.query_params.get("error") == "password":
            props["error"] = "password"
        props["token"] = token
    csrf = anonymous_csrf(request)
    props["csrfToken"] = csrf
    page = Page("StaffInvite", props, status=status, meta={"robots": "noindex"})
    return await with_csrf(request, page, csrf)


routes = [
    Route("/login", login, methods=["GET", "HEAD"]),
    Route("/staff/invite/{token}", staff_invite, methods=["GET", "HEAD"]),
]
