"""The book pages' facets (/books/class-N, /books/college, /books/stories, /author/{slug}): the
search page's category, author, level, format, price, rating and in-stock counts, and a subject,
each counted under every OTHER chosen filter, on SQLite and PostgreSQL. The expected counts are
computed here product by product from the database, over the books the plain page lists."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from urllib.parse import urlencode

from test_book_pages import props, read, shelf_ids
from test_search_facets import assert_facets, expected_facets, facts, under

from db.models import Book


def shelf_url(path: str, **filters) -> str:
    return path + (f"?{urlencode(filters)}" if filters else "")


def subjects(client, ids) -> dict[int, str | None]:
    return read(
        client,
        lambda s: dict(
            s.execute(
                Book.__table__.select()
                .with_only_columns(Book.product_id, Book.subject)
                .where(Book.product_id.in_(list(ids)))
            ).all()
        ),
    )


def test_a_level_page_counts_each_facet_under_the_other_filters(any_client):
    books = facts(any_client, set(shelf_ids(any_client, "/books/college")))
    # A format, a rating and a price range that leave some books, where other formats still have some.
    filters = next(
        chosen
        for fmt in ("Hardcover", "Paperback")
        for rating in ("3", "4")
        if under(books, chosen := {"format": fmt, "rating": rating, "min_price": "10", "in_stock": "1"})
        and len(expected_facets(books, chosen)["formats"]) > 1
    )
    url = shelf_url("/books/college", **filters)
    shown = props(any_client, url)
    assert shown["total"] == len(under(books, filters)) > 0 and not shown["more"]
    assert set(shelf_ids(any_client, url)) == {id_ for id_, f in books.items() if f in under(books, filters)}
    assert_facets(shown, expected_facets(books, filters))
    # The subjects, counted under the format, rating, price and stock chosen.
    subject_of = subjects(any_client, books)
    kept = {id_ for id_, f in books.items() if f in under(books, filters)}
    assert {s["value"]: s["count"] for s in shown["subjects"]} == dict(
        Counter(subject_of[i] for i in kept if subject_of[i])
    )
    assert shown["filters"]["format"] == filters["format"] and shown["filters"]["minRating"] == int(filters["rating"])


def test_a_subject_and_a_category_combine_and_each_counts_without_itself(any_client):
    ids = shelf_ids(any_client, "/books/class-9")
    books = facts(any_client, set(ids))
    subject_of = subjects(any_client, ids)
    subject = Counter(s for s in subject_of.values() if s).most_common(1)[0][0]
    category = next(f["category"] for i, f in books.items() if subject_of[i] == subject)
    shown = props(any_client, shelf_url("/books/class-9", subject=subject, category=category))
    both = [i for i, f in books.items() if subject_of[i] == subject and f["category"] == category]
    assert shown["total"] == len(both) > 0
    # The subject list counts the category's books; the category list counts the subject's.
    in_category = Counter(subject_of[i] for i, f in books.items() if f["category"] == category and subject_of[i])
    assert {s["value"]: s["count"] for s in shown["subjects"]} == dict(in_category)
    of_subject = Counter(f["category"] for i, f in books.items() if subject_of[i] == subject)
    assert {c["slug"]: c["count"] for c in shown["categories"]} == dict(of_subject)


def test_an_authors_page_has_the_level_facet(any_client):
    slug = props(any_client, "/books/college")["authors"][0]["slug"]
    page = props(any_client, f"/author/{slug}")
    books = facts(any_client, set(shelf_ids(any_client, f"/author/{slug}")))
    levels = Counter(f["level"] for f in books.values())
    assert {row["value"]: row["count"] for row in page["levels"]} == dict(levels)
    level, count = levels.most_common(1)[0]
    assert props(any_client, shelf_url(f"/author/{slug}", level=level))["total"] == count
    cheap = props(any_client, shelf_url(f"/author/{slug}", max_price="20"))
    assert cheap["total"] == sum(1 for f in books.values() if f["sale"] <= Decimal(20))


def test_a_shelf_bigger_than_a_read_says_so(any_client, monkeypatch):
    from db.search import found

    everything = props(any_client, "/books/college")["total"]
    monkeypatch.setattr(found, "CAP", 5)
    shown = props(any_client, "/books/college?sort=price-asc")
    assert everything > 5 and shown["more"] and shown["total"] == 5
    assert sum(f["count"] for f in shown["formats"]) == 5
