"""A books-shop product is a book: the product form sends its ISBN, authors and the rest under
`book`, the server stores the ISBN-13, credits existing authors by name and creates new ones,
refuses wrong input per field (the ISBN's check digit named) with nothing written, and the admin
list and the author suggestions find what was stored."""

from __future__ import annotations

import pytest
from conftest import sign_in
from sqlalchemy import func, select

from db import isbn
from db.models import AuditEntry, Author, Book, Product

ISBN_13 = "9780306406157"  # 978-0-306-40615-7, ISBN-10 0-306-40615-2: not in the seed


def read(client, fn):
    return client.app.state.services.db.read_sync(fn)


def snapshot(client) -> tuple:
    """What a refused write must leave as it was: products, books, authors, audit entries."""
    return read(
        client,
        lambda s: tuple(s.scalar(select(func.count()).select_from(m)) for m in (Product, Book, Author, AuditEntry)),
    )


@pytest.fixture
def admin_any(any_client):
    """An administrator's client on SQLite and on PostgreSQL (for the tests that only read)."""
    assert sign_in(any_client).status_code == 200
    return any_client


def seeded_book(client) -> dict:
    """A seeded book as its admin form shows it (product 1 is a school book)."""
    record = client.get("/api/products/1").json()
    assert record["shop"] == "books" and record["book"]["isbn"]
    return record


def some_author(client) -> dict:
    return client.get("/api/authors").json()[0]


def book_body(client, **book) -> dict:
    category = seeded_book(client)["categoryId"]
    fields = {
        "isbn": "0-306-40615-2",
        "authors": ["Mira Quillfeather"],
        "publisher": "Lantern House",
        "edition": "2nd",
        "year": 2024,
        "format": "Hardcover",
        "pages": 312,
        "language": "English",
        "level": "Class 9",
        "subject": "Physics",
        "series": "Lantern Science",
        "volume": 9,
    }
    return {
        "name": "Physics for Class 9",
        "price": "14.50",
        "categoryId": category,
        "shop": "books",
        "book": fields | book,
    }


def test_a_new_book_stores_its_isbn_13_and_credits_its_authors_in_order(admin_client):
    existing = some_author(admin_client)
    authors = ["Zora Penhallow", existing["name"], "Idris Marlowe"]
    before = snapshot(admin_client)

    response = admin_client.post("/api/products", json=book_body(admin_client, authors=authors))

    assert response.status_code == 201, response.text
    record = response.json()
    assert record["book"] == {
        "isbn": ISBN_13,
        "authors": authors,
        "publisher": "Lantern House",
        "edition": "2nd",
        "year": 2024,
        "format": "Hardcover",
        "pages": 312,
        "language": "English",
        "level": "Class 9",
        "subject": "Physics",
        "series": "Lantern Science",
        "volume": 9,
    }
    # Two authors created, the existing one credited rather than created again.
    assert snapshot(admin_client)[:3] == (before[0] + 1, before[1] + 1, before[2] + 2)
    credited = read(admin_client, lambda s: s.get(Product, record["id"]).book.authors)
    assert [a.name for a in credited] == authors and credited[1].id == existing["id"]
    named = admin_client.get("/api/authors", params={"q": existing["name"]}).json()
    assert [(a["id"], a["books"]) for a in named if a["name"] == existing["name"]] == [
        (existing["id"], existing["books"] + 1)
    ]
    # The audit entry has the book.
    entry = read(admin_client, lambda s: s.scalars(select(AuditEntry).order_by(AuditEntry.id.desc())).first())
    assert (entry.action, entry.entity, entry.entity_id) == ("create", "product", str(record["id"]))
    assert entry.after["book"]["isbn"] == ISBN_13 and entry.after["book"]["authors"] == authors
    # The shop's product page shows the book.
    product = admin_client.get(f"/product/{record['id']}", headers={"Accept": "application/json"}).json()["props"][
        "product"
    ]
    assert product["isbn"] == ISBN_13 and product["authors"] == authors


def test_changing_a_book_shows_in_the_shop_and_in_the_audit_log(admin_client):
    record = seeded_book(admin_client)
    book = record["book"] | {
        "isbn": "978-0-306-40615-7",
        "authors": ["Ada Fenwick", *record["book"]["authors"]],
        "level": "Class 11",
        "format": "Spiral",
        "edition": None,
    }
    page = f"/product/{record['id']}"
    admin_client.get(page, headers={"Accept": "application/json"})  # cached before the change

    response = admin_client.patch(f"/api/products/{record['id']}", json={"book": book})

    assert response.status_code == 200, response.text
    changed = response.json()["book"]
    assert (changed["isbn"], changed["authors"], changed["level"], changed["format"], changed["edition"]) == (
        ISBN_13,
        book["authors"],
        "Class 11",
        "Spiral",
        None,
    )
    product = admin_client.get(page, headers={"Accept": "application/json"}).json()["props"]["product"]
    assert product["isbn"] == ISBN_13 and product["authors"] == book["authors"]
    assert product["book"]["level"]["label"] == "Class 11" and product["book"]["format"] == "Spiral"
    entry = read(admin_client, lambda s: s.scalars(select(AuditEntry).order_by(AuditEntry.id.desc())).first())
    assert entry.action == "update"
    assert entry.before["book"]["isbn"] == record["book"]["isbn"] and entry.after["book"]["isbn"] == ISBN_13
    assert entry.after["book"]["authors"] == book["authors"]


def test_a_wrong_check_digit_is_refused_naming_the_check_digit(admin_client):
    before = snapshot(admin_client)
    response = admin_client.post("/api/products", json=book_body(admin_client, isbn="978-0-306-40615-8"))
    assert response.status_code == 422
    assert response.json()["errors"]["book.isbn"] == "The check digit of this ISBN-13 should be 7, not 8"
    assert snapshot(admin_client) == before


def test_an_isbn_another_book_has_is_refused_naming_that_book(admin_client):
    other = seeded_book(admin_client)
    before = snapshot(admin_client)
    response = admin_client.post("/api/products", json=book_body(admin_client, isbn=other["book"]["isbn"]))
    assert response.status_code == 422
    assert response.json()["errors"] == {"book.isbn": f"“{other['name']}” already has this ISBN"}
    assert snapshot(admin_client) == before


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("level", "Class 13", "A class is a number from 1 to 12"),
        ("level", "Year 9", "Write the level as Class 1 to Class 12"),
        ("format", "Scroll", "Input should be 'Paperback', 'Hardcover', 'Spiral' or 'Board book'"),
        ("year", 1200, "Input should be greater than or equal to 1450"),
        ("year", 3000, "Enter a year no later than"),
        ("pages", 0, "Input should be greater than or equal to 1"),
        ("pages", "many", "Input should be a valid integer"),
        ("authors", [], "List should have at least 1 item"),
        ("authors", ["Ann Lee", "ann lee"], "Name each author once"),
    ],
)
def test_bad_book_fields_are_refused_on_their_own_field(admin_client, field, value, message):
    before = snapshot(admin_client)
    response = admin_client.post("/api/products", json=book_body(admin_client, **{field: value}))
    assert response.status_code == 422
    errors = response.json()["errors"]
    assert list(errors) == [f"book.{field}"] and errors[f"book.{field}"].startswith(message)
    assert snapshot(admin_client) == before


def test_author_suggestions_need_an_administrator(client):
    response = client.get("/api/authors", params={"q": "a"})
    assert response.status_code == 401
    assert "message" in response.json()


def test_author_suggestions_match_part_of_a_name_in_any_case_by_name(admin_any):
    everyone = admin_any.get("/api/authors").json()
    assert 0 < len(everyone) <= 20
    assert [a["name"].lower() for a in everyone] == sorted(a["name"].lower() for a in everyone)
    assert set(everyone[0]) == {"id", "name", "slug", "books"} and everyone[0]["books"] >= 1

    surname = everyone[0]["name"].split()[-1]
    found = admin_any.get("/api/authors", params={"q": surname.upper()}).json()
    assert found and all(surname.lower() in a["name"].lower() for a in found)
    assert everyone[0]["id"] in [a["id"] for a in found]
    assert admin_any.get("/api/authors", params={"q": "no such author zzz"}).json() == []
    # Like a list's q: at most 100 characters.
    refused = admin_any.get("/api/authors", params={"q": "x" * 101})
    assert refused.status_code == 422 and "q" in refused.json()["errors"]


@pytest.mark.parametrize("form", ["grouped", "isbn10", "spaced"])
def test_the_admin_list_finds_a_book_by_its_isbn(admin_any, form):
    book = seeded_book(admin_any)
    digits = book["book"]["isbn"]
    listed = admin_any.get("/api/products", params={"q": book["name"]}).json()
    grouped = next(row["isbn"] for row in listed if row["id"] == book["id"])  # the list shows it grouped
    assert grouped.replace("-", "") == digits and grouped.count("-") == 4
    q = {
        "grouped": grouped,
        "isbn10": isbn.grouped(digits)[4:-2] + "-" + isbn.to_isbn10(digits)[-1],
        "spaced": grouped.replace("-", " "),
    }[form]
    response = admin_any.get("/api/products", params={"q": q})
    assert response.status_code == 200
    assert [row["id"] for row in response.json()] == [book["id"]]
    assert response.headers["x-total-count"] == "1"


def test_the_admin_list_keeps_searching_words_and_shows_no_isbn_for_other_goods(admin_client):
    fashion = admin_client.get("/api/products", params={"q": "boots"}).json()
    assert fashion and all(row["isbn"] is None for row in fashion)
    # A wrong check digit is no ISBN: searched as text, it finds nothing.
    digits = seeded_book(admin_client)["book"]["isbn"]
    wrong = isbn.grouped(digits)[:-1] + str((int(digits[-1]) + 1) % 10)
    assert admin_client.get("/api/products", params={"q": wrong}).json() == []
