"""The ledger check's marketplace rules (db/marketplace_check.py) hold on the seed and catch each
way they can break: a line in another order's or seller's shipment, an order whose status its
shipments do not make, a product whose summary is not its offers' (stock, count, used price, buy box)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from sqlalchemy import func, select, update
from test_admin_sales import read, write

from db.ledger_check import check_ledger
from db.models import Offer, Order, OrderLine, Product, Seller, Shipment
from db.models.base import utcnow


def problems(client) -> list[str]:
    return read(client, check_ledger).problems


def test_the_seed_keeps_every_marketplace_rule(client):
    assert problems(client) == []


def _line_in_another_orders_shipment(session):
    line = session.scalar(select(OrderLine).order_by(OrderLine.id))
    line.shipment_id = session.scalar(select(Shipment.id).where(Shipment.order_id != line.order_id))
    return f"order line {line.id}"


def _line_in_another_sellers_shipment(session):
    several = select(Shipment.order_id).group_by(Shipment.order_id).having(func.count() > 1)
    line = session.scalar(select(OrderLine).where(OrderLine.order_id.in_(several)).order_by(OrderLine.id))
    line.shipment_id = session.scalar(
        select(Shipment.id).where(Shipment.order_id == line.order_id, Shipment.id != line.shipment_id)
    )
    return f"order line {line.id}"


def _order_not_what_its_shipments_make(session):
    order = session.scalar(select(Order).where(Order.status == "Delivered").order_by(Order.id))
    order.status = "Shipped"
    return f"order {order.id}:"


def _summary_stock_off(session):
    product_id = session.scalar(select(Product.id).order_by(Product.id))
    session.execute(update(Product).where(Product.id == product_id).values(stock=Product.stock + 1))
    return f"product {product_id}:"


def _used_price_off(session):
    product_id = session.scalar(select(Product.id).where(Product.used_from.is_not(None)).order_by(Product.id))
    session.execute(
        update(Product).where(Product.id == product_id).values(used_from=Product.used_from + Decimal("0.01"))
    )
    return f"product {product_id}:"


def _buy_box_sellers_offer_suspended(session):
    """A seller suspended behind the summary's back: the products they held the buy box of are wrong."""
    product = session.scalar(
        select(Product).where(Product.seller_id.is_not(None), Product.offer_count > 0).order_by(Product.id)
    )
    session.execute(update(Seller).where(Seller.id == product.seller_id).values(suspended_at=utcnow()))
    return f"product {product.id}:"


def _cheaper_offer_not_summarised(session):
    offer = session.scalar(select(Offer).where(Offer.stock > 0, Offer.condition == "New").order_by(Offer.id))
    session.execute(update(Offer).where(Offer.id == offer.id).values(price=Offer.price / 2))
    return f"product {offer.product_id}:"


@pytest.mark.parametrize(
    "break_it",
    [
        _line_in_another_orders_shipment,
        _line_in_another_sellers_shipment,
        _order_not_what_its_shipments_make,
        _summary_stock_off,
        _used_price_off,
        _buy_box_sellers_offer_suspended,
        _cheaper_offer_not_summarised,
    ],
)
def test_each_broken_rule_is_caught(client, break_it):
    named = write(client, break_it)
    found = problems(client)
    assert any(problem.startswith(named) for problem in found), found
