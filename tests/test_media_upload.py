"""POST /api/media: images by content (PNG, JPEG, WebP), a size limit, generated names, guards."""

from __future__ import annotations

import io
import re

import pytest
from conftest import make_settings, sign_in
from PIL import Image
from sqlalchemy import create_engine, text
from starlette.testclient import TestClient

from app.main import create_app
from app.settings import Settings

STORED_PATH = re.compile(r"^uploads/\d{4}/\d{2}/[0-9a-f]{32}\.(png|jpg|webp)$")


def image_bytes(kind: str, size: tuple[int, int] = (40, 30)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, (192, 48, 74)).save(buffer, format=kind)
    return buffer.getvalue()


def cut_short(kind: str) -> bytes:
    """The first two thirds of a noisy picture: whole headers, missing pixel data (Pillow's
    verify() alone lets such a JPEG through; decoding does not)."""
    noise = Image.frombytes("RGB", (120, 80), bytes((i * 7919) % 251 for i in range(120 * 80 * 3)))
    buffer = io.BytesIO()
    noise.save(buffer, format=kind)
    data = buffer.getvalue()
    return data[: len(data) * 2 // 3]


def signed_in_client(settings: Settings):
    client = TestClient(create_app(settings), base_url="http://127.0.0.1")
    client.__enter__()
    assert sign_in(client).status_code == 200
    client.headers["X-CSRF-Token"] = client.get("/api/auth/csrf").json()["csrfToken"]
    return client


@pytest.fixture
def uploader(own_media):
    client = signed_in_client(own_media)
    yield client
    client.__exit__(None, None, None)


@pytest.fixture
def small_limit(own_media):
    """An administrator on a server that takes images of at most 2,000 bytes."""
    settings = make_settings(own_media.database_url, own_media.media_dir, media_max_bytes=2000)
    client = signed_in_client(settings)
    yield client
    client.__exit__(None, None, None)


def upload(client, data: bytes, filename: str = "cover.png", content_type: str = "image/png", **kwargs):
    return client.post("/api/media", files={"file": (filename, data, content_type)}, **kwargs)


def stored_files(settings: Settings) -> list[str]:
    root = settings.media_dir
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()) if root.exists() else []


@pytest.mark.parametrize(
    "kind, extension, content_type",
    [
        ("PNG", "png", "image/png"),
        ("JPEG", "jpg", "image/jpeg"),
        ("WEBP", "webp", "image/webp"),
    ],
)
def test_an_image_is_stored_under_a_generated_name_and_served(uploader, own_media, kind, extension, content_type):
    data = image_bytes(kind, (40, 30))
    response = upload(uploader, data, filename=f"my cover.{extension}", content_type=content_type)
    assert response.status_code == 201, response.text
    body = response.json()
    assert STORED_PATH.match(body["path"]) and body["path"].endswith("." + extension)
    assert (body["width"], body["height"]) == (40, 30)
    assert body["url"] == "/media/" + body["path"]
    assert response.headers["location"] == body["url"]
    assert stored_files(own_media) == [body["path"]]
    served = uploader.get(body["url"])
    assert served.status_code == 200
    assert served.content == data
    assert served.headers["content-type"] == content_type


def test_the_type_comes_from_the_content_not_the_name(uploader):
    # A PNG called photo.jpg and declared image/jpeg is a PNG.
    response = upload(uploader, image_bytes("PNG"), filename="photo.jpg", content_type="image/jpeg")
    assert response.status_code == 201, response.text
    assert response.json()["path"].endswith(".png")
    assert uploader.get(response.json()["url"]).headers["content-type"] == "image/png"


def test_the_clients_file_name_never_reaches_the_disk(uploader, own_media):
    response = upload(uploader, image_bytes("PNG"), filename="../../escape.png")
    assert response.status_code == 201, response.text
    assert "escape" not in response.json()["path"]
    assert not any("escape" in p.name for p in own_media.media_dir.parent.rglob("*"))
    second = upload(uploader, image_bytes("PNG"), filename="../../escape.png")
    assert second.json()["path"] != response.json()["path"]


def svg() -> bytes:
    return b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'


@pytest.mark.parametrize(
    "label, data, filename, content_type",
    [
        ("text named .png", b"just some words, not a picture at all", "cover.png", "image/png"),
        ("GIF", image_bytes("GIF"), "cover.gif", "image/gif"),
        ("GIF named .png", image_bytes("GIF"), "cover.png", "image/png"),
        ("SVG", svg(), "cover.svg", "image/svg+xml"),
        ("SVG named .png", svg(), "cover.png", "image/png"),
        ("PNG signature then junk", b"\x89PNG\r\n\x1a\n" + b"\x00" * 200, "cover.png", "image/png"),
        ("truncated JPEG", cut_short("JPEG"), "cover.jpg", "image/jpeg"),
        ("truncated PNG", cut_short("PNG"), "cover.png", "image/png"),
        ("truncated WebP", cut_short("WEBP"), "cover.webp", "image/webp"),
    ],
)
def test_anything_but_a_png_jpeg_or_webp_is_refused(uploader, own_media, label, data, filename, content_type):
    response = upload(uploader, data, filename=filename, content_type=content_type)
    assert response.status_code == 422, (label, response.text)
    body = response.json()
    assert body["message"] and body["errors"]["file"] == body["message"]
    assert stored_files(own_media) == []


def test_an_image_over_the_limit_is_refused_with_413(small_limit, own_media):
    big = image_bytes("PNG", (200, 200)) + b"\x00" * 2500  # a valid signature, over 2,000 bytes
    response = upload(small_limit, big)
    assert response.status_code == 413
    assert response.json()["message"] == "The image is larger than 1.95 KB"
    assert stored_files(own_media) == []
    # Just under the limit is fine.
    assert upload(small_limit, image_bytes("PNG", (8, 8))).status_code == 201


def test_a_huge_body_is_refused_before_it_is_read(small_limit):
    # Declared too large: refused on the header alone.
    response = small_limit.post(
        "/api/media",
        content=b"x" * 100,
        headers={"Content-Type": "multipart/form-data; boundary=x", "Content-Length": "999999999"},
    )
    assert response.status_code == 413
    # Sent without a length (chunked): refused once the counted bytes pass the limit.
    boundary = "sb-boundary"
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n'
        "Content-Type: image/png\r\n\r\n"
    ).encode()
    chunks = iter([head, image_bytes("PNG")] + [b"\x00" * 65536] * 8 + [f"\r\n--{boundary}--\r\n".encode()])
    response = small_limit.post(
        "/api/media", content=chunks, headers={"Content-Type": f"multipart/form-data; boundary={boundary}"}
    )
    assert response.status_code == 413


def test_the_default_limit_is_5_mb_and_configurable(monkeypatch):
    monkeypatch.delenv("MEDIA_MAX_BYTES", raising=False)
    assert Settings().media_max_bytes == 5 * 1024 * 1024
    monkeypatch.setenv("MEDIA_MAX_BYTES", "1234")
    assert Settings().media_max_bytes == 1234


def test_an_upload_needs_an_administrator_and_the_csrf_token(own_media):
    with TestClient(create_app(own_media), base_url="http://127.0.0.1") as client:
        anonymous = upload(client, image_bytes("PNG"))
        assert anonymous.status_code == 401 and anonymous.json()["message"]
        assert sign_in(client).status_code == 200
        without_token = upload(client, image_bytes("PNG"))
        assert without_token.status_code == 403 and without_token.json()["message"]
        wrong_token = upload(client, image_bytes("PNG"), headers={"X-CSRF-Token": "not-the-token"})
        assert wrong_token.status_code == 403
    assert stored_files(own_media) == []


def test_a_body_without_a_file_is_refused(uploader):
    not_multipart = uploader.post("/api/media", json={"file": "cover.png"})
    assert not_multipart.status_code == 415 and not_multipart.json()["message"]
    no_file = uploader.post(
        "/api/media", data={"title": "cover"}, files={"other": ("a.png", image_bytes("PNG"), "image/png")}
    )
    assert no_file.status_code == 422 and "file" in no_file.json()["errors"]
    empty = upload(uploader, b"")
    assert empty.status_code == 422
    malformed = uploader.post(
        "/api/media", content=b"no boundary here", headers={"Content-Type": "multipart/form-data; boundary=zzz"}
    )
    assert malformed.status_code == 400 and malformed.json()["message"]


def test_an_upload_is_recorded_in_the_audit_log(uploader, own_media):
    response = upload(uploader, image_bytes("WEBP", (12, 9)), filename="shelf.webp", content_type="image/webp")
    assert response.status_code == 201
    path = response.json()["path"]
    engine = create_engine(own_media.database_url)
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT actor, action, entity_id, after FROM audit_entry WHERE entity = 'media'")
        ).all()
    engine.dispose()
    assert len(rows) == 1
    actor, action, entity_id, after = rows[0]
    assert (actor, action) == ("admin@studentbooks.test", "create")
    assert entity_id in path
    assert '"originalName": "shelf.webp"' in after and f'"path": "{path}"' in after
