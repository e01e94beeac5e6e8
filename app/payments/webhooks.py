"""Stripe's webhooks: an event is believed only when its Stripe-Signature verifies against
STRIPE_WEBHOOK_SECRET (HMAC-SHA256 over "timestamp.payload", at most five minutes old), checked by
the SDK; each is then recorded once by its id and settles the charge it is about (db/payments.py)."""

from __future__ import annotations

import datetime as dt

import stripe

from app.payments.service import Payments
from app.payments.stripe_cards import intent_said, plain
from db.payments import apply_event

TOLERANCE_SEC = 300


class BadSignature(Exception):
    """Not an event from Stripe: unsigned, signed with another secret, tampered with, or stale."""


async def receive_stripe_event(payments: Payments, payload: bytes, signature: str | None) -> str:
    """Verify, record and apply one event; answers what the shop did with it."""
    if not payments.webhook_secret:
        raise BadSignature("STRIPE_WEBHOOK_SECRET is not set: no event can be verified")
    try:
        event = stripe.Webhook.construct_event(payload, signature, payments.webhook_secret, tolerance=TOLERANCE_SEC)
    except (stripe.SignatureVerificationError, ValueError) as error:
        raise BadSignature(str(error)) from error
    thing = plain(event.data.object)
    said = intent_said(thing).charge if thing.get("object") == "payment_intent" else None
    hint = (thing.get("metadata") or {}).get("payment_id")
    return await payments.db.write(
        apply_event,
        provider="stripe",
        event_id=event.id,
        type=event.type,
        created=dt.datetime.fromtimestamp(event.created, dt.UTC),
        said=said,
        payment_hint=int(hint) if hint and str(hint).isdigit() else None,
        currency=payments.currency,
    )
