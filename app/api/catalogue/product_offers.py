"""GET /api/products/{id}/offers/all: every offer of a product for the back office (the admin product
page's "Offers"), a suspended seller's and the sold-out ones too; shoppers' `/offers` shows only what sells."""

from __future__ import annotations

from typing import Literal

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route
from typing_extensions import TypedDict

from app.api.admin_writes import run_read
from app.api.contract import ADMIN, contract
from app.api.records import Money, Timestamp, closed
from app.auth.sessions import require_admin
from db.admin.offers import product_offers
from db.models.offers import CONDITIONS


@closed
class AdminOfferRow(TypedDict):
    """`seller` is the store's own name for its copies (`sellerId` null); `pays` is the price less the
    offer's discount; `buyBox` the offer sold by default; `listing` the one the product was created as
    (the product form's price and stock); `suspended` a seller's offer shoppers cannot see now."""

    id: int
    sellerId: int | None
    seller: str
    shopName: str | None
    condition: Literal[CONDITIONS]
    price: Money
    discount: int
    pays: Money
    stock: int
    note: str
    photos: int
    buyBox: bool
    listing: bool
    suspended: bool
    updatedAt: Timestamp


@contract(returns=list[AdminOfferRow], refusals=(*ADMIN, 404))
async def all_offers(request: Request) -> JSONResponse:
    """Every offer of a product, oldest first, with the buy box and the product's listing marked"""
    await require_admin(request)
    return JSONResponse(await run_read(request, product_offers, request.path_params["id"]))


routes = [Route("/api/products/{id:int}/offers/all", all_offers, methods=["GET"])]
