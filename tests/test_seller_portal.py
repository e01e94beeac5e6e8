"""The seller portal end to end at the API level (issue 25): sellers invited by the owner set their
passwords and sign in, list copies by ISBN, see and ship only their own lines of a shopper's order
(whose status follows its shipments), get paid into the ledger on delivery, ask for a payout; they
never reach the back office or another seller's records."""

from __future__ import annotations

from conftest import another_browser, sign_in
from sellers import (
    SELLER_PASSWORD,
    accept,
    books_nobody_sells_used,
    expire_invites,
    invite,
    read,
    sellers_without_account,
    signed_in_seller,
)
from sqlalchemy import func, select
from test_openapi import checked_answer

from db.ledger_check import check_ledger
from db.models import CatalogueRequest, Offer, OutboxMessage, Product, Shipment

SHOPPER = {
    "name": "Asha Verma",
    "email": "asha.verma@example.com",
    "phone": "+1 555 0100 22",
    "billingAddress": "Asha Verma\n12 Elm Street\nSpringfield\nPhone: +1 555 0100 22",
    "paymentMethod": "Cash",
}


def offers_of(client, seller_id: int) -> int:
    return read(client, lambda s: s.scalar(select(func.count(Offer.id)).where(Offer.seller_id == seller_id)))


def shipments_of(client, seller_id: int) -> set[int]:
    return set(read(client, lambda s: s.scalars(select(Shipment.id).where(Shipment.seller_id == seller_id)).all()))


def test_two_sellers_sell_one_order_each_shipping_only_their_line(admin_client):
    first, second = sellers_without_account(admin_client)
    used_book, new_book = books_nobody_sells_used(admin_client)
    seller_a = signed_in_seller(admin_client, first)
    seller_b = signed_in_seller(admin_client, second)

    # A lists a used copy by its ISBN-10, B a new copy of another book by its ISBN-13.
    offer_a = seller_a.client.post(
        "/api/seller/offers",
        json={"isbn": used_book.isbn10, "condition": "Good", "price": "3.50", "stock": 1, "note": "Name inside"},
    )
    assert offer_a.status_code == 201, offer_a.text
    offer_a = offer_a.json()
    assert (offer_a["productId"], offer_a["condition"], offer_a["price"]) == (used_book.product_id, "Good", 3.5)
    offer_b = seller_b.client.post(
        "/api/seller/offers", json={"isbn": new_book.isbn13, "condition": "New", "price": "7.25", "stock": 4}
    ).json()
    # Each sees only their own offers (the seed's among them); another seller's is not found.
    listed = seller_a.client.get("/api/seller/offers", params={"per_page": 100})
    assert offer_a["id"] in [o["id"] for o in listed.json()]
    assert int(listed.headers["X-Total-Count"]) == offers_of(admin_client, first.id)
    assert [o["id"] for o in seller_a.client.get("/api/seller/offers", params={"q": used_book.isbn10}).json()] == [
        offer_a["id"]
    ]
    assert seller_b.client.get(f"/api/seller/offers/{offer_a['id']}").status_code == 404
    assert seller_b.client.patch(f"/api/seller/offers/{offer_a['id']}", json={"stock": 9}).status_code == 404
    assert seller_b.client.delete(f"/api/seller/offers/{offer_a['id']}").status_code == 404
    # The book's summary knows the used copy at once.
    used_from = read(admin_client, lambda s: s.get(Product, used_book.product_id).used_from)
    assert float(used_from) <= 3.5

    figures_before = seller_a.client.get("/api/seller/dashboard").json()
    shopper = another_browser(admin_client)
    placed = shopper.post(
        "/api/checkout",
        json={
            **SHOPPER,
            "items": [
                {"id": used_book.product_id, "offerId": offer_a["id"], "qty": 1, "price": 3.5},
                {"id": new_book.product_id, "offerId": offer_b["id"], "qty": 1, "price": 7.25},
            ],
        },
    )
    assert placed.status_code == 201, placed.text
    order_no = placed.json()["orderNo"]

    [parcel_a] = seller_a.client.get("/api/seller/orders", params={"q": order_no}).json()
    [parcel_b] = seller_b.client.get("/api/seller/orders", params={"q": order_no}).json()
    every_parcel = seller_a.client.get("/api/seller/orders", params={"per_page": 100}).json()
    assert {p["id"] for p in every_parcel} <= shipments_of(admin_client, first.id)
    assert parcel_a["orderNo"] == parcel_b["orderNo"] == order_no
    assert [line["offerId"] for line in parcel_a["lines"]] == [offer_a["id"]]
    assert [line["offerId"] for line in parcel_b["lines"]] == [offer_b["id"]]
    # The delivery address, and nothing else of the shopper.
    assert parcel_a["address"] == "Asha Verma\n12 Elm Street\nSpringfield"
    assert "asha.verma@example.com" not in str(parcel_a) and "0100" not in str(parcel_a)

    ship = {"carrier": "UPS", "trackingNo": "1Z999AA10123456784"}
    # A cash order is not packed until the shop confirms it.
    assert seller_a.client.post(f"/api/seller/orders/{parcel_a['id']}/ship", json=ship).status_code == 409
    assert admin_client.patch(f"/api/orders/{order_no}", json={"status": "Processing"}).status_code == 200
    # Nobody ships another seller's parcel.
    assert seller_b.client.post(f"/api/seller/orders/{parcel_a['id']}/ship", json=ship).status_code == 404

    shipped = seller_a.client.post(f"/api/seller/orders/{parcel_a['id']}/ship", json=ship)
    assert shipped.status_code == 200, shipped.text
    assert (shipped.json()["status"], shipped.json()["carrier"]) == ("Shipped", "UPS")
    assert admin_client.get(f"/api/orders/{order_no}").json()["status"] == "Processing"
    assert seller_b.client.post(f"/api/seller/orders/{parcel_b['id']}/ship", json=ship).status_code == 200
    assert admin_client.get(f"/api/orders/{order_no}").json()["status"] == "Shipped"
    assert seller_a.client.post(f"/api/seller/orders/{parcel_a['id']}/ship", json=ship).status_code == 409

    statuses = read(
        admin_client, lambda s: list(s.scalars(select(Shipment.status).where(Shipment.order_id == order_no)))
    )
    assert statuses == ["Shipped", "Shipped"]
    mails = read(
        admin_client,
        lambda s: list(s.scalars(select(OutboxMessage.recipient).where(OutboxMessage.kind == "parcel_shipped"))),
    )
    assert mails == [SHOPPER["email"]] * 2

    # The shop takes the cash at the door: delivered, each seller earns their line, the ledger holds.
    assert admin_client.post(f"/api/orders/{order_no}/cash-collected").status_code == 200
    report = read(admin_client, check_ledger)
    assert report.ok, report.problems
    earnings = seller_a.client.get("/api/seller/earnings", params={"q": order_no}).json()
    assert [row["orderNo"] for row in earnings] == [order_no]
    assert {row["sellerId"] for row in seller_a.client.get("/api/seller/earnings").json()} == {first.id}

    dashboard = seller_a.client.get("/api/seller/dashboard").json()
    assert round(dashboard["salesToday"] - figures_before["salesToday"], 2) == 3.5
    assert round(dashboard["balance"] - figures_before["balance"], 2) == earnings[0]["sellerEarning"]

    # A payout of at most the balance less open requests.
    available = dashboard["available"]
    too_much = seller_a.client.post("/api/seller/payout-requests", json={"amount": round(available + 0.01, 2)})
    assert too_much.status_code == 422 and "amount" in too_much.json()["errors"]
    asked = seller_a.client.post("/api/seller/payout-requests", json={"amount": available})
    assert asked.status_code == 201 and asked.json()["status"] == "Processing"
    assert seller_a.client.post("/api/seller/payout-requests", json={"amount": 0.01}).status_code == 422
    requests_a = seller_a.client.get("/api/seller/payout-requests").json()
    assert asked.json()["no"] in [r["no"] for r in requests_a] and {r["sellerId"] for r in requests_a} == {first.id}
    assert asked.json()["no"] not in [r["no"] for r in seller_b.client.get("/api/seller/payout-requests").json()]

    spec = admin_client.get("/openapi.json").json()
    for path in ("/api/seller/orders", "/api/seller/offers", "/api/seller/earnings", "/api/seller/dashboard"):
        checked_answer(spec, path, spec["paths"][path]["get"], seller_a.client.get(path))


def test_a_seller_is_refused_the_back_office_and_others_the_portal(admin_client):
    [seller] = sellers_without_account(admin_client, 1)
    browser = signed_in_seller(admin_client, seller).client
    for path in ("/api/products", "/api/orders", "/api/sellers", "/api/customers", "/api/payouts"):
        answer = browser.get(path)
        assert answer.status_code == 403 and "/seller" in answer.json()["message"], path
    assert browser.post("/api/sellers/1/invite", json={}).status_code == 403
    page = browser.get("/admin/orders", follow_redirects=False)
    assert page.status_code == 403
    # The owner is not a seller; a visitor is asked to sign in.
    assert admin_client.get("/api/seller/offers").status_code == 403
    assert another_browser(admin_client).get("/api/seller/orders").status_code == 401
    # Signing in at /login lands a seller in the portal.
    again = another_browser(admin_client)
    answer = sign_in(again, seller.email, SELLER_PASSWORD)
    assert answer.json()["url"] == "/seller"


def test_invites_once_expire_are_used_once_and_are_the_owners(admin_client):
    [seller] = sellers_without_account(admin_client, 1)
    link = invite(admin_client, seller.id)
    assert admin_client.post(f"/api/sellers/{seller.id}/invite", json={}).status_code == 409
    assert admin_client.post("/api/sellers/999999/invite", json={}).status_code == 404
    listed = admin_client.get("/api/sellers", params={"q": seller.shop_name}).json()
    assert listed[0]["portal"] == "Invited"

    # An expired, unused link may be sent again: a fresh link, the old one dead.
    expire_invites(admin_client)
    browser = another_browser(admin_client)
    assert accept(browser, link).status_code == 410
    fresh = invite(admin_client, seller.id)
    assert accept(browser, fresh, "short").status_code == 422
    assert accept(browser, fresh).status_code == 200
    assert accept(another_browser(admin_client), fresh).status_code == 410
    assert accept(another_browser(admin_client), link[:-4] + "nope").status_code == 404
    assert admin_client.post(f"/api/sellers/{seller.id}/invite", json={}).status_code == 409
    assert admin_client.get("/api/sellers", params={"q": seller.shop_name}).json()[0]["portal"] == "Active"


def test_staff_cannot_invite_or_suspend_sellers(admin_client):
    from staff_accounts import signed_in_staff

    staff = signed_in_staff(admin_client)
    assert staff.post("/api/sellers/1/invite", json={}).status_code == 403
    assert staff.post("/api/sellers/1/suspend", json={}).status_code == 403


def test_suspension_hides_offers_ends_sessions_and_refuses_sign_in(admin_client):
    [seller] = sellers_without_account(admin_client, 1)
    [book] = books_nobody_sells_used(admin_client, 1)
    browser = signed_in_seller(admin_client, seller).client
    offer = browser.post(
        "/api/seller/offers", json={"isbn": book.isbn13, "condition": "Like New", "price": "0.50", "stock": 2}
    ).json()
    before = read(admin_client, lambda s: s.get(Product, book.product_id).used_from)
    assert float(before) == 0.5

    suspended = admin_client.post(f"/api/sellers/{seller.id}/suspend")
    assert suspended.status_code == 200 and suspended.json()["portal"] == "Suspended"
    assert read(admin_client, lambda s: s.get(Product, book.product_id).used_from) is None
    assert browser.get("/api/seller/offers").status_code == 401
    refused = sign_in(another_browser(admin_client), seller.email, SELLER_PASSWORD)
    assert refused.status_code == 403 and "suspended" in refused.json()["message"]
    assert admin_client.post(f"/api/sellers/{seller.id}/suspend").status_code == 409

    assert admin_client.post(f"/api/sellers/{seller.id}/reinstate").json()["portal"] == "Active"
    assert float(read(admin_client, lambda s: s.get(Product, book.product_id).used_from)) == 0.5
    again = another_browser(admin_client)
    assert sign_in(again, seller.email, SELLER_PASSWORD).status_code == 200
    assert again.get(f"/api/seller/offers/{offer['id']}").status_code == 200


def test_an_isbn_not_in_the_catalogue_becomes_a_catalogue_request(admin_client):
    [seller] = sellers_without_account(admin_client, 1)
    browser = signed_in_seller(admin_client, seller).client
    unknown = {"isbn": "978-0-00-000000-2", "condition": "Good", "price": "4.00", "stock": 1}
    asked = browser.post("/api/seller/offers", json=unknown)
    assert asked.status_code == 422
    assert set(asked.json()["errors"]) == {"title", "authors", "publisher"}
    assert "not in the catalogue" in asked.json()["message"]
    named = {**unknown, "title": "A Rare Primer", "authors": "J. Doe", "publisher": "Old Press"}
    made = browser.post("/api/seller/offers", json=named)
    assert made.status_code == 202, made.text
    request = made.json()["catalogueRequest"]
    assert (request["status"], request["isbn"], request["title"]) == ("Pending", "9780000000002", "A Rare Primer")
    assert browser.post("/api/seller/offers", json=named).status_code == 409
    # Theirs alone, the seeded ones included.
    theirs = read(
        admin_client,
        lambda s: set(s.scalars(select(CatalogueRequest.id).where(CatalogueRequest.seller_id == seller.id))),
    )
    listed = {r["id"] for r in browser.get("/api/seller/catalogue-requests").json()}
    assert request["id"] in listed and listed == theirs
    # A bad check digit is the ISBN's own error.
    assert "isbn" in browser.post("/api/seller/offers", json={**unknown, "isbn": "9780000000003"}).json()["errors"]


def test_offers_are_changed_searched_and_removed(admin_client):
    [seller] = sellers_without_account(admin_client, 1)
    [book] = books_nobody_sells_used(admin_client, 1)
    browser = signed_in_seller(admin_client, seller).client
    offer = browser.post(
        "/api/seller/offers", json={"isbn": book.isbn13, "condition": "Acceptable", "price": "2.00", "stock": 1}
    ).json()
    twin = browser.post(
        "/api/seller/offers", json={"isbn": book.isbn10, "condition": "Acceptable", "price": "2.00", "stock": 1}
    )
    assert twin.status_code == 409
    changed = browser.patch(f"/api/seller/offers/{offer['id']}", json={"price": "2.40", "stock": 0, "note": "Worn"})
    assert changed.status_code == 200, changed.text
    assert (changed.json()["price"], changed.json()["stock"], changed.json()["note"]) == (2.4, 0, "Worn")
    assert browser.patch(f"/api/seller/offers/{offer['id']}", json={"stock": -1}).status_code == 422
    assert [o["id"] for o in browser.get("/api/seller/offers", params={"q": book.isbn10}).json()] == [offer["id"]]
    in_stock = browser.get("/api/seller/offers", params={"inStock": "true", "per_page": 100}).json()
    assert offer["id"] not in [o["id"] for o in in_stock] and all(o["stock"] > 0 for o in in_stock)
    acceptable = browser.get("/api/seller/offers", params={"condition": "Acceptable", "per_page": 100}).json()
    assert offer["id"] in [o["id"] for o in acceptable] and {o["condition"] for o in acceptable} == {"Acceptable"}
    assert browser.delete(f"/api/seller/offers/{offer['id']}").status_code == 204
    assert browser.get(f"/api/seller/offers/{offer['id']}").status_code == 404


def upload(browser, text: str, dry_run: bool):
    return browser.post(
        "/api/seller/offers/import",
        files={"file": ("offers.csv", text.encode(), "text/csv")},
        data={"dryRun": "true" if dry_run else "false"},
    )


def test_offers_import_from_csv_checks_first_and_writes_all_or_nothing(admin_client):
    [seller] = sellers_without_account(admin_client, 1)
    first, second = books_nobody_sells_used(admin_client)
    browser = signed_in_seller(admin_client, seller).client
    existing = browser.post(
        "/api/seller/offers", json={"isbn": first.isbn13, "condition": "Good", "price": "5.00", "stock": 1}
    ).json()
    good = (
        f"isbn,condition,price,stock,note\n{first.isbn10},Good,4.75,3,Spine creased\n{second.isbn13},Like New,9.00,1,\n"
    )
    bad = good + "9780000000003,Good,1.00,1,\n" + f"{second.isbn13},Like New,8.00,1,\n" + f"{first.isbn13},Mint,1,-2,\n"

    checked = upload(browser, good, dry_run=True)
    assert checked.status_code == 200, checked.text
    assert [(r["row"], r["action"]) for r in checked.json()["rows"]] == [(2, "update"), (3, "add")]
    assert browser.get(f"/api/seller/offers/{existing['id']}").json()["price"] == 5.0  # a dry run writes nothing

    refused = upload(browser, bad, dry_run=False)
    assert refused.status_code == 422 and "nothing was imported" in refused.json()["message"]
    errors = {r["row"]: r["errors"] for r in refused.json()["rows"] if r["errors"]}
    assert set(errors) == {4, 5, 6}
    assert "isbn" in errors[4] and "Row 3" in errors[5]["condition"] and {"condition", "stock"} <= set(errors[6])
    assert browser.get(f"/api/seller/offers/{existing['id']}").json()["price"] == 5.0

    applied = upload(browser, good, dry_run=False)
    assert applied.status_code == 200 and (applied.json()["added"], applied.json()["updated"]) == (1, 1)
    changed = browser.get(f"/api/seller/offers/{existing['id']}").json()
    assert (changed["price"], changed["stock"], changed["note"]) == (4.75, 3, "Spine creased")
    assert [o["condition"] for o in browser.get("/api/seller/offers", params={"q": second.isbn13}).json()] == [
        "Like New"
    ]
    assert float(read(admin_client, lambda s: s.get(Product, second.product_id).used_from)) <= 9.0

    assert upload(browser, "title,price\nx,1\n", dry_run=True).status_code == 422
    assert upload(browser, "isbn,condition,price,stock\n", dry_run=False).json()["applied"] is True
    assert admin_client.post("/api/seller/offers/import", files={"file": ("o.csv", good.encode())}).status_code == 403


def test_sellers_accounts_are_not_in_the_staff_list(admin_client):
    [seller] = sellers_without_account(admin_client, 1)
    signed_in_seller(admin_client, seller)
    assert seller.email not in [account["email"] for account in admin_client.get("/api/admin/staff").json()]
