"""POST /api/orders/lookup: a guest gives an order number and the email it was placed with, and the
shop mails that order's signed link (`/orders/{orderNo}?key=…`) to that email. The answer is 202
whatever matched, so it tells nobody whether an order or an email exists; the lookups of one email
are limited (10 in 10 minutes) through the sign-in limit's shared counter, so every instance counts
them alike."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from typing_extensions import TypedDict

from app.api.contract import JSON_BODY, contract
from app.api.records import closed
from app.api.shoppers.me import private
from app.api.validation import EmailAddress, read_json
from app.auth.sessions import require_csrf_any
from app.http.errors import ApiError
from app.services import services_of
from db.order_links import MAX_ORDER_NO, request_order_link

# The sign-in limit's counter keyed by this instead of a client address: lookups of one email.
LOOKUP = "order-lookup"
ANSWER = "If that order was placed with that email, its link is on its way there. It may take a minute to arrive."


class LookupForm(BaseModel):
    model_config = ConfigDict(extra="ignore")
    orderNo: Annotated[int, Field(ge=1, le=MAX_ORDER_NO)]
    email: EmailAddress


@closed
class LookupAnswer(TypedDict):
    message: str


@contract(body=LookupForm, returns=LookupAnswer, status=202, refusals=(403, 429, *JSON_BODY))
async def look_up_order(request: Request) -> Response:
    """Mail an order's link to the email it was placed with (202 whether or not they matched)."""
    await require_csrf_any(request)
    form = await read_json(request, LookupForm)
    services = services_of(request)
    pair = (LOOKUP, form.email)
    if await services.sign_in_limit.blocked(pair):
        raise ApiError(429, "Too many look-ups for this email: please try again in a few minutes")
    await services.sign_in_limit.failed(pair)
    await services.db.write(request_order_link, form.orderNo, form.email)
    return private({"message": ANSWER}, 202)


routes = [Route("/api/orders/lookup", look_up_order, methods=["POST"])]
