"""storefront indexes and counts

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-27 09:00:00

Storefront pages read the same few rows however big the catalogue grows:

- indexes in the orders the sections show a shop's goods in (best rated, newest, biggest discount,
  best selling, featured first; a category's best rated), so a section walks an index and stops;
- `product.units_sold`, the units ordered so far, kept by triggers on order_line (the checkout's
  lines add to it in the checkout's transaction) instead of a SUM over every order line per product;
- `category_count` and `level_count`, the published products of each category (by discount) and
  the published books of each level page, kept by triggers on product and book.

Triggers rather than code in each writer: the admin, the CSV import of books, the seed and bulk
INSERTs all write products, books and order lines, and every one of them keeps the counts right.
Both databases count with the same statements: SQLite in its trigger bodies, adding to the
counts at once; PostgreSQL in one PL/pgSQL function per trigger, noting the changes and folding
them into the counts as the transaction commits (see `add`).
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

SHOP_PUBLISHED = ["shop", "published"]
INDEXES = {  # name -> columns; the models say the same (db/models/catalogue.py)
    "ix_product_top_rated": [*SHOP_PUBLISHED, sa.text("rating DESC"), sa.text("review_count DESC"), "id"],
    "ix_product_featured": [
        *SHOP_PUBLISHED,
        sa.text("featured DESC"),
        sa.text("rating DESC"),
        sa.text("review_count DESC"),
        "id",
    ],
    "ix_product_best_selling": [
        *SHOP_PUBLISHED,
        sa.text("units_sold DESC"),
        sa.text("rating DESC"),
        sa.text("review_count DESC"),
        "id",
    ],
    "ix_product_newest": [*SHOP_PUBLISHED, "created_at", "id"],
    "ix_product_discount": [*SHOP_PUBLISHED, sa.text("discount DESC"), "id"],
    "ix_product_category_top_rated": [
        "category_id",
        "published",
        sa.text("rating DESC"),
        sa.text("review_count DESC"),
        "id",
    ],
}


def level_number(book: str) -> str:
    """The level page a book counts on: its class, or 0 for college and story books."""
    return f"CASE WHEN {book}.level_kind = 'class' THEN {book}.level_from ELSE 0 END"


# Each count change reads a set of rows: a trigger's one row (NEW or OLD, as a one-row table), or
# on PostgreSQL every row an INSERT statement wrote (its transition table), counted at once.
def product_row(row: str) -> str:
    return (
        f"(SELECT {row}.id AS id, {row}.category_id AS category_id, {row}.discount AS discount, "
        f"{row}.published AS published)"
    )


def book_row(row: str) -> str:
    return f"(SELECT {row}.product_id AS product_id, {row}.level_kind AS level_kind, {row}.level_from AS level_from)"


# SQLite adds a change to its count at once. PostgreSQL writes it to count_change and folds the
# transaction's changes into the counts once, as it commits (fold_count_changes): adding to the same
# dozen rows at every one of a bulk insert's 200,000 rows would leave it walking ever longer chains
# of row versions inside the one transaction (quadratic: a 200,000-book insert took 10 minutes).
COUNTS = {  # kind -> (count table, its key, its figure)
    "category": ("category_count", "category_id, discount", "products"),
    "level": ("level_count", "level_kind, level_number", "books"),
}


def add_now(kind: str, rows: str) -> str:
    """Add `rows` (SELECT key..., number) to the counts of this kind."""
    table, key, figure = COUNTS[kind]
    return (
        f"INSERT INTO {table} ({key}, {figure}) {rows} "
        f"ON CONFLICT ({key}) DO UPDATE SET {figure} = {table}.{figure} + excluded.{figure}"
    )


def add(dialect: str, kind: str, rows: str) -> str:
    """Add `rows` to the counts: at once on SQLite, as the transaction commits on PostgreSQL."""
    if dialect == "postgresql":
        key = COUNTS[kind][1]
        return (
            f"INSERT INTO count_change ({key}, n) {rows}; PERFORM set_config('studentbooks.count_changes', 'y', true)"
        )
    return add_now(kind, rows)


def categories(dialect: str, products: str, sign: int) -> str:
    """Count in (sign 1) or out (-1) these products in their category at their discount, if published."""
    return add(
        dialect,
        "category",
        f"SELECT p.category_id, p.discount, {sign} * count(*) FROM {products} AS p "
        f"WHERE p.published GROUP BY p.category_id, p.discount",
    )


def levels(dialect: str, books: str, sign: int) -> str:
    """Count these books in or out at their level, those of published products."""
    return add(
        dialect,
        "level",
        f"SELECT b.level_kind, {level_number('b')}, {sign} * count(*) FROM {books} AS b "
        f"JOIN product ON product.id = b.product_id WHERE product.published "
        f"GROUP BY b.level_kind, {level_number('b')}",
    )


def levels_of_products(dialect: str, products: str, sign: int) -> str:
    """Count the books of these products in or out at their level, if published."""
    return add(
        dialect,
        "level",
        f"SELECT book.level_kind, {level_number('book')}, {sign} * count(*) FROM {products} AS p "
        f"JOIN book ON book.product_id = p.id WHERE p.published "
        f"GROUP BY book.level_kind, {level_number('book')}",
    )


def units(line: str, sign: int) -> str:
    """A product's units sold: its own row, no hot spot to defer."""
    return f"UPDATE product SET units_sold = units_sold + {sign} * {line}.qty WHERE id = {line}.product_id"


def changed(columns: list[str]) -> str:
    return " OR ".join(f"OLD.{c} IS DISTINCT FROM NEW.{c}" for c in columns)


# name -> (timing, event, table, condition or None, statements(dialect, the rows an INSERT wrote)).
TRIGGERS = {
    "product_counted_insert": ("AFTER", "INSERT", "product", None, lambda d, inserted: [categories(d, inserted, 1)]),
    # Before: its book is still there to be counted out (a cascading DELETE removes it after).
    "product_counted_delete": (
        "BEFORE",
        "DELETE",
        "product",
        None,
        lambda d, _: [categories(d, product_row("OLD"), -1), levels_of_products(d, product_row("OLD"), -1)],
    ),
    "product_counted_update": (
        "AFTER",
        "UPDATE OF published, category_id, discount",
        "product",
        changed(["published", "category_id", "discount"]),
        lambda d, _: [
            categories(d, product_row("OLD"), -1),
            categories(d, product_row("NEW"), 1),
            levels_of_products(d, product_row("OLD"), -1),
            levels_of_products(d, product_row("NEW"), 1),
        ],
    ),
    "book_counted_insert": ("AFTER", "INSERT", "book", None, lambda d, inserted: [levels(d, inserted, 1)]),
    "book_counted_delete": ("AFTER", "DELETE", "book", None, lambda d, _: [levels(d, book_row("OLD"), -1)]),
    "book_counted_update": (
        "AFTER",
        "UPDATE OF level_kind, level_from, product_id",
        "book",
        changed(["level_kind", "level_from", "product_id"]),
        lambda d, _: [levels(d, book_row("OLD"), -1), levels(d, book_row("NEW"), 1)],
    ),
    "order_line_sold_insert": ("AFTER", "INSERT", "order_line", None, lambda d, _: [units("NEW", 1)]),
    "order_line_sold_delete": ("AFTER", "DELETE", "order_line", None, lambda d, _: [units("OLD", -1)]),
    "order_line_sold_update": (
        "AFTER",
        "UPDATE OF qty, product_id",
        "order_line",
        changed(["qty", "product_id"]),
        lambda d, _: [units("OLD", -1), units("NEW", 1)],
    ),
}
# Tables whose INSERTs PostgreSQL counts a statement at a time.
ROWS_OF = {"product": product_row, "book": book_row}

# PostgreSQL: the transaction's count changes, folded into the counts as it commits. The deferred
# trigger fires once per change row; the first folds them all, the rest find nothing marked.
FOLD = f"""CREATE FUNCTION fold_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('studentbooks.count_changes', true), '') = '' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('studentbooks.count_changes', '', true);
  {add_now("category", "SELECT category_id, discount, sum(n) FROM count_change WHERE category_id IS NOT NULL GROUP BY category_id, discount")};
  {add_now("level", "SELECT level_kind, level_number, sum(n) FROM count_change WHERE level_kind IS NOT NULL GROUP BY level_kind, level_number")};
  DELETE FROM count_change;
  RETURN NULL;
END
$$"""
FOLD_TRIGGER = (
    "CREATE CONSTRAINT TRIGGER count_changes_folded AFTER INSERT ON count_change "
    "DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION fold_count_changes()"
)


def create_trigger(
    dialect: str, name: str, timing: str, event: str, table: str, condition: str | None, statements
) -> list[str]:
    bulk = event == "INSERT" and table in ROWS_OF
    if dialect == "sqlite":
        when = f" WHEN {condition.replace('IS DISTINCT FROM', 'IS NOT')}" if condition else ""
        body = "".join(f"{s};\n" for s in statements(dialect, ROWS_OF[table]("NEW") if bulk else None))
        return [f"CREATE TRIGGER {name} {timing} {event} ON {table} FOR EACH ROW{when}\nBEGIN\n{body}END"]
    # A BEFORE DELETE trigger lets the row go by answering it; an AFTER trigger's answer is ignored.
    answer = "OLD" if timing == "BEFORE" else "NULL"
    body = "".join(f"  {s};\n" for s in statements(dialect, "inserted" if bulk else None))
    when = f" WHEN ({condition})" if condition else ""
    each = "REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT" if bulk else f"FOR EACH ROW{when}"
    return [
        f"CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n{body}  RETURN {answer};\nEND\n$$",
        f"CREATE TRIGGER {name} {timing} {event} ON {table} {each} EXECUTE FUNCTION {name}()",
    ]


def drop_trigger(dialect: str, name: str, table: str) -> list[str]:
    if dialect == "sqlite":
        return [f"DROP TRIGGER IF EXISTS {name}"]
    return [f"DROP TRIGGER IF EXISTS {name} ON {table}", f"DROP FUNCTION IF EXISTS {name}()"]


def upgrade() -> None:
    dialect = op.get_bind().dialect.name
    op.add_column("product", sa.Column("units_sold", sa.Integer(), server_default="0", nullable=False))
    op.execute(
        "UPDATE product SET units_sold = "
        "(SELECT coalesce(sum(qty), 0) FROM order_line WHERE order_line.product_id = product.id)"
    )
    op.create_table(
        "category_count",
        sa.Column("category_id", sa.Integer(), nullable=False),
        sa.Column("discount", sa.Integer(), nullable=False),
        sa.Column("products", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["category_id"], ["category.id"], name=op.f("fk_category_count_category_id_category"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("category_id", "discount", name=op.f("pk_category_count")),
    )
    op.create_table(
        "level_count",
        sa.Column("level_kind", sa.String(length=10), nullable=False),
        sa.Column("level_number", sa.Integer(), nullable=False),
        sa.Column("books", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("level_kind", "level_number", name=op.f("pk_level_count")),
    )
    op.create_table(
        "count_change",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("category_id", sa.Integer(), nullable=True),
        sa.Column("discount", sa.Integer(), nullable=True),
        sa.Column("level_kind", sa.String(length=10), nullable=True),
        sa.Column("level_number", sa.Integer(), nullable=True),
        sa.Column("n", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_count_change")),
    )
    op.execute(
        "INSERT INTO category_count (category_id, discount, products) "
        "SELECT category_id, discount, count(*) FROM product WHERE product.published GROUP BY category_id, discount"
    )
    op.execute(
        "INSERT INTO level_count (level_kind, level_number, books) "
        f"SELECT book.level_kind, {level_number('book')}, count(*) FROM book "
        "JOIN product ON product.id = book.product_id WHERE product.published "
        f"GROUP BY book.level_kind, {level_number('book')}"
    )
    for name, (timing, event, table, condition, statements) in TRIGGERS.items():
        for statement in create_trigger(dialect, name, timing, event, table, condition, statements):
            op.execute(statement)
    if dialect == "postgresql":
        op.execute(FOLD)
        op.execute(FOLD_TRIGGER)

    op.drop_index("ix_product_shop_published", table_name="product")
    op.create_index("ix_product_shop_published", "product", ["shop", "published", "id"], unique=False)
    op.drop_index("ix_product_category_id", table_name="product")
    for name, columns in INDEXES.items():
        op.create_index(name, "product", columns, unique=False)


def downgrade() -> None:
    dialect = op.get_bind().dialect.name
    for name, (_timing, _event, table, _condition, _statements) in TRIGGERS.items():
        for statement in drop_trigger(dialect, name, table):
            op.execute(statement)
    if dialect == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS count_changes_folded ON count_change")
        op.execute("DROP FUNCTION IF EXISTS fold_count_changes()")
    for name in INDEXES:
        op.drop_index(name, table_name="product")
    op.create_index("ix_product_category_id", "product", ["category_id"], unique=False)
    op.drop_index("ix_product_shop_published", table_name="product")
    op.create_index("ix_product_shop_published", "product", ["shop", "published"], unique=False)
    op.drop_table("count_change")
    op.drop_table("level_count")
    op.drop_table("category_count")
    # Unindexed now: both databases drop the column in place (SQLite since 3.35).
    op.execute("ALTER TABLE product DROP COLUMN units_sold")
