"""The marketplace migration (0022) on a shop of the schema before it (the seed taken back to 0021:
orders of several sellers in every status, earnings, refunds, payments, reviews). Coming forward keeps
every row; each product becomes exactly one New offer at its old price, discount, stock and seller, which
its order lines point at; each order gets one shipment per seller of its lines, in the order's state;
SQLite's triggers (migration 0012's units sold among them) are all still there and still fire; going
back and forward again keeps every row. On SQLite and PostgreSQL (skipped when it does not answer)."""

from __future__ import annotations

from collections import defaultdict

from alembic import command
from sqlalchemy import text
from test_migrations import rows, schema_differences, seeded_copy  # noqa: F401 (seeded_copy is a fixture)

from db.engine import make_engine
from db.migrate import alembic_config, upgrade

PREVIOUS = "0021"
# What must come through unchanged: the columns these tables had at 0021.
KEPT = {
    "orders": 'SELECT id, customer_id, status, total, payment_method, payment_status, carrier, tracking_no FROM "order" ORDER BY id',
    "lines": "SELECT id, order_id, product_id, seller_id, title, unit_price, qty, amount, commission_rate FROM order_line ORDER BY id",
    "earnings": "SELECT id, seller_id, order_id, order_line_id, refund_request_id, seller_earning, admin_commission FROM earning ORDER BY id",
    "refunds": "SELECT id, order_line_id, amount, status FROM refund_request ORDER BY id",
    "payments": "SELECT id, order_id, kind, provider, amount, status FROM payment ORDER BY id",
    "reviews": "SELECT id, product_id, customer_id, rating, comment FROM review ORDER BY id",
    "products": "SELECT id, title, seller_id, price, discount, stock, units_sold FROM product ORDER BY id",
    "history": "SELECT id, order_id, from_status, to_status FROM order_status_change ORDER BY id",
}
SHIPMENT_OF_ORDER = {"Pending": "Processing", "Processing": "Processing"}


def kept(url: str) -> dict[str, list[tuple]]:
    return {name: rows(url, sql) for name, sql in KEPT.items()}


def triggers(url: str) -> set[str]:
    if not url.startswith("sqlite"):
        return set()
    return {name for (name,) in rows(url, "SELECT name FROM sqlite_master WHERE type = 'trigger'")}


def units_sold_follow_a_line(url: str) -> None:
    """Migration 0012's trigger: a line's quantity changed moves its product's units sold."""
    line_id, product_id, qty = rows(url, "SELECT id, product_id, qty FROM order_line ORDER BY id LIMIT 1")[0]
    [(before,)] = rows(url, f"SELECT units_sold FROM product WHERE id = {product_id}")
    engine = make_engine(url)
    with engine.begin() as connection:
        connection.execute(text(f"UPDATE order_line SET qty = {qty + 2} WHERE id = {line_id}"))
        [(after,)] = connection.execute(text(f"SELECT units_sold FROM product WHERE id = {product_id}")).all()
        connection.execute(text(f"UPDATE order_line SET qty = {qty} WHERE id = {line_id}"))
    engine.dispose()
    assert after == before + 2


def every_status(url: str) -> None:
    """The seed's orders are pending, processing or delivered: two processing orders of several
    sellers move on, as the shop would have moved them at 0021, one shipped and one cancelled."""
    several = "SELECT order_id FROM order_line GROUP BY order_id HAVING count(DISTINCT seller_id) > 1"
    shipped, cancelled = (
        order_id
        for (order_id,) in rows(
            url, f"SELECT id FROM \"order\" WHERE status = 'Processing' AND id IN ({several}) ORDER BY id LIMIT 2"
        )
    )
    engine = make_engine(url)
    with engine.begin() as connection:
        for order_id, status in ((shipped, "Shipped"), (cancelled, "Cancelled")):
            connection.execute(
                text('UPDATE "order" SET status = :status, carrier = :carrier, tracking_no = :number WHERE id = :id'),
                {
                    "status": status,
                    "id": order_id,
                    "carrier": "UPS" if status == "Shipped" else None,
                    "number": "1Z999",
                },
            )
            connection.execute(
                text(
                    "INSERT INTO order_status_change (order_id, from_status, to_status, changed_by, created_at) "
                    "SELECT id, 'Processing', status, 'admin', created_at FROM \"order\" WHERE id = :id"
                ),
                {"id": order_id},
            )
    engine.dispose()


def test_the_marketplace_migration_keeps_every_row_and_makes_each_product_its_sellers_offer(seeded_copy):
    command.downgrade(alembic_config(seeded_copy), PREVIOUS)
    every_status(seeded_copy)
    before = kept(seeded_copy)
    statuses = {status for (_, _, status, *_rest) in before["orders"]}
    assert statuses == {"Pending", "Processing", "Shipped", "Delivered", "Cancelled"}, statuses
    assert before["earnings"] and before["refunds"] and before["payments"] and before["reviews"]
    sellers_of = defaultdict(set)
    for _, order_id, _, seller_id, *_rest in before["lines"]:
        sellers_of[order_id].add(seller_id)
    assert any(len(sellers) > 1 for sellers in sellers_of.values()), "orders of several sellers"
    old_triggers = triggers(seeded_copy)

    upgrade(seeded_copy)
    assert kept(seeded_copy) == before
    assert schema_differences(seeded_copy) == []
    # Each product: exactly one offer, New, at its old price, discount, stock and seller.
    offers = rows(
        seeded_copy, "SELECT id, product_id, seller_id, condition, price, discount, stock FROM offer ORDER BY id"
    )
    by_product = defaultdict(list)
    for offer_id, product_id, seller_id, condition, price, discount, stock in offers:
        by_product[product_id].append((offer_id, seller_id, condition, price, discount, stock))
    assert len(by_product) == len(offers) == len(before["products"])
    for product_id, _title, seller_id, price, discount, stock, _sold in before["products"]:
        [(_, *offer)] = by_product[product_id]
        assert offer == [seller_id, "New", price, discount, stock], product_id
    # Each line points at its product's offer.
    for line_id, product_id, offer_id in rows(seeded_copy, "SELECT id, product_id, offer_id FROM order_line"):
        assert offer_id == by_product[product_id][0][0], line_id
    # Each order: one shipment per seller of its lines, in the order's state; each line in its seller's.
    shipments = defaultdict(dict)
    for shipment_id, order_id, seller_id, status in rows(
        seeded_copy, "SELECT id, order_id, seller_id, status FROM shipment"
    ):
        assert seller_id not in shipments[order_id], (order_id, seller_id)
        shipments[order_id][seller_id] = (shipment_id, status)
    order_status = {order_id: status for (order_id, _, status, *_rest) in before["orders"]}
    for order_id, sellers in sellers_of.items():
        assert set(shipments[order_id]) == sellers, order_id
        wanted = SHIPMENT_OF_ORDER.get(order_status[order_id], order_status[order_id])
        assert {status for _, status in shipments[order_id].values()} == {wanted}, order_id
    for line_id, order_id, seller_id, shipment_id in rows(
        seeded_copy, "SELECT id, order_id, seller_id, shipment_id FROM order_line"
    ):
        assert shipment_id == shipments[order_id][seller_id][0], line_id
    # SQLite's triggers are all still there (and the new listing one), and still fire.
    assert triggers(seeded_copy) >= old_triggers
    units_sold_follow_a_line(seeded_copy)

    # Back and forward again: every row is still there.
    command.downgrade(alembic_config(seeded_copy), PREVIOUS)
    assert kept(seeded_copy) == before
    assert triggers(seeded_copy) == old_triggers
    upgrade(seeded_copy)
    assert kept(seeded_copy) == before
    assert len(rows(seeded_copy, "SELECT id FROM offer")) == len(before["products"])
    units_sold_follow_a_line(seeded_copy)
