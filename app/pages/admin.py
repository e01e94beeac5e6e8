"""Back-office pages: rendered per request for a signed-in administrator, never cached.

Without an administrator session a page answers a redirect to /login (which comes back here
after sign-in); the client router's JSON requests get 401 JSON instead, and it then loads the
URL as a full page, which redirects.
"""
from __future__ import annotations

from typing import Callable
from urllib.parse import quote

from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from db.queries.admin import dashboard_cards, recent_purchases, stock_out_products

from ..auth import current_session, is_admin, session_summary
from ..services import services_of
from .render import Page, respond, wants_json

PropsLoader = Callable[[Session], dict]


def sign_in_first(request: Request) -> Response:
    if wants_json(request):
        return JSONResponse({"message": "Sign in as an administrator to continue"}, status_code=401,
                            headers={"Cache-Control": "no-store"})
    here = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    return RedirectResponse("/login?callbackUrl=" + quote(here, safe=""), status_code=302)


async def admin_page(request: Request, name: str, title: str, load: PropsLoader) -> Response:
    """The page `name` with the props `load` reads, plus the signed-in session."""
    signed_in = await current_session(request)
    if not is_admin(signed_in):
        return sign_in_first(request)
    services = services_of(request)
    props = await services.db.read(load)
    props["session"] = session_summary(signed_in, services.settings)
    return await respond(request, Page(name, props, meta={"title": f"{title} | Student Books Admin", "robots": "noindex"}))


def dashboard_props(session: Session) -> dict:
    return {
        "cards": dashboard_cards(session),
        "recentPurchases": recent_purchases(session),
        "stockOut": stock_out_products(session),
    }


async def dashboard(request: Request) -> Response:
    return await admin_page(request, "AdminDashboard", "Dashboard", dashboard_props)


routes = [Route("/admin", dashboard, methods=["GET", "HEAD"])]
