"""An order's payment, for whoever holds the order's key (POST /api/checkout answered it; it also
signs the guest's order link) or the signed-in shopper whose order it is:
- GET /api/orders/{orderNo}/payment?key=…: the payment's state, read back from the provider while
  it is open (the shopper is back from a 3-D Secure step);
- POST /api/orders/{orderNo}/payment: pay a declined order again with another card (JSON
  paymentMethodId and key), with the X-CSRF-Token of GET /api/auth/csrf when signed out."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route
from typing_extensions import TypedDict

from app.api.contract import JSON_BODY, contract
from app.api.records import PaymentState, closed
from app.api.validation import read_json
from app.api.writes import write
from app.auth import sessions
from app.http.errors import ApiError
from app.payments.provider import Refused, Unreachable
from app.payments.stripe_cards import PAYMENT_METHOD_ID
from app.services import services_of
from db.admin.forms import Text
from db.models.sales import PAYMENT_STATUSES
from db.order_links import KEY_LENGTH
from db.payments import charge_again, latest_charge, order_for_payer

NOT_YOURS = "There is no such order, or this link's key is not right for it"


class PayAgainForm(BaseModel):
    model_config = ConfigDict(extra="ignore")
    paymentMethodId: Text(4, 255)
    key: Annotated[str, Field(min_length=KEY_LENGTH, max_length=KEY_LENGTH)] | None = None


@closed
class OrderPayment(TypedDict):
    orderNo: int
    paymentStatus: Literal[PAYMENT_STATUSES]
    payment: PaymentState


async def _payer_charge(request: Request, key: str | None) -> tuple[int, int | None]:
    """(orderNo, its latest charge's id) when the key or the signed-in shopper may see it; else 404."""
    order_no = request.path_params["orderNo"]
    auth = await sessions.current_session(request)
    user_id = auth.user.id if auth is not None else None

    def find(session):
        order = order_for_payer(session, order_no, key, user_id)
        if order is None:
            return None
        charge = latest_charge(session, order.id)
        return order.id, charge.id if charge else None

    found = await services_of(request).db.read(find)
    if found is None:
        raise ApiError(404, NOT_YOURS)
    return found


def _answer(order_no: int, state: dict, status: int = 200) -> JSONResponse:
    return JSONResponse(
        {"orderNo": order_no, **state}, status_code=status, headers={"Cache-Control": "private, no-store"}
    )


@contract(returns=OrderPayment, refusals=(404,))
async def read_payment(request: Request) -> JSONResponse:
    """The order's payment status and its latest charge, read back from the provider while open."""
    order_no, charge_id = await _payer_charge(request, request.query_params.get("key"))
    if charge_id is None:
        raise ApiError(404, "This order has no payment")
    return _answer(order_no, await services_of(request).payments.read_back(charge_id))


@contract(body=PayAgainForm, returns=OrderPayment, status=201, refusals=(403, 404, 409, *JSON_BODY))
async def pay_again(request: Request) -> JSONResponse:
    """Pay an order whose card was declined with another card (a new charge of its total)."""
    await sessions.require_csrf_any(request)
    form = await read_json(request, PayAgainForm)
    if not PAYMENT_METHOD_ID.match(form.paymentMethodId):
        raise ApiError(422, "Enter your card details", {"paymentMethodId": "Not a card Stripe.js made (pm_…)"})
    order_no, _ = await _payer_charge(request, form.key)
    payments = services_of(request).payments
    if payments.cards is None:
        raise ApiError(409, "Cards are not taken at the moment")
    if not await payments.stop_open_charges(order_no):
        raise ApiError(409, "This order's earlier payment went through or is still being confirmed: reload the page")
    payment_id, amount = await write(request, charge_again, order_no, payments.cards.name, payments.currency)
    state = await payments.start(order_no, payment_id, amount, payments.cards, form.paymentMethodId)
    return _answer(order_no, state, 201)


@closed
class CardSetup(TypedDict):
    clientSecret: str


@contract(returns=CardSetup, status=201, refusals=(403, 409, 502))
async def card_setup(request: Request) -> JSONResponse:
    """A Stripe SetupIntent's client secret: the checkout's card form confirms it with Stripe.js and
    so turns the card into the PaymentMethod (pm_…) the order is then charged with."""
    await sessions.require_csrf_any(request)
    cards = services_of(request).payments.cards
    if cards is None:
        raise ApiError(409, "Cards are not taken at the moment: choose another way to pay")
    try:
        secret = await cards.setup()
    except (Refused, Unreachable) as error:
        raise ApiError(502, "The card service could not be reached: please try again in a moment") from error
    return JSONResponse({"clientSecret": secret}, status_code=201, headers={"Cache-Control": "private, no-store"})


routes = [
    Route("/api/orders/{orderNo:int}/payment", read_payment, methods=["GET"]),
    Route("/api/orders/{orderNo:int}/payment", pay_again, methods=["POST"]),
    Route("/api/payments/stripe/setup", card_setup, methods=["POST"]),
]
