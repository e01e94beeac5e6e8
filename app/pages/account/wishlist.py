"""/account/wishlist: the shopper's saved books and their open "tell me when it's back" alerts; and
/stock-alerts/cancel?token=…, the page a stock alert's mail links to, which cancels it with a POST
(a page for anyone holding the link: rendered per request, never cached)."""

from __future__ import annotations

from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.pages.account.shell import shopper_route
from app.pages.render import Page, respond
from app.services import services_of
from db import stock_alerts, wishlist
from db.admin import NotFound


def wishlist_props(session: Session, user_id: int, _params: dict, _query: dict) -> dict:
    return {"books": wishlist.wishlist_of(session, user_id), "alerts": stock_alerts.open_alerts_of(session, user_id)}


def cancel_props(session: Session, token: str) -> dict:
    try:
        return {"token": token, "alert": stock_alerts.alert_by_token(session, token)}
    except NotFound as error:
        return {"token": "", "alert": None, "problem": error.message}


async def cancel_page(request: Request) -> Response:
    token = request.query_params.get("token", "")[:100]
    props = (
        await services_of(request).db.read(cancel_props, token)
        if len(token) >= 10
        else {"token": "", "alert": None, "problem": stock_alerts.ALERT_PROBLEMS["unknown"]}
    )
    meta = {"title": "Cancel a stock alert | Student Books", "robots": "noindex"}
    return await respond(request, Page("StockAlertCancel", props, meta=meta))


routes = [
    shopper_route("/account/wishlist", "Wishlist", "Wishlist and alerts", wishlist_props),
    Route("/stock-alerts/cancel", cancel_page, methods=["GET", "HEAD"], name="StockAlertCancel"),
]
