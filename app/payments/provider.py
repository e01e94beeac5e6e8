"""The interface every payment provider offers the shop: start a charge, confirm it from the
provider's own answer, cancel it, refund it. Each call answers in the shop's words (db.payments
ProviderCharge); a provider that said no raises Refused with its message for people, one that
could not be reached raises Unreachable."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from db.payments import ProviderCharge


class Refused(Exception):
    """The provider answered and said no (a refund beyond the charge, a card it will not take)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class Unreachable(Exception):
    """The provider did not answer; the call may be tried again with the same idempotency key."""


@dataclass(frozen=True)
class ChargeRequest:
    order_no: int
    payment_id: int
    amount_units: int  # the order's total in the currency's minor units
    currency: str  # ISO 4217
    key: str  # the idempotency key of this charge's calls
    payment_method: str | None = None  # what the shopper's browser turned the card into (pm_…)


@dataclass(frozen=True)
class Started:
    """A started charge: what the provider said, and the secret the shopper's browser needs for a
    3-D Secure step (never stored)."""

    charge: ProviderCharge
    client_secret: str | None = None


class Provider(Protocol):
    name: str  # as the payment rows name it: "stripe", "cash"
    method: str  # as the checkout names it: "Stripe", "Cash"

    async def start(self, request: ChargeRequest) -> Started: ...

    async def confirm(self, reference: str) -> Started: ...

    async def cancel(self, reference: str, key: str) -> ProviderCharge: ...

    async def refund(self, reference: str | None, amount_units: int, key: str) -> str | None:
        """Give that much of the charge back; answers the refund's reference."""
        ...
