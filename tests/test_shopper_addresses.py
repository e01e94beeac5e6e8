"""A shopper's saved addresses: added (the first is the default), listed default first, changed,
made the default, deleted (the default passes to the newest other); every field refused with its
own message; another shopper's address is a 404; writes need the session's CSRF token."""

from __future__ import annotations

from conftest import another_browser
from shoppers import sign_up

HOME = {
    "name": "Asha Verma",
    "phone": "+91 98765 43210",
    "line1": "12 Park Street",
    "line2": "Flat 4B",
    "city": "Kolkata",
    "postcode": "700016",
    "country": "India",
}
WORK = {**HOME, "line1": "3 College Square", "line2": "", "postcode": "700073", "phone": ""}


def test_addresses_are_added_listed_changed_made_default_and_deleted(client):
    assert client.get("/api/me/addresses").status_code == 401
    sign_up(client)
    assert client.get("/api/me/addresses").json() == []
    home = client.post("/api/me/addresses", json=HOME)
    assert home.status_code == 201, home.text
    home = home.json()
    assert home["isDefault"] is True and home["line2"] == "Flat 4B"
    work = client.post("/api/me/addresses", json=WORK).json()
    assert work["isDefault"] is False
    assert [a["id"] for a in client.get("/api/me/addresses").json()] == [home["id"], work["id"]]

    changed = client.patch(f"/api/me/addresses/{work['id']}", json={"city": "  Howrah ", "isDefault": True})
    assert changed.status_code == 200 and changed.json()["city"] == "Howrah" and changed.json()["isDefault"]
    listed = client.get("/api/me/addresses").json()
    assert [(a["id"], a["isDefault"]) for a in listed] == [(work["id"], True), (home["id"], False)]

    assert client.delete(f"/api/me/addresses/{work['id']}").status_code == 204
    [left] = client.get("/api/me/addresses").json()
    assert left["id"] == home["id"] and left["isDefault"] is True
    assert client.delete(f"/api/me/addresses/{work['id']}").status_code == 404


def test_each_field_is_refused_with_its_own_message(client):
    sign_up(client)
    answer = client.post(
        "/api/me/addresses", json={"name": "A", "phone": "12", "line1": "", "postcode": "7!", "country": "I" * 61}
    )
    assert answer.status_code == 422
    assert answer.json()["errors"] == {
        "name": "The name needs at least 2 characters",
        "phone": "Enter a phone number of 7 to 20 digits",
        "line1": "Enter the street address",
        "city": "Enter the town or city",
        "postcode": "A postcode has only letters, digits, spaces and hyphens",
        "country": "The country can have at most 60 characters",
    }
    home = client.post("/api/me/addresses", json=HOME).json()
    refused = client.patch(f"/api/me/addresses/{home['id']}", json={"city": "", "line2": "a\nb"})
    assert refused.status_code == 422
    assert refused.json()["errors"] == {
        "city": "Enter the town or city",
        "line2": "Write the second address line on one line, without special characters",
    }
    assert client.get("/api/me/addresses").json()[0]["city"] == "Kolkata"


def test_another_shoppers_address_is_404_and_writes_need_the_token(client):
    sign_up(client)
    home = client.post("/api/me/addresses", json=HOME).json()
    assert client.post("/api/me/addresses", json=HOME, headers={"X-CSRF-Token": "stale"}).status_code == 403
    other = another_browser(client)
    sign_up(other, email="someone.else@example.com", name="Someone Else")
    assert other.get("/api/me/addresses").json() == []
    assert other.patch(f"/api/me/addresses/{home['id']}", json={"city": "Pune"}).status_code == 404
    assert other.delete(f"/api/me/addresses/{home['id']}").status_code == 404
    assert client.get("/api/me/addresses").json()[0]["city"] == "Kolkata"


def test_the_addresses_page_is_the_shoppers_and_never_cached(client):
    first = client.get("/account/addresses", follow_redirects=False)
    assert first.status_code == 302 and first.headers["location"] == "/account/sign-in?next=%2Faccount%2Faddresses"
    sign_up(client)
    client.post("/api/me/addresses", json=HOME)
    page = client.get("/account/addresses")
    assert page.status_code == 200 and "12 Park Street" in page.text
    assert page.headers["cache-control"] == "private, no-store"
