"""/api/seller/dashboard, earnings, payouts and payout-requests: the signed-in seller's own figures,
ledger rows and payouts, and asking for a payout (decided in the back office)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from app.api.admin_writes import run_read
from app.api.contract import contract
from app.api.sales.records import EarningRow, PayoutRequestRow, PayoutRow
from app.api.sellers.guard import SELLER, SELLER_WRITE, seller, seller_writer
from app.api.sellers.lists import seller_list_route
from app.api.sellers.records import SellerDashboard
from app.api.validation import read_json
from app.api.writes import write
from db.seller_portal.money import (
    PayoutAsk,
    ask_for_payout,
    dashboard,
    sellers_earnings,
    sellers_payout_requests,
    sellers_payouts,
)


@contract(returns=SellerDashboard, refusals=SELLER)
async def figures(request: Request) -> Response:
    """Sales today and this month, the balance and what open payout requests ask, what to ship, low stock."""
    account = await seller(request)
    return JSONResponse(await run_read(request, dashboard, account.seller_id))


@contract(body=PayoutAsk, returns=PayoutRequestRow, status=201, refusals=SELLER_WRITE)
async def ask(request: Request) -> Response:
    """Ask for a payout of at most the balance less what open requests already ask for."""
    account = await seller_writer(request)
    form = await read_json(request, PayoutAsk)
    return JSONResponse(await write(request, ask_for_payout, account.email, account.seller_id, form), status_code=201)


routes = [
    Route("/api/seller/dashboard", figures, methods=["GET"]),
    seller_list_route("/api/seller/earnings", sellers_earnings, EarningRow),
    seller_list_route("/api/seller/payouts", sellers_payouts, PayoutRow),
    seller_list_route("/api/seller/payout-requests", sellers_payout_requests, PayoutRequestRow),
    Route("/api/seller/payout-requests", ask, methods=["POST"]),
]
