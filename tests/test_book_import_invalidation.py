"""The CSV import of books drops only the cached pages of what it changed (its bulk statements are
read by no flush, so it names the books it wrote itself), and folds to every page beyond a bound."""

from __future__ import annotations

import csv
import io

from test_book_import import csv_bytes
from test_page_invalidation import STOREFRONTS, Shop, shop, warm  # noqa: F401  (the fixture)

from db import isbn, page_keys
from db.catalogue_changes import MAX_OBJECTS, books_written


def exported_rows(shop: Shop) -> list[dict]:
    response = shop.client.get("/api/books.csv", headers=shop.admin)
    assert response.status_code == 200
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))


def imported(shop: Shop, rows: list[dict]) -> dict:
    response = shop.client.post(
        "/api/books/import",
        headers=shop.admin,
        data={"dryRun": "false"},
        files={"file": ("books.csv", csv_bytes(rows, columns=list(rows[0])), "text/csv")},
    )
    assert response.status_code == 200, response.text
    return response.json()


def product_id_of(shop: Shop, isbn13: str) -> int:
    found = shop.client.get(f"/product/search/{isbn.grouped(isbn13)}", headers={"Accept": "application/json"})
    [product] = found.json()["props"]["products"]
    return product["id"]


def test_an_import_refreshes_the_pages_of_the_books_it_changed_and_leaves_other_shops_cached(shop):
    row = exported_rows(shop)[0]
    product_id = product_id_of(shop, isbn.parse(row["isbn"]))
    product_page = f"/product/{product_id}"
    others = [path for path in STOREFRONTS if path != "/"]  # no other storefront shows a book
    warm(shop, [*STOREFRONTS, product_page])

    report = imported(shop, [{**row, "price": "77.70"}])
    assert (report["created"], report["updated"]) == (0, 1)
    after, built = shop.visit([*STOREFRONTS, product_page])

    assert product_page in built and after[product_page]["product"]["price"] == 77.7
    assert built.isdisjoint(others), built


def test_an_import_names_each_book_and_folds_to_every_page_beyond_the_bound():
    changes = books_written([(7, 3, None, True), (9, 3, {"price": (10, 12)}, False)])
    named = changes.keys
    assert {page_keys.product(7), page_keys.product(9), page_keys.SEARCH, page_keys.SHELVES} <= named
    # Bulk statements read no book's level or credits, nor does the commit look them up one by one.
    assert not changes.shelved
    assert page_keys.EVERYTHING not in named
    # A price moves no storefront list: only a created book (and a book record) touches the home's.
    assert page_keys.storefront("books") in named and page_keys.storefront("market") not in named
    many = [(n, 3, {"price": (10, 12)}, False) for n in range(MAX_OBJECTS + 1)]
    assert books_written(many).keys == {page_keys.EVERYTHING}
