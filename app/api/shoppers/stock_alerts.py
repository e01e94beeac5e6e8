""" "Tell me when it's back": POST /api/products/{id}/stock-alerts asks for one mail when a sold-out
product returns (open to everyone, signed in or not, although the rest of /api/products is the back
office's); the mail made then carries a link that cancels it (POST /api/stock-alerts/cancel with
its token); a signed-in shopper also sees and cancels their alerts (GET /api/me/stock-alerts,
DELETE /api/me/stock-alerts/{id})."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from typing_extensions import TypedDict

from app.api.contract import JSON_BODY, contract
from app.api.records import closed
from app.api.shoppers.me import private
from app.api.validation import EmailAddress, read_json
from app.api.writes import write
from app.auth import roles, sessions
from app.auth.sessions import require_csrf_any
from app.http.errors import ApiError
from app.services import services_of
from db import stock_alerts
from db.admin.forms import Text


@closed
class StockAlertRecord(TypedDict):
    id: int
    productId: int
    title: str
    url: str
    email: str
    createdAt: str
    state: Literal["open", "sent", "cancelled"]


class AlertForm(BaseModel):
    model_config = ConfigDict(extra="ignore")
    email: EmailAddress


class CancelForm(BaseModel):
    model_config = ConfigDict(extra="ignore")
    token: Text(10, 100)


@contract(body=AlertForm, returns=StockAlertRecord, status=201, refusals=(403, 404, 409, 429, *JSON_BODY))
async def ask(request: Request) -> Response:
    """Ask for one mail when the sold-out product is back (the same email twice is one alert); a
    product in stock is a 409; at most a few new alerts per email an hour (429)."""
    await require_csrf_any(request)
    form = await read_json(request, AlertForm)
    auth = await sessions.current_session(request)
    user_id = auth.user.id if auth is not None and auth.user.role == roles.CUSTOMER else None
    try:
        record = await write(request, stock_alerts.ask, request.path_params["id"], form.email, user_id)
    except ApiError as error:
        if isinstance(error.__cause__, stock_alerts.TooMany):
            raise ApiError(429, error.message) from error
        raise
    return private(record, 201)


@contract(body=CancelForm, returns=StockAlertRecord, refusals=(403, 404, 409, *JSON_BODY))
async def cancel_by_link(request: Request) -> Response:
    """Cancel the alert of a mail's link (404 for an unknown link, 409 for an alert sent already)."""
    await require_csrf_any(request)
    form = await read_json(request, CancelForm)
    return private(await write(request, stock_alerts.cancel_by_token, form.token))


@contract(returns=list[StockAlertRecord], refusals=(401, 403))
async def my_alerts(request: Request) -> Response:
    """The signed-in shopper's open alerts, newest first."""
    auth = await sessions.require_shopper(request)
    return private(await services_of(request).db.read(stock_alerts.open_alerts_of, auth.user.id))


@contract(returns=StockAlertRecord, refusals=(401, 403, 404, 409))
async def cancel_mine(request: Request) -> Response:
    """Cancel one of the signed-in shopper's alerts."""
    auth = await sessions.require_shopper(request)
    await sessions.require_csrf(request)
    return private(await write(request, stock_alerts.cancel_own, auth.user.id, request.path_params["id"]))


routes = [
    Route("/api/products/{id:int}/stock-alerts", ask, methods=["POST"]),
    Route("/api/stock-alerts/cancel", cancel_by_link, methods=["POST"]),
    Route("/api/me/stock-alerts", my_alerts, methods=["GET"]),
    Route("/api/me/stock-alerts/{id:int}", cancel_mine, methods=["DELETE"]),
]
