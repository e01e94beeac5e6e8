"""Back-office pages: rendered per request for a signed-in administrator, never cached.

Without an administrator session a page answers a redirect to /login (which comes back here
after sign-in). The client router's JSON requests get a 401 that is still a page document: the
same page with `session: null`, so the page's guard (components/admin/RequireLogin.jsx) re-reads
the session, showing "Loading...", and then puts the sign-in form in place, without a redirect
(SPEC §4: a timed-out session signs out without redirecting).

Signed in, an account may still be refused a page by its role (app/auth/roles.py): a 403 page in the
back-office shell says why. An account the shop requires to enrol in two-factor sign-in is sent
to its account page instead.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from urllib.parse import quote

from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from app.auth.roles import SELLER, account_page, enrol_first
from app.auth.sessions import (
    AuthSession,
    access_refusal,
    current_session,
    is_admin,
    outsider_refusal,
    session_summary,
)
from app.http.negotiation import wants_json
from app.pages.errors import error_page
from app.pages.render import Page, page_document, respond
from app.services import services_of
from db.admin import NotFound
from db.outbox import failed_count
from db.queries.admin import dashboard_cards, recent_purchases, stock_out_products
from db.queries.admin_lists import AdminList, page_of, parse_query
from db.queries.dashboard import sales_series

PropsLoader = Callable[[Session], dict]


SIGN_IN_FIRST = "Sign in as an administrator to continue"


def sign_in_first(request: Request, name: str | None = None) -> Response:
    """A redirect to /login for a browser; 401 JSON for the client router (with the page `name`
    and no session, when given, so the router renders the page and its guard takes over)."""
    if wants_json(request):
        body = {"message": SIGN_IN_FIRST}
        if name:
            body.update(page_document(services_of(request), request, Page(name, {"session": None})))
        return JSONResponse(body, status_code=401, headers={"Cache-Control": "no-store"})
    here = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    return RedirectResponse("/login?callbackUrl=" + quote(here, safe=""), status_code=302)


async def refused_page(request: Request, signed_in: AuthSession, message: str) -> Response:
    role = signed_in.user.role
    if message == enrol_first(role):
        return RedirectResponse(account_page(role), status_code=302)
    props = {"session": session_summary(signed_in, services_of(request).settings), "message": message}
    return await respond(
        request,
        Page(
            "AdminForbidden",
            props,
            status=403,
            meta={"robots": "noindex"},
        ),
    )


async def admin_page(request: Request, name: str, title: str, load: PropsLoader) -> Response:
    """The page `name` with the props `load` reads, plus the signed-in session."""
    signed_in = await current_session(request)
    # A seller is refused with a reason rather than sent to sign in again (a shopper's session is
    # the storefront's: the back office's sign-in stands in front of it as before).
    if signed_in is not None and signed_in.user.role == SELLER:
        return await refused_page(request, signed_in, outsider_refusal(signed_in))
    if not is_admin(signed_in):
        return sign_in_first(request, name)
    if refused := access_refusal(signed_in, request.url.path):
        return await refused_page(request, signed_in, refused)
    services = services_of(request)
    props = await services.db.read(load)
    props["session"] = session_summary(signed_in, services.settings)
    # The back office keeps SPEC §1's title on every page (app/rendering/document.py).
    return await respond(request, Page(name, props, meta={"robots": "noindex"}))


PER_PAGE = 25


def list_props(session: Session, spec: AdminList, params: Mapping[str, str]) -> dict:
    """One page of the list as the URL asks for it, and the parameters it was read with."""
    query = parse_query(spec, params, lenient=True, default_per_page=PER_PAGE)
    rows, total = page_of(session, spec, query)
    return {"rows": rows, "total": total, "params": query.params()}


def page(name: str, title: str, load: Callable[..., dict], by: str = "query") -> Callable:
    """An endpoint for the admin page `name`, its props read by `load(session, arg)` where arg is
    the URL's query (by="query") or the path's id (by="id"); an id that names nothing answers 404."""

    async def endpoint(request: Request) -> Response:
        arg = dict(request.query_params) if by == "query" else request.path_params.get("id")
        try:
            return await admin_page(request, name, title, lambda session: load(session, arg))
        except NotFound:
            return await error_page(request, 404)

    return endpoint


OUTBOX_PAGE = "/admin/outbox"


def dashboard_props(session: Session, sees_outbox: bool = False) -> dict:
    """The figures, and for an account that may open the outbox, how many messages failed."""
    props = {
        "cards": dashboard_cards(session),
        "recentPurchases": recent_purchases(session),
        "stockOut": stock_out_products(session),
        "salesSeries": sales_series(session),
    }
    if sees_outbox:
        props["failedMessages"] = failed_count(session)
    return props


async def dashboard(request: Request) -> Response:
    signed_in = await current_session(request)
    # The outbox is the owner's (app/auth/roles.py): only who may open it is told of its failures.
    sees_outbox = is_admin(signed_in) and access_refusal(signed_in, OUTBOX_PAGE) is None
    return await admin_page(
        request, "AdminDashboard", "Dashboard", lambda session: dashboard_props(session, sees_outbox)
    )


routes = [Route("/admin", dashboard, methods=["GET", "HEAD"])]
