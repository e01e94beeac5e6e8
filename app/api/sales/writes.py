"""Administrator writes to the money side (REST on the list paths, see admin_writes.py): order
and refund request statuses, asking for a refund, sellers' publishing and packages, and deciding
payout requests. Every status change follows db/statuses.py; an illegal move is 409."""

from __future__ import annotations

from app.api.admin_writes import Area
from app.api.sales.records import OrderRecord, PayoutRequestRow, RefundRequestRow, SellerRow
from db.admin.orders import OrderChanges, change_order_status, order_view
from db.admin.payouts import PayoutDecision, decide_payout_request
from db.admin.refunds import RefundChanges, RefundForm, change_refund_status, request_refund
from db.admin.sellers import SellerChanges, update_seller

AREAS = (
    Area("/api/orders", "order", OrderChanges, read=order_view, update=change_order_status, record=OrderRecord),
    Area(
        "/api/refund-requests",
        "refund request",
        RefundChanges,
        RefundForm,
        create=request_refund,
        update=change_refund_status,
        record=RefundRequestRow,
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

routes = [route for area in AREAS for route in area.routes()]
