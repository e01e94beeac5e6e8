"""A signed-in shopper's wishlist: GET /api/me/wishlist (the saved books, which every storefront page
asks for once after hydration, for its hearts), PUT and DELETE /api/me/wishlist/{productId} (both
idempotent; a product that is not on sale is a 404)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from typing_extensions import TypedDict

from app.api.contract import contract
from app.api.records import closed
from app.api.shoppers.me import private
from app.api.writes import write
from app.auth import sessions
from app.services import services_of
from db import wishlist


@closed
class WishlistBook(TypedDict):
    id: int
    title: str
    price: float
    discount: int
    image: str | None
    url: str
    inStock: bool


@contract(returns=list[WishlistBook], refusals=(401, 403))
async def read_wishlist(request: Request) -> Response:
    """The signed-in shopper's saved books still on sale, the latest saved first."""
    auth = await sessions.require_shopper(request)
    return private(await services_of(request).db.read(wishlist.wishlist_of, auth.user.id))


async def _change(request: Request, change) -> Response:
    auth = await sessions.require_shopper(request)
    await sessions.require_csrf(request)
    await write(request, change, auth.user.id, request.path_params["productId"])
    return private(await services_of(request).db.read(wishlist.wishlist_of, auth.user.id))


@contract(returns=list[WishlistBook], refusals=(401, 403, 404))
async def save_book(request: Request) -> Response:
    """Save the book to the wishlist (saving it again changes nothing); answers the wishlist."""
    return await _change(request, wishlist.save)


@contract(returns=list[WishlistBook], refusals=(401, 403, 404))
async def remove_book(request: Request) -> Response:
    """Take the book off the wishlist (if it was on it); answers the wishlist."""
    return await _change(request, wishlist.remove)


routes = [
    Route("/api/me/wishlist", read_wishlist, methods=["GET"]),
    Route("/api/me/wishlist/{productId:int}", save_book, methods=["PUT"]),
    Route("/api/me/wishlist/{productId:int}", remove_book, methods=["DELETE"]),
]
