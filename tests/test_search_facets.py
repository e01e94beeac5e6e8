"""The search page's facets (/product/search/{term}): category, author, level, format, price range,
customer rating and in stock, each counted under every OTHER chosen filter, on SQLite and
PostgreSQL. The expected counts are computed here from the database, product by product, over
the set of products the term finds (read from the unfiltered results), so the SQL that counts the
facets is checked against plain Python."""

from __future__ import annotations

import re
from collections import Counter
from decimal import Decimal
from urllib.parse import urlencode

import pytest
from sqlalchemy import select
from sqlalchemy.orm import joinedload, selectinload

from db.models import Book, Category, Product

JSON = {"Accept": "application/json"}
PRICE_RANGES = [
    ("Under $10", None, 10),
    ("$10 – $25", 10, 25),
    ("$25 – $50", 25, 50),
    ("$50 – $100", 50, 100),
    ("$100 and over", 100, None),
]
LEVEL_LABELS = {"college": "College", "stories": "Story books"}


def props(client, url):
    response = client.get(url, headers=JSON)
    assert response.status_code == 200, response.text
    return response.json()["props"]


def search_url(term: str, **filters) -> str:
    return f"/product/search/{term}" + (f"?{urlencode(filters)}" if filters else "")


def result_ids(client, term: str, **filters) -> set[int]:
    """Every product the search shows, over all its pages."""
    first = props(client, search_url(term, **filters))
    ids = {p["id"] for p in first["products"]}
    for n in range(2, first["pages"] + 1):
        ids |= {p["id"] for p in props(client, search_url(term, **filters, page=n))["products"]}
    assert len(ids) == first["total"]
    return ids


def level_value(book: Book) -> str:
    if book.level_kind == "class":
        return f"class-{book.level_from}"
    return "college" if book.level_kind == "college" else "stories"


def facts(client, ids: set[int]) -> dict[int, dict]:
    """What the database says about each product, in the terms the filters use."""

    def load(session):
        query = (
            select(Product)
            .where(Product.id.in_(ids))
            .options(
                joinedload(Product.category).joinedload(Category.parent),
                selectinload(Product.book).selectinload(Book.credits),
            )
        )
        rows = {}
        for product in session.scalars(query).unique():
            book = product.book
            rows[product.id] = {
                "category": product.category.slug,
                "category_name": product.category.name,
                "parent": product.category.parent.slug if product.category.parent else None,
                # The lowest offer's price: the buy box's sale price, or a cheaper used copy's.
                "sale": min(
                    [
                        Decimal(product.price) * (100 - product.discount) / 100,
                        *([product.used_from] if product.used_from is not None else []),
                    ]
                ),
                "condition": {
                    value
                    for value, held in (("new", product.condition == "New"), ("used", product.used_from is not None))
                    if held
                },
                "rating": Decimal(product.rating),
                "stock": product.stock,
                "format": book.format if book else None,
                "level": level_value(book) if book else None,
                "authors": {(a.slug, a.name) for a in book.authors} if book else set(),
            }
        return rows

    return client.app.state.services.db.read_sync(load)


def keeps(fact: dict, name: str, value) -> bool:
    """Whether a product passes one filter (as a URL parameter and its value)."""
    if name == "category":
        return value in (fact["category"], fact["parent"])
    if name == "author":
        return value in {slug for slug, _ in fact["authors"]}
    if name in ("level", "format"):
        return fact[name] == value
    if name == "min_price":
        return fact["sale"] >= Decimal(value)
    if name == "max_price":
        return fact["sale"] <= Decimal(value)
    if name == "rating":
        return fact["rating"] >= int(value)
    if name == "in_stock":
        return fact["stock"] > 0
    if name == "condition":
        return value in fact["condition"]
    raise AssertionError(name)


def under(rows: dict[int, dict], filters: dict, leave_out=()) -> list[dict]:
    """The products that pass every filter but those named in leave_out."""
    return [f for f in rows.values() if all(keeps(f, n, v) for n, v in filters.items() if n not in leave_out)]


def expected_facets(rows: dict[int, dict], filters: dict) -> dict:
    """Each facet as search() should answer it, counted here product by product."""
    by_category = Counter((f["category"], f["category_name"]) for f in under(rows, filters, ("category",)))
    by_author = Counter(author for f in under(rows, filters, ("author",)) for author in f["authors"])
    by_level = Counter(f["level"] for f in under(rows, filters, ("level",)) if f["level"])
    by_format = Counter(f["format"] for f in under(rows, filters, ("format",)) if f["format"])
    priced = under(rows, filters, ("min_price", "max_price"))
    rated = under(rows, filters, ("rating",))
    return {
        "categories": {slug: n for (slug, _), n in by_category.items()},
        "authors": {slug: n for (slug, _), n in by_author.items()},
        "levels": dict(by_level),
        "formats": dict(by_format),
        "prices": [
            sum(1 for f in priced if (low is None or f["sale"] >= low) and (high is None or f["sale"] <= high))
            for _, low, high in PRICE_RANGES
        ],
        "ratings": [sum(1 for f in rated if f["rating"] >= stars) for stars in (4, 3, 2, 1)],
        "inStock": sum(1 for f in under(rows, filters, ("in_stock",)) if f["stock"] > 0),
        "conditions": [
            sum(1 for f in under(rows, filters, ("condition",)) if value in f["condition"]) for value in ("new", "used")
        ],
    }


def assert_facets(shown: dict, expected: dict) -> None:
    assert {c["slug"]: c["count"] for c in shown["categories"]} == expected["categories"]
    authors = {a["slug"]: a["count"] for a in shown["authors"]}
    # The ten authors with most matches: each count right, and no author left out has more.
    assert len(authors) == min(10, len(expected["authors"]))
    assert all(expected["authors"][slug] == n for slug, n in authors.items())
    assert sorted(authors.values(), reverse=True) == sorted(expected["authors"].values(), reverse=True)[:10]
    assert [a["count"] for a in shown["authors"]] == sorted(authors.values(), reverse=True)
    assert {row["value"]: row["count"] for row in shown["levels"] if row["count"]} == expected["levels"]
    assert {row["value"]: row["count"] for row in shown["formats"] if row["count"]} == expected["formats"]
    assert [(row["label"], row["count"]) for row in shown["prices"]] == [
        (label, n) for (label, _, _), n in zip(PRICE_RANGES, expected["prices"])
    ]
    assert [(row["stars"], row["count"]) for row in shown["ratings"]] == list(zip((4, 3, 2, 1), expected["ratings"]))
    assert shown["inStock"] == expected["inStock"]
    assert [(row["value"], row["count"]) for row in shown["conditions"]] == list(
        zip(("new", "used"), expected["conditions"])
    )


@pytest.fixture
def found_books(any_client):
    """The products "books" finds, with their facts."""
    return facts(any_client, result_ids(any_client, "books"))


def test_facet_counts_under_combined_filters(any_client, found_books):
    rows = found_books
    # A format, a level and a price range that leave some books, where the other formats and
    # levels still have some too (each facet is counted without its own filter).
    combinations = (
        {"format": fmt, "level": level, "min_price": "10", "max_price": "50"}
        for level in sorted({f["level"] for f in rows.values() if f["level"]})
        for fmt in ("Paperback", "Hardcover")
    )
    filters = next(
        filters
        for filters in combinations
        if under(rows, filters)
        and len(expected_facets(rows, filters)["formats"]) > 1
        and len(expected_facets(rows, filters)["levels"]) > 1
    )
    shown = props(any_client, search_url("books", **filters))

    assert shown["total"] == len(under(rows, filters)) > 0
    assert_facets(shown, expected_facets(rows, filters))
    assert shown["filters"] == {
        "category": None,
        "minPrice": 10.0,
        "maxPrice": 50.0,
        "minRating": None,
        "author": None,
        "level": filters["level"],
        "format": filters["format"],
        "subject": None,
        "inStock": False,
        "condition": None,
    }


def test_facet_counts_under_every_filter_at_once(any_client, found_books):
    rows = found_books
    in_stock = [f for f in rows.values() if f["stock"] > 0 and f["format"] and f["rating"] >= 3]
    author = Counter(slug for f in in_stock for slug, _ in f["authors"]).most_common(1)[0][0]
    book = next(f for f in in_stock if author in {slug for slug, _ in f["authors"]})
    filters = {
        "category": book["category"],
        "author": author,
        "level": book["level"],
        "format": book["format"],
        "min_price": "0",
        "max_price": "1000",
        "rating": "3",
        "in_stock": "1",
        "condition": "new",
    }
    shown = props(any_client, search_url("books", **filters))
    assert shown["total"] == len(under(rows, filters)) > 0
    assert_facets(shown, expected_facets(rows, filters))


FILTERS = [
    ("category", "mathematics"),
    ("format", "Hardcover"),
    ("level", "class-10"),
    ("min_price", "25"),
    ("max_price", "10"),
    ("rating", "4"),
    ("in_stock", "1"),
    ("condition", "new"),
    ("condition", "used"),
]


@pytest.mark.parametrize(("name", "value"), FILTERS)
def test_every_filter_narrows_the_results(any_client, found_books, name, value):
    expected = {pid for pid, f in found_books.items() if keeps(f, name, value)}
    assert 0 < len(expected) < len(found_books)
    assert result_ids(any_client, "books", **{name: value}) == expected


def test_the_author_filter_shows_their_books(any_client, found_books):
    author = Counter(slug for f in found_books.values() for slug, _ in f["authors"]).most_common(1)[0][0]
    expected = {pid for pid, f in found_books.items() if keeps(f, "author", author)}
    shown = props(any_client, search_url("books", author=author))
    assert {p["id"] for p in shown["products"]} == expected
    assert shown["filters"]["author"] == author
    assert {a["slug"]: a["count"] for a in shown["authors"]}[author] == len(expected)


def test_a_chosen_value_the_other_filters_leave_empty_stays_listed(any_client, found_books):
    levels_with_board_books = {f["level"] for f in found_books.values() if f["format"] == "Board book"}
    level = next(f["level"] for f in found_books.values() if f["level"] and f["level"] not in levels_with_board_books)
    shown = props(any_client, search_url("books", format="Board book", level=level))
    assert shown["total"] == 0
    assert {"value": "Board book", "count": 0} in shown["formats"]
    assert [row["count"] for row in shown["levels"] if row["value"] == level] == [0]


def test_odd_parameters_fall_back_to_no_filter(any_client):
    plain = props(any_client, "/product/search/books")
    odd = props(
        any_client,
        "/product/search/books?author=nobody-at-all&level=class-13&format=E-book&in_stock=maybe&rating=0&min_price=-5&page=x&condition=old",
    )
    assert odd["total"] == plain["total"] > 0
    assert odd["filters"] == {
        "category": None,
        "minPrice": None,
        "maxPrice": None,
        "minRating": None,
        "author": None,
        "level": None,
        "format": None,
        "subject": None,
        "inStock": False,
        "condition": None,
    }
    assert odd["formats"] == plain["formats"] and odd["authors"] == plain["authors"]
    # A NUL (PostgreSQL refuses it in text) or an over-long slug is no author either.
    for author in ("a%00b", "x" * 300):
        assert props(any_client, f"/product/search/books?author={author}")["total"] == plain["total"]


def test_the_page_html_shows_the_facets_and_the_chosen_filters(client):
    html = client.get("/product/search/books?format=Paperback&level=class-9&min_price=10&max_price=25").text
    for legend in ("Category", "Author", "Class / level", "Format", "Price", "Customer rating", "Availability"):
        assert f"<legend>{legend}</legend>" in html
    inputs = re.findall(r"<input [^>]*>", html)
    checked = {
        (name, value)
        for tag in inputs
        if "checked" in tag
        for name, value in re.findall(r'name="([^"]+)"[^>]*value="([^"]*)"', tag)
    }
    assert {("format", "Paperback"), ("level", "class-9"), ("author", ""), ("rating", "")} <= checked
    assert any('type="checkbox"' in tag and 'name="in_stock"' in tag and "checked" not in tag for tag in inputs)
    # The chosen price range is the current link; another range keeps the other filters.
    assert (
        '<a href="/product/search/books?level=class-9&amp;format=Paperback&amp;min_price=10&amp;max_price=25" class="choice" aria-current="true">'
        in html
    )
    assert (
        '<a href="/product/search/books?level=class-9&amp;format=Paperback&amp;min_price=100" class="choice">' in html
    )
    # Each chosen filter is a chip that removes it; "Clear filters" removes them all.
    assert re.search(
        r'href="/product/search/books\?level=class-9&amp;min_price=10&amp;max_price=25"><span[^>]*>Remove filter: </span>Paperback',
        html,
    )
    assert re.search(r'href="/product/search/books">Clear filters</a>', html)


def test_a_search_finding_more_than_it_reads_says_so_keeps_title_matches_first_and_filters_beyond(
    any_client, monkeypatch
):
    from db.search import found

    everything = result_ids(any_client, "mathematics")
    spirals = result_ids(any_client, "mathematics", format="Spiral")
    # (its synonyms count: "Class 2 Maths Magic" has the word in its title)
    titled = [p for p in props(any_client, search_url("mathematics", per_page=100))["products"] if "Math" in p["title"]]
    assert len(everything) > len(titled) > 3 and spirals
    monkeypatch.setattr(found, "CAP", 3)  # a search reads at most 3 (+1 to know there are more)
    # What the pages above kept of the term's matches was read under the larger cap.
    any_client.app.state.services.catalogue_version.remembered.clear()
    # (sort=relevance, the default, spelt out: pages of other addresses than the ones cached above)
    shown = props(any_client, search_url("mathematics", sort="relevance"))
    assert shown["more"] and shown["total"] == 3 and len(shown["products"]) == 3
    assert all("Math" in p["title"] for p in shown["products"])  # the title matches are read first
    # Counted over what was read: every facet adds up to at most what the page lists.
    assert sum(c["count"] for c in shown["categories"]) == 3 and shown["inStock"] <= 3
    # A filter is part of the reading: it finds its products wherever they are among the matches.
    filtered = props(any_client, search_url("mathematics", format="Spiral", sort="relevance"))
    assert {p["id"] for p in filtered["products"]} <= spirals and filtered["total"] == min(3, len(spirals))
    assert "3+ results for “mathematics”" in any_client.get("/product/search/mathematics?sort=relevance").text
