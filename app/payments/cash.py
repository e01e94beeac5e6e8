"""Cash on delivery: nothing to call. The charge waits, pending, until staff record the cash
collected at the door (db/payments.py collect_cash); a refund is paid out by hand."""

from __future__ import annotations

from app.payments.provider import ChargeRequest, Started
from db.payments import ProviderCharge


class CashOnDelivery:
    name = "cash"
    method = "Cash"

    async def start(self, request: ChargeRequest) -> Started:
        return Started(ProviderCharge("pending"))

    async def confirm(self, reference: str) -> Started:
        return Started(ProviderCharge("pending"))

    async def cancel(self, reference: str, key: str) -> ProviderCharge:
        return ProviderCharge("cancelled")

    async def refund(self, reference: str | None, amount_units: int, key: str) -> str | None:
        return None  # paid out by hand, recorded by whoever accepted the refund
