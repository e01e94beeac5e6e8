"""Photos of a seller's used copy: uploaded through the seller portal's POST /api/seller/photos (the
back office's image upload: PNG, JPEG or WebP by content, the size limit, a generated name), only by
a signed-in seller with the session's CSRF token; an offer takes at most four of the seller's own
uploads (anything else answers 422 and writes nothing) and the book's offers show them."""

from __future__ import annotations

import pytest
from conftest import another_browser, make_settings, sign_in
from sellers import books_nobody_sells_used, read, sellers_without_account, signed_in_seller
from shoppers import sign_up
from sqlalchemy import func, select
from starlette.testclient import TestClient
from test_media_upload import STORED_PATH, image_bytes, stored_files, svg

from app.main import create_app
from db.models import AuditEntry, Offer

PHOTOS = "/api/seller/photos"


def owner_of(settings):
    client = TestClient(create_app(settings), base_url="http://127.0.0.1")
    client.__enter__()
    assert sign_in(client).status_code == 200
    client.headers["X-CSRF-Token"] = client.get("/api/auth/csrf").json()["csrfToken"]
    return client


@pytest.fixture
def owner(own_media):
    """The owner, on a server with a media folder of the test's own."""
    client = owner_of(own_media)
    yield client
    client.__exit__(None, None, None)


def upload(client, data: bytes, filename: str = "copy.jpg", content_type: str = "image/jpeg", url: str = PHOTOS):
    return client.post(url, files={"file": (filename, data, content_type)})


def uploaded(client) -> str:
    answer = upload(client, image_bytes("JPEG", (64, 48)))
    assert answer.status_code == 201, answer.text
    return answer.json()["path"]


def offers_count(client) -> int:
    return read(client, lambda s: s.scalar(select(func.count(Offer.id))))


def test_a_seller_uploads_photos_and_the_books_offers_show_them(owner, own_media):
    [seller] = sellers_without_account(owner, 1)
    [book] = books_nobody_sells_used(owner, 1)
    browser = signed_in_seller(owner, seller).client

    answer = upload(browser, image_bytes("JPEG", (1280, 960)), filename="my copy.jpg")
    assert answer.status_code == 201, answer.text
    photo = answer.json()
    assert STORED_PATH.match(photo["path"]) and photo["path"].endswith(".jpg")
    assert (photo["width"], photo["height"]) == (1280, 960)
    assert photo["url"] == "/media/" + photo["path"] == answer.headers["location"]
    assert stored_files(own_media) == [photo["path"]]
    served = another_browser(owner).get(photo["url"])
    assert served.status_code == 200 and served.headers["content-type"] == "image/jpeg"
    # Recorded as the seller's upload (what an offer later checks its photos against).
    entry = read(owner, lambda s: s.scalars(select(AuditEntry).where(AuditEntry.entity == "media")).one())
    assert (entry.actor, entry.after["path"]) == (seller.email, photo["path"])

    second = uploaded(browser)
    made = browser.post(
        "/api/seller/offers",
        json={"isbn": book.isbn13, "condition": "Very Good", "price": "5.10", "photos": [photo["path"], second]},
    )
    assert made.status_code == 201, made.text
    offer = made.json()
    assert offer["photos"] == [photo["path"], second]
    assert offer["photoUrls"] == ["/media/" + photo["path"], "/media/" + second]
    assert browser.get(f"/api/seller/offers/{offer['id']}").json()["photos"] == offer["photos"]

    shown = another_browser(owner).get(f"/api/products/{book.product_id}/offers").json()
    [listed] = [o for o in shown if o["id"] == offer["id"]]
    assert listed["photos"] == offer["photoUrls"] and listed["condition"] == "Very Good"

    # A change keeps, drops or adds photos; an empty list takes them all away.
    third = uploaded(browser)
    changed = browser.patch(f"/api/seller/offers/{offer['id']}", json={"photos": [second, third]})
    assert changed.status_code == 200, changed.text
    assert changed.json()["photos"] == [second, third]
    assert browser.patch(f"/api/seller/offers/{offer['id']}", json={"photos": []}).json()["photoUrls"] == []
    shown = another_browser(owner).get(f"/api/products/{book.product_id}/offers").json()
    assert [o["photos"] for o in shown if o["id"] == offer["id"]] == [[]]


def test_only_a_signed_in_seller_uploads_photos_and_never_through_the_staffs_upload(owner, own_media):
    [seller] = sellers_without_account(owner, 1)
    browser = signed_in_seller(owner, seller).client
    picture = image_bytes("PNG")

    anonymous = upload(another_browser(owner), picture)
    assert anonymous.status_code == 401 and anonymous.json()["message"]
    shopper = another_browser(owner)
    sign_up(shopper)
    refused = upload(shopper, picture)
    assert refused.status_code == 403 and refused.json()["message"]
    staff = upload(owner, picture)
    assert staff.status_code == 403, "the portal's upload is the sellers'"
    # Without the session's CSRF token.
    no_token = another_browser(owner)
    no_token.cookies = browser.cookies
    assert upload(no_token, picture).status_code == 403
    # The back office's own upload stays the back office's.
    staffs = upload(browser, picture, url="/api/media")
    assert staffs.status_code == 403 and "/seller" in staffs.json()["message"]
    assert stored_files(own_media) == []


@pytest.mark.parametrize(
    "label, data, filename, content_type",
    [
        ("text named .jpg", b"not a picture at all", "copy.jpg", "image/jpeg"),
        ("GIF", image_bytes("GIF"), "copy.gif", "image/gif"),
        ("SVG named .png", svg(), "copy.png", "image/png"),
        ("empty", b"", "copy.jpg", "image/jpeg"),
    ],
)
def test_anything_but_an_image_is_refused(owner, own_media, label, data, filename, content_type):
    [seller] = sellers_without_account(owner, 1)
    browser = signed_in_seller(owner, seller).client
    answer = upload(browser, data, filename, content_type)
    assert answer.status_code == 422, (label, answer.text)
    assert answer.json()["errors"]["file"] == answer.json()["message"]
    assert stored_files(own_media) == []


def test_a_photo_too_large_or_not_sent_as_a_file_is_refused(own_media):
    owner = owner_of(make_settings(own_media.database_url, own_media.media_dir, media_max_bytes=2000))
    try:
        [seller] = sellers_without_account(owner, 1)
        browser = signed_in_seller(owner, seller).client
        big = upload(browser, image_bytes("PNG", (200, 200)) + b"\x00" * 2500, "copy.png", "image/png")
        assert big.status_code == 413 and big.json()["message"] == "The photo is larger than 1.95 KB"
        not_multipart = browser.post(PHOTOS, json={"file": "copy.jpg"})
        assert not_multipart.status_code == 415 and "photo" in not_multipart.json()["message"]
        no_file = browser.post(PHOTOS, files={"other": ("a.png", image_bytes("PNG", (8, 8)), "image/png")})
        assert no_file.status_code == 422 and no_file.json()["errors"]["file"] == "Choose a photo to upload"
        assert stored_files(own_media) == []
    finally:
        owner.__exit__(None, None, None)


def test_an_offer_takes_at_most_four_photos_of_the_sellers_own_uploads(owner):
    first, second = sellers_without_account(owner, 2)
    [book] = books_nobody_sells_used(owner, 1)
    seller = signed_in_seller(owner, first).client
    other = signed_in_seller(owner, second).client
    mine = [uploaded(seller) for _ in range(5)]
    others = uploaded(other)
    staffs = upload(owner, image_bytes("PNG"), url="/api/media").json()["path"]
    before = offers_count(owner)

    def add(photos):
        return seller.post(
            "/api/seller/offers", json={"isbn": book.isbn13, "condition": "Good", "price": "4.00", "photos": photos}
        )

    too_many = add(mine)
    assert too_many.status_code == 422
    assert too_many.json()["errors"]["photos"] == "Show at most 4 photos of a copy"
    for photos in (
        [mine[0], others],  # another seller's upload
        [staffs],  # the back office's
        ["uploads/2025/01/0123456789abcdef0123456789abcdef.jpg"],  # typed, never uploaded
        ["covers/" + mine[0].rsplit("/", 1)[1]],  # an upload's name under another folder
    ):
        refused = add(photos)
        assert refused.status_code == 422, photos
        assert "Upload this photo again" in refused.json()["message"]
        assert refused.json()["errors"]["photos"] == refused.json()["message"]
    for photos in (["../../etc/passwd"], ["/media/" + mine[0]], [mine[0], mine[0]], "uploads/x.jpg", [1]):
        assert add(photos).status_code == 422, photos
    assert offers_count(owner) == before, "nothing written"

    made = add(mine[:4])
    assert made.status_code == 201, made.text
    offer = made.json()
    # A change is held to the same rules; the offer keeps what it had.
    for photos in (mine, [others], [mine[0], None]):
        answer = seller.patch(f"/api/seller/offers/{offer['id']}", json={"photos": photos})
        assert answer.status_code == 422, photos
    assert seller.patch(f"/api/seller/offers/{offer['id']}", json={"photos": None}).status_code == 422
    assert seller.get(f"/api/seller/offers/{offer['id']}").json()["photos"] == mine[:4]
    # Another seller cannot put photos on it.
    assert other.patch(f"/api/seller/offers/{offer['id']}", json={"photos": [others]}).status_code == 404


def test_a_catalogue_request_takes_no_photos(owner):
    [seller] = sellers_without_account(owner, 1)
    browser = signed_in_seller(owner, seller).client
    unknown = {
        "isbn": "9780000000002",
        "condition": "Good",
        "price": "3.00",
        "title": "A Book Nobody Lists",
        "authors": "A. Writer",
        "publisher": "Small Press",
    }
    asked = browser.get("/api/seller/catalogue-requests").json()
    refused = browser.post("/api/seller/offers", json={**unknown, "photos": [uploaded(browser)]})
    assert refused.status_code == 422 and "once the shop has listed the book" in refused.json()["message"]
    assert browser.get("/api/seller/catalogue-requests").json() == asked
    assert browser.post("/api/seller/offers", json=unknown).status_code == 202
