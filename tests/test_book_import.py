"""CSV import and export of books: POST /api/books/import (dry run, apply, re-import), every kind
of bad input answered with a row, a column and a message, GET /api/books.csv back in unchanged,
the guards; the main cases on PostgreSQL too."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

import pytest
from sqlalchemy import func, select

from db import catalogue_version, isbn
from db.admin.book_import import COLUMNS
from db.engine import make_engine, make_sessionmaker
from db.models import AuditEntry, Book, Product

# Group 99 is not the seed's (it uses 978-0 and 978-1).
NEW_ISBN = isbn.make("978", "999000001")
OTHER_ISBN = isbn.make("978", "999000002")


def book_row(**changes) -> dict:
    row = {
        "isbn": NEW_ISBN,
        "title": "Class 7 Geography Atlas",
        "authors": "Meera Das; Tom Fisher",
        "publisher": "Oakleaf Learning",
        "edition": "1st",
        "year": "2024",
        "format": "Hardcover",
        "pages": "96",
        "language": "English",
        "level": "Class 7",
        "subject": "Geography",
        "category": "History & Geography",
        "price": "14.25",
        "stock": "30",
        "published": "yes",
    }
    row.update(changes)
    return row


def csv_bytes(rows: list[dict], columns=COLUMNS) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(columns)
    for row in rows:
        writer.writerow([row.get(column, "") for column in columns])
    return buffer.getvalue().encode()


def send(client, data: bytes, dry_run: bool = True, filename: str = "books.csv", content_type: str = "text/csv"):
    return client.post(
        "/api/books/import",
        files={"file": (filename, data, content_type)},
        data={"dryRun": "true" if dry_run else "false"},
    )


def counts(report: dict) -> tuple[int, int, int, int]:
    return report["created"], report["updated"], report["unchanged"], report["errors"]


def exported(client) -> bytes:
    response = client.get("/api/books.csv")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/csv")
    return response.content


def first_exported_row(client) -> dict:
    text = exported(client).decode("utf-8-sig")
    return next(csv.DictReader(io.StringIO(text)))


def search(client, term: str) -> list[dict]:
    page = client.get(f"/product/search/{term}", headers={"Accept": "application/json"})
    return page.json()["props"]["products"]


class Shop:
    """What the database holds, read directly (the tests' own eyes)."""

    def __init__(self, url: str):
        self.engine = make_engine(url)
        self.sessions = make_sessionmaker(self.engine)

    def read(self, fn):
        with self.sessions() as session:
            return fn(session)

    def version(self) -> int:
        return self.read(catalogue_version.current)

    def products(self) -> int:
        return self.read(lambda s: s.scalar(select(func.count()).select_from(Product)))

    def audit(self, product_id: int) -> list[AuditEntry]:
        return self.read(
            lambda s: list(
                s.scalars(
                    select(AuditEntry).where(AuditEntry.entity == "product", AuditEntry.entity_id == str(product_id))
                )
            )
        )

    def product_of(self, isbn13: str):
        return self.read(lambda s: s.scalar(select(Product).join(Product.book).where(Book.isbn == isbn13)))


@pytest.fixture
def shop(settings):
    shop = Shop(settings.database_url)
    yield shop
    shop.engine.dispose()


def a_mixed_file(client) -> tuple[bytes, dict]:
    """One new book, one seeded book with a new price, one seeded book as it is."""
    first, second = exported_rows(client)[:2]
    changed = {**first, "price": "99.95"}
    return csv_bytes([book_row(), changed, second], columns=list(first)), first


def exported_rows(client) -> list[dict]:
    return list(csv.DictReader(io.StringIO(exported(client).decode("utf-8-sig"))))


# --- dry run, apply, re-import -------------------------------------------------------------------


def test_a_dry_run_reports_each_row_and_writes_nothing(admin_client, shop):
    data, first = a_mixed_file(admin_client)
    before = (shop.version(), shop.products())
    response = send(admin_client, data, dry_run=True)
    assert response.status_code == 200, response.text
    report = response.json()
    assert counts(report) == (1, 1, 1, 0)
    assert [(r["row"], r["action"]) for r in report["rows"]] == [(2, "created"), (3, "updated"), (4, "unchanged")]
    assert report["rows"][0] == {
        "row": 2,
        "isbn": NEW_ISBN,
        "title": "Class 7 Geography Atlas",
        "action": "created",
        "errors": {},
    }
    assert (shop.version(), shop.products()) == before
    assert search(admin_client, NEW_ISBN) == []
    assert first_exported_row(admin_client)["price"] == first["price"]


def test_an_apply_writes_every_row_in_one_change_with_its_audit_entries(admin_client, shop):
    data, first = a_mixed_file(admin_client)
    version, products = shop.version(), shop.products()
    response = send(admin_client, data, dry_run=False)
    assert response.status_code == 200, response.text
    assert counts(response.json()) == (1, 1, 1, 0)
    assert shop.version() == version + 1
    assert shop.products() == products + 1

    found = search(admin_client, isbn.grouped(NEW_ISBN))
    assert [(p["title"], p["authors"], p["price"]) for p in found] == [
        ("Class 7 Geography Atlas", ["Meera Das", "Tom Fisher"], 14.25)
    ]
    assert found[0]["imgUrl"].startswith("/media/covers/")  # a drawn cover (tests/test_book_covers.py)
    page = admin_client.get(f"/product/{found[0]['id']}")
    assert page.status_code == 200 and "Class 7 Geography Atlas" in page.text
    # The search index heard of the bulk write: the book is found by its words and its author at once.
    assert "Class 7 Geography Atlas" in [p["title"] for p in search(admin_client, "geography atlas")]
    assert "Class 7 Geography Atlas" in [p["title"] for p in search(admin_client, "Fisher")]

    created = shop.product_of(NEW_ISBN)
    [entry] = shop.audit(created.id)
    assert entry.action == "create" and entry.before is None
    assert entry.after["book"]["authors"] == ["Meera Das", "Tom Fisher"] and entry.after["price"] == "14.25"
    updated = shop.product_of(isbn.parse(first["isbn"]))
    [entry] = shop.audit(updated.id)
    assert entry.action == "update"
    assert Decimal(entry.before["price"]) == Decimal(first["price"]) and entry.after["price"] == "99.95"
    assert first_exported_row(admin_client)["price"] == "99.95"


def test_importing_the_same_file_again_changes_nothing(admin_client, shop):
    data, _ = a_mixed_file(admin_client)
    assert send(admin_client, data, dry_run=False).status_code == 200
    version, products = shop.version(), shop.products()
    for dry_run in (True, False):
        response = send(admin_client, data, dry_run=dry_run)
        assert response.status_code == 200
        assert counts(response.json()) == (0, 0, 3, 0)
        assert {r["action"] for r in response.json()["rows"]} == {"unchanged"}
    assert (shop.version(), shop.products()) == (version, products)


def test_an_update_writes_only_what_changed(admin_client, shop):
    row = exported_rows(admin_client)[0]
    product = shop.product_of(isbn.parse(row["isbn"]))
    data = csv_bytes([{**row, "authors": "Someone New; " + row["authors"], "level": "Class 12"}], columns=list(row))
    assert counts(send(admin_client, data, dry_run=False).json()) == (0, 1, 0, 0)
    [entry] = shop.audit(product.id)
    assert entry.after["book"]["authors"][0] == "Someone New" and entry.after["book"]["level"] == "Class 12"
    assert entry.after["author"].startswith("Someone New, ")
    assert {k for k in entry.before if entry.before[k] != entry.after[k]} == {"author", "book"}
    assert exported_rows(admin_client)[0]["authors"] == "Someone New; " + row["authors"]


def test_an_export_imports_back_unchanged(admin_client, shop):
    rows = exported_rows(admin_client)
    assert len(rows) == shop.read(lambda s: s.scalar(select(func.count()).select_from(Book)))
    assert list(rows[0])[: len(COLUMNS)] == list(COLUMNS)
    response = send(admin_client, exported(admin_client), dry_run=False)
    assert response.status_code == 200
    assert counts(response.json()) == (0, 0, len(rows), 0)


def test_a_formula_like_cell_exports_escaped_and_imports_back_the_same(admin_client, shop):
    data = csv_bytes([book_row(title="=Fun with Sums", subject="-Arithmetic")])
    assert send(admin_client, data, dry_run=False).status_code == 200
    row = next(r for r in exported_rows(admin_client) if r["isbn"] == isbn.grouped(NEW_ISBN))
    assert (row["title"], row["subject"]) == ("'=Fun with Sums", "'-Arithmetic")
    assert counts(send(admin_client, exported(admin_client)).json())[:2] == (0, 0)
    assert shop.product_of(NEW_ISBN).title == "=Fun with Sums"


def test_the_template_is_a_valid_file(admin_client):
    response = admin_client.get("/api/books/import-template.csv")
    assert response.status_code == 200 and "attachment" in response.headers["content-disposition"]
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff" + ",".join(COLUMNS))
    report = send(admin_client, response.content).json()
    assert counts(report) == (1, 0, 0, 0)


# --- bad input: a row, a column and a message ----------------------------------------------------


@pytest.mark.parametrize(
    "changes, column, words",
    [
        ({"isbn": NEW_ISBN[:-1] + str((int(NEW_ISBN[-1]) + 1) % 10)}, "isbn", "check digit"),
        ({"price": "-3.00"}, "price", "negative"),
        ({"price": "twelve"}, "price", "number"),
        ({"price": "1.999"}, "price", "two decimals"),
        ({"category": "Kitchenware"}, "category", "no category"),
        ({"category": "Laptops"}, "category", "not a books category"),
        ({"title": ""}, "title", "title"),
        ({"stock": "-1"}, "stock", "whole number"),
        ({"published": "maybe"}, "published", "yes or no"),
        ({"level": "Class 13"}, "level", "1 to 12"),
        ({"authors": " ; "}, "authors", "author"),
        ({"format": "Scroll"}, "format", "Paperback"),
    ],
)
def test_a_bad_cell_is_reported_by_row_column_and_message(admin_client, shop, changes, column, words):
    good = book_row(isbn=OTHER_ISBN, title="Class 8 Science Notes")
    response = send(admin_client, csv_bytes([good, book_row(**changes)]), dry_run=False)
    assert response.status_code == 422
    report = response.json()
    assert report["message"] and counts(report) == (1, 0, 0, 1)
    bad = report["rows"][1]
    assert (bad["row"], bad["action"]) == (3, "error")
    assert words.lower() in bad["errors"][column].lower()
    assert shop.product_of(OTHER_ISBN) is None  # the good row was not written either


def test_a_category_is_found_by_slug_or_name_in_any_case(admin_client):
    rows = [
        book_row(isbn=NEW_ISBN, category="HISTORY-GEOGRAPHY"),
        book_row(isbn=OTHER_ISBN, category="history & geography"),
    ]
    assert counts(send(admin_client, csv_bytes(rows)).json()) == (2, 0, 0, 0)


def test_a_duplicate_isbn_in_the_file_names_the_first_row(admin_client):
    rows = [book_row(), book_row(title="Another Atlas"), book_row(isbn=isbn.to_isbn10(NEW_ISBN))]
    report = send(admin_client, csv_bytes(rows)).json()
    assert counts(report) == (1, 0, 0, 2)
    assert [r["errors"].get("isbn", "") for r in report["rows"][1:]] == [
        "Row 2 has this ISBN too: give each book one row"
    ] * 2


@pytest.mark.parametrize(
    "data, status, words",
    [
        ("isbn,title\n978,Ölçü\n".encode("latin-1"), 422, "missing: authors"),
        (csv_bytes([book_row(title="Großes Buch")]).decode().encode("latin-1"), 415, "Line 2 is not UTF-8"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00", 415, "not a CSV file"),
        (b"Dear supplier,\nplease find our prices below.\n", 422, "first row must name the columns"),
        (b"", 422, "empty"),
        (b"isbn,title,colour\n", 422, "unknown"),
    ],
)
def test_a_file_that_is_not_a_books_csv_gets_a_message(admin_client, shop, data, status, words):
    products = shop.products()
    response = send(admin_client, data, dry_run=False)
    assert response.status_code == status, response.text
    assert words.lower() in response.json()["message"].lower()
    assert response.json()["errors"]["file"] == response.json()["message"]
    assert shop.products() == products


def test_a_bom_blank_lines_short_rows_and_crlf_are_fine(admin_client):
    data = "\ufeff" + csv_bytes([book_row(published="")]).decode().replace("\n", "\r\n") + "\r\n\r\n"
    report = send(admin_client, data.encode()).json()
    assert counts(report) == (1, 0, 0, 0)


def test_a_file_too_large_is_refused(settings, tmp_path):
    from conftest import make_settings, sign_in
    from starlette.testclient import TestClient

    from app.main import create_app

    small = make_settings(settings.database_url, settings.media_dir, book_import_max_bytes=1000)
    with TestClient(create_app(small), base_url="http://127.0.0.1") as client:
        assert sign_in(client).status_code == 200
        client.headers["X-CSRF-Token"] = client.get("/api/auth/csrf").json()["csrfToken"]
        response = send(client, csv_bytes([book_row()] * 20))
        assert response.status_code == 413 and "larger than" in response.json()["message"]


# --- guards and progress -------------------------------------------------------------------------


def test_the_import_needs_an_administrator_and_the_csrf_token(client, admin_client):
    data = csv_bytes([book_row()])
    token = admin_client.headers.pop("X-CSRF-Token")
    assert send(admin_client, data).status_code == 403
    admin_client.headers["X-CSRF-Token"] = token
    admin_client.cookies.clear()
    assert send(admin_client, data).status_code == 401
    assert admin_client.get("/api/books.csv").status_code == 401
    assert admin_client.get("/api/books/import-template.csv").status_code == 401


def test_not_multipart_and_a_missing_file_are_refused(admin_client):
    assert admin_client.post("/api/books/import", json={"file": "x"}).status_code == 415
    response = admin_client.post("/api/books/import", data={"dryRun": "true"}, files={"other": ("a", b"a")})
    assert response.status_code == 422 and response.json()["errors"]["file"]
    response = admin_client.post("/api/books/import", data={"dryRun": "perhaps"}, files={"file": ("a.csv", b"a")})
    assert response.status_code == 422 and response.json()["errors"]["dryRun"]


def test_progress_is_kept_under_the_pages_id_for_its_session_only(admin_client, client):
    data = csv_bytes([book_row(), book_row(isbn=OTHER_ISBN)])
    response = admin_client.post(
        "/api/books/import",
        files={"file": ("b.csv", data, "text/csv")},
        data={"dryRun": "true", "progress": "page-1234abcd"},
    )
    assert response.status_code == 200
    # Both new books have no image: the import draws each a cover, and its progress says so.
    assert admin_client.get("/api/books/import/progress/page-1234abcd").json() == {"rows": 2, "covers": 2, "done": True}
    assert admin_client.get("/api/books/import/progress/another-id-99").status_code == 404
    admin_client.cookies.clear()
    assert admin_client.get("/api/books/import/progress/page-1234abcd").status_code == 401


def test_the_routes_are_in_the_openapi_document(client):
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/books/import", "/api/books.csv", "/api/books/import-template.csv"} <= paths.keys()
    assert "post" in paths["/api/books/import"]


# --- PostgreSQL --------------------------------------------------------------------------------


def test_on_postgresql_dry_run_apply_reimport_and_round_trip(postgres_admin_client):
    client = postgres_admin_client
    data, first = a_mixed_file(client)
    assert counts(send(client, data).json()) == (1, 1, 1, 0)
    assert search(client, NEW_ISBN) == []
    assert counts(send(client, data, dry_run=False).json()) == (1, 1, 1, 0)
    assert [p["title"] for p in search(client, NEW_ISBN)] == ["Class 7 Geography Atlas"]
    assert counts(send(client, data, dry_run=False).json()) == (0, 0, 3, 0)
    bad = send(client, csv_bytes([book_row(isbn=OTHER_ISBN), book_row(price="-1")]), dry_run=False)
    assert bad.status_code == 422 and bad.json()["rows"][1]["errors"]["price"]
    assert search(client, OTHER_ISBN) == []
    rows = exported_rows(client)
    report = send(client, exported(client), dry_run=False).json()
    assert counts(report) == (0, 0, len(rows), 0)


def test_the_page_renders_on_the_server_with_its_downloads(admin_client, client):
    page = admin_client.get("/admin/books/import")
    assert page.status_code == 200
    assert 'href="/api/books/import-template.csv"' in page.text and 'href="/api/books.csv"' in page.text
    assert "Import books" in page.text and "History &amp; Geography" in page.text
    admin_client.cookies.clear()
    assert admin_client.get("/admin/books/import", follow_redirects=False).status_code == 302


def test_new_books_get_unique_slugs_beside_existing_ones(admin_client, shop):
    taken = exported_rows(admin_client)[0]
    rows = [book_row(title=taken["title"]), book_row(isbn=OTHER_ISBN, title=taken["title"])]
    assert counts(send(admin_client, csv_bytes(rows), dry_run=False).json()) == (2, 0, 0, 0)
    existing = shop.product_of(isbn.parse(taken["isbn"])).slug
    assert [shop.product_of(NEW_ISBN).slug, shop.product_of(OTHER_ISBN).slug] == [f"{existing}-2", f"{existing}-3"]
