"""Administrator writes to the money side (REST on the list paths, see admin_writes.py): order
and refund request statuses, asking for a refund, sellers' publishing and packages, and deciding
payout requests. Every status change follows db/statuses.py; an illegal move is 409."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from app.api.admin_writes import Area, run_read, run_write, writer
from app.api.contract import ADMIN_WRITE, contract
from app.api.sales.records import OrderRecord, PayoutRequestRow, RefundRequestRow, SellerRow
from app.services import services_of
from db.admin.orders import OrderChanges, cash_collected, change_order_status, deliver_shipment, order_view
from db.admin.payouts import PayoutDecision, decide_payout_request
from db.admin.refunds import RefundChanges, RefundForm, change_refund_status, request_refund
from db.admin.sellers import SellerChanges, update_seller


async def cancel_order(request: Request, actor: str, order_id: int, changes: OrderChanges) -> dict | None:
    """Cancelling goes through the payment service: the order's open charges are stopped at their
    provider before its stock goes back."""
    if changes.status != "Cancelled":
        return None
    await services_of(request).payments.cancel_unpaid(order_id, actor, f"Cancelled by {actor}")
    return await run_read(request, order_view, order_id)


async def accept_refund(request: Request, actor: str, refund_id: int, changes: RefundChanges) -> dict | None:
    """Accepting pays the money back first: to the card through Stripe, or recorded as paid out by hand."""
    if changes.status != "Accepted":
        return None
    return await services_of(request).payments.accept_refund(refund_id, actor)


@contract(returns=OrderRecord, refusals=(*ADMIN_WRITE, 404, 409))
async def record_cash_collected(request: Request) -> JSONResponse:
    """A cash-on-delivery order's cash was taken at the door: the payment is recorded (who, when,
    how much) and the order is delivered."""
    auth = await writer(request)
    currency = services_of(request).payments.currency
    return JSONResponse(await run_write(request, cash_collected, auth.user.email, request.path_params["id"], currency))


@contract(returns=OrderRecord, refusals=(*ADMIN_WRITE, 404, 409))
async def record_shipment_delivered(request: Request) -> JSONResponse:
    """One seller's parcel of a shipped order arrived: the order follows (Delivered, with its sellers'
    earnings, once every parcel has), so an order of several sellers is delivered part by part."""
    auth = await writer(request)
    order_id, shipment_id = request.path_params["id"], request.path_params["shipment"]
    return JSONResponse(await run_write(request, deliver_shipment, auth.user.email, order_id, shipment_id))


AREAS = (
    Area(
        "/api/orders",
        "order",
        OrderChanges,
        read=order_view,
        update=change_order_status,
        record=OrderRecord,
        through_provider=cancel_order,
    ),
    Area(
        "/api/refund-requests",
        "refund request",
        RefundChanges,
        RefundForm,
        create=request_refund,
        update=change_refund_status,
        record=RefundRequestRow,
        through_provider=accept_refund,
    ),
    # A new package is a package payment, which is the owner's (app/auth/roles.py); publishing is staff's too.
    Area(
        "/api/sellers",
        "seller",
        SellerChanges,
        update=update_seller,
        record=SellerRow,
        owners_fields=("package", "paymentMethod"),
        owners_because="Only the shop's owner may change a seller's package: it is a package payment",
    ),
    Area(
        "/api/payout-requests", "payout request", PayoutDecision, update=decide_payout_request, record=PayoutRequestRow
    ),
)

routes = [
    Route("/api/orders/{id:int}/cash-collected", record_cash_collected, methods=["POST"]),
    Route("/api/orders/{id:int}/shipments/{shipment:int}/delivered", record_shipment_delivered, methods=["POST"]),
    *(route for area in AREAS for route in area.routes()),
]
