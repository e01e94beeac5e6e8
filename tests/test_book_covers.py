"""Drawn covers: a book imported without an image gets one (db/covers.py) kept by the media store
(a folder, or the database), shown on its card like a seeded cover; a book with an image keeps
it; `python -m app.media.covers` draws the covers books without an image lack, once."""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import make_settings, sign_in
from sqlalchemy import func, select, update
from starlette.testclient import TestClient
from test_book_import import NEW_ISBN, OTHER_ISBN, book_row, csv_bytes, send

from app.main import create_app
from app.media.covers import draw_covers
from db.covers import is_drawn
from db.models import Book, MediaFile, Product

ROOT = Path(__file__).resolve().parents[1]
TITLE = "Zanzibar Coastal Atlas"


def signed_in(settings) -> TestClient:
    client = TestClient(create_app(settings), base_url="http://127.0.0.1")
    client.__enter__()
    assert sign_in(client).status_code == 200
    client.headers["X-CSRF-Token"] = client.get("/api/auth/csrf").json()["csrfToken"]
    return client


@pytest.fixture
def folder_settings(db_file, tmp_path):
    """A private database and an empty media folder of its own (covers are written to it)."""
    return make_settings(f"sqlite:///{db_file}", tmp_path / "media")


@pytest.fixture
def admin(folder_settings):
    client = signed_in(folder_settings)
    yield client
    client.__exit__(None, None, None)


def images_of(client, isbn: str) -> list[str]:
    query = select(Product.images).join(Book, Book.product_id == Product.id).where(Book.isbn == isbn)
    return client.app.state.services.db.read_sync(lambda session: session.scalar(query))


def card_image(client, page: str, title: str) -> str:
    """The src of the <img> on the card of `title` on this page (as rendered on the server)."""
    response = client.get(page)
    assert response.status_code == 200
    found = re.search(r'<img src="([^"]+)" alt="' + re.escape(html.escape(title)) + '"', response.text)
    assert found, f"no card image for {title} on {page}"
    return html.unescape(found.group(1))


def assert_drawn_cover_served(client, src: str, title: str) -> bytes:
    assert src.startswith("/media/covers/") and src.endswith(".svg")
    served = client.get(src)
    assert served.status_code == 200
    assert served.headers["content-type"].startswith("image/svg+xml")
    assert served.content.startswith(b"<svg") and title.split()[0].encode() in served.content
    return served.content


def test_an_imported_books_card_shows_a_drawn_cover(admin, folder_settings):
    data = csv_bytes([book_row(title=TITLE, level="Class 7")])
    dry = send(admin, data).json()
    assert (dry["created"], dry["covers"]) == (1, 1)
    assert images_of(admin, NEW_ISBN) is None  # a dry run writes nothing, no cover either
    assert not (folder_settings.media_dir / "covers").exists()

    report = send(admin, data, dry_run=False).json()
    assert (report["created"], report["covers"]) == (1, 1)
    [path] = images_of(admin, NEW_ISBN)
    assert is_drawn(path) and (folder_settings.media_dir / path).is_file()

    src = card_image(admin, "/product/search/zanzibar", TITLE)
    assert src == "/media/" + path
    svg = assert_drawn_cover_served(admin, src, TITLE).decode()
    for shown in ("Zanzibar", "Coastal Atlas", "Meera Das, Tom Fisher", "CLASS 7", "OAKLEAF LEARNING"):
        assert shown in svg
    assert card_image(admin, "/books/class-7", TITLE) == src  # its shelf shows the same cover

    # Imported again unchanged: the same cover, nothing drawn; a new title draws a new cover.
    again = send(admin, data, dry_run=False).json()
    assert (again["unchanged"], again["covers"]) == (1, 0)
    assert images_of(admin, NEW_ISBN) == [path]
    renamed = send(admin, csv_bytes([book_row(title="Zanzibar Island Atlas")]), dry_run=False).json()
    assert (renamed["updated"], renamed["covers"]) == (1, 1)
    [redrawn] = images_of(admin, NEW_ISBN)
    assert is_drawn(redrawn) and redrawn != path
    assert b"Island" in admin.get("/media/" + redrawn).content


def test_a_book_with_an_image_keeps_it(admin):
    send(admin, csv_bytes([book_row(title=TITLE), book_row(isbn=OTHER_ISBN, title="Other Atlas")]), dry_run=False)
    uploaded = ["uploads/2026/01/0123456789abcdef0123456789abcdef.png"]  # as an admin's upload sets it
    admin.app.state.services.db.write_sync(
        lambda session: session.execute(
            update(Product)
            .where(Product.id == select(Book.product_id).where(Book.isbn == NEW_ISBN).scalar_subquery())
            .values(images=uploaded)
        )
    )
    changed = [book_row(title=TITLE + " Revised"), book_row(isbn=OTHER_ISBN, title="Other Atlas")]
    assert send(admin, csv_bytes(changed)).json()["covers"] == 0
    report = send(admin, csv_bytes(changed), dry_run=False).json()
    assert (report["updated"], report["unchanged"], report["covers"]) == (1, 1, 0)
    assert images_of(admin, NEW_ISBN) == uploaded

    # The seeded books, imported back from the export, keep their drawn-at-seed pictures.
    exported = admin.get("/api/books.csv").content
    before = admin.app.state.services.db.read_sync(
        lambda session: dict(session.execute(select(Product.id, Product.images).where(Product.shop == "books")).all())
    )
    assert send(admin, exported, dry_run=False).json()["covers"] == 0
    after = admin.app.state.services.db.read_sync(
        lambda session: dict(session.execute(select(Product.id, Product.images).where(Product.shop == "books")).all())
    )
    assert after == before


def without_images(client, isbns: list[str]) -> None:
    """Books as an import before drawn covers left them: no image."""
    ids = select(Book.product_id).where(Book.isbn.in_(isbns)).scalar_subquery()
    client.app.state.services.db.write_sync(
        lambda session: session.execute(update(Product).where(Product.id.in_(ids)).values(images=[]))
    )


def test_the_command_draws_covers_for_books_without_an_image(admin, folder_settings):
    send(admin, csv_bytes([book_row(title=TITLE), book_row(isbn=OTHER_ISBN, title="Other Atlas")]), dry_run=False)
    without_images(admin, [NEW_ISBN, OTHER_ISBN])
    books = select(Product.id, Product.images).where(Product.shop == "books")
    before = dict(admin.app.state.services.db.read_sync(lambda session: session.execute(books).all()))

    assert draw_covers(folder_settings) == 2
    after = dict(admin.app.state.services.db.read_sync(lambda session: session.execute(books).all()))
    redrawn = {product_id for product_id in after if after[product_id] != before[product_id]}
    assert len(redrawn) == 2 and all(before[product_id] == [] for product_id in redrawn)
    for product_id in redrawn:
        [path] = after[product_id]
        assert is_drawn(path) and (folder_settings.media_dir / path).is_file()
    assert_drawn_cover_served(admin, card_image(admin, "/product/search/zanzibar", TITLE), TITLE)
    assert draw_covers(folder_settings) == 0  # idempotent

    # As the command line runs it, reading the server's environment.
    drawn = images_of(admin, OTHER_ISBN)
    without_images(admin, [OTHER_ISBN])
    env = {
        **os.environ,
        "DATABASE_URL": folder_settings.database_url,
        "MEDIA_DIR": str(folder_settings.media_dir),
        "MEDIA_STORE": "folder",
    }
    run = subprocess.run(
        [sys.executable, "-m", "app.media.covers"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "Drew 1 cover for books without an image"
    assert images_of(admin, OTHER_ISBN) == drawn


def test_with_media_store_database_the_cover_is_served_from_the_database(db_file, tmp_path):
    url = f"sqlite:///{db_file}"
    importer = signed_in(make_settings(url, tmp_path / "first", media_store="database"))
    try:
        report = send(importer, csv_bytes([book_row(title=TITLE)]), dry_run=False).json()
        assert report["covers"] == 1
        [path] = images_of(importer, NEW_ISBN)
        count = importer.app.state.services.db.read_sync(
            lambda session: session.scalar(select(func.count()).select_from(MediaFile).where(MediaFile.path == path))
        )
        assert count == 1
    finally:
        importer.__exit__(None, None, None)
    assert not (tmp_path / "first").exists() or not any((tmp_path / "first").rglob("*.svg"))

    # Another instance, with a media folder of its own, serves it; and the command keeps its covers there too.
    with TestClient(
        create_app(make_settings(url, tmp_path / "second", media_store="database")), base_url="http://127.0.0.1"
    ) as other:
        src = card_image(other, "/product/search/zanzibar", TITLE)
        assert src == "/media/" + path
        assert_drawn_cover_served(other, src, TITLE)
        without_images(other, [NEW_ISBN])
        assert draw_covers(make_settings(url, tmp_path / "third", media_store="database")) == 1
        assert images_of(other, NEW_ISBN) == [path]  # the same drawing, the same (content-named) path
    for folder in ("first", "second", "third"):
        assert not any((tmp_path / folder).rglob("*.svg"))
