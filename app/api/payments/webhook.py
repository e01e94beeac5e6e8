"""POST /api/payments/stripe/webhook: Stripe tells the shop what became of a payment. Verified by
its signature (400 and nothing changed otherwise); a replay, or an event about no order of this
shop, is answered 200 so Stripe stops sending it."""

from __future__ import annotations

from sqlalchemy.exc import IntegrityError
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route
from typing_extensions import TypedDict

from app.api.contract import contract
from app.api.records import closed
from app.http.errors import ApiError
from app.payments.webhooks import BadSignature, receive_stripe_event
from app.services import services_of

MAX_EVENT_BYTES = 512 * 1024


@closed
class Received(TypedDict):
    received: bool
    outcome: str


@contract(returns=Received, refusals=(400, 413))
async def stripe_webhook(request: Request) -> JSONResponse:
    """A Stripe event, signed with STRIPE_WEBHOOK_SECRET."""
    payload = await request.body()
    if len(payload) > MAX_EVENT_BYTES:
        raise ApiError(413, "An event this large is not Stripe's")
    try:
        outcome = await receive_stripe_event(
            services_of(request).payments, payload, request.headers.get("stripe-signature")
        )
    except BadSignature as error:
        raise ApiError(400, f"This event's signature does not verify: {error}") from error
    except IntegrityError:  # the same event delivered twice at once: the other delivery recorded it
        outcome = "already received"
    return JSONResponse({"received": True, "outcome": outcome})


routes = [Route("/api/payments/stripe/webhook", stripe_webhook, methods=["POST"])]
