"""The book import page in a real browser: check a file with errors, read them in the report
(filtered to errors), then import a good file and see the toast, the covers it drew and the book in the shop."""

from __future__ import annotations

import re
import shutil

import pytest
from conftest import ADMIN_EMAIL, ADMIN_PASSWORD, start_server
from playwright.sync_api import expect
from test_book_import import NEW_ISBN, OTHER_ISBN, book_row, csv_bytes


@pytest.fixture
def own_server(seeded_sqlite, tmp_path):
    """A server on a private copy of the seeded database: this test writes books."""
    db_copy = tmp_path / "shop.db"
    shutil.copyfile(seeded_sqlite[0], db_copy)
    process, base = start_server(db_copy, seeded_sqlite[1])
    yield base
    process.terminate()
    process.wait(timeout=10)


def test_check_a_file_read_its_errors_then_import_a_good_one(own_server, page_factory, tmp_path):
    bad, good = tmp_path / "bad.csv", tmp_path / "good.csv"
    bad.write_bytes(csv_bytes([book_row(), book_row(isbn=OTHER_ISBN, title="Class 8 Notes", price="-2")]))
    good.write_bytes(csv_bytes([book_row(), book_row(isbn=OTHER_ISBN, title="Class 8 Science Notes")]))
    page, log = page_factory()
    page.goto(own_server + "/admin/books/import")
    page.get_by_label("Email").fill(ADMIN_EMAIL)
    page.get_by_role("textbox", name=re.compile("^Password")).fill(ADMIN_PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url("**/admin/books/import")
    expect(page.get_by_role("heading", name="Import books")).to_be_visible()
    assert (
        page.get_by_role("link", name="Download the template").get_attribute("href") == "/api/books/import-template.csv"
    )

    # The file field works once the page is hydrated (it is disabled until then).
    page.wait_for_function("() => !document.querySelector('input[type=file]').disabled")
    page.locator("input[type=file]").set_input_files(bad)
    page.get_by_role("button", name="Check file").click()
    page.get_by_text("1 row with errors").wait_for()
    report = page.get_by_role("table", name="Report")
    # A file with errors starts filtered to them: the one bad row, its column and message.
    assert report.get_by_role("row").count() == 2
    assert "price: The price cannot be negative" in report.get_by_role("row").nth(1).inner_text().replace("\n", " ")
    assert page.get_by_role("button", name="Import", exact=True).is_disabled()
    page.get_by_label("Only rows with errors").uncheck()
    assert report.get_by_role("row").count() == 3

    page.locator("input[type=file]").set_input_files(good)
    page.get_by_role("button", name="Check file").click()
    # Neither book has an image: the check counts the covers the import would draw.
    summary = page.get_by_label("Summary")
    summary.get_by_text("2 covers to draw").wait_for()
    page.get_by_role("button", name="Import 2 books").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("I have checked the report").check()
    dialog.get_by_role("button", name="Import").click()
    page.get_by_text("Imported 2 new books").wait_for()
    summary.get_by_text("2 covers drawn").wait_for()
    assert log.errors() == []

    page.goto(own_server + f"/product/search/{NEW_ISBN}")
    assert page.get_by_text("Class 7 Geography Atlas").first.is_visible()
