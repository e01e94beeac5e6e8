"""The shopper's orders: /account/orders (paged, newest first) and /account/orders/{orderNo} (one
order with its timeline and "Buy again"); the order of another shopper is the 404 page. Like every
account page, rendered per request and never cached."""

from __future__ import annotations

from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.auth.roles import CUSTOMER
from app.auth.sessions import current_session
from app.pages.account.shell import shopper_route, sign_in_first
from app.pages.errors import error_page
from app.pages.render import Page, respond
from app.services import services_of
from db.accounts import account_record
from db.admin import NotFound
from db.queries.shopper_orders import account_order, account_orders, order_record

PER_PAGE = 10


def page_number(query: dict) -> int:
    given = query.get("page", "1")
    return min(int(given), 100_000) if given.isdigit() and int(given) > 0 else 1


def orders_page(session: Session, user_id: int, path: dict, query: dict) -> dict:
    page = page_number(query)
    orders, total = account_orders(session, user_id, page, PER_PAGE)
    return {"orders": orders, "total": total, "page": page, "perPage": PER_PAGE}


def order_page(session: Session, user_id: int, order_no: int) -> dict | None:
    try:
        return order_record(session, account_order(session, user_id, order_no))
    except NotFound:
        return None


async def one_order(request: Request) -> Response:
    signed_in = await current_session(request)
    if signed_in is None or signed_in.user.role != CUSTOMER:
        return sign_in_first(request, "AccountOrder")
    order_no = request.path_params["orderNo"]
    order = await services_of(request).db.read(order_page, signed_in.user.id, order_no)
    if order is None:
        return await error_page(request, 404)
    props = {"order": order, "me": account_record(signed_in.user)}
    meta = {"title": f"Order #{order_no} | Student Books", "robots": "noindex"}
    return await respond(request, Page("AccountOrder", props, meta=meta))


routes = [
    shopper_route("/account/orders", "AccountOrders", "Your orders", orders_page),
    Route("/account/orders/{orderNo:int}", one_order, methods=["GET", "HEAD"], name="AccountOrder"),
]
