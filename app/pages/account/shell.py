"""The pages of a signed-in shopper: rendered per request and never cached (`Cache-Control:
private, no-store`), with `me` (name, email, verified) in the props. Without a shopper's session a
page answers a redirect to /account/sign-in, which comes back here after sign-in (`next`); the
client router's JSON requests get a 401 with the same page and `me: null`."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import quote

from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from app.auth.roles import CUSTOMER
from app.auth.sessions import current_session
from app.http.negotiation import wants_json
from app.pages.render import Page, page_document, respond
from app.services import services_of
from db.accounts import account_record

SIGN_IN_PAGE = "/account/sign-in"
# Reads a page's props for the signed-in shopper: (session, their user id, path params, query).
ShopperLoader = Callable[[Session, int, dict, dict], dict]


def sign_in_first(request: Request, name: str) -> Response:
    here = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    if wants_json(request):
        body = {"message": "Sign in to your account to continue"}
        body.update(page_document(services_of(request), request, Page(name, {"me": None})))
        return JSONResponse(body, status_code=401, headers={"Cache-Control": "private, no-store"})
    return RedirectResponse(f"{SIGN_IN_PAGE}?next={quote(here, safe='')}", status_code=302)


async def shopper_page(request: Request, name: str, title: str, load: ShopperLoader | None = None) -> Response:
    """The page `name` for the signed-in shopper, with the props `load` reads plus `me`."""
    signed_in = await current_session(request)
    if signed_in is None or signed_in.user.role != CUSTOMER:
        return sign_in_first(request, name)
    props = {}
    if load is not None:
        props = await services_of(request).db.read(
            load, signed_in.user.id, dict(request.path_params), dict(request.query_params)
        )
    props["me"] = account_record(signed_in.user)
    return await respond(request, Page(name, props, meta={"title": f"{title} | Student Books", "robots": "noindex"}))


def shopper_route(path: str, name: str, title: str, load: ShopperLoader | None = None) -> Route:
    async def endpoint(request: Request) -> Response:
        return await shopper_page(request, name, title, load)

    return Route(path, endpoint, name=name)
