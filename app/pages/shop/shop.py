"""Storefront pages: the Student Books home, the market demo, and the search form's target."""

from __future__ import annotations

from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import RedirectResponse
from starlette.routing import Route

from app.pages.render import Page, page_route
from app.pages.shop.storefront import shop_meta
from db.queries import books, content, market


def home(session: Session, path: dict, query: dict) -> Page:
    # The home keeps the store's title (SPEC.md §1, no title of its own); each description invites to browse and buy (§1).
    return Page(
        "Home",
        books.home(session),
        meta={
            "description": "Browse and buy school, college and story books online at Student Books: textbooks, "
            "workbooks, novels and bedtime stories with fast delivery, easy returns and secure payment.",
            "canonical": "/",
        },
    )


def market_1(session: Session, path: dict, query: dict) -> Page:
    return Page(
        "Market1",
        market.page(session),
        meta=shop_meta(
            "/market-1",
            "Browse and buy cars, mobile phones, watches, sunglasses, electronics, bikes and more "
            "online: flash deals and big discounts from trusted brands and sellers.",
        ),
    )


async def search(request: Request) -> RedirectResponse:
    """The search form's GET target (it works without JavaScript): /product/search?q=Onion goes to
    /product/search/Onion; an empty search goes home."""
    term = request.query_params.get("q", "").strip()
    return RedirectResponse(content.search_url(term) if term else "/", status_code=302)


routes = [
    page_route("/", home),
    page_route("/market-1", market_1),
    Route("/product/search", search, methods=["GET", "HEAD"]),
]
