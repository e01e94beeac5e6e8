"""/api/seller/orders: the signed-in seller's shipments (their own lines of shoppers' orders, with
the delivery address and nothing else of the shopper), and shipping one with its carrier and
tracking number (the order follows, the shopper is mailed)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from app.api.contract import contract
from app.api.sellers.guard import SELLER_WRITE, seller_writer
from app.api.sellers.lists import seller_list_route
from app.api.sellers.records import ShipmentRecord
from app.api.validation import read_json
from app.api.writes import write
from db.seller_portal.shipments import ShipForm, sellers_shipments, ship, shipments_page


@contract(body=ShipForm, returns=ShipmentRecord, refusals=(*SELLER_WRITE, 404, 409))
async def mark_shipped(request: Request) -> Response:
    """Mark the seller's parcel shipped, with its carrier and tracking number (409 while its order
    is not paid for, or once it has gone)."""
    account = await seller_writer(request)
    form = await read_json(request, ShipForm)
    shipment_id = request.path_params["id"]
    return JSONResponse(await write(request, ship, account.email, account.seller_id, shipment_id, form))


routes = [
    seller_list_route("/api/seller/orders", sellers_shipments, ShipmentRecord, read=shipments_page),
    Route("/api/seller/orders/{id:int}/ship", mark_shipped, methods=["POST"]),
]
