"""School booklists: the administrator's writes and list (REST on /api/booklists, audited, refused
with 401/403/404/409/422 and nothing written), the form's book picker, and the shopper's pages
(/booklists found by school and class, /booklists/{slug} with prices, stock and totals), on SQLite
and PostgreSQL."""

from __future__ import annotations

import csv
import io
from decimal import ROUND_HALF_UP, Decimal

import pytest
from conftest import ADMIN_EMAIL
from sqlalchemy import func, select

from db.models import AuditEntry, Book, Booklist, BooklistItem, Product

DEMO_SLUG = "hillcrest-high-school-class-10-2026-27"
JSON = {"Accept": "application/json"}


def read(client, fn):
    return client.app.state.services.db.read_sync(fn)


def write(client, fn):
    return client.app.state.services.db.write_sync(fn)


def books_of_class(client, grade: int, **where) -> list[int]:
    """Published books of the shop for one class, in stock unless asked otherwise."""

    def ids(s):
        query = (
            select(Product.id)
            .join(Book, Book.product_id == Product.id)
            .where(
                Product.shop == "books",
                Product.published.is_(True),
                Book.level_kind == "class",
                Book.level_from == grade,
            )
            .order_by(Product.id)
        )
        if where.get("in_stock", True):
            query = query.where(Product.stock > 0)
        return list(s.scalars(query))

    return read(client, ids)


def state(client) -> tuple:
    """What a refused write must leave as it was."""
    return read(
        client,
        lambda s: tuple(s.scalar(select(func.count()).select_from(m)) for m in (Booklist, BooklistItem, AuditEntry)),
    )


def last_audit(client) -> AuditEntry:
    return read(client, lambda s: s.scalars(select(AuditEntry).order_by(AuditEntry.id.desc())).first())


def new_list(client, **changes) -> dict:
    three = books_of_class(client, 3)
    body = {
        "school": "Oak Tree School",
        "grade": 3,
        "academicYear": "2026-27",
        "items": [
            {"productId": three[0], "quantity": 2},
            {"productId": three[1], "required": False, "note": "For the reading corner"},
        ],
    }
    return body | changes


def sale_price(product: Product) -> Decimal:
    return (product.price * (100 - product.discount) / 100).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


# --- who may write ------------------------------------------------------------------------------------

WRITES = [
    ("POST", "/api/booklists", "body"),
    ("PATCH", "/api/booklists/1", {"published": False}),
    ("DELETE", "/api/booklists/1", None),
]


@pytest.mark.parametrize("method,path,body", WRITES)
def test_writes_need_an_administrator_session(client, method, path, body):
    before = state(client)
    response = client.request(method, path, json=new_list(client) if body == "body" else body)
    assert response.status_code == 401
    assert response.json() == {"message": "Sign in as an administrator to continue"}
    assert state(client) == before


@pytest.mark.parametrize("method,path,body", WRITES)
def test_writes_need_the_csrf_token(admin_client, method, path, body):
    before = state(admin_client)
    response = admin_client.request(
        method, path, json=new_list(admin_client) if body == "body" else body, headers={"X-CSRF-Token": "not-the-token"}
    )
    assert response.status_code == 403
    assert state(admin_client) == before


@pytest.mark.parametrize(
    "path", ["/api/booklists", "/api/booklists.csv", "/api/booklists/1", "/api/booklists/book-choices?q=class"]
)
def test_reads_need_an_administrator_session(client, path):
    response = client.get(path)
    assert response.status_code == 401
    assert response.json()["message"] == "Sign in as an administrator to continue"


def test_unknown_booklists_are_404(admin_client):
    before = state(admin_client)
    for method, body in (("GET", None), ("PATCH", {"published": True}), ("DELETE", None)):
        response = admin_client.request(method, "/api/booklists/999999", json=body)
        assert response.status_code == 404 and response.json()["message"] == "There is no booklist 999999"
    assert state(admin_client) == before


# --- create, read, change, delete -------------------------------------------------------------------


def test_create_stores_the_list_audits_it_and_shoppers_find_it(admin_client):
    body = new_list(admin_client, school="  Oak Tree School ", academicYear="2026-2027")
    response = admin_client.post("/api/booklists", json=body)
    assert response.status_code == 201, response.text
    record = response.json()
    assert response.headers["location"] == f"/api/booklists/{record['id']}"
    assert (record["school"], record["grade"], record["academicYear"], record["published"], record["slug"]) == (
        "Oak Tree School",
        3,
        "2026-27",
        True,
        "oak-tree-school-class-3-2026-27",
    )
    assert [(i["productId"], i["quantity"], i["required"], i["note"]) for i in record["items"]] == [
        (body["items"][0]["productId"], 2, True, ""),
        (body["items"][1]["productId"], 1, False, "For the reading corner"),
    ]
    assert admin_client.get(f"/api/booklists/{record['id']}").json() == record

    entry = last_audit(admin_client)
    assert (entry.actor, entry.action, entry.entity, entry.entity_id) == (
        ADMIN_EMAIL,
        "create",
        "booklist",
        str(record["id"]),
    )
    assert entry.before is None and entry.after["school"] == "Oak Tree School" and len(entry.after["items"]) == 2

    page = admin_client.get("/booklists", params={"q": "oak tree"}, headers=JSON).json()["props"]
    assert [(s["name"], [b["grade"] for b in s["booklists"]]) for s in page["schools"]] == [("Oak Tree School", [3])]
    assert admin_client.get("/booklists/oak-tree-school-class-3-2026-27").status_code == 200


def test_patch_changes_fields_replaces_items_and_follows_the_slug(admin_client):
    created = admin_client.post("/api/booklists", json=new_list(admin_client)).json()
    four = books_of_class(admin_client, 4)
    response = admin_client.patch(
        f"/api/booklists/{created['id']}",
        json={
            "grade": 4,
            "items": [{"productId": four[2], "quantity": 3, "note": "Bring on day one"}, {"productId": four[0]}],
        },
    )
    assert response.status_code == 200, response.text
    record = response.json()
    assert (
        record["grade"] == 4
        and record["school"] == "Oak Tree School"
        and record["slug"] == "oak-tree-school-class-4-2026-27"
    )
    assert [(i["productId"], i["quantity"], i["note"]) for i in record["items"]] == [
        (four[2], 3, "Bring on day one"),
        (four[0], 1, ""),
    ]
    rows = read(
        admin_client,
        lambda s: s.scalar(select(func.count(BooklistItem.id)).where(BooklistItem.booklist_id == created["id"])),
    )
    assert rows == 2  # the old rows went
    entry = last_audit(admin_client)
    assert entry.action == "update" and entry.before["grade"] == 3 and entry.after["grade"] == 4
    assert [i["productId"] for i in entry.after["items"]] == [four[2], four[0]]

    # Without items, the items stay; a lone switch is logged as what it is.
    response = admin_client.patch(f"/api/booklists/{created['id']}", json={"published": False})
    assert response.status_code == 200 and len(response.json()["items"]) == 2
    assert last_audit(admin_client).action == "unpublish"
    assert admin_client.get("/booklists/oak-tree-school-class-4-2026-27").status_code == 404


def test_delete_removes_the_list_and_its_items_but_not_the_books(admin_client):
    created = admin_client.post("/api/booklists", json=new_list(admin_client)).json()
    response = admin_client.delete(f"/api/booklists/{created['id']}")
    assert response.status_code == 204
    assert admin_client.get(f"/api/booklists/{created['id']}").status_code == 404
    assert (
        read(
            admin_client,
            lambda s: s.scalar(select(func.count(BooklistItem.id)).where(BooklistItem.booklist_id == created["id"])),
        )
        == 0
    )
    assert read(admin_client, lambda s: s.get(Product, created["items"][0]["productId"])) is not None
    entry = last_audit(admin_client)
    assert (entry.action, entry.entity_id, entry.after) == ("delete", str(created["id"]), None)
    assert entry.before["school"] == "Oak Tree School"


def test_the_same_school_class_and_year_twice_is_a_conflict(admin_client):
    assert admin_client.post("/api/booklists", json=new_list(admin_client)).status_code == 201
    before = state(admin_client)
    response = admin_client.post("/api/booklists", json=new_list(admin_client, school="oak tree school"))
    assert response.status_code == 409
    assert response.json()["message"] == "oak tree school already has a Class 3 booklist for 2026-27"
    assert state(admin_client) == before


# --- bad input, field by field -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "changes,field,says",
    [
        ({"grade": 0}, "grade", "greater than or equal to 1"),
        ({"grade": 13}, "grade", "less than or equal to 12"),
        ({"grade": "3"}, "grade", ""),
        ({"academicYear": "2026-28"}, "academicYear", "The second year must follow the first: 2026-27"),
        ({"academicYear": "26-27"}, "academicYear", "Enter the academic year like 2026-27"),
        ({"academicYear": "2026/2028"}, "academicYear", "must follow"),
        ({"school": " x "}, "school", ""),
        ({"school": "Two\nlines"}, "school", "one line"),
        ({"items": []}, "items", ""),
        ({"items": [{"productId": 1, "quantity": 0}]}, "items.0.quantity", "greater than or equal to 1"),
        ({"items": [{"productId": 1, "quantity": 100}]}, "items.0.quantity", "less than or equal to 99"),
        ({"items": [{"productId": 1, "required": "yes"}]}, "items.0.required", ""),
        ({"items": [{"productId": 1, "colour": "red"}]}, "items.0.colour", ""),
        ({"items": [{"productId": 1}] * 61}, "items", "at most 60"),
        ({"shelf": "A"}, "shelf", ""),
    ],
)
def test_create_refuses_bad_fields(admin_client, changes, field, says):
    before = state(admin_client)
    response = admin_client.post("/api/booklists", json=new_list(admin_client, **changes))
    assert response.status_code == 422, response.text
    errors = response.json()["errors"]
    assert field in errors, errors
    assert says in errors[field]
    assert state(admin_client) == before


def test_each_item_must_be_a_published_book_of_the_shop_once(admin_client):
    three = books_of_class(admin_client, 3)
    unpublished = read(
        admin_client,
        lambda s: s.scalar(
            select(Product.id).join(Book).where(Product.shop == "books", Product.published.is_(False)).limit(1)
        ),
    )
    grocery = read(admin_client, lambda s: s.scalar(select(Product.id).where(Product.shop == "grocery").limit(1)))
    items = [
        {"productId": three[0]},
        {"productId": 999999},
        {"productId": three[0]},
        {"productId": grocery},
        {"productId": unpublished},
        {"productId": three[1]},
    ]
    before = state(admin_client)
    response = admin_client.post("/api/booklists", json=new_list(admin_client, items=items))
    assert response.status_code == 422
    errors = response.json()["errors"]
    assert set(errors) == {"items.1.productId", "items.2.productId", "items.3.productId", "items.4.productId"}
    assert errors["items.1.productId"] == "There is no book 999999: choose one from the list"
    assert "is already on this list (row 1)" in errors["items.2.productId"]
    assert "is not a book of the Student Books shop" in errors["items.3.productId"]
    assert "is not published" in errors["items.4.productId"]
    assert state(admin_client) == before
    # A PATCH is held to the same rule.
    response = admin_client.patch("/api/booklists/1", json={"items": [{"productId": 999999}]})
    assert response.status_code == 422 and "items.0.productId" in response.json()["errors"]
    assert state(admin_client) == before


def test_patch_with_nothing_or_null_is_refused(admin_client):
    assert admin_client.patch("/api/booklists/1", json={}).status_code == 422
    response = admin_client.patch("/api/booklists/1", json={"items": None})
    assert response.status_code == 422 and "items" in response.json()["errors"]


# --- the admin list, its CSV and the book picker -----------------------------------------------------------


def test_admin_list_searches_sorts_filters_and_pages(admin_client):
    response = admin_client.get("/api/booklists", params={"q": "hillcrest", "sort": "-grade", "per_page": 3})
    assert response.status_code == 200
    assert response.headers["x-total-count"] == "7"
    rows = response.json()
    assert [(r["school"], r["grade"]) for r in rows] == [("Hillcrest High School", g) for g in (12, 11, 10)]
    assert set(rows[0]) == {"id", "slug", "school", "grade", "academicYear", "items", "published", "url"}
    second = admin_client.get(
        "/api/booklists", params={"q": "hillcrest", "sort": "-grade", "per_page": 3, "page": 2}
    ).json()
    assert [r["grade"] for r in second] == [9, 8, 7]

    by_items = admin_client.get("/api/booklists", params={"sort": "items"}).json()
    assert [r["items"] for r in by_items] == sorted(r["items"] for r in by_items)
    by_school = admin_client.get("/api/booklists", params={"sort": "-school"}).json()
    assert by_school[0]["school"] == "St. Aldric's Academy"

    drafts = admin_client.get("/api/booklists", params={"published": "false"})
    assert [(r["school"], r["grade"]) for r in drafts.json()] == [("Lakeview Convent School", 6)]
    tens = admin_client.get("/api/booklists", params={"grade": "10"}).json()
    assert sorted(r["school"] for r in tens) == ["Greenfield Public School", "Hillcrest High School"]

    bad = admin_client.get("/api/booklists", params={"sort": "colour", "grade": "13"})
    assert bad.status_code == 422 and set(bad.json()["errors"]) == {"sort", "grade"}


def test_admin_list_exports_csv(admin_client):
    response = admin_client.get("/api/booklists.csv", params={"q": "riverside", "sort": "grade"})
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.text.lstrip("\ufeff"))))
    assert [(r["school"], r["class"]) for r in rows] == [("Riverside Primary School", str(g)) for g in range(1, 6)]
    assert rows[0]["address"] == "/booklists/riverside-primary-school-class-1-2026-27" and rows[0]["published"] == "yes"


def test_book_choices_find_published_books_by_title_or_isbn(admin_client):
    by_title = admin_client.get("/api/booklists/book-choices", params={"q": "class 3"}).json()
    assert by_title and all("Class 3" in b["title"] for b in by_title) and len(by_title) <= 20
    assert set(by_title[0]) == {"id", "title", "isbn", "price", "stock"}
    book = by_title[0]
    hyphenated = f"{book['isbn'][:3]}-{book['isbn'][3]}-{book['isbn'][4:12]}-{book['isbn'][12]}"
    assert [b["id"] for b in admin_client.get("/api/booklists/book-choices", params={"q": hyphenated}).json()] == [
        book["id"]
    ]
    unpublished = read(
        admin_client,
        lambda s: s.scalar(
            select(Product.title).join(Book).where(Product.shop == "books", Product.published.is_(False)).limit(1)
        ),
    )
    found = admin_client.get("/api/booklists/book-choices", params={"q": unpublished}).json()
    assert unpublished not in [b["title"] for b in found]
    assert admin_client.get("/api/booklists/book-choices", params={"q": "100%\x00_"}).json() == []
    assert admin_client.get("/api/booklists/book-choices", params={"q": "x" * 101}).status_code == 422


def test_admin_pages_render_the_list_and_the_form(admin_client):
    page = admin_client.get("/admin/booklists", params={"q": "maplewood"})
    assert page.status_code == 200 and "Maplewood International School" in page.text
    assert admin_client.get("/admin/booklists/new").status_code == 200
    form = admin_client.get("/admin/booklists/1", headers=JSON).json()["props"]
    assert form["booklist"]["id"] == 1 and form["classes"] == list(range(1, 13))
    assert admin_client.get("/admin/booklists/999999").status_code == 404


def test_admin_pages_need_sign_in(client):
    response = client.get("/admin/booklists", follow_redirects=False)
    assert response.status_code == 302 and response.headers["location"].startswith("/login")


# --- shopper pages, on SQLite and PostgreSQL -------------------------------------------------------------


def test_booklists_page_finds_lists_by_school_and_class(any_client):
    every = any_client.get("/booklists", headers=JSON).json()["props"]
    assert every["count"] == 23  # the seed's 24 lists but Lakeview's Class 6 draft
    grades = {b["grade"] for s in every["schools"] for b in s["booklists"]}
    assert grades == set(range(1, 13))
    assert [s["name"] for s in every["schools"]] == sorted(s["name"] for s in every["schools"])

    by_school = any_client.get("/booklists", params={"q": "RIVERSIDE primary"}, headers=JSON).json()["props"]
    assert [s["name"] for s in by_school["schools"]] == ["Riverside Primary School"] and by_school["count"] == 5
    by_class = any_client.get("/booklists", params={"class": "10"}, headers=JSON).json()["props"]
    assert [(s["name"], [b["classLabel"] for b in s["booklists"]]) for s in by_class["schools"]] == [
        ("Greenfield Public School", ["Class 10"]),
        ("Hillcrest High School", ["Class 10"]),
    ]
    both = any_client.get("/booklists", params={"q": "hillcrest", "class": "7"}, headers=JSON).json()["props"]
    assert (
        both["count"] == 1
        and both["schools"][0]["booklists"][0]["url"] == "/booklists/hillcrest-high-school-class-7-2026-27"
    )
    nothing = any_client.get("/booklists", params={"q": "Hogwarts"}, headers=JSON).json()["props"]
    assert nothing["count"] == 0 and nothing["schools"] == []
    # Odd parameters are ignored, never an error; the plain page works without JavaScript.
    assert any_client.get("/booklists", params={"class": "99", "q": "%_\x00"}).status_code == 200
    html = any_client.get("/booklists", params={"q": "riverside"}).text
    assert (
        'action="/booklists"' in html
        and "Riverside Primary School" in html
        and "/booklists/riverside-primary-school-class-3-2026-27" in html
    )


def test_booklist_page_shows_items_prices_stock_and_totals(any_client):
    response = any_client.get(f"/booklists/{DEMO_SLUG}", headers=JSON)
    assert response.status_code == 200
    booklist = response.json()["props"]["booklist"]
    assert (booklist["school"], booklist["classLabel"], booklist["academicYear"]) == (
        "Hillcrest High School",
        "Class 10",
        "2026-27",
    )
    items = booklist["items"]

    def stored(s):
        rows = s.execute(
            select(BooklistItem, Product)
            .join(Product)
            .join(Booklist)
            .where(Booklist.slug == DEMO_SLUG)
            .order_by(BooklistItem.position)
        ).all()
        return [
            (item.quantity, item.required, product.id, product.title, product.stock, sale_price(product))
            for item, product in rows
        ]

    rows = read(any_client, stored)
    assert [(i["quantity"], i["required"], i["id"], i["title"], i["stock"]) for i in items] == [r[:5] for r in rows]
    assert [Decimal(str(i["price"])) for i in items] == [r[5] for r in rows]
    sold_out = [i for i in items if i["state"] == "out-of-stock"]
    assert sold_out and all(i["stock"] == 0 and i["addable"] == 0 for i in sold_out)
    assert all(i["state"] == "in-stock" and i["addable"] == i["quantity"] for i in items if i["stock"] >= i["quantity"])
    # The totals are of what the buttons add: sold-out books are left out.
    addable = [(Decimal(str(i["price"])) * i["addable"], i["required"]) for i in items]
    assert Decimal(str(booklist["totals"]["all"])) == sum(a for a, _ in addable)
    assert Decimal(str(booklist["totals"]["required"])) == sum(a for a, required in addable if required)
    assert booklist["totals"]["leftOut"] == len(sold_out)

    html = any_client.get(f"/booklists/{DEMO_SLUG}").text
    for text in (
        "Out of stock",
        "In stock",
        "Add required books to cart",
        "Add all books to cart",
        "Required",
        "Optional",
        sold_out[0]["title"],
        f"/product/{items[0]['id']}",
        items[0]["isbn"],
    ):
        assert text in html, text


def test_unknown_and_unpublished_booklists_are_404(any_client):
    assert any_client.get("/booklists/no-such-school-class-1-2026-27").status_code == 404
    assert any_client.get("/booklists/lakeview-convent-school-class-6-2026-27").status_code == 404
    assert any_client.get("/booklists/%00").status_code == 404
    assert any_client.get("/booklists/" + "a" * 300).status_code == 404


def test_a_book_unpublished_or_short_after_listing_is_marked_and_left_out(admin_client):
    """The form only takes published books, but a book can be unpublished (or sell out) later."""
    created = admin_client.post("/api/booklists", json=new_list(admin_client)).json()
    first, second = (i["productId"] for i in created["items"])
    assert admin_client.patch(f"/api/products/{first}", json={"stock": 1}).status_code == 200
    assert admin_client.patch(f"/api/products/{second}", json={"published": False}).status_code == 200
    items = admin_client.get(f"/booklists/{created['slug']}", headers=JSON).json()["props"]["booklist"]["items"]
    assert [(i["state"], i["addable"], i["url"]) for i in items] == [
        ("short", 1, f"/product/{first}"),
        ("unavailable", 0, None),
    ]


# --- on PostgreSQL, writes too ---------------------------------------------------------------------------


def test_writes_on_postgresql(postgres_admin_client):
    client = postgres_admin_client
    created = client.post("/api/booklists", json=new_list(client, school="Ünïcode Schüle")).json()
    assert created["slug"] == "unicode-schule-class-3-2026-27"
    assert (
        client.patch(
            f"/api/booklists/{created['id']}", json={"items": [{"productId": created["items"][1]["productId"]}]}
        ).status_code
        == 200
    )
    assert [
        s["name"] for s in client.get("/booklists", params={"q": "schüle"}, headers=JSON).json()["props"]["schools"]
    ] == ["Ünïcode Schüle"]
    listed = client.get("/api/booklists", params={"q": "schüle", "sort": "items"})
    assert listed.headers["x-total-count"] == "1" and listed.json()[0]["items"] == 1
    bad = client.post("/api/booklists", json=new_list(client, items=[{"productId": 999999}]))
    assert bad.status_code == 422 and "items.0.productId" in bad.json()["errors"]
    assert client.delete(f"/api/booklists/{created['id']}").status_code == 204
    assert client.get("/api/booklists/book-choices", params={"q": "\x00"}).status_code == 200
