"""The seller portal's pages: like the back office's (app/pages/admin/shell.py), rendered per
request with the signed-in session, never cached; but for a seller's account only. Signed out, a
page sends to /login (which brings a seller back here); any other account gets a 403 page that says
why; a seller who must first enrol in two-factor sign-in is sent to /seller/account. Every page's props are read within the seller's own id."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.auth.roles import SELLER, SELLERS_ONLY
from app.auth.sessions import access_refusal, current_session, session_summary
from app.pages.admin.shell import PER_PAGE, refused_page, sign_in_first
from app.pages.render import Page, respond
from app.services import services_of
from db.queries.admin_lists import AdminList, ListQuery, page_of, parse_query

# (session, seller_id, the URL's query) -> props
PropsLoader = Callable[[Session, int, Mapping[str, str]], dict]


def seller_list_props(session: Session, spec: AdminList, params: Mapping[str, str], read: Callable = page_of) -> dict:
    """One page of the seller's list as the URL asks for it (unusable parameters left out)."""
    query: ListQuery = parse_query(spec, params, lenient=True, default_per_page=PER_PAGE)
    rows, total = read(session, spec, query)
    return {"rows": rows, "total": total, "params": query.params()}


def page(name: str, load: PropsLoader) -> Callable:
    async def endpoint(request: Request) -> Response:
        signed_in = await current_session(request)
        if signed_in is None:
            return sign_in_first(request, name)
        if signed_in.user.role != SELLER or signed_in.user.seller_id is None:
            return await refused_page(request, signed_in, SELLERS_ONLY)
        # A seller the shop waits for to enrol in two-factor sign-in goes to their account page.
        if refused := access_refusal(signed_in, request.url.path):
            return await refused_page(request, signed_in, refused)
        services = services_of(request)
        seller_id, params = signed_in.user.seller_id, dict(request.query_params)
        props = await services.db.read(lambda session: load(session, seller_id, params))
        props["session"] = session_summary(signed_in, services.settings)
        return await respond(request, Page(name, props, meta={"robots": "noindex"}))

    return endpoint


def route(path: str, name: str, load: PropsLoader) -> Route:
    return Route(path, page(name, load), methods=["GET", "HEAD"])
