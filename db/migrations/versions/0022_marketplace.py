"""marketplace: a book's offers (seller, condition, price, stock, note, photos), an order's
shipments (one per seller), catalogue requests from sellers, sellers' accounts, ratings and
suspension

Revision ID: 0022
Revises: 0021
Create Date: 2026-11-26 18:30:00

Every existing row is kept. Every product becomes its seller's (or the store's own) New offer at
its price, discount and stock; every order line points at that offer; every order gets one
shipment per seller of its lines, in the state the order is in (with the order's carrier and
tracking number), so the order's status is what its shipments make; each seller's rating is the
review-weighted average of their products'. Orders, earnings, payments and reviews are not
touched. SQLite keeps product's and order_line's triggers (migration 0012): their new columns are
added in place, never by copying the table. Going back drops the new tables and columns.
"""

import sqlalchemy as sa
from alembic import op

import db.models.base

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None

MONEY = sa.Numeric(precision=12, scale=2)
WHEN = db.models.base.UTCDateTime(timezone=True)
# The shipment an order's state stands for (a pending order's parcel waits to be packed).
SHIPMENT_OF_ORDER = (
    "CASE o.status WHEN 'Shipped' THEN 'Shipped' WHEN 'Delivered' THEN 'Delivered' "
    "WHEN 'Cancelled' THEN 'Cancelled' ELSE 'Processing' END"
)


def _first_move(to_status: str) -> str:
    return (
        f"(SELECT min(h.created_at) FROM order_status_change h WHERE h.order_id = o.id AND h.to_status = '{to_status}')"
    )


# Every product is sold as an offer: whoever inserts a product (the admin, the book import, a
# generated catalogue) lists it, in the same statement, as its seller's New offer at its price.
LISTED = "INSERT INTO offer (product_id, seller_id, condition, price, discount, stock, note, photos, created_at, updated_at) "
LISTED_COLUMNS = (
    "{row}id, {row}seller_id, 'New', {row}price, {row}discount, {row}stock, '', '[]', {row}created_at, {row}created_at"
)


def _listing_trigger(dialect: str) -> list[str]:
    if dialect == "sqlite":
        values = LISTED_COLUMNS.format(row="NEW.")
        return [
            f"CREATE TRIGGER product_listed AFTER INSERT ON product FOR EACH ROW\nBEGIN\n{LISTED}VALUES ({values});\nEND"
        ]
    # A statement at a time: a bulk import of a million books lists them in one INSERT.
    select = f"SELECT {LISTED_COLUMNS.format(row='')} FROM inserted ORDER BY id"
    return [
        f"CREATE FUNCTION product_listed() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  {LISTED}{select};\n  RETURN NULL;\nEND\n$$",
        "CREATE TRIGGER product_listed AFTER INSERT ON product REFERENCING NEW TABLE AS inserted "
        "FOR EACH STATEMENT EXECUTE FUNCTION product_listed()",
    ]


def _order_line_references(dialect: str) -> None:
    """order_line's offer and shipment, SET NULL when theirs goes. SQLite adds a constraint only by
    copying the table, which drops its triggers (migration 0012's units sold): they are read before
    and written again after, as they were."""
    bind = op.get_bind()
    triggers = []
    if dialect == "sqlite":
        found = "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'order_line' ORDER BY name"
        triggers = [row[0] for row in bind.execute(sa.text(found))]
    with op.batch_alter_table("order_line", schema=None) as batch_op:
        batch_op.add_column(sa.Column("offer_id", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("shipment_id", sa.Integer(), nullable=True))
        batch_op.create_index("ix_order_line_offer_id", ["offer_id"])
        batch_op.create_index("ix_order_line_shipment_id", ["shipment_id"])
        for column, target in (("offer_id", "offer"), ("shipment_id", "shipment")):
            batch_op.create_foreign_key(
                f"fk_order_line_{column}_{target}", target, [column], ["id"], ondelete="SET NULL"
            )
    for trigger in triggers:
        op.execute(trigger)


def upgrade() -> None:
    dialect = op.get_bind().dialect.name
    op.create_table(
        "offer",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("product_id", sa.Integer(), nullable=False),
        sa.Column("seller_id", sa.Integer(), nullable=True),
        sa.Column("condition", sa.String(length=20), nullable=False),
        sa.Column("price", MONEY, nullable=False),
        sa.Column("discount", sa.Integer(), nullable=False),
        sa.Column("stock", sa.Integer(), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("photos", sa.JSON(), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.Column("updated_at", WHEN, nullable=False),
        sa.CheckConstraint("discount >= 0 AND discount <= 90", name=op.f("ck_offer_discount_range")),
        sa.CheckConstraint("price >= 0", name=op.f("ck_offer_price_not_negative")),
        sa.CheckConstraint("stock >= 0", name=op.f("ck_offer_stock_not_negative")),
        sa.ForeignKeyConstraint(
            ["product_id"], ["product.id"], name=op.f("fk_offer_product_id_product"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["seller_id"], ["seller.id"], name=op.f("fk_offer_seller_id_seller"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_offer")),
    )
    op.create_index("ix_offer_product_id", "offer", ["product_id"])
    op.create_index("ix_offer_seller_id", "offer", ["seller_id", "id"])

    op.create_table(
        "shipment",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("order_id", sa.Integer(), nullable=False),
        sa.Column("seller_id", sa.Integer(), nullable=True),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("carrier", sa.String(length=40), nullable=True),
        sa.Column("tracking_no", sa.String(length=60), nullable=True),
        sa.Column("shipped_at", WHEN, nullable=True),
        sa.Column("delivered_at", WHEN, nullable=True),
        sa.Column("created_at", WHEN, nullable=False),
        sa.ForeignKeyConstraint(
            ["order_id"], ["order.id"], name=op.f("fk_shipment_order_id_order"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["seller_id"], ["seller.id"], name=op.f("fk_shipment_seller_id_seller"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_shipment")),
    )
    op.create_index("ix_shipment_order_id", "shipment", ["order_id"])
    op.create_index("ix_shipment_seller_status", "shipment", ["seller_id", "status", "id"])

    op.create_table(
        "catalogue_request",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("seller_id", sa.Integer(), nullable=False),
        sa.Column("isbn", sa.String(length=13), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("authors", sa.String(length=400), nullable=False),
        sa.Column("publisher", sa.String(length=120), nullable=False),
        sa.Column("condition", sa.String(length=20), nullable=False),
        sa.Column("price", MONEY, nullable=False),
        sa.Column("stock", sa.Integer(), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("decided_by", sa.String(length=254), nullable=True),
        sa.Column("decided_at", WHEN, nullable=True),
        sa.Column("product_id", sa.Integer(), nullable=True),
        sa.Column("created_at", WHEN, nullable=False),
        sa.ForeignKeyConstraint(
            ["product_id"], ["product.id"], name=op.f("fk_catalogue_request_product_id_product"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["seller_id"], ["seller.id"], name=op.f("fk_catalogue_request_seller_id_seller"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_catalogue_request")),
    )
    op.create_index("ix_catalogue_request_isbn", "catalogue_request", ["isbn"])
    op.create_index("ix_catalogue_request_seller_id", "catalogue_request", ["seller_id"])
    op.create_index("ix_catalogue_request_status", "catalogue_request", ["status"])

    op.add_column("product", sa.Column("used_from", MONEY, nullable=True))
    op.add_column("product", sa.Column("offer_count", sa.Integer(), server_default="1", nullable=False))
    op.add_column("product", sa.Column("condition", sa.String(length=20), server_default="New", nullable=False))
    op.add_column("seller", sa.Column("rating", sa.Numeric(precision=3, scale=2), server_default="0", nullable=False))
    op.add_column("seller", sa.Column("suspended_at", WHEN, nullable=True))
    op.add_column("order_line", sa.Column("condition", sa.String(length=20), server_default="New", nullable=False))
    _order_line_references(dialect)
    with op.batch_alter_table("user", schema=None) as batch_op:
        batch_op.add_column(sa.Column("seller_id", sa.Integer(), nullable=True))
        batch_op.create_unique_constraint(batch_op.f("uq_user_seller_id"), ["seller_id"])
        batch_op.create_foreign_key(
            batch_op.f("fk_user_seller_id_seller"), "seller", ["seller_id"], ["id"], ondelete="CASCADE"
        )

    # Every product is its seller's New offer, as it was sold until now.
    op.execute(f"{LISTED}SELECT {LISTED_COLUMNS.format(row='')} FROM product ORDER BY id")
    for statement in _listing_trigger(dialect):
        op.execute(statement)
    op.execute("UPDATE product SET offer_count = CASE WHEN stock > 0 THEN 1 ELSE 0 END")
    op.execute("UPDATE order_line SET offer_id = (SELECT f.id FROM offer f WHERE f.product_id = order_line.product_id)")
    same_seller = "IS" if dialect == "sqlite" else "IS NOT DISTINCT FROM"
    op.execute(
        "INSERT INTO shipment (order_id, seller_id, status, carrier, tracking_no, shipped_at, delivered_at, created_at) "
        f"SELECT o.id, parts.seller_id, {SHIPMENT_OF_ORDER}, "
        "CASE WHEN o.status IN ('Shipped', 'Delivered') THEN o.carrier END, "
        "CASE WHEN o.status IN ('Shipped', 'Delivered') THEN o.tracking_no END, "
        f"CASE WHEN o.status IN ('Shipped', 'Delivered') THEN coalesce({_first_move('Shipped')}, {_first_move('Delivered')}) END, "
        f"CASE WHEN o.status = 'Delivered' THEN {_first_move('Delivered')} END, "
        "o.created_at "
        'FROM (SELECT DISTINCT order_id, seller_id FROM order_line) parts JOIN "order" o ON o.id = parts.order_id '
        "ORDER BY o.id, parts.seller_id"
    )
    op.execute(
        "UPDATE order_line SET shipment_id = (SELECT s.id FROM shipment s WHERE s.order_id = order_line.order_id "
        f"AND s.seller_id {same_seller} order_line.seller_id)"
    )
    op.execute(
        "UPDATE seller SET rating = coalesce((SELECT round(sum(p.rating * p.review_count) / sum(p.review_count), 2) "
        "FROM product p WHERE p.seller_id = seller.id AND p.review_count > 0), 0)"
    )


def downgrade() -> None:
    dialect = op.get_bind().dialect.name
    op.execute("DROP TRIGGER IF EXISTS product_listed" + ("" if dialect == "sqlite" else " ON product"))
    if dialect != "sqlite":
        op.execute("DROP FUNCTION IF EXISTS product_listed()")
    with op.batch_alter_table("user", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_user_seller_id_seller"), type_="foreignkey")
        batch_op.drop_constraint(batch_op.f("uq_user_seller_id"), type_="unique")
        batch_op.drop_column("seller_id")
    triggers = []
    if dialect == "sqlite":
        found = "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'order_line' ORDER BY name"
        triggers = [row[0] for row in op.get_bind().execute(sa.text(found))]
    with op.batch_alter_table("order_line", schema=None) as batch_op:
        for column in ("offer_id", "shipment_id"):
            batch_op.drop_constraint(f"fk_order_line_{column}_{column.removesuffix('_id')}", type_="foreignkey")
            batch_op.drop_index(f"ix_order_line_{column}")
            batch_op.drop_column(column)
        batch_op.drop_column("condition")
    for trigger in triggers:
        op.execute(trigger)
    op.drop_column("seller", "suspended_at")
    op.drop_column("seller", "rating")
    op.drop_column("product", "condition")
    op.drop_column("product", "offer_count")
    op.drop_column("product", "used_from")
    op.drop_table("catalogue_request")
    op.drop_table("shipment")
    op.drop_table("offer")
