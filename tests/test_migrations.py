"""Migrations keep data: the schema they build is the models' schema, and the books migration
(0008) run on a database of the previous schema keeps every product and gives each book its record."""

from __future__ import annotations

import shutil

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from conftest import fresh_postgres, seed_database
from sqlalchemy import text

from db.engine import make_engine
from db.migrate import alembic_config, upgrade
from db.models import Base
from db.search.backends import is_index_object

PREVIOUS = "0007"
PRODUCTS = "SELECT id, title, slug, shop, author, price, stock, published FROM product ORDER BY id"


def schema_differences(url: str) -> list:
    engine = make_engine(url)
    with engine.connect() as connection:
        context = MigrationContext.configure(
            connection, opts={"include_name": lambda name, kind, _parent: not is_index_object(name)}
        )
        differences = compare_metadata(context, Base.metadata)
    engine.dispose()
    return differences


def rows(url: str, sql: str) -> list[tuple]:
    engine = make_engine(url)
    with engine.connect() as connection:
        found = [tuple(row) for row in connection.execute(text(sql))]
    engine.dispose()
    return found


@pytest.fixture(params=["sqlite", "postgresql"])
def seeded_copy(request, tmp_path, seeded_sqlite) -> str:
    """A private seeded database (at the newest schema) on SQLite, then on PostgreSQL."""
    if request.param == "sqlite":
        copy = tmp_path / "shop.db"
        shutil.copyfile(seeded_sqlite[0], copy)
        return f"sqlite:///{copy}"
    url = fresh_postgres("migrate")
    seed_database(url, tmp_path / "media")
    return url


def test_the_migrations_build_the_models_schema(seeded_copy):
    assert schema_differences(seeded_copy) == []


def test_the_books_migration_keeps_every_product_and_gives_each_book_its_authors(seeded_copy):
    products = rows(seeded_copy, PRODUCTS)
    # Back to the schema before books had records of their own: the shop as it was.
    command.downgrade(alembic_config(seeded_copy), PREVIOUS)
    assert rows(seeded_copy, PRODUCTS) == products
    upgrade(seeded_copy)

    assert rows(seeded_copy, PRODUCTS) == products
    books = {product_id for (product_id,) in rows(seeded_copy, "SELECT product_id FROM book")}
    assert books == {p[0] for p in products if p[3] == "books"}
    credits = rows(
        seeded_copy,
        "SELECT ba.book_id, a.name FROM book_author ba JOIN author a ON a.id = ba.author_id"
        " ORDER BY ba.book_id, ba.position",
    )
    names: dict[int, list[str]] = {}
    for book_id, name in credits:
        names.setdefault(book_id, []).append(name)
    for product_id, _title, _slug, shop, author, *_ in products:
        if shop == "books":
            assert ", ".join(names[product_id]) == author
    # A school book's class comes from its title; the others by their kind of book.
    levels = {
        t: (k, lo)
        for t, k, lo in rows(
            seeded_copy,
            "SELECT p.title, b.level_kind, b.level_from FROM book b JOIN product p ON p.id = b.product_id",
        )
    }
    assert levels["Class 9 Physics Fundamentals"] == ("class", 9)
    assert levels["Strength of Materials"][0] == "college"
    assert levels["Milo and the Moon Balloon"][0] == "age"
    # The search index is built anew from the catalogue as it stands: every product in it.
    index = "product_search" if seeded_copy.startswith("postgresql") else "product_fts"
    assert rows(seeded_copy, f"SELECT count(*) FROM {index}") == rows(seeded_copy, "SELECT count(*) FROM product")
    # Nothing left behind: the migrated books have no ISBN yet, and the schema is the models' again.
    assert rows(seeded_copy, "SELECT count(*) FROM book WHERE isbn IS NOT NULL") == [(0,)]
    assert schema_differences(seeded_copy) == []
