"""MEDIA_STORE=database: an image uploaded through one instance is served by another on the same
database (SQLite file or PostgreSQL), with the media headers (ETag, Cache-Control, nosniff), and no
file is written; images already in the media folder are still served; a backup carries the
uploads; a store the server does not know stops it with a message."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from conftest import make_settings
from sqlalchemy import func, select
from starlette.testclient import TestClient
from test_media_upload import image_bytes, signed_in_client, stored_files, upload

from app.main import create_app
from db.backup import backup
from db.engine import make_engine, make_sessionmaker
from db.models import AuditEntry, MediaFile
from db.restore import restore


@contextlib.contextmanager
def uploader_and_other(database_url: str, tmp_path: Path):
    """An administrator on one instance and a visitor on another, each with a media folder of its own."""
    uploader = signed_in_client(make_settings(database_url, tmp_path / "first", media_store="database"))
    try:
        with TestClient(
            create_app(make_settings(database_url, tmp_path / "second", media_store="database")),
            base_url="http://127.0.0.1",
        ) as other:
            yield uploader, other
    finally:
        uploader.__exit__(None, None, None)


def check_served_by_the_other(database_url: str, tmp_path: Path) -> str:
    data = image_bytes("PNG", (40, 30))
    with uploader_and_other(database_url, tmp_path) as (uploader, other):
        response = upload(uploader, data)
        assert response.status_code == 201, response.text
        url = response.json()["url"]
        served = other.get(url)
        assert served.status_code == 200
        assert served.content == data
        assert served.headers["content-type"] == "image/png"
        assert served.headers["cache-control"] == "public, max-age=86400"
        assert served.headers["x-content-type-options"] == "nosniff"
        again = other.get(url, headers={"If-None-Match": served.headers["etag"]})
        assert again.status_code == 304 and again.content == b""
        assert other.head(url).headers["etag"] == served.headers["etag"]
        assert other.get(url.replace(".png", ".jpg")).status_code == 404
        assert (
            uploader.app.state.services.db.read_sync(
                lambda s: s.scalar(select(func.count()).select_from(AuditEntry).where(AuditEntry.entity == "media"))
            )
            == 1
        )
    for folder in ("first", "second"):
        assert stored_files(make_settings(database_url, tmp_path / folder)) == []
    return response.json()["path"]


def test_an_upload_through_one_instance_is_served_by_another(settings, tmp_path):
    check_served_by_the_other(settings.database_url, tmp_path)


def test_on_postgresql_too(seeded_postgres, tmp_path):
    check_served_by_the_other(seeded_postgres[0], tmp_path)


def test_images_in_the_media_folder_are_still_served(settings, seeded_sqlite):
    folder = seeded_sqlite[1]
    existing = next(p for p in sorted(folder.rglob("*")) if p.is_file())
    with TestClient(
        create_app(make_settings(settings.database_url, folder, media_store="database")), base_url="http://127.0.0.1"
    ) as client:
        served = client.get("/media/" + existing.relative_to(folder).as_posix())
        assert served.status_code == 200 and served.content == existing.read_bytes()
        assert client.get("/media/uploads/..%2F..%2Fshop.db").status_code == 404  # nothing outside the folder


def test_a_backup_carries_the_uploads_kept_in_the_database(settings, tmp_path):
    path = check_served_by_the_other(settings.database_url, tmp_path)
    backup(settings.database_url, tmp_path / "first", tmp_path / "backup.tar.gz")
    restored = f"sqlite:///{tmp_path / 'restored' / 'shop.db'}"
    restore(tmp_path / "backup.tar.gz", restored, tmp_path / "restored-media")
    engine = make_engine(restored)
    with make_sessionmaker(engine)() as session:
        assert session.scalar(select(MediaFile.content_type).where(MediaFile.path == path)) == "image/png"
    engine.dispose()


def test_an_unknown_media_store_stops_the_server_with_a_message(settings):
    app = create_app(make_settings(settings.database_url, settings.media_dir, media_store="s3"))
    with pytest.raises(ValueError, match="MEDIA_STORE is 's3': use one of folder, database"), TestClient(app):
        pass
