"""The account's pages a visitor opens before signing in: /account/sign-in, /account/sign-up,
/account/reset (ask for a reset link; with ?token= choose the new password), /account/verify and
/account/verify-email-change (?token=, the mailed links).

They hold nothing of the visitor: the forms fetch their CSRF token from /api/auth/csrf and read a
link's token from the address bar, so sign-in, sign-up and the reset request are cached like
storefront pages. A page opened from a mailed link is answered per request and never kept
(`private, no-store`): a cache holding every link's URL would keep each one-time token."""

from __future__ import annotations

from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.routing import Route

from app.auth.sessions import safe_callback
from app.pages.render import Page, page_route

DEFAULT_NEXT = "/account"


def _page(name: str, title: str, description: str, props: dict, canonical: str | None = None) -> Page:
    meta = {"title": f"{title} | Student Books", "description": description, "robots": "noindex"}
    if canonical:
        meta["canonical"] = canonical
    return Page(name, props, meta=meta)


def sign_in(session: Session, path: dict, query: dict) -> Page:
    return _page(
        "AccountSignIn",
        "Sign in",
        "Sign in to your Student Books account: your orders, addresses and wishlist.",
        {"next": safe_callback(query.get("next"), DEFAULT_NEXT)},
        "/account/sign-in",
    )


def sign_up(session: Session, path: dict, query: dict) -> Page:
    return _page(
        "AccountSignUp",
        "Create your account",
        "Open a Student Books account: follow your orders, save addresses and keep a wishlist.",
        {"next": safe_callback(query.get("next"), DEFAULT_NEXT)},
        "/account/sign-up",
    )


def reset(session: Session, path: dict, query: dict) -> Page:
    # The token itself stays in the address bar: the page reads it there.
    step = "choose" if query.get("token") else "ask"
    return _page(
        "AccountReset", "Reset your password", "Reset the password of your Student Books account.", {"step": step}
    )


def verify(session: Session, path: dict, query: dict) -> Page:
    return _page("AccountVerify", "Confirm your email", "Confirm the email of your Student Books account.", {})


def verify_email_change(session: Session, path: dict, query: dict) -> Page:
    return _page(
        "AccountVerify",
        "Confirm your new email",
        "Confirm the new email of your Student Books account.",
        {"purpose": "email_change"},
    )


def token_or_cached(path: str, loader) -> Route:
    """The page cached, except when its URL carries a link's token: then per request, never kept."""
    cached, per_request = page_route(path, loader).endpoint, page_route(path, loader, cached=False).endpoint

    async def endpoint(request: Request):
        return await (per_request if "token" in request.query_params else cached)(request)

    endpoint.shows = cached.shows
    return Route(path, endpoint, methods=["GET", "HEAD"])


routes = [
    page_route("/account/sign-in", sign_in),
    page_route("/account/sign-up", sign_up),
    token_or_cached("/account/reset", reset),
    page_route("/account/verify", verify, cached=False),
    page_route("/account/verify-email-change", verify_email_change, cached=False),
]
