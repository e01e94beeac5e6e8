"""GET /api/products/{id}/offers: the offers a shopper may buy of a published product (signed out
too), the buy box first, then by the price paid. The rest of /api/products is the back office's."""

from __future__ import annotations

from typing import Literal

from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route
from typing_extensions import TypedDict

from app.api.contract import contract
from app.api.records import Money, closed
from app.api.shop.storefronts import MAX_ID
from app.http.errors import ApiError
from app.services import services_of
from db.models.offers import CONDITIONS
from db.queries.offers import product_offers
from db.queries.shared import UnknownProduct, published_product


@closed
class OfferSeller(TypedDict):
    """Who sells the copies: a marketplace seller, or the store itself (id null)."""

    id: int | None
    name: str


@closed
class ProductOffer(TypedDict):
    """One offer: `price` is what the shopper pays (after the offer's discount), `listPrice` the
    seller's price before it; `rating` is the seller's (null for the store's own copies)."""

    id: int
    condition: Literal[CONDITIONS]
    price: Money
    listPrice: Money
    stock: int
    note: str
    photos: list[str]
    seller: OfferSeller
    rating: float | None
    buyBox: bool


def offers_of(session: Session, product_id: int) -> list[dict]:
    published_product(session, product_id)
    return product_offers(session, product_id)


@contract(returns=list[ProductOffer], refusals=(404,))
async def read_offers(request: Request) -> JSONResponse:
    """The product's offers: the buy box first, then the others by the price paid. 404 for an
    unknown or unpublished product."""
    product_id = request.path_params["id"]
    if not 1 <= product_id <= MAX_ID:
        raise ApiError(404, "No such product")
    try:
        return JSONResponse(await services_of(request).db.read(offers_of, product_id))
    except UnknownProduct:
        raise ApiError(404, "No such product") from None


routes = [Route("/api/products/{id:int}/offers", read_offers, methods=["GET"])]
