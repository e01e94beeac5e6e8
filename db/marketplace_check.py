"""The marketplace's rules in the ledger check (db/ledger_check.py):
- every order line travels in a shipment of its own order and its own seller;
- an order's status is what its shipments make (db/shipments.py `status_from`), except a Pending one;
- each product's summary of its offers (stock, offers in stock, lowest used price, and the buy box's
  price, discount, seller and condition) is what db/offers.py `summarise` computes from them.

The summary is checked in SQL, a range of product ids at a time, and only the products that differ
come back: at a million products nothing but their count crosses into Python. Money is compared in
whole cents (an offer's price less its discount rounded half up, as `offer_price` does), so SQLite's
floating point and PostgreSQL's numeric agree."""

from __future__ import annotations

from collections import defaultdict

from sqlalchemy import Integer, and_, case, cast, func, or_, select
from sqlalchemy.orm import Session

from db.models import Offer, Order, OrderLine, Product, Seller, Shipment
from db.models.offers import NEW
from db.offers import STORE_RATING
from db.shipments import status_from

BATCH = 50_000


def lines_shipped(session: Session, report) -> None:
    """Each line's shipment exists, is of the line's order and carries the line's seller."""
    rows = session.execute(
        select(OrderLine.id, OrderLine.order_id, OrderLine.shipment_id, Shipment.order_id, Shipment.seller_id)
        .outerjoin(Shipment, OrderLine.shipment_id == Shipment.id)
        .where(
            or_(
                Shipment.id.is_(None),
                Shipment.order_id != OrderLine.order_id,
                Shipment.seller_id.is_distinct_from(OrderLine.seller_id),
            )
        )
    )
    for line_id, order_id, shipment_id, shipment_order, shipment_seller in rows:
        if shipment_order is None:
            report.problem(f"order line {line_id} (order {order_id}): in no shipment")
        else:
            report.problem(
                f"order line {line_id} (order {order_id}): shipment {shipment_id} is order {shipment_order}'s "
                f"of seller {shipment_seller}"
            )
    report.counted["shipments"] = session.scalar(select(func.count()).select_from(Shipment))


def orders_follow_shipments(session: Session, report) -> None:
    statuses: dict[int, list[str]] = defaultdict(list)
    for order_id, status in session.execute(
        select(Shipment.order_id, Shipment.status).distinct().order_by(Shipment.order_id)
    ):
        statuses[order_id].append(status)
    for order_id, status in session.execute(select(Order.id, Order.status).where(Order.status != "Pending")):
        if order_id not in statuses:
            report.problem(f"order {order_id} ({status}): has no shipment")
        elif (made := status_from(statuses[order_id])) != status:
            report.problem(
                f"order {order_id}: is {status}, its shipments ({', '.join(statuses[order_id])}) make it {made}"
            )


def _cents(column):
    """Money as whole cents: exact on both databases (a stored price has two decimals)."""
    return cast(func.round(column * 100), Integer)


def _summaries(low: int, high: int):
    """What `summarise` would write for the products with ids in [low, high), with the product's own
    columns beside it, only where they differ."""
    pays = (_cents(Offer.price) * (100 - Offer.discount) + 50) // 100  # offer_price, half up, in cents
    in_stock = Offer.stock > 0
    sold = (
        select(
            Offer.product_id,
            Offer.seller_id,
            Offer.condition,
            Offer.stock,
            Offer.discount,
            _cents(Offer.price).label("price"),
            pays.label("pays"),
            func.row_number()
            .over(
                partition_by=Offer.product_id,
                order_by=(
                    case((and_(in_stock, Offer.condition == NEW), 0), (in_stock, 1), else_=2),
                    pays,
                    func.coalesce(Seller.rating, STORE_RATING).desc(),
                    Offer.id,
                ),
            )
            .label("rank"),
        )
        .outerjoin(Seller, Offer.seller_id == Seller.id)
        .where(Offer.product_id >= low, Offer.product_id < high, Seller.suspended_at.is_(None))
        .subquery()
    )
    totals = (
        select(
            sold.c.product_id,
            func.sum(case((sold.c.stock > 0, 1), else_=0)).label("offer_count"),
            func.min(case((and_(sold.c.condition != NEW, sold.c.stock > 0), sold.c.pays))).label("used_from"),
        )
        .group_by(sold.c.product_id)
        .subquery()
    )
    best = select(sold).where(sold.c.rank == 1).subquery()
    stock = func.coalesce(best.c.stock, 0)  # the buy box's: what Add to cart may take
    offer_count = func.coalesce(totals.c.offer_count, 0)
    # A product none of whose offers sells keeps its last buy box: only its counts are checked.
    differs = or_(
        Product.stock != stock,
        Product.offer_count != offer_count,
        _cents(Product.used_from).is_distinct_from(totals.c.used_from),
        and_(
            best.c.product_id.is_not(None),
            or_(
                _cents(Product.price) != best.c.price,
                Product.discount != best.c.discount,
                Product.seller_id.is_distinct_from(best.c.seller_id),
                Product.condition != best.c.condition,
            ),
        ),
    )
    return (
        select(
            Product.id,
            Product.stock,
            stock,
            Product.offer_count,
            offer_count,
            _cents(Product.used_from),
            totals.c.used_from,
            _cents(Product.price),
            Product.discount,
            Product.seller_id,
            Product.condition,
            best.c.price,
            best.c.discount,
            best.c.seller_id,
            best.c.condition,
        )
        .outerjoin(totals, totals.c.product_id == Product.id)
        .outerjoin(best, best.c.product_id == Product.id)
        .where(Product.id >= low, Product.id < high, differs)
        .order_by(Product.id)
    )


def _money(cents) -> str:
    return "none" if cents is None else f"{cents / 100:.2f}"


def products_summarised(session: Session, report) -> None:
    top = session.scalar(select(func.max(Product.id))) or 0
    for low in range(1, top + 1, BATCH):
        for row in session.execute(_summaries(low, low + BATCH)):
            (product_id, stock, want_stock, count, want_count, used, want_used, *box) = row
            price, discount, seller, condition, want_price, want_discount, want_seller, want_condition = box
            report.problem(
                f"product {product_id}: its summary (stock {stock}, {count} offers in stock, used from "
                f"{_money(used)}, buy box {_money(price)} less {discount}% by seller {seller}, {condition}) is not "
                f"its offers' (stock {want_stock}, {want_count} in stock, used from {_money(want_used)}, buy box "
                f"{_money(want_price)} less {want_discount}% by seller {want_seller}, {want_condition})"
            )
    report.counted["products"] = session.scalar(select(func.count()).select_from(Product))
