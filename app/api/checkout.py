"""POST /api/checkout: validate the order server-side and place it in one transaction."""
from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from db.checkout import Checkout, CheckoutLine, CheckoutRefused, place_order
from db.models.sales import PAYMENT_METHODS

from ..services import services_of
from .errors import ApiError
from .validation import read_json

Text = lambda low, high: Annotated[str, StringConstraints(strip_whitespace=True, min_length=low, max_length=high)]  # noqa: E731
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$")
PHONE = re.compile(r"^\+?[0-9 ()\-]{7,20}$")


class CartLine(BaseModel):
    model_config = ConfigDict(extra="ignore")
    id: Annotated[int, Field(gt=0)]
    qty: Annotated[int, Field(ge=1, le=99)]
    price: Annotated[Decimal, Field(ge=0, le=1_000_000)]


class CheckoutForm(BaseModel):
    model_config = ConfigDict(extra="ignore")
    name: Text(2, 120)
    email: Text(3, 254)
    phone: Text(7, 20)
    billingAddress: Text(5, 500)
    paymentMethod: str
    items: Annotated[list[CartLine], Field(min_length=1, max_length=50)]

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

    @field_validator("paymentMethod")
    @classmethod
    def known_method(cls, value: str) -> str:
        if value not in PAYMENT_METHODS:
            raise ValueError("Choose one of: " + ", ".join(PAYMENT_METHODS))
        return value

    def to_checkout(self) -> Checkout:
        merged: dict[int, CartLine] = {}
        for line in self.items:  # the same product twice is one line
            seen = merged.get(line.id)
            merged[line.id] = line if seen is None else CartLine(id=line.id, qty=seen.qty + line.qty, price=line.price)
        return Checkout(
            name=self.name, email=self.email, phone=self.phone, billing_address=self.billingAddress,
            payment_method=self.paymentMethod,
            lines=tuple(CheckoutLine(l.id, l.qty, l.price.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)) for l in merged.values()),
        )


async def checkout(request: Request) -> JSONResponse:
    """Place an order from the cart; answers the order number."""
    form = await read_json(request, CheckoutForm)
    services = services_of(request)
    try:
        order = await services.db.write(place_order, form.to_checkout())
    except CheckoutRefused as refused:
        raise ApiError(409, refused.message, {i["id"]: i["message"] for i in refused.details}) from None
    await services.catalogue_written()
    return JSONResponse({"orderNo": order.id, "total": float(order.total), "status": order.status}, status_code=201)


routes = [Route("/api/checkout", checkout, methods=["POST"])]
