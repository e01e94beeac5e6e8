"""POST /api/checkout: validate the order server-side and place it in one transaction."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route
from typing_extensions import TypedDict

from app.api.address_form import AddressFields
from app.api.contract import JSON_BODY, contract
from app.api.records import Money, closed
from app.api.validation import read_json
from app.auth import sessions
from app.auth.roles import CUSTOMER
from app.http.errors import ApiError
from app.services import services_of
from db.addresses import address_text
from db.admin.customers import EMAIL, PHONE
from db.admin.forms import MAX_ID, Text
from db.checkout import Checkout, CheckoutLine, CheckoutRefused, place_order
from db.models.sales import ORDER_STATUSES, PAYMENT_METHODS


class CartLine(BaseModel):
    model_config = ConfigDict(extra="ignore")
    id: Annotated[int, Field(gt=0, le=MAX_ID)]
    qty: Annotated[int, Field(ge=1, le=99)]
    price: Annotated[Decimal, Field(ge=0, le=1_000_000)]


class CheckoutForm(BaseModel):
    model_config = ConfigDict(extra="ignore")
    name: Text(2, 120)
    email: Text(3, 254)
    phone: Text(7, 20)
    billingAddress: Text(5, 500, multiline=True)
    paymentMethod: Literal[PAYMENT_METHODS]
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
        # The same product twice is one line of both quantities (which may pass a line's 99: the
        # stock decides), at the price last seen.
        merged: dict[int, CheckoutLine] = {}
        for line in self.items:
            earlier = merged[line.id].qty if line.id in merged else 0
            price = line.price.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
            merged[line.id] = CheckoutLine(line.id, earlier + line.qty, price)
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


@closed
class PlacedOrder(TypedDict):
    orderNo: int
    total: Money
    status: Literal[ORDER_STATUSES]


@contract(body=CheckoutForm, returns=PlacedOrder, status=201, refusals=(409, *JSON_BODY))
async def checkout(request: Request) -> JSONResponse:
    """Place an order from the cart; answers the order number. A shopper signed in gets the order in
    their account."""
    form = await read_json(request, CheckoutForm)
    services = services_of(request)
    signed_in = await sessions.current_session(request)
    account_id = signed_in.user.id if signed_in is not None and signed_in.user.role == CUSTOMER else None
    try:
        order = await services.db.write(place_order, form.to_checkout(account_id))
    except CheckoutRefused as refused:
        raise ApiError(409, refused.message, {i["id"]: i["message"] for i in refused.details}) from None
    await services.catalogue_written()
    return JSONResponse({"orderNo": order.id, "total": float(order.total), "status": order.status}, status_code=201)


routes = [Route("/api/checkout", checkout, methods=["POST"])]
