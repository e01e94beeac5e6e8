"""A shopper's orders: the account's list (newest first, paged in SQL), one order as its page shows
it (lines, totals, addresses, the timeline of its status changes), and what "Buy again" can put
back into the cart.

An account's orders are those placed while it was signed in (`order.account_id`) and those of the
customer record its verified email joined (`customer.user_id`): guest orders join the account only
once it verified the email they were placed with. Both sides are index lookups (order.account_id,
customer.user_id, order.customer_id), so the list costs the same few queries at any size."""

from __future__ import annotations

from sqlalchemy import ColumnElement, func, or_, select
from sqlalchemy.orm import Session

from db.admin import NotFound
from db.carriers import tracking_url
from db.checkout import sale_price
from db.line_cancel import line_cancellation
from db.models import Customer, Order, OrderLine, Product, Seller, Shipment
from db.offers import STORE_NAME
from db.payments import TAKEN, due, latest_charge, payment_answer
from db.queries.admin import iso
from db.queries.media import media_url
from db.queries.products import money

MAX_ORDER_NO = 2**63 - 1
# Why a line of an earlier order is not added again (the booklist page's words, addable.js).
LEFT_OUT = ("unavailable", "out-of-stock")


def _mine(user_id: int) -> ColumnElement[bool]:
    # The customer record an account's verified email joined: at most one (customer.user_id is unique).
    joined = select(Customer.id).where(Customer.user_id == user_id).scalar_subquery()
    return or_(Order.account_id == user_id, Order.customer_id == joined)


def account_orders(session: Session, user_id: int, page: int = 1, per_page: int | None = None) -> tuple[list, int]:
    """The account's orders newest first ({orderNo, placedAt, status, total, books}) and how many.
    One statement: both halves of the OR by their indexes; a page counts the total over the same rows."""
    books = select(func.coalesce(func.sum(OrderLine.qty), 0)).where(OrderLine.order_id == Order.id).scalar_subquery()
    columns = [Order.id, Order.created_at, Order.status, Order.total, books]
    if per_page:
        columns.append(func.count().over())
    query = select(*columns).where(_mine(user_id)).order_by(Order.created_at.desc(), Order.id.desc())
    if per_page:
        query = query.limit(per_page).offset((page - 1) * per_page)
    rows = session.execute(query).all()
    if not per_page:
        total = len(rows)
    elif rows:
        total = rows[0][5]
    else:  # past the last page: the rows that were there to count are not
        total = session.scalar(select(func.count()).select_from(Order).where(_mine(user_id))) if page > 1 else 0
    records = [
        {"orderNo": r[0], "placedAt": iso(r[1]), "status": r[2], "total": float(r[3]), "books": r[4]} for r in rows
    ]
    return records, total


def account_order(session: Session, user_id: int, order_no: int) -> Order:
    """The account's order of this number; NotFound when there is none (or it is someone else's)."""
    order = session.get(Order, order_no) if 0 < order_no <= MAX_ORDER_NO else None
    if order is not None and order.account_id != user_id and order.customer.user_id != user_id:
        order = None
    if order is None:
        raise NotFound(f"There is no order {order_no} in your account")
    return order


def payable_by_card(order: Order) -> bool:
    """Whether the shopper may pay the order with another card (POST /api/orders/{no}/payment): a
    card order not paid yet (declined, its bank's check not done) and not moved on or cancelled."""
    return order.payment_method == "Stripe" and order.status == "Pending" and order.payment_status not in TAKEN


def shipments_of(session: Session, order_id: int) -> list[dict]:
    """The order's parcels, one per seller (the store's own first): who sends it, where it stands,
    its carrier and tracking page once shipped."""
    rows = session.execute(
        select(Shipment, Seller.shop_name)
        .outerjoin(Seller, Shipment.seller_id == Seller.id)
        .where(Shipment.order_id == order_id)
        .order_by(Shipment.seller_id.is_not(None), Shipment.id)
    ).all()
    return [
        {
            "id": shipment.id,
            "seller": shop_name or STORE_NAME,
            "status": shipment.status,
            "carrier": shipment.carrier,
            "trackingNo": shipment.tracking_no,
            "trackingUrl": tracking_url(shipment.carrier, shipment.tracking_no),
            "shippedAt": iso(shipment.shipped_at) if shipment.shipped_at else None,
            "deliveredAt": iso(shipment.delivered_at) if shipment.delivered_at else None,
        }
        for shipment, shop_name in rows
    ]


def order_record(session: Session, order: Order) -> dict:
    """The order as its page shows it, to its shopper (the back office has its own view): with its
    latest payment's state, the parcel's carrier and tracking page once it is shipped, and its
    shipments (one per seller), each line naming its shipment and the condition of its copies."""
    lines = session.execute(
        select(OrderLine, Product.images, Product.published)
        .join(Product, OrderLine.product_id == Product.id)
        .where(OrderLine.order_id == order.id)
        .order_by(OrderLine.id)
    ).all()
    return {
        "orderNo": order.id,
        "placedAt": iso(order.created_at),
        "status": order.status,
        "paymentMethod": order.payment_method,
        "paymentStatus": order.payment_status,
        "payment": payment_answer(latest_charge(session, order.id)),
        "payableByCard": payable_by_card(order),
        "carrier": order.carrier,
        "trackingNo": order.tracking_no,
        "trackingUrl": tracking_url(order.carrier, order.tracking_no),
        "total": money(order.total),
        # What the shopper pays once the lines their sellers cancelled are taken off.
        "due": money(due(order)),
        "books": sum(line.qty for line, _, _ in lines),
        "name": order.customer.name,
        "billingAddress": order.billing_address,
        "deliveryAddress": order.delivery_address,
        "lines": [
            {
                "productId": line.product_id,
                "title": line.title,
                "qty": line.qty,
                "unitPrice": money(line.unit_price),
                "lineTotal": money(line.amount),
                "imgUrl": media_url(images[0]) if images else None,
                "url": f"/product/{line.product_id}" if published else None,
                "condition": line.condition,
                "shipmentId": line.shipment_id,
                **line_cancellation(line),
            }
            for line, images, published in lines
        ],
        "shipments": shipments_of(session, order.id),
        "timeline": [{"status": h.to_status, "at": iso(h.created_at)} for h in order.history],
    }


def _state(product: Product, qty: int) -> tuple[str, int]:
    """The booklist page's rule (db/queries/booklists.py line_of): not for sale or sold out is left
    out; more than the stock is cut to the stock."""
    if not product.published:
        return "unavailable", 0
    if product.stock <= 0:
        return "out-of-stock", 0
    if product.stock < qty:
        return "short", product.stock
    return "in-stock", qty


def buy_again(session: Session, order: Order) -> dict:
    """The order's lines as the shop stands now: `lines` still sold (at today's price, the quantity
    cut to the stock) and `leftOut` (sold out or no longer sold), each named."""
    ordered: dict[int, int] = {}
    for line in order.lines:
        ordered[line.product_id] = ordered.get(line.product_id, 0) + line.qty
    products = {p.id: p for p in session.scalars(select(Product).where(Product.id.in_(list(ordered))))}
    lines, left_out = [], []
    for product_id, qty in ordered.items():
        product = products[product_id]
        state, addable = _state(product, qty)
        item = {"id": product.id, "title": product.title, "quantity": qty, "state": state, "addable": addable}
        if state in LEFT_OUT:
            left_out.append(item)
            continue
        item.update(
            price=money(sale_price(product)),
            imgUrl=media_url(product.images[0]) if product.images else None,
            url=f"/product/{product.id}",
        )
        lines.append(item)
    return {"orderNo": order.id, "lines": lines, "leftOut": left_out}
