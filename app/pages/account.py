"""The sign-in page, /login.

Rendered per request (never cached): it carries a fresh pre-sign-in CSRF token, so the form also
works as a plain HTML form without JavaScript.
"""
from __future__ import annotations

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from ..auth import anonymous_csrf, current_session, safe_callback, set_csrf_cookie
from ..services import services_of
from .render import Page, respond

# Error codes the sign-in endpoint sends back to this page when the form was posted without JavaScript.
SIGN_IN_ERRORS = ("CredentialsSignin", "TooManyAttempts", "SessionTimedOut")


def login_page(callback: str, csrf_token: str, error: str | None) -> Page:
    props = {"callbackUrl": callback, "csrfToken": csrf_token}
    if error in SIGN_IN_ERRORS:
        props["error"] = error
    return Page("Login", props, meta={"title": "Sign in | Student Books", "robots": "noindex"})


async def login(request: Request) -> Response:
    callback = safe_callback(request.query_params.get("callbackUrl"))
    if await current_session(request) is not None:
        return RedirectResponse(callback, status_code=302)
    token = anonymous_csrf(request)
    response = await respond(request, login_page(callback, token, request.query_params.get("error")))
    set_csrf_cookie(response, services_of(request).settings, token)
    return response


routes = [Route("/login", login, methods=["GET", "HEAD"])]
