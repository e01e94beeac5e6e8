"""A guest's order without an account: /orders/{orderNo}?key=… (the signed link the confirmation
mail carries, or /orders/lookup mails) shows the order page; a wrong or missing key is the 404 page.
/orders/lookup asks for an order number and an email and has the link mailed. Neither is cached
(an order is one shopper's): `Cache-Control: private, no-store`."""

from __future__ import annotations

from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.pages.errors import error_page
from app.pages.render import Page, respond
from app.services import services_of
from db.order_links import order_by_key
from db.queries.shopper_orders import order_record


def guest_order(session: Session, order_no: int, key: str | None) -> dict | None:
    order = order_by_key(session, order_no, key)
    return order_record(session, order) if order is not None else None


async def order_by_link(request: Request) -> Response:
    order_no = request.path_params["orderNo"]
    order = await services_of(request).db.read(guest_order, order_no, request.query_params.get("key"))
    if order is None:
        return await error_page(request, 404)
    meta = {"title": f"Order #{order_no} | Student Books", "robots": "noindex"}
    # The link's key (already in the address) pays the order with another card from its page.
    props = {"order": order, "orderKey": request.query_params["key"]}
    return await respond(request, Page("GuestOrder", props, meta=meta))


async def lookup(request: Request) -> Response:
    meta = {
        "title": "Find your order | Student Books",
        "description": "Have the link to your Student Books order mailed to you again.",
    }
    return await respond(request, Page("OrderLookup", {}, meta=meta))


routes = [
    Route("/orders/lookup", lookup, methods=["GET", "HEAD"], name="OrderLookup"),
    Route("/orders/{orderNo:int}", order_by_link, methods=["GET", "HEAD"], name="GuestOrder"),
]
