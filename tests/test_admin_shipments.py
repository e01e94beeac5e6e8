"""The admin order page's shipments (db/admin/orders.py): one per seller, each with its status,
carrier and tracking, dates and lines; a shipped parcel is marked delivered on its own
(POST /api/orders/{id}/shipments/{shipment}/delivered) and the order follows: Shipped while any
parcel travels, Delivered (with its sellers' earnings, its customer mailed) once all arrived. A parcel
not yet shipped, one of another order, one already delivered, and a cash order's last parcel
(delivered by Cash collected) are refused with nothing written."""

from __future__ import annotations

from sqlalchemy import func, select
from test_admin_sales import audit_entries, ledger_state, read, write
from test_mail_delivery import outbox

from db.carriers import CARRIERS
from db.ledger_check import check_ledger
from db.models import Earning, Order, Shipment


def processing_order_of_sellers(client) -> int:
    """A paid order of several sellers, not shipped yet."""
    several = select(Shipment.order_id).group_by(Shipment.order_id).having(func.count() > 1)
    return read(
        client,
        lambda s: s.scalar(
            select(Order.id)
            .where(Order.status == "Processing", Order.payment_method != "Cash", Order.id.in_(several))
            .order_by(Order.id)
        ),
    )


def earnings_of(client, order_id: int) -> int:
    return read(
        client, lambda s: s.scalar(select(func.count()).select_from(Earning).where(Earning.order_id == order_id))
    )


def ship(client, order_id: int) -> dict:
    body = {"status": "Shipped", "carrier": CARRIERS[0], "trackingNo": "TRK12345"}
    response = client.patch(f"/api/orders/{order_id}", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def deliver(client, order_id: int, shipment_id: int):
    return client.post(f"/api/orders/{order_id}/shipments/{shipment_id}/delivered")


def test_the_order_view_shows_each_sellers_shipment_with_its_lines(admin_client):
    order_id = processing_order_of_sellers(admin_client)
    order = admin_client.get(f"/api/orders/{order_id}").json()
    assert len(order["shipments"]) > 1
    assert sorted(i for s in order["shipments"] for i in s["lineIds"]) == sorted(line["id"] for line in order["lines"])
    for shipment in order["shipments"]:
        lines = [line for line in order["lines"] if line["id"] in shipment["lineIds"]]
        assert {line["sellerId"] for line in lines} == {shipment["sellerId"]}
        assert {line["shipmentId"] for line in lines} == {shipment["id"]}
        assert shipment["status"] == "Processing" and shipment["shippedAt"] is None
    assert all(line["condition"] == "New" for line in order["lines"])
    page = admin_client.get(f"/admin/orders/{order_id}")
    assert page.status_code == 200 and "Shipments" in page.text


def test_parcels_are_delivered_one_by_one_and_the_order_follows(admin_client):
    order_id = processing_order_of_sellers(admin_client)
    first, *others = ship(admin_client, order_id)["shipments"]
    assert all(
        s["status"] == "Shipped" and s["trackingNo"] == "TRK12345" and s["trackingUrl"] for s in [first, *others]
    )
    response = deliver(admin_client, order_id, first["id"])
    assert response.status_code == 200, response.text
    order = response.json()
    assert order["status"] == "Shipped" and earnings_of(admin_client, order_id) == 0
    delivered = next(s for s in order["shipments"] if s["id"] == first["id"])
    assert delivered["status"] == "Delivered" and delivered["deliveredAt"]
    [entry] = audit_entries(admin_client, "shipment", first["id"])
    assert (entry.before["status"], entry.after["status"]) == ("Shipped", "Delivered")
    mails = len(outbox(admin_client))
    for shipment in others:
        order = deliver(admin_client, order_id, shipment["id"]).json()
    assert order["status"] == "Delivered" and order["history"][-1]["to"] == "Delivered"
    sellers_lines = [line for line in order["lines"] if line["sellerId"] is not None]
    assert earnings_of(admin_client, order_id) == len(sellers_lines)
    assert [m.kind for m in outbox(admin_client)[mails:]] == ["order_status"]
    assert read(admin_client, check_ledger).problems == []


def test_parcels_that_cannot_be_delivered_are_refused_with_nothing_written(admin_client):
    order_id = processing_order_of_sellers(admin_client)
    shipments = admin_client.get(f"/api/orders/{order_id}").json()["shipments"]
    before = ledger_state(admin_client)
    # Not shipped yet.
    response = deliver(admin_client, order_id, shipments[0]["id"])
    assert response.status_code == 409 and "ship it" in response.json()["message"]
    # Not this order's, or no such parcel.
    other = read(admin_client, lambda s: s.scalar(select(Shipment.id).where(Shipment.order_id != order_id)))
    assert deliver(admin_client, order_id, other).status_code == 404
    assert deliver(admin_client, order_id, 999_999).status_code == 404
    assert deliver(admin_client, 999_999, shipments[0]["id"]).status_code == 404
    assert ledger_state(admin_client) == before
    ship(admin_client, order_id)
    assert deliver(admin_client, order_id, shipments[0]["id"]).status_code == 200
    response = deliver(admin_client, order_id, shipments[0]["id"])
    assert response.status_code == 409, response.text


def test_a_cash_orders_last_parcel_is_delivered_by_cash_collected(admin_client):
    order_id = processing_order_of_sellers(admin_client)
    write(admin_client, lambda s: setattr(s.get(Order, order_id), "payment_method", "Cash"))
    write(admin_client, lambda s: setattr(s.get(Order, order_id), "payment_status", "Pending"))
    *first, last = ship(admin_client, order_id)["shipments"]
    for shipment in first:
        assert deliver(admin_client, order_id, shipment["id"]).status_code == 200
    response = deliver(admin_client, order_id, last["id"])
    assert response.status_code == 409 and "Cash collected" in response.json()["message"]
    assert admin_client.get(f"/api/orders/{order_id}").json()["status"] == "Shipped"


def test_delivering_needs_an_administrator_and_the_csrf_token(admin_client, client):
    order_id = processing_order_of_sellers(admin_client)
    shipment = ship(admin_client, order_id)["shipments"][0]
    token = admin_client.headers.pop("X-CSRF-Token")
    assert deliver(admin_client, order_id, shipment["id"]).status_code == 403
    admin_client.headers["X-CSRF-Token"] = token
    admin_client.cookies.clear()
    assert deliver(admin_client, order_id, shipment["id"]).status_code == 401
