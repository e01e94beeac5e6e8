"""Cards through Stripe's official SDK: PaymentIntents created for an order's total and confirmed on
the server ("finalize payments on the server"). The shopper's browser turns the card into a
PaymentMethod by confirming a SetupIntent with Stripe.js (the one path that works on Stripe and on
localstripe's stand-in alike); the shop then charges that PaymentMethod.

Every call carries an idempotency key derived from the charge's own row, so a retry after a lost
answer never charges twice at Stripe; the shop's own Idempotency-Key (app/api/shop/checkout.py)
keeps a second order from ever being placed, since a stand-in may ignore Stripe's."""

from __future__ import annotations

import re
import uuid

import stripe

from app.payments.provider import ChargeRequest, Refused, Started, Unreachable
from db.payments import ProviderCharge

# What Stripe.js makes of a card (pm_…); anything else is refused before Stripe is asked.
PAYMENT_METHOD_ID = re.compile(r"^pm_[A-Za-z0-9_]{4,200}$")
# PaymentIntent statuses in the shop's words; requires_payment_method after a confirmation means the
# card was declined (its reason in last_payment_error).
STATUSES = {
    "succeeded": "succeeded",
    "requires_action": "requires_action",
    "requires_payment_method": "failed",
    "canceled": "cancelled",
    "processing": "pending",
    "requires_confirmation": "pending",
    "requires_capture": "pending",
}
SDK_ERRORS = (stripe.InvalidRequestError, stripe.AuthenticationError, stripe.PermissionError, stripe.IdempotencyError)


def plain(thing) -> dict:
    """A Stripe object (or an event's object) as the plain dict its JSON is."""
    return thing.to_dict() if hasattr(thing, "to_dict") else dict(thing)


def intent_said(intent) -> Started:
    """A PaymentIntent in the shop's words, with the secret of a 3-D Secure step."""
    intent = plain(intent)
    status = STATUSES.get(intent.get("status"), "pending")
    error = intent.get("last_payment_error") or {}
    message = (error.get("message") or "Your card was declined.") if status == "failed" else ""
    charge = ProviderCharge(status, intent.get("id"), intent.get("amount"), intent.get("currency"), message)
    return Started(charge, intent.get("client_secret") if status == "requires_action" else None)


class StripeCards:
    name = "stripe"
    method = "Stripe"

    def __init__(self, secret_key: str, api_base: str = ""):
        self.client = stripe.StripeClient(
            secret_key,
            base_addresses={"api": api_base} if api_base else None,
            http_client=stripe.HTTPXClient(timeout=20),
            max_network_retries=2,
        )

    async def _call(self, coroutine):
        try:
            return await coroutine
        except stripe.APIConnectionError as error:
            raise Unreachable(str(error.user_message or error)) from error
        except stripe.CardError:
            raise
        except SDK_ERRORS as error:
            raise Refused(error.user_message or str(error)) from error
        except stripe.StripeError as error:  # Stripe's own trouble (5xx, rate limits): try again later
            raise Unreachable(str(error.user_message or error)) from error

    async def setup(self) -> str:
        """A SetupIntent's client secret, which Stripe.js confirms with the card the shopper typed."""
        intent = await self._call(
            self.client.v1.setup_intents.create_async(
                {"payment_method_types": ["card"], "usage": "on_session"},
                {"idempotency_key": f"sb-setup-{uuid.uuid4()}"},  # one per card form: the SDK's retries reuse it
            )
        )
        return intent.client_secret

    async def start(self, request: ChargeRequest) -> Started:
        # Created with the PaymentMethod, then confirmed: the intent's id is known even when the
        # confirmation is declined (a create-and-confirm that is declined answers only the error).
        intent = await self._call(
            self.client.v1.payment_intents.create_async(
                {
                    "amount": request.amount_units,
                    "currency": request.currency.lower(),
                    "payment_method": request.payment_method,
                    "payment_method_types": ["card"],
                    "metadata": {"order_no": str(request.order_no), "payment_id": str(request.payment_id)},
                },
                {"idempotency_key": f"{request.key}-create"},
            )
        )
        try:
            confirmed = await self._call(
                self.client.v1.payment_intents.confirm_async(
                    intent.id, options={"idempotency_key": f"{request.key}-confirm"}
                )
            )
        except stripe.CardError as declined:
            message = declined.user_message or "Your card was declined."
            return Started(ProviderCharge("failed", intent.id, intent.amount, intent.currency, message))
        return intent_said(confirmed)

    async def confirm(self, reference: str) -> Started:
        return intent_said(await self._call(self.client.v1.payment_intents.retrieve_async(reference)))

    async def cancel(self, reference: str, key: str) -> ProviderCharge:
        try:
            intent = await self._call(
                self.client.v1.payment_intents.cancel_async(reference, options={"idempotency_key": key})
            )
        except Refused:
            # Already final (paid a moment ago, or cancelled before): what it is now decides.
            intent = await self._call(self.client.v1.payment_intents.retrieve_async(reference))
        return intent_said(intent).charge

    async def refund(self, reference: str | None, amount_units: int, key: str) -> str | None:
        try:
            refund = await self._call(
                self.client.v1.refunds.create_async(
                    {"payment_intent": reference, "amount": amount_units}, {"idempotency_key": key}
                )
            )
        except stripe.CardError as error:
            raise Refused(error.user_message or "Stripe refused the refund") from error
        if refund.status == "failed":
            raise Refused(plain(refund).get("failure_reason") or "Stripe could not refund this payment")
        return refund.id
