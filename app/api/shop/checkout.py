"""POST /api/checkout: validate the order server-side, place it in one transaction with its charge,
then (for a card) charge it at the provider and record what it said.

An `Idempotency-Key` header (a UUID per checkout attempt, as the shop's own page sends) makes a
retry or a double click answer the same order: never a second order, never a second payment."""

from __future__ import annotations

import hashlib
import re
from decimal import ROUND_HALF_UP, Decimal
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator
from sqlalchemy.exc import IntegrityError
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route
from typing_extensions import TypedDict

from app.api.address_form import AddressFields
from app.api.contract import JSON_BODY, contract
from app.api.records import Money, PaymentState, closed
from app.api.validation import read_json
from app.auth import sessions
from app.auth.roles import CUSTOMER
from app.http.errors import ApiError
from app.payments.stripe_cards import PAYMENT_METHOD_ID
from app.services import services_of
from db.addresses import address_text
from db.admin.customers import EMAIL, PHONE
from db.admin.forms import MAX_ID, Text
from db.checkout import Checkout, CheckoutLine, CheckoutRefused, CheckoutReused, Placed, place_checkout
from db.models.sales import ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES

IDEMPOTENCY_KEY = re.compile(r"^[A-Za-z0-9_.:-]{8,100}$")


class CartLine(BaseModel):
    model_config = ConfigDict(extra="ignore")
    id: Annotated[int, Field(gt=0, le=MAX_ID)]
    qty: Annotated[int, Field(ge=1, le=99)]
    price: Annotated[Decimal, Field(ge=0, le=1_000_000)]
    # The offer bought (GET /api/products/{id}/offers); none: the product's buy box.
    offerId: Annotated[int, Field(gt=0, le=MAX_ID)] | None = None


class CheckoutForm(BaseModel):
    model_config = ConfigDict(extra="ignore")
    name: Text(2, 120)
    email: Text(3, 254)
    phone: Text(7, 20)
    billingAddress: Text(5, 500, multiline=True)
    paymentMethod: Literal[PAYMENT_METHODS]
    # The card as Stripe.js turned it into a PaymentMethod (for "Stripe" only).
    paymentMethodId: Text(4, 255) | None = None
    items: Annotated[list[CartLine], Field(min_length=1, max_length=50)]
    # Where to deliver, when not to the billing address.
    deliveryAddress: AddressFields | None = None

    @field_validator("email")
    @classmethod
    def email_shape(cls, value: str) -> str:
        if not EMAIL.match(value):
            raise ValueError("Enter an email address like name@example.com")
        return value

    @field_validator("phone")
    @classmethod
    def phone_shape(cls, value: str) -> str:
        if not PHONE.match(value):
            raise ValueError("Enter a phone number of 7 to 20 digits")
        return value

    def to_checkout(self, account_id: int | None = None) -> Checkout:
        # The same offer twice is one line of both quantities (which may pass a line's 99: the
        # stock decides), at the price last seen.
        merged: dict[tuple[int, int | None], CheckoutLine] = {}
        for line in self.items:
            key = (line.id, line.offerId)
            earlier = merged[key].qty if key in merged else 0
            price = line.price.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
            merged[key] = CheckoutLine(line.id, earlier + line.qty, price, line.offerId)
        return Checkout(
            name=self.name,
            email=self.email,
            phone=self.phone,
            billing_address=self.billingAddress,
            payment_method=self.paymentMethod,
            lines=tuple(merged.values()),
            account_id=account_id,
            delivery_address=address_text(self.deliveryAddress.model_dump()) if self.deliveryAddress else None,
        )


def line_key(problem: dict) -> str:
    """A refused line as the cart keys it: the product id, and ":offerId" for a line of one offer."""
    return f"{problem['id']}:{problem['offerId']}" if "offerId" in problem else problem["id"]


@closed
class PlacedOrder(TypedDict):
    orderNo: int
    total: Money
    status: Literal[ORDER_STATUSES]
    key: str
    paymentStatus: Literal[PAYMENT_STATUSES]
    payment: PaymentState


def _attempt(request: Request, form: CheckoutForm) -> tuple[str, str] | None:
    key = request.headers.get("idempotency-key")
    if key is None:
        return None
    if not IDEMPOTENCY_KEY.match(key):
        raise ApiError(
            422,
            "The Idempotency-Key header must be 8 to 100 letters, digits or -_.: (a UUID)",
            {"Idempotency-Key": "Not a valid key"},
        )
    return key, hashlib.sha256(form.model_dump_json().encode()).hexdigest()


def _payment_refusal(form: CheckoutForm, offered: tuple[str, ...]) -> ApiError | None:
    if form.paymentMethod not in offered:
        message = f"{form.paymentMethod} is not taken here: choose {' or '.join(offered)}"
        return ApiError(422, message, {"paymentMethod": message})
    if form.paymentMethod == "Stripe" and not (form.paymentMethodId and PAYMENT_METHOD_ID.match(form.paymentMethodId)):
        message = "Enter your card details"
        return ApiError(
            422, message, {"paymentMethodId": "A card (a Stripe PaymentMethod pm_…) is needed to pay by card"}
        )
    return None


async def _place(request: Request, form: CheckoutForm, provider: str, attempt: tuple[str, str] | None) -> Placed:
    services = services_of(request)
    signed_in = await sessions.current_session(request)
    account_id = signed_in.user.id if signed_in is not None and signed_in.user.role == CUSTOMER else None
    place = (place_checkout, form.to_checkout(account_id), provider, services.payments.currency, attempt)
    try:
        try:
            return await services.db.write(*place)
        except IntegrityError:
            if attempt is None:
                raise
            return await services.db.write(*place)  # the same key placed an order a moment ago: that one
    except CheckoutRefused as refused:
        raise ApiError(409, refused.message, {line_key(i): i["message"] for i in refused.details}) from None
    except CheckoutReused:
        raise ApiError(
            422,
            "This Idempotency-Key was sent before with a different order",
            {"Idempotency-Key": "Used for another order"},
        ) from None


@contract(body=CheckoutForm, returns=PlacedOrder, status=201, refusals=(409, *JSON_BODY))
async def checkout(request: Request) -> JSONResponse:
    """Place an order from the cart and start its payment: a card (paymentMethodId) is charged now;
    cash waits for the delivery. Answers the order number, its key, and the payment's state. A shopper
    signed in gets the order in their account."""
    form = await read_json(request, CheckoutForm)
    services = services_of(request)
    payments = services.payments
    if refusal := _payment_refusal(form, payments.offered):
        raise refusal
    attempt = _attempt(request, form)
    provider = payments.by_method[form.paymentMethod]
    placed = await _place(request, form, provider.name, attempt)
    state = placed.state
    if placed.replayed:
        state = await payments.read_back(placed.payment_id)
    else:
        await services.catalogue_written()
        if provider is not payments.cash:
            state = await payments.start(
                placed.order_no, placed.payment_id, placed.total, provider, form.paymentMethodId
            )
    body = {
        "orderNo": placed.order_no,
        "total": float(placed.total),
        "status": placed.status,
        "key": placed.key,
        **state,
    }
    return JSONResponse(body, status_code=201, headers={"Cache-Control": "private, no-store"})


routes = [Route("/api/checkout", checkout, methods=["POST"])]
