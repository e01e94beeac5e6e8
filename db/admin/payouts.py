"""Payout requests: accepting one pays the seller (a payout, which lowers their balance) or
rejecting it. A request for more than the seller's balance at the moment of the decision is
refused; the seller's row is locked first, so two decisions on one balance run one at a time."""

from __future__ import annotations

from typing import Literal

from pydantic import model_validator
from sqlalchemy.orm import Session

from db import audit
from db.admin import Conflict, found, lock, moved
from db.admin.forms import Form
from db.ledger import seller_balance
from db.models import Payout, PayoutRequest, Seller
from db.models.base import utcnow
from db.models.sales import PAYMENT_METHODS
from db.queries.admin_sales import payout_request_record, payout_request_rows
from db.statuses import PAYOUT_REQUEST_MOVES


class PayoutDecision(Form):
    status: Literal["Accepted", "Rejected"]
    payment: Literal[PAYMENT_METHODS] | None = None

    @model_validator(mode="after")
    def paid_somehow(self) -> PayoutDecision:
        if self.status == "Accepted" and self.payment is None:
            raise ValueError("Choose how the payout is paid")
        return self


def payout_request_view(session: Session, request_id: int) -> dict:
    return payout_request_record(session.execute(payout_request_rows().where(PayoutRequest.id == request_id)).one())


def decide_payout_request(session: Session, actor: str, request_id: int, decision: PayoutDecision) -> dict:
    found(session, PayoutRequest, request_id, "payout request")
    lock(session, PayoutRequest, request_id)
    request = session.get(PayoutRequest, request_id, populate_existing=True)
    lock(session, Seller, request.seller_id)
    before = audit.snapshot(request)
    moved(session, request, decision.status, "payout request", PAYOUT_REQUEST_MOVES)
    request.decided_at = utcnow()
    if request.status == "Accepted":
        balance = seller_balance(session, request.seller_id)
        if request.amount > balance:
            raise Conflict(
                f"This request for {request.amount:.2f} is more than the seller's balance of "
                f"{balance:.2f}; reject it or wait for more earnings"
            )
        payout = Payout(
            seller_id=request.seller_id,
            payout_request_id=request.id,
            amount=request.amount,
            payment_method=decision.payment,
            created_at=request.decided_at,
        )
        session.add(payout)
        session.flush()
        audit.record(session, actor, "create", "payout", payout.id, None, audit.snapshot(payout))
    session.flush()
    audit.record(session, actor, "status", "payout_request", request.id, before, audit.snapshot(request))
    return payout_request_view(session, request.id)
