"""shopper accounts: accounts of the role customer, their mailed links, addresses, wishlists and
stock alerts; customers and orders tied to accounts

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-26 13:00:06

Every existing row is kept: users gain an unverified email (staff never need one) and an empty
phone; customers and orders belong to no account until a shopper signs up and verifies the
customer's email; the new tables start empty. Going back drops what only accounts had.
"""

import sqlalchemy as sa
from alembic import op

import db.models.base

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "account_token",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("purpose", sa.String(length=20), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("new_email", sa.String(length=254), nullable=True),
        sa.Column("created_at", db.models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", db.models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("used_at", db.models.base.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"], ["user.id"], name=op.f("fk_account_token_user_id_user"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_account_token")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_account_token_token_hash")),
    )
    with op.batch_alter_table("account_token", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_account_token_user_id"), ["user_id"], unique=False)

    op.create_table(
        "address",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("phone", sa.String(length=40), nullable=False),
        sa.Column("line1", sa.String(length=200), nullable=False),
        sa.Column("line2", sa.String(length=200), nullable=False),
        sa.Column("city", sa.String(length=100), nullable=False),
        sa.Column("postcode", sa.String(length=20), nullable=False),
        sa.Column("country", sa.String(length=60), nullable=False),
        sa.Column("is_default", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("created_at", db.models.base.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["user.id"], name=op.f("fk_address_user_id_user"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_address")),
    )
    with op.batch_alter_table("address", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_address_user_id"), ["user_id"], unique=False)

    op.create_table(
        "stock_alert",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("product_id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("cancel_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", db.models.base.UTCDateTime(timezone=True), nullable=False),
        sa.Column("sent_at", db.models.base.UTCDateTime(timezone=True), nullable=True),
        sa.Column("cancelled_at", db.models.base.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["product_id"], ["product.id"], name=op.f("fk_stock_alert_product_id_product"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["user.id"], name=op.f("fk_stock_alert_user_id_user"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_stock_alert")),
        sa.UniqueConstraint("cancel_hash", name=op.f("uq_stock_alert_cancel_hash")),
    )
    with op.batch_alter_table("stock_alert", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_stock_alert_email"), ["email"], unique=False)
        batch_op.create_index("ix_stock_alert_open", ["product_id", "sent_at", "cancelled_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_stock_alert_user_id"), ["user_id"], unique=False)

    op.create_table(
        "wishlist_item",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("product_id", sa.Integer(), nullable=False),
        sa.Column("created_at", db.models.base.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["product_id"], ["product.id"], name=op.f("fk_wishlist_item_product_id_product"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["user.id"], name=op.f("fk_wishlist_item_user_id_user"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("user_id", "product_id", name=op.f("pk_wishlist_item")),
    )
    with op.batch_alter_table("wishlist_item", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_wishlist_item_product_id"), ["product_id"], unique=False)

    with op.batch_alter_table("customer", schema=None) as batch_op:
        batch_op.add_column(sa.Column("user_id", sa.Integer(), nullable=True))
        batch_op.create_unique_constraint(batch_op.f("uq_customer_user_id"), ["user_id"])
        batch_op.create_foreign_key(
            batch_op.f("fk_customer_user_id_user"), "user", ["user_id"], ["id"], ondelete="SET NULL"
        )

    with op.batch_alter_table("order", schema=None) as batch_op:
        batch_op.add_column(sa.Column("delivery_address", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("account_id", sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f("ix_order_account_id"), ["account_id"], unique=False)
        batch_op.create_foreign_key(
            batch_op.f("fk_order_account_id_user"), "user", ["account_id"], ["id"], ondelete="SET NULL"
        )

    with op.batch_alter_table("user", schema=None) as batch_op:
        batch_op.add_column(sa.Column("email_verified_at", db.models.base.UTCDateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("phone", sa.String(length=40), server_default="", nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("user", schema=None) as batch_op:
        batch_op.drop_column("phone")
        batch_op.drop_column("email_verified_at")

    with op.batch_alter_table("order", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_order_account_id_user"), type_="foreignkey")
        batch_op.drop_index(batch_op.f("ix_order_account_id"))
        batch_op.drop_column("account_id")
        batch_op.drop_column("delivery_address")

    with op.batch_alter_table("customer", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_customer_user_id_user"), type_="foreignkey")
        batch_op.drop_constraint(batch_op.f("uq_customer_user_id"), type_="unique")
        batch_op.drop_column("user_id")

    with op.batch_alter_table("wishlist_item", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_wishlist_item_product_id"))

    op.drop_table("wishlist_item")
    with op.batch_alter_table("stock_alert", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_stock_alert_user_id"))
        batch_op.drop_index("ix_stock_alert_open")
        batch_op.drop_index(batch_op.f("ix_stock_alert_email"))

    op.drop_table("stock_alert")
    with op.batch_alter_table("address", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_address_user_id"))

    op.drop_table("address")
    with op.batch_alter_table("account_token", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_account_token_user_id"))

    op.drop_table("account_token")
