"""Storefront homes read the catalogue along indexes, so an uncached page costs the same however
big the catalogue grows: no statement of a home scans the product table, and every product
section walks the index of the order it shows from its start (no sort of a shop's goods).

SQLite's planner chooses without table statistics (the shop never runs ANALYZE), so the plans
of the seeded shop are the plans at any size.
"""

from __future__ import annotations

import re

import pytest
from sqlalchemy import event

from app.pages.shop.fashion import fashion_shop
from db.engine import make_engine, make_sessionmaker
from db.queries import books, fashion, furniture, gadget, gift, grocery, healthbeauty, market, shared
from db.queries.sections import section_cards

HOMES = {
    "/": books.home,
    "/market-1": market.page,
    "/grocery1": grocery.grocery1_page,
    "/grocery2": grocery.grocery2_page,
    "/grocery3": grocery.grocery3_page,
    "/furniture-shop": furniture.page,
    "/healthbeauty-shop": healthbeauty.page,
    "/gift-shop": gift.page,
    "/gadget-shop": gadget.page,
    "/fashion-shop": lambda session: fashion_shop(session, {}, {}).props,
}
SECTIONS = (
    {
        f"{module.__name__}.{key}": section
        for module in (books, market, furniture, healthbeauty, gift, gadget, fashion)
        for key, section in module.SECTIONS.items()
    }
    | {f"grocery.{key}": s.products for key, s in grocery.GROCERY2_SECTIONS.items()}
    | {
        "grocery.popular": grocery.POPULAR,
        "grocery.top_selling": grocery.TOP_SELLING,
        "grocery.all": grocery.ALL,
        "books.shelf": books.shelf("school-books"),
        "shared.best_rated": shared.BEST_RATED,  # /api/related without a product: the whole store's
    }
)
# The index each order walks (db/models/catalogue.py).
ORDER_INDEXES = {
    "top_rated": "ix_product_top_rated",
    "newest": "ix_product_newest",
    "biggest_discount": "ix_product_discount",
    "catalogue": "ix_product_shop_published",
    "best_selling": "ix_product_best_selling",
    "featured_first": "ix_product_featured",
    "most_reviewed": "ix_product_most_reviewed",
    "fewest_left": "ix_product_fewest_left",
}
# A section of every shop's goods walks an index without the shop (migration 0016).
STORE_INDEXES = {"top_rated": "ix_product_store_top_rated"}
# Two demo shop orders sort their few dozen goods (found through the shop's index all the same):
# "New" first (an expression) and the week's best sellers (counted from the week's orders).
SORTED_IN_SHOP = {"new_first", "best_of_week"}
SCAN = re.compile(r"\bSCAN product\b")


@pytest.fixture(scope="module")
def sessions(seeded_sqlite):
    engine = make_engine(f"sqlite:///{seeded_sqlite[0]}")
    yield make_sessionmaker(engine)
    engine.dispose()


def plans(sessions, read) -> list[tuple[str, list[tuple[int, int, str]]]]:
    """(statement, its plan as (id, parent, detail) rows) for each SELECT `read(session)` runs."""
    statements = []

    def caught(_connection, _cursor, statement, params, _context, _many):
        if statement.lstrip().upper().startswith("SELECT"):
            statements.append((statement, params))

    engine = sessions.kw["bind"]
    event.listen(engine, "before_cursor_execute", caught)
    try:
        with sessions() as session:
            read(session)
    finally:
        event.remove(engine, "before_cursor_execute", caught)
    with engine.connect() as connection:
        return [
            (
                statement,
                [
                    tuple(row[:2]) + (row[3],)
                    for row in connection.exec_driver_sql("EXPLAIN QUERY PLAN " + statement, params)
                ],
            )
            for statement, params in statements
        ]


@pytest.mark.parametrize("path", HOMES)
def test_no_home_statement_scans_the_product_table(sessions, path):
    found = plans(sessions, HOMES[path])
    assert found
    for statement, plan in found:
        assert not [detail for _id, _parent, detail in plan if SCAN.search(detail)], statement


@pytest.mark.parametrize("name", SECTIONS)
def test_each_section_walks_the_index_of_its_order(sessions, name):
    section = SECTIONS[name]
    params = {"since": None} if section.order == "best_of_week" else {}
    [(statement, plan)] = [
        found for found in plans(sessions, lambda s: section_cards(s, section, **params)) if "picks" in found[0]
    ]
    reads = [
        (node, parent, detail)
        for node, parent, detail in plan
        if re.search(r"SEARCH product USING .*INDEX ix_", detail)
    ]
    assert len(reads) == 1 and not [d for _i, _p, d in plan if SCAN.search(d)], plan
    _node, parent, detail = reads[0]
    if section.shop is not None:
        assert "shop=? AND published=?" in detail, detail
    sorted_there = [d for _i, p, d in plan if p == parent and "TEMP B-TREE FOR ORDER BY" in d]
    if section.order in SORTED_IN_SHOP:
        return
    # Featured goods only: the featured index, from its featured entries, is in top rated order too.
    walks = {
        (ORDER_INDEXES if section.shop is not None else STORE_INDEXES)[section.order],
        *(["ix_product_featured"] if "featured" in section.only else []),
    }
    assert re.search(r"INDEX (\w+) ", detail).group(1) in walks, detail
    assert not sorted_there, plan


def test_what_was_bought_with_a_product_is_found_from_its_orders_not_the_whole_catalogue(sessions):
    """The product page's "frequently bought together": the products of the book's orders are read
    first and each found by its key; never every published product tested against them (a walk of
    `published`'s index, 6.6 ms at 100,000 books)."""
    [(statement, plan)] = [
        found
        for found in plans(sessions, lambda s: section_cards(s, shared.BOUGHT_WITH, product_id=1))
        if "picks" in found[0]
    ]
    reads = [detail for _node, _parent, detail in plan if re.search(r"\bproduct\b", detail)]
    assert reads and all("USING INTEGER PRIMARY KEY" in detail for detail in reads), plan


@pytest.mark.parametrize("section", [shared.BOUGHT_WITH, fashion.SECTIONS["bestOfTheWeek"]])
def test_a_section_ordered_by_a_subquery_runs_it_once_per_product(section):
    """Sorted by the subquery's column, not by the subquery written out again in ORDER BY (which
    SQLite ran again for every product it sorted)."""
    from db.queries.sections import _statement

    sql = str(_statement((section,)).compile(dialect=make_engine("sqlite://").dialect))
    assert "ORDER BY k0 DESC" in sql
    assert sql.count("FROM order_line JOIN") + sql.count("SELECT count(distinct") == 1
