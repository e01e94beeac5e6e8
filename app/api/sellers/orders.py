"""/api/seller/orders: the signed-in seller's shipments (their own lines of shoppers' orders, with
the delivery address and nothing else of the shopper), shipping one with its carrier and tracking
number (the order follows, the shopper is mailed), and cancelling a line the seller cannot fill
(the shopper refunded and mailed)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from app.api.contract import contract
from app.api.sellers.guard import SELLER_WRITE, seller_writer
from app.api.sellers.lists import seller_list_route
from app.api.sellers.records import ShipmentRecord
from app.api.validation import read_json
from app.api.writes import refusal, write
from app.services import services_of
from db.admin import Conflict, NotFound
from db.line_cancel import CancelForm
from db.seller_portal.shipments import (
    ShipForm,
    sellers_shipments,
    ship,
    shipment_of_line,
    shipment_view,
    shipments_page,
)


@contract(body=ShipForm, returns=ShipmentRecord, refusals=(*SELLER_WRITE, 404, 409))
async def mark_shipped(request: Request) -> Response:
    """Mark the seller's parcel shipped, with its carrier and tracking number (409 while its order
    is not paid for, or once it has gone)."""
    account = await seller_writer(request)
    form = await read_json(request, ShipForm)
    shipment_id = request.path_params["id"]
    return JSONResponse(await write(request, ship, account.email, account.seller_id, shipment_id, form))


@contract(body=CancelForm, returns=ShipmentRecord, refusals=(*SELLER_WRITE, 404, 409))
async def cancel_line(request: Request) -> Response:
    """Cancel a line of the seller's parcel they cannot fill, with the reason the shopper is told:
    its copies go back on the offer and money taken for it goes back to the shopper (through the
    card's provider). 409 once the parcel has gone, while the order is not confirmed, or when the
    provider refuses the refund (the line then stays as it was)."""
    account = await seller_writer(request)
    form = await read_json(request, CancelForm)
    shipment_id, line_id = request.path_params["id"], request.path_params["line"]
    services = services_of(request)
    try:
        await services.db.read(shipment_of_line, account.seller_id, shipment_id, line_id)
        await services.payments.cancel_line(account.email, account.seller_id, line_id, form)
    except (NotFound, Conflict) as error:
        raise refusal(error) from error
    await services.catalogue_written()  # its copies are back on sale: this server's pages show it
    return JSONResponse(await services.db.read(shipment_view, account.seller_id, shipment_id))


routes = [
    seller_list_route("/api/seller/orders", sellers_shipments, ShipmentRecord, read=shipments_page),
    Route("/api/seller/orders/{id:int}/ship", mark_shipped, methods=["POST"]),
    Route("/api/seller/orders/{id:int}/lines/{line:int}/cancel", cancel_line, methods=["POST"]),
]
