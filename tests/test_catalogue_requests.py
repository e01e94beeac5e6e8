"""Sellers' catalogue requests as the back office decides them (db/catalogue_requests.py, /api/catalogue-requests):
accepting creates the book in the books shop with its Book record and the seller's offer as the one that
sells (the store's own listing out of stock); accepting an ISBN that came into the catalogue meanwhile only
adds the offer; refusing needs a reason and mails it to the seller; both are audited, final (409 after),
404 for an unknown request, and a refused write leaves nothing behind."""

from __future__ import annotations

from decimal import Decimal

import pytest
from sqlalchemy import func, select
from test_admin_sales import audit_entries, read, write
from test_mail_delivery import outbox

from db import isbn
from db.ledger_check import check_ledger
from db.models import AuditEntry, Book, CatalogueRequest, Category, Offer, Product, Seller

NEW_ISBN = isbn.make("978", "555010203")


def ask(client, **values) -> int:
    """A seller's pending request, as the seller portal files it."""

    def add(session):
        seller = session.scalar(select(Seller).where(Seller.suspended_at.is_(None)).order_by(Seller.id))
        request = CatalogueRequest(
            seller_id=seller.id,
            **{
                "isbn": NEW_ISBN,
                "title": "Organic Chemistry Made Plain",
                "authors": "Meera Iyer, Tom Baker",
                "publisher": "Lakeside Press",
                "condition": "Very Good",
                "price": Decimal("7.25"),
                "stock": 2,
                "note": "Light pencil notes in chapter 3",
                **values,
            },
        )
        session.add(request)
        session.flush()
        return request.id

    return write(client, add)


def a_category(client) -> int:
    return read(client, lambda s: s.scalar(select(Category.id).order_by(Category.id)))


def state(client) -> tuple:
    """What a refused decision must leave as it was."""
    return read(
        client,
        lambda s: (
            s.scalar(select(func.count()).select_from(Product)),
            s.scalar(select(func.count()).select_from(Offer)),
            s.scalar(select(func.count()).select_from(AuditEntry).where(AuditEntry.entity != "account")),
            tuple(s.execute(select(CatalogueRequest.status).order_by(CatalogueRequest.id)).scalars()),
        ),
    )


def accept(client, request_id: int, **body):
    return client.patch(f"/api/catalogue-requests/{request_id}", json={"status": "Accepted", **body})


def test_accepting_creates_the_book_with_the_sellers_offer_as_the_one_that_sells(admin_client):
    request_id = ask(admin_client)
    category_id = a_category(admin_client)
    response = accept(admin_client, request_id, categoryId=category_id, level="Class 11")
    assert response.status_code == 200, response.text
    record = response.json()
    assert record["status"] == "Accepted" and record["next"] == [] and record["decidedBy"]

    def look(session):
        product = session.get(Product, record["productId"])
        request = session.get(CatalogueRequest, request_id)
        offers = session.scalars(select(Offer).where(Offer.product_id == product.id).order_by(Offer.id)).all()
        return (
            (product.shop, product.category_id, product.title, product.published, product.author),
            (
                product.book.isbn,
                product.book.publisher,
                [a.name for a in product.book.authors],
                product.book.level_kind,
            ),
            [(o.seller_id, o.condition, o.price, o.stock, o.note) for o in offers],
            (
                product.seller_id,
                product.price,
                product.condition,
                product.stock,
                product.offer_count,
                product.used_from,
            ),
            request.seller_id,
        )

    shop, book, offers, summary, seller_id = read(admin_client, look)
    assert shop == ("books", category_id, "Organic Chemistry Made Plain", True, "Meera Iyer, Tom Baker")
    assert book == (NEW_ISBN, "Lakeside Press", ["Meera Iyer", "Tom Baker"], "class")
    # The store's own listing (out of stock), then the seller's requested copy.
    assert offers == [
        (None, "New", Decimal("7.25"), 0, ""),
        (seller_id, "Very Good", Decimal("7.25"), 2, "Light pencil notes in chapter 3"),
    ]
    # The buy box is the seller's copy, the only one in stock.
    assert summary == (seller_id, Decimal("7.25"), "Very Good", 2, 1, Decimal("7.25"))
    [entry] = audit_entries(admin_client, "catalogue_request", request_id)
    assert (entry.before["status"], entry.after["status"]) == ("Pending", "Accepted")
    assert audit_entries(admin_client, "product", record["productId"])
    assert read(admin_client, check_ledger).problems == []


def test_accepting_an_isbn_the_catalogue_has_by_now_adds_only_the_offer(admin_client):
    product_id, existing = read(
        admin_client,
        lambda s: s.execute(select(Book.product_id, Book.isbn).where(Book.isbn.like("978%")).limit(1)).one(),
    )
    listed = ask(admin_client, isbn=existing)
    row = admin_client.get("/api/catalogue-requests", params={"q": existing}).json()[0]
    assert (row["id"], row["inCatalogue"]) == (listed, product_id)
    # Typed as the seller had it: the ISBN-10 of the same book.
    request_id = ask(admin_client, isbn=isbn.to_isbn10(existing), condition="Good", price=Decimal("1.50"), stock=1)
    products = read(admin_client, lambda s: s.scalar(select(func.count()).select_from(Product)))
    response = accept(admin_client, request_id)
    assert response.status_code == 200, response.text
    assert response.json()["productId"] == product_id
    assert read(admin_client, lambda s: s.scalar(select(func.count()).select_from(Product))) == products
    offer = read(
        admin_client,
        lambda s: s.execute(
            select(Offer.condition, Offer.price, Offer.stock)
            .where(Offer.product_id == product_id, Offer.seller_id.is_not(None))
            .order_by(Offer.id.desc())
            .limit(1)
        ).one(),
    )
    assert tuple(offer) == ("Good", Decimal("1.50"), 1)
    assert read(admin_client, lambda s: s.get(Product, product_id).used_from) <= Decimal("1.50")


def test_refusing_needs_a_reason_and_mails_it_to_the_seller(admin_client):
    request_id = ask(admin_client)
    before = state(admin_client)
    for body in ({"status": "Refused"}, {"status": "Refused", "reason": "   "}):
        response = admin_client.patch(f"/api/catalogue-requests/{request_id}", json=body)
        assert response.status_code == 422, response.text
    assert state(admin_client) == before and outbox(admin_client) == []
    reason = "The ISBN on the copy is a different edition's: list that one instead."
    response = admin_client.patch(f"/api/catalogue-requests/{request_id}", json={"status": "Refused", "reason": reason})
    assert response.status_code == 200, response.text
    assert (response.json()["status"], response.json()["reason"], response.json()["productId"]) == (
        "Refused",
        reason,
        None,
    )
    email = read(admin_client, lambda s: s.get(CatalogueRequest, request_id).seller.email)
    [message] = outbox(admin_client)
    assert (message.kind, message.recipient) == ("catalogue_request_refused", email)
    assert NEW_ISBN in message.subject and reason in message.text
    [entry] = audit_entries(admin_client, "catalogue_request", request_id)
    assert entry.after["reason"] == reason


@pytest.mark.parametrize("first", ["Accepted", "Refused"])
def test_a_decided_request_is_final(admin_client, first):
    request_id = ask(admin_client)
    body = {"categoryId": a_category(admin_client), "level": "Ages 5-8", "reason": "Not a book we stock"}
    assert (
        admin_client.patch(f"/api/catalogue-requests/{request_id}", json={"status": first, **body}).status_code == 200
    )
    before = state(admin_client)
    for again in ("Accepted", "Refused"):
        response = admin_client.patch(f"/api/catalogue-requests/{request_id}", json={"status": again, **body})
        assert response.status_code == 409, response.text
        assert "final" in response.json()["message"]
    assert state(admin_client) == before


def test_unknown_requests_and_bad_decisions_are_refused_with_nothing_written(admin_client):
    request_id = ask(admin_client)
    before = state(admin_client)
    assert accept(admin_client, 999_999, categoryId=1, level="Class 1").status_code == 404
    assert admin_client.get("/api/catalogue-requests/999999").status_code == 404
    # A new book needs its category and level, real ones.
    response = accept(admin_client, request_id)
    assert response.status_code == 422 and set(response.json()["errors"]) == {"categoryId", "level"}
    assert accept(admin_client, request_id, categoryId=999_999, level="Class 3").status_code == 422
    assert accept(admin_client, request_id, categoryId=1, level="Class 13").status_code == 422
    assert admin_client.patch(f"/api/catalogue-requests/{request_id}", json={"status": "Pending"}).status_code == 422
    assert state(admin_client) == before


def test_a_request_whose_words_do_not_make_a_book_is_refused_field_by_field(admin_client):
    request_id = ask(admin_client, authors="", title="X")
    before = state(admin_client)
    response = accept(admin_client, request_id, categoryId=a_category(admin_client), level="Class 4")
    assert response.status_code == 422, response.text
    assert set(response.json()["errors"]) == {"authors", "title"}
    assert state(admin_client) == before


def test_the_list_is_searched_filtered_and_admins_only(admin_client, client):
    first = ask(admin_client)
    second = ask(admin_client, isbn=isbn.make("978", "555010999"), title="Atlas of the Yarrowee")
    admin_client.patch(f"/api/catalogue-requests/{second}", json={"status": "Refused", "reason": "Duplicate"})
    pending = admin_client.get("/api/catalogue-requests", params={"status": "Pending", "per_page": 100})
    waiting = read(
        admin_client, lambda s: s.scalars(select(CatalogueRequest.id).where(CatalogueRequest.status == "Pending")).all()
    )
    assert {r["id"] for r in pending.json()} == set(waiting) and first in set(waiting) and second not in set(waiting)
    assert pending.headers["X-Total-Count"] == str(len(set(waiting)))
    found = admin_client.get("/api/catalogue-requests", params={"q": "yarrowee"}).json()
    assert [r["id"] for r in found] == [second]
    assert admin_client.get("/api/catalogue-requests", params={"status": "Maybe"}).status_code == 422
    csv = admin_client.get("/api/catalogue-requests.csv")
    assert csv.status_code == 200 and "Atlas of the Yarrowee" in csv.text
    page = admin_client.get("/admin/catalogue-requests?status=Pending")
    assert page.status_code == 200 and "Organic Chemistry Made Plain" in page.text
    admin_client.cookies.clear()
    assert admin_client.get("/api/catalogue-requests").status_code == 401
    assert admin_client.patch(
        f"/api/catalogue-requests/{first}", json={"status": "Refused", "reason": "x"}
    ).status_code in (401, 403)
