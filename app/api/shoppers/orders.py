"""A signed-in shopper's orders: GET /api/me/orders (newest first, paged, the total in
X-Total-Count), GET /api/me/orders/{orderNo} (one order with its timeline), and
POST /api/me/orders/{orderNo}/buy-again (what of it the shop still sells, for the browser's cart).
Another shopper's order is a 404, like one that does not exist."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from app.api.contract import contract
from app.api.lists import TOTAL
from app.api.shoppers.me import private
from app.api.shoppers.records import AccountOrder, AccountOrderRow, BuyAgain
from app.api.validation import read_query
from app.api.writes import refusal
from app.auth import sessions
from app.services import services_of
from db.admin import NotFound
from db.queries.shopper_orders import account_order, account_orders, buy_again, order_record

SHOPPER = (401, 403)


class OrderListParams(BaseModel):
    model_config = ConfigDict(extra="ignore")
    page: Annotated[int, Field(ge=1, le=1_000_000, description="Which page, from 1 (with per_page)")] = 1
    per_page: Annotated[int | None, Field(ge=1, le=100, description="Orders per page; all when left out")] = None


async def read_own(request: Request, fn, *args):
    try:
        return await services_of(request).db.read(fn, *args)
    except NotFound as error:
        raise refusal(error) from error


def _one_order(session: Session, user_id: int, order_no: int) -> dict:
    return order_record(session, account_order(session, user_id, order_no))


def _buy_again(session: Session, user_id: int, order_no: int) -> dict:
    return buy_again(session, account_order(session, user_id, order_no))


@contract(query=OrderListParams, returns=list[AccountOrderRow], headers=(TOTAL,), refusals=(*SHOPPER, 422))
async def list_orders(request: Request) -> Response:
    """The signed-in shopper's orders, newest first: those placed signed in, and the guest orders of
    the email the account verified."""
    auth = await sessions.require_shopper(request)
    params = read_query(request, OrderListParams)
    records, total = await services_of(request).db.read(account_orders, auth.user.id, params.page, params.per_page)
    return JSONResponse(records, headers={TOTAL: str(total), "Cache-Control": "private, no-store"})


@contract(returns=AccountOrder, refusals=(*SHOPPER, 404))
async def one_order(request: Request) -> Response:
    """One of the shopper's orders: lines, totals, payment, addresses and its status timeline."""
    auth = await sessions.require_shopper(request)
    return private(await read_own(request, _one_order, auth.user.id, request.path_params["orderNo"]))


@contract(returns=BuyAgain, refusals=(*SHOPPER, 404))
async def buy_order_again(request: Request) -> Response:
    """The order's lines the shop still sells (quantities cut to the stock), and those left out."""
    auth = await sessions.require_shopper(request)
    await sessions.require_csrf(request)
    return private(await read_own(request, _buy_again, auth.user.id, request.path_params["orderNo"]))


routes = [
    Route("/api/me/orders", list_orders, methods=["GET"]),
    Route("/api/me/orders/{orderNo:int}", one_order, methods=["GET"]),
    Route("/api/me/orders/{orderNo:int}/buy-again", buy_order_again, methods=["POST"]),
]
