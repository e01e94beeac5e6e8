"""A search page's loader keeps what a term finds between misses (db/queries/kept_searches.py):
after a price change it reads only that product's row and card again, and its results, order and
facets are what a fresh search gives; a write that changes what terms find (a title, publication,
a synonym, an author's name) is found on the next miss."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from conftest import statements_of
from sqlalchemy import Column, select
from sqlalchemy.sql import visitors

from app.pages.search_params import search_request
from db import catalogue_changes
from db.models import Author, BookAuthor, Product, SearchSynonym
from db.queries.search import search
from db.search.dialects import backend_for
from db.search.documents import documents_query

TERM = "math"
# A statement that reads products by id: a JSON list on SQLite, an array on PostgreSQL (db/search/among.py).
read_by_id = re.compile(r"product\.id IN \(SELECT|product\.id = any\(", re.IGNORECASE)


def page(client, term: str = TERM, **query) -> dict:
    """The search page's props, as its (cached) page built them."""
    response = client.get(f"/product/search/{term}", params=query, headers={"Accept": "application/json"})
    assert response.status_code == 200
    return response.json()["props"]


def fresh(client, term: str = TERM, **query) -> dict:
    """What a search reads afresh, keeping nothing (the loader's own function, no store)."""
    return client.app.state.services.db.read_sync(lambda session: search(session, search_request(term, query)))


def changed(client, write) -> None:
    services = client.app.state.services
    services.db.write_sync(write)
    services.catalogue_version.refresh()  # the change log, as this server reads it


def read_on_miss(client, path: str) -> list[str]:
    response, ran = statements_of(client, path, headers={"Accept": "application/json"})
    assert response.status_code == 200
    return ran


@pytest.fixture(params=["sqlite", "postgresql"])
def any_shop(request):
    """A client whose database the test may write: SQLite's, or a private PostgreSQL one."""
    return request.getfixturevalue("client" if request.param == "sqlite" else "postgres_admin_client")


def test_a_miss_after_a_price_change_reads_that_products_row_and_card_and_orders_and_counts_by_its_new_price(any_shop):
    client = any_shop
    before = page(client, sort="price-desc")
    # One that sells new copies only, so its new price is the least a shopper pays for it.
    product_id = client.app.state.services.db.read_sync(
        lambda s: s.scalars(
            select(Product.id).where(Product.id.in_([c["id"] for c in before["products"]]), Product.used_from.is_(None))
        ).first()
    )
    for price in ("961.23", "961.24", "961.23"):  # measured again if another change dropped what it kept
        client.app.state.services.catalogue_version.refresh()
        page(client, sort="price-desc", warm=price)  # keeps what the term finds, its rows and cards
        changed(client, lambda s, price=price: setattr(s.get(Product, product_id), "price", Decimal(price)))
        ran = read_on_miss(client, f"/product/search/{TERM}?sort=price-desc")
        if len(ran) == 2:
            break
    # The product's row (what the order and the facets read), then its card: by its id alone.
    assert len(ran) == 2 and all(read_by_id.search(statement) for statement in ran), ran
    index = backend_for(client.app.state.services.db.engine.dialect.name).table
    assert index not in " ".join(ran) and "search_term" not in " ".join(ran)
    after = page(client, sort="price-desc")
    assert after["products"][0]["id"] == product_id and after["products"][0]["price"] == float(price)
    assert before["products"][0]["id"] != product_id
    over = next(bucket for bucket in after["prices"] if bucket["label"] == "$100 and over")
    assert over["count"] == 1 + next(b for b in before["prices"] if b["label"] == "$100 and over")["count"]
    expected = fresh(client, sort="price-desc")
    assert {key: after[key] for key in expected} == expected


def test_a_product_retitled_is_found_by_its_new_words_and_ranked_by_them(client):
    before = [card["id"] for card in page(client)["products"]]
    product_id = before[0]  # the first: the term is in its title
    assert page(client, "zebracorn")["total"] == 0
    changed(client, lambda s: setattr(s.get(Product, product_id), "title", "The Zebracorn Almanac"))
    # Found by "math" elsewhere than in its title (its subject, its category) it now ranks lower.
    after = [card["id"] for card in page(client)["products"]]
    assert product_id not in after[:1] and (product_id not in after or after.index(product_id) > 0)
    assert [card["id"] for card in page(client, "zebracorn")["products"]] == [product_id]
    expected, after = fresh(client), page(client)
    assert {key: after[key] for key in expected} == expected


def test_an_unpublished_product_leaves_the_kept_results(client):
    product_id = page(client)["products"][0]["id"]
    changed(client, lambda s: setattr(s.get(Product, product_id), "published", False))
    after = page(client)
    assert product_id not in [card["id"] for card in after["products"]]
    expected = fresh(client)
    assert {key: after[key] for key in expected} == expected


def test_a_synonym_added_finds_what_its_other_word_finds(client):
    assert page(client, "zebracorn")["total"] == 0

    def add(session):
        session.add_all([SearchSynonym(term="zebracorn", synonym=TERM), SearchSynonym(term=TERM, synonym="zebracorn")])

    changed(client, add)
    found = page(client, "zebracorn")
    assert found["total"] > 0 and found["total"] == fresh(client, "zebracorn")["total"]


def test_an_author_renamed_shows_in_the_kept_author_facet(client):
    term = "class 9"
    author = page(client, term)["authors"][0]
    author_id = client.app.state.services.db.read_sync(
        lambda s: s.scalars(select(Author.id).where(Author.slug == author["slug"])).one()
    )
    changed(client, lambda s: setattr(s.get(Author, author_id), "name", "Renamed Inkwell"))
    assert "Renamed Inkwell" in [facet["name"] for facet in page(client, term)["authors"]]
    # A book credited to them no more: one book fewer in their count.
    book_id = client.app.state.services.db.read_sync(
        lambda s: s.scalars(select(BookAuthor.book_id).where(BookAuthor.author_id == author_id)).first()
    )

    def uncredit(session):
        session.delete(session.scalars(select(BookAuthor).where(BookAuthor.book_id == book_id)).first())

    changed(client, uncredit)
    assert page(client, term)["authors"] == fresh(client, term)["authors"]


def test_every_product_column_a_document_is_made_of_publishes_what_terms_find():
    """What a term finds is kept until SEARCH_WORDS is published: a column the index reads whose
    change did not publish it would leave a search finding a product by its old words."""
    product = Product.__table__
    indexed = {
        element.key
        for element in visitors.iterate(documents_query())
        if isinstance(element, Column) and element.table is product
    } - {"id"}
    assert {"title", "author", "description", "category_id", "brand_id"} <= indexed
    for column in indexed | {"published"}:
        assert catalogue_changes.WORDS in catalogue_changes.MOVES[column], column
