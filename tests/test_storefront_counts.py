"""The counts storefronts read instead of counting the catalogue (migration 0012's triggers): units
sold per product, published products per category and discount, published books per level page.
Whoever writes (the ORM, a plain INSERT or DELETE, a cascade, the checkout), they stay equal to a
recount, on SQLite and on PostgreSQL."""

from __future__ import annotations

from decimal import Decimal

import pytest
from conftest import fresh_postgres, seed_database
from sqlalchemy import delete, insert, select, text, update

from db.checkout import Checkout, CheckoutLine, place_order, sale_price
from db.engine import make_engine, make_sessionmaker
from db.models import Book, Category, Product
from db.queries import books, grocery

RECOUNTS = {
    "category_count": (
        "SELECT category_id, discount, count(*) FROM product WHERE published GROUP BY category_id, discount",
        "SELECT category_id, discount, products FROM category_count WHERE products <> 0",
    ),
    "level_count": (
        "SELECT b.level_kind, CASE WHEN b.level_kind = 'class' THEN b.level_from ELSE 0 END, count(*) "
        "FROM book b JOIN product p ON p.id = b.product_id WHERE p.published GROUP BY 1, 2",
        "SELECT level_kind, level_number, books FROM level_count WHERE books <> 0",
    ),
    "units_sold": (
        "SELECT id, (SELECT coalesce(sum(qty), 0) FROM order_line WHERE product_id = product.id) FROM product",
        "SELECT id, units_sold FROM product",
    ),
}


@pytest.fixture(params=["sqlite", "postgresql"])
def sessions(request, db_file, tmp_path):
    """Sessions on a private seeded database, SQLite then PostgreSQL."""
    if request.param == "sqlite":
        url = f"sqlite:///{db_file}"
    else:
        url = fresh_postgres("counts")
        seed_database(url, tmp_path / "media")
    engine = make_engine(url)
    yield make_sessionmaker(engine)
    engine.dispose()


def assert_counts_match(sessions) -> None:
    with sessions() as session:
        for name, (recount, kept) in RECOUNTS.items():
            assert set(session.execute(text(recount)).all()) == set(session.execute(text(kept)).all()), name


def a_book(session, level_from: int = 9, **columns) -> Product:
    leaf = session.scalar(select(Category).where(Category.slug == "mathematics"))
    product = Product(
        title="Counted Algebra",
        slug=f"counted-algebra-{level_from}",
        shop="books",
        category=leaf,
        price=Decimal("12.50"),
        discount=columns.pop("discount", 0),
        stock=5,
        images=[],
        colors=[],
        **columns,
    )
    product.book = Book(level_kind="class", level_from=level_from, level_to=level_from, format="Paperback")
    session.add(product)
    session.flush()
    return product


def level_count(sessions, number: int) -> int:
    with sessions() as session:
        return next(level["count"] for level in books.home(session)["levels"] if level["label"] == f"Class {number}")


def test_counts_follow_every_kind_of_write(sessions):
    assert_counts_match(sessions)  # as the migration filled them and the seed's writes kept them
    before = level_count(sessions, 9)

    with sessions.begin() as session:  # ORM: a new published book
        product_id = a_book(session, discount=15).id
    assert_counts_match(sessions)
    assert level_count(sessions, 9) == before + 1

    with sessions.begin() as session:  # ORM edits: discount, category, class, unpublish, publish
        product = session.get(Product, product_id)
        product.discount = 30
        product.category = session.scalar(select(Category).where(Category.slug == "science"))
        product.book.level_from = product.book.level_to = 10
    assert_counts_match(sessions)
    assert level_count(sessions, 9) == before
    for published in (False, True):
        with sessions.begin() as session:
            session.get(Product, product_id).published = published
        assert_counts_match(sessions)

    with sessions.begin() as session:  # ORM delete: the book goes first, then the product
        session.delete(session.get(Product, product_id))
    assert_counts_match(sessions)

    with sessions.begin() as session:  # plain statements: UPDATE, a bulk INSERT, a cascading DELETE
        product = a_book(session, level_from=3)
        product_id, category_id = product.id, product.category_id
        session.execute(update(Product).where(Product.id == product_id).values(discount=40))
        session.execute(
            insert(Product).values(
                title="Bulk",
                slug="bulk-counted",
                shop="books",
                category_id=category_id,
                price=Decimal(3),
                discount=10,
                stock=1,
                images=[],
                colors=[],
                published=True,
            )
        )
    assert_counts_match(sessions)
    with sessions.begin() as session:
        session.execute(delete(Product).where(Product.id == product_id))
    assert_counts_match(sessions)


def test_a_checkout_adds_its_units_and_moves_the_best_sellers(sessions):
    with sessions() as session:
        best = grocery.top_selling_products(session)[0]
        best_sold = session.scalar(select(Product.units_sold).where(Product.id == best["id"]))
        # The slowest seller with the stock to overtake the best one in a single order.
        slowest = session.scalars(
            select(Product)
            .where(Product.shop == "grocery", Product.stock > best_sold)
            .order_by(Product.units_sold, Product.id)
        ).first()
        qty = best_sold + 1 - slowest.units_sold
        order = Checkout(
            name="Asha Verma",
            email="asha@example.com",
            phone="+1 555 0100",
            billing_address="12 Elm St",
            payment_method="PayPal",
            lines=(CheckoutLine(slowest.id, qty, sale_price(slowest)),),
        )
    with sessions.begin() as session:
        place_order(session, order)
    assert_counts_match(sessions)
    with sessions() as session:
        assert grocery.top_selling_products(session)[0]["id"] == slowest.id
