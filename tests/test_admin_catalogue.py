"""Administrator writes to products, categories, brands, reviews and customers.

Each write: allowed for an administrator with the CSRF token (and audited in the same
transaction, the catalogue version bumped); refused without a session (401) or without the token
(403), for bad input (422 with per-field errors) and for conflicts (409), with nothing written.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from conftest import ADMIN_EMAIL
from sqlalchemy import func, select

from db import catalogue_version
from db.models import AuditEntry, BooklistItem, Brand, Category, Customer, Order, OrderLine, Product, Review

# One request per write endpoint, valid as far as its body goes (ids exist in the seed).
WRITES = [
    ("POST", "/api/products", {"name": "Algebra Made Simple", "price": "9.99", "categoryId": 2}),
    ("PATCH", "/api/products/1", {"published": False}),
    ("DELETE", "/api/products/1", None),
    ("POST", "/api/category", {"name": "Atlases"}),
    ("PATCH", "/api/category/2", {"featured": True}),
    ("DELETE", "/api/category/2", None),
    ("POST", "/api/brands", {"name": "Oxford Press"}),
    ("PATCH", "/api/brands/1", {"featured": True}),
    ("DELETE", "/api/brands/1", None),
    ("PATCH", "/api/reviews/1", {"published": False}),
    ("DELETE", "/api/reviews/1", None),
    ("PATCH", "/api/customers/1", {"phone": "+1 555 000 1111"}),
]


def read(client, fn):
    return client.app.state.services.db.read_sync(fn)


def audit_count(client) -> int:
    return read(client, lambda s: s.scalar(select(func.count(AuditEntry.id))))


def last_audit(client) -> AuditEntry:
    return read(client, lambda s: s.scalars(select(AuditEntry).order_by(AuditEntry.id.desc())).first())


def version(client) -> int:
    return read(client, catalogue_version.current)


def state(client) -> tuple:
    """Everything a refused write must leave as it was."""

    def counts(s):
        return tuple(
            s.scalar(select(func.count()).select_from(m))
            for m in (Product, Category, Brand, Review, Customer, AuditEntry)
        )

    return read(client, counts), version(client)


def call(client, method, path, body=None, **kwargs):
    return client.request(method, path, json=body, **kwargs)


@pytest.fixture
def product_without_orders(admin_client) -> int:
    """A product nobody ordered, with reviews (so their going with it is checked)."""
    return read(
        admin_client,
        lambda s: s.scalar(
            select(Product.id)
            .where(~Product.id.in_(select(OrderLine.product_id)), Product.id.in_(select(Review.product_id)))
            .order_by(Product.id)
            .limit(1)
        ),
    )


# --- who may write ----------------------------------------------------------------------------


@pytest.mark.parametrize("method,path,body", WRITES)
def test_every_write_needs_an_administrator_session(client, method, path, body):
    before = state(client)
    response = call(client, method, path, body)
    assert response.status_code == 401
    assert response.json() == {"message": "Sign in as an administrator to continue"}
    assert state(client) == before


@pytest.mark.parametrize("method,path,body", WRITES)
def test_every_write_needs_the_csrf_token(admin_client, method, path, body):
    before = state(admin_client)
    for token in ("", "not-the-token"):
        response = call(admin_client, method, path, body, headers={"X-CSRF-Token": token})
        assert response.status_code == 403, token
        assert "security token" in response.json()["message"]
    assert state(admin_client) == before


def test_unknown_ids_are_404_and_write_nothing(admin_client):
    before = state(admin_client)
    for method, path, body in [
        ("GET", "/api/products/999999", None),
        ("PATCH", "/api/products/999999", {"stock": 1}),
        ("DELETE", "/api/products/999999", None),
        ("GET", "/api/category/999999", None),
        ("DELETE", "/api/category/999999", None),
        ("PATCH", "/api/brands/999999", {"featured": True}),
        ("PATCH", "/api/reviews/999999", {"published": True}),
        ("DELETE", "/api/reviews/999999", None),
        ("GET", "/api/customers/999999", None),
        ("PATCH", "/api/customers/99999999999999999999999", {"phone": ""}),
    ]:
        response = call(admin_client, method, path, body)
        assert response.status_code == 404, (method, path)
        assert response.json()["message"].startswith("There is no"), (method, path)
    assert state(admin_client) == before


# --- products -----------------------------------------------------------------------------------


def seeded_image(client) -> str:
    return read(client, lambda s: s.scalar(select(Product.images).where(Product.id == 1)))[0]


def test_create_product_stores_it_audits_it_and_shows_it_in_the_shop(admin_client):
    image = seeded_image(admin_client)
    version_before = version(admin_client)
    body = {
        "name": "  Quantum Physics for Curious Minds ",
        "price": 24.5,
        "discount": 10,
        "stock": 7,
        "categoryId": 2,
        "brandId": 1,
        "description": "Light, waves and particles.",
        "published": True,
        "images": [image],
    }
    response = admin_client.post("/api/products", json=body)
    assert response.status_code == 201, response.text
    record = response.json()
    assert response.headers["location"] == f"/api/products/{record['id']}"
    assert record | {"id": 0} == {
        "id": 0,
        "name": "Quantum Physics for Curious Minds",
        "slug": "quantum-physics-for-curious-minds",
        "shop": "books",
        "price": 24.5,
        "discount": 10,
        "stock": 7,
        "categoryId": 2,
        "brandId": 1,
        "description": "Light, waves and particles.",
        "published": True,
        "featured": False,
        "images": [image],
        "imageUrls": ["/media/" + image],
        "book": None,
    }
    stored = read(admin_client, lambda s: s.get(Product, record["id"]))
    assert stored.price == Decimal("24.50") and stored.title == "Quantum Physics for Curious Minds"
    entry = last_audit(admin_client)
    assert (entry.actor, entry.action, entry.entity, entry.entity_id) == (
        ADMIN_EMAIL,
        "create",
        "product",
        str(record["id"]),
    )
    assert (
        entry.before is None
        and entry.after["title"] == "Quantum Physics for Curious Minds"
        and entry.after["price"] == "24.50"
    )
    assert version(admin_client) > version_before
    # The storefront shows it at once: its page, and the search for it.
    assert "Quantum Physics for Curious Minds" in admin_client.get(f"/product/{record['id']}").text
    found = admin_client.get("/product/search/quantum curious", headers={"Accept": "application/json"}).json()
    assert "Quantum Physics for Curious Minds" in str(found)
    # And the admin list finds it by search.
    listed = admin_client.get("/api/products", params={"q": "curious minds"}).json()
    assert [p["id"] for p in listed] == [record["id"]]


def test_product_slugs_are_unique(admin_client):
    body = {"name": "Class 9 Physics Fundamentals", "price": "1.00", "categoryId": 2}
    first, second = (admin_client.post("/api/products", json=body).json() for _ in range(2))
    assert first["slug"] != second["slug"]
    assert first["slug"].startswith("class-9-physics-fundamentals-")


def test_a_new_product_may_go_to_another_shop(admin_client):
    response = admin_client.post(
        "/api/products", json={"name": "Fresh Basil", "price": "1.20", "categoryId": 2, "shop": "grocery"}
    )
    assert response.status_code == 201 and response.json()["shop"] == "grocery"


@pytest.mark.parametrize(
    "body,field",
    [
        ({"price": "9.99", "categoryId": 2}, "name"),
        ({"name": " x ", "price": "9.99", "categoryId": 2}, "name"),
        ({"name": "Atlas", "price": "-1", "categoryId": 2}, "price"),
        ({"name": "Atlas", "price": "9.999", "categoryId": 2}, "price"),
        ({"name": "Atlas", "price": "ten", "categoryId": 2}, "price"),
        ({"name": "Atlas", "price": "9.99", "categoryId": 2, "discount": 95}, "discount"),
        ({"name": "Atlas", "price": "9.99", "categoryId": 2, "stock": -1}, "stock"),
        ({"name": "Atlas", "price": "9.99", "categoryId": 2, "stock": "5"}, "stock"),
        ({"name": "Atlas", "price": "9.99"}, "categoryId"),
        ({"name": "Atlas", "price": "9.99", "categoryId": 999999}, "categoryId"),
        ({"name": "Atlas", "price": "9.99", "categoryId": 2, "brandId": 999999}, "brandId"),
        ({"name": "Atlas", "price": "9.99", "categoryId": 2, "shop": "moon"}, "shop"),
        ({"name": "Atlas", "price": "9.99", "categoryId": 2, "published": "yes"}, "published"),
        ({"name": "Atlas", "price": "9.99", "categoryId": 2, "images": ["a.png", "b.png", "c.png", "d.png"]}, "images"),
        ({"name": "Atlas", "price": "9.99", "categoryId": 2, "images": ["../../etc/passwd"]}, "images.0"),
        ({"name": "Atlas", "price": "9.99", "categoryId": 2, "images": ["uploads/never-uploaded.png"]}, "images"),
        ({"name": "Atlas", "price": "9.99", "categoryId": 2, "colour": "red"}, "colour"),
        ({"name": "Atlas\u0000", "price": "9.99", "categoryId": 2}, "name"),
        ({"name": "Two\nlines", "price": "9.99", "categoryId": 2}, "name"),
        ({"name": "Atlas", "price": "NaN", "categoryId": 2}, "price"),
        ({"name": "Atlas", "price": "9.99", "categoryId": 10**30}, "categoryId"),
    ],
)
def test_create_product_refuses_bad_input_field_by_field(admin_client, body, field):
    before = state(admin_client)
    response = admin_client.post("/api/products", json=body)
    assert response.status_code == 422, response.text
    assert field in response.json()["errors"], response.json()
    assert state(admin_client) == before


def test_create_product_needs_a_json_body(admin_client):
    assert (
        admin_client.post(
            "/api/products", content=b"name=x", headers={"Content-Type": "application/x-www-form-urlencoded"}
        ).status_code
        == 415
    )
    response = admin_client.post("/api/products", content=b"{not json", headers={"Content-Type": "application/json"})
    assert response.status_code == 422 and response.json()["errors"] == {"body": "Not valid JSON"}


def test_toggle_published_unlists_the_product_from_the_shop(admin_client):
    assert admin_client.get("/product/1").status_code == 200
    response = admin_client.patch("/api/products/1", json={"published": False})
    assert response.status_code == 200 and response.json()["published"] is False
    assert read(admin_client, lambda s: s.get(Product, 1).published) is False
    entry = last_audit(admin_client)
    assert (entry.action, entry.entity_id, entry.before["published"], entry.after["published"]) == (
        "unpublish",
        "1",
        True,
        False,
    )
    assert admin_client.get("/product/1").status_code == 404
    assert admin_client.patch("/api/products/1", json={"published": True}).status_code == 200
    assert last_audit(admin_client).action == "publish"
    assert admin_client.get("/product/1").status_code == 200


def test_edit_product_changes_only_what_is_sent(admin_client):
    before = read(admin_client, lambda s: s.get(Product, 1))
    response = admin_client.patch("/api/products/1", json={"price": "12.34", "brandId": 3})
    assert response.status_code == 200
    after = read(admin_client, lambda s: s.get(Product, 1))
    assert (after.price, after.brand_id) == (Decimal("12.34"), 3)
    assert (after.title, after.stock, after.category_id, after.images) == (
        before.title,
        before.stock,
        before.category_id,
        before.images,
    )
    assert admin_client.patch("/api/products/1", json={"brandId": None}).json()["brandId"] is None


@pytest.mark.parametrize(
    "body,field",
    [
        ({}, "body"),
        ({"name": None}, "name"),
        ({"price": None}, "price"),
        ({"categoryId": 999999}, "categoryId"),
        ({"discount": 91}, "discount"),
        ({"slug": "mine"}, "slug"),
    ],
)
def test_edit_product_refuses_bad_input(admin_client, body, field):
    before = state(admin_client)
    response = admin_client.patch("/api/products/1", json=body)
    assert response.status_code == 422 and field in response.json()["errors"]
    assert state(admin_client) == before


def test_delete_product_without_orders_takes_its_reviews(admin_client, product_without_orders):
    pid = product_without_orders
    assert read(admin_client, lambda s: s.scalar(select(func.count()).where(Review.product_id == pid))) > 0
    response = admin_client.delete(f"/api/products/{pid}")
    assert response.status_code == 204 and response.content == b""
    assert read(admin_client, lambda s: s.get(Product, pid)) is None
    assert read(admin_client, lambda s: s.scalar(select(func.count()).where(Review.product_id == pid))) == 0
    entry = last_audit(admin_client)
    assert (entry.action, entry.entity, entry.entity_id, entry.after) == ("delete", "product", str(pid), None)
    assert entry.before["id"] == pid


def test_delete_ordered_product_is_a_conflict(admin_client):
    before = state(admin_client)
    orders = read(
        admin_client,
        lambda s: s.scalar(select(func.count(func.distinct(OrderLine.order_id))).where(OrderLine.product_id == 1)),
    )
    assert orders > 0
    response = admin_client.delete("/api/products/1")
    assert response.status_code == 409
    assert (
        f"it is in {orders} order" in response.json()["message"]
        and "Unpublish it instead" in response.json()["message"]
    )
    assert state(admin_client) == before


def test_delete_product_on_a_booklist_is_a_conflict_that_says_so(admin_client):
    def listed_without_orders(session):
        on_lists = select(BooklistItem.product_id)
        ordered = select(OrderLine.product_id)
        return session.scalar(select(Product.id).where(Product.id.in_(on_lists), Product.id.not_in(ordered)).limit(1))

    pid = read(admin_client, listed_without_orders)
    assert pid is not None
    before = state(admin_client)
    response = admin_client.delete(f"/api/products/{pid}")
    assert response.status_code == 409 and "school booklist" in response.json()["message"]
    assert read(admin_client, lambda s: s.get(Product, pid)) is not None and state(admin_client) == before


# --- categories ---------------------------------------------------------------------------------


def test_category_level_follows_the_tree(admin_client):
    top = admin_client.post("/api/category", json={"name": "Atlases", "featured": True}).json()
    child = admin_client.post("/api/category", json={"name": "World Atlases", "parentId": top["id"]}).json()
    grandchild = admin_client.post("/api/category", json={"name": "Road Atlases", "parentId": child["id"]}).json()
    assert (top["level"], child["level"], grandchild["level"]) == (1, 2, 3)
    assert top["slug"] == "atlases" and top["featured"] is True
    # Moving "World Atlases" to the top moves its subtree up a level.
    moved = admin_client.patch(f"/api/category/{child['id']}", json={"parentId": None})
    assert moved.status_code == 200 and moved.json()["level"] == 1
    assert admin_client.get(f"/api/category/{grandchild['id']}").json()["level"] == 2
    listed = {c["id"]: c for c in admin_client.get("/api/category", params={"q": "atlases"}).json()}
    assert listed[grandchild["id"]]["category"] == "World Atlases" and listed[grandchild["id"]]["level"] == 2
    assert last_audit(admin_client).action == "update"


def test_category_cannot_go_under_itself(admin_client):
    top = admin_client.post("/api/category", json={"name": "Atlases"}).json()
    child = admin_client.post("/api/category", json={"name": "World Atlases", "parentId": top["id"]}).json()
    before = state(admin_client)
    for parent in (top["id"], child["id"]):
        response = admin_client.patch(f"/api/category/{top['id']}", json={"parentId": parent})
        assert response.status_code == 422 and "parentId" in response.json()["errors"]
    assert admin_client.post("/api/category", json={"name": "Lost", "parentId": 999999}).status_code == 422
    assert state(admin_client) == before


def test_duplicate_category_names_under_one_parent_conflict(admin_client):
    school = read(admin_client, lambda s: s.scalar(select(Category).where(Category.name == "School Books")))
    sibling = read(
        admin_client, lambda s: s.scalar(select(Category.name).where(Category.parent_id == school.id).limit(1))
    )
    before = state(admin_client)
    for body in ({"name": "school books"}, {"name": sibling.upper(), "parentId": school.id}):
        response = admin_client.post("/api/category", json=body)
        assert response.status_code == 409 and "already exists" in response.json()["message"]
    assert state(admin_client) == before
    # The same name under another parent is a different category.
    assert admin_client.post("/api/category", json={"name": sibling, "parentId": None}).status_code == 201


def test_category_with_products_or_children_cannot_be_deleted(admin_client):
    before = state(admin_client)
    leaf = read(admin_client, lambda s: s.scalar(select(Category).join(Product).where(Category.level == 2).limit(1)))
    products = read(admin_client, lambda s: s.scalar(select(func.count()).where(Product.category_id == leaf.id)))
    response = admin_client.delete(f"/api/category/{leaf.id}")
    assert response.status_code == 409
    assert response.json()["message"] == (
        f"“{leaf.name}” cannot be deleted: it has {products} product{'s' if products > 1 else ''}. "
        "Move them to another category first."
    )
    parent = read(admin_client, lambda s: s.get(Category, leaf.parent_id))
    response = admin_client.delete(f"/api/category/{parent.id}")
    assert response.status_code == 409 and "subcategor" in response.json()["message"]
    assert state(admin_client) == before


def test_empty_category_is_deleted(admin_client):
    created = admin_client.post("/api/category", json={"name": "Atlases"}).json()
    assert admin_client.delete(f"/api/category/{created['id']}").status_code == 204
    assert read(admin_client, lambda s: s.get(Category, created["id"])) is None
    assert last_audit(admin_client).action == "delete"


def test_category_banner_must_be_an_uploaded_file(admin_client):
    banner = read(
        admin_client, lambda s: s.scalar(select(Category.banner).where(Category.banner.is_not(None)).limit(1))
    )
    ok = admin_client.post("/api/category", json={"name": "Atlases", "banner": banner})
    assert ok.status_code == 201 and ok.json()["bannerUrl"] == "/media/" + banner
    missing = admin_client.post("/api/category", json={"name": "Maps", "banner": "categories/none.png"})
    assert missing.status_code == 422 and "banner" in missing.json()["errors"]


# --- brands -------------------------------------------------------------------------------------


def test_brand_create_edit_and_duplicate_names(admin_client):
    created = admin_client.post("/api/brands", json={"name": "Oxford Press", "featured": True})
    assert created.status_code == 201 and created.json()["slug"] == "oxford-press"
    before = state(admin_client)
    existing = read(admin_client, lambda s: s.get(Brand, 1).name)
    assert admin_client.post("/api/brands", json={"name": existing.lower()}).status_code == 409
    renamed = admin_client.patch(f"/api/brands/{created.json()['id']}", json={"name": existing.upper()})
    assert (
        renamed.status_code == 409 and renamed.json()["message"] == f"A brand named “{existing.upper()}” already exists"
    )
    assert admin_client.post("/api/brands", json={"name": ""}).status_code == 422
    assert state(admin_client) == before
    # Renaming to its own name in another case is not a clash with itself.
    assert admin_client.patch(f"/api/brands/{created.json()['id']}", json={"name": "OXFORD PRESS"}).status_code == 200


def test_deleting_a_brand_keeps_its_products(admin_client):
    brand_id = read(
        admin_client, lambda s: s.scalar(select(Product.brand_id).where(Product.brand_id.is_not(None)).limit(1))
    )
    products = read(admin_client, lambda s: set(s.scalars(select(Product.id).where(Product.brand_id == brand_id))))
    version_before = version(admin_client)
    assert admin_client.delete(f"/api/brands/{brand_id}").status_code == 204
    assert read(admin_client, lambda s: s.get(Brand, brand_id)) is None
    assert read(
        admin_client, lambda s: {p.id: p.brand_id for p in s.scalars(select(Product).where(Product.id.in_(products)))}
    ) == dict.fromkeys(products)
    assert version(admin_client) > version_before


# --- reviews ------------------------------------------------------------------------------------


def product_rating(client, product_id):
    return read(client, lambda s: (lambda p: (p.rating, p.review_count))(s.get(Product, product_id)))


def expected_rating(client, product_id):
    ratings = read(
        client,
        lambda s: list(
            s.scalars(select(Review.rating).where(Review.product_id == product_id, Review.published.is_(True)))
        ),
    )
    return (Decimal(sum(ratings)) / len(ratings)).quantize(Decimal("0.01")) if ratings else Decimal("0.00"), len(
        ratings
    )


def test_unpublishing_and_deleting_reviews_rerates_the_product(admin_client):
    review = read(
        admin_client, lambda s: s.scalar(select(Review).where(Review.published.is_(True)).order_by(Review.id).limit(1))
    )
    count_before = product_rating(admin_client, review.product_id)[1]
    response = admin_client.patch(f"/api/reviews/{review.id}", json={"published": False})
    assert response.status_code == 200 and response.json()["published"] is False
    assert product_rating(admin_client, review.product_id) == expected_rating(admin_client, review.product_id)
    assert product_rating(admin_client, review.product_id)[1] == count_before - 1
    assert last_audit(admin_client).action == "unpublish"
    assert admin_client.patch(f"/api/reviews/{review.id}", json={"published": True}).status_code == 200
    assert product_rating(admin_client, review.product_id)[1] == count_before
    assert admin_client.delete(f"/api/reviews/{review.id}").status_code == 204
    assert read(admin_client, lambda s: s.get(Review, review.id)) is None
    assert product_rating(admin_client, review.product_id) == expected_rating(admin_client, review.product_id)
    assert product_rating(admin_client, review.product_id)[1] == count_before - 1


@pytest.mark.parametrize("body", [{}, {"published": "no"}, {"published": None}, {"comment": "nicer"}])
def test_review_changes_refuse_bad_input(admin_client, body):
    before = state(admin_client)
    response = admin_client.patch("/api/reviews/1", json=body)
    assert response.status_code == 422 and response.json()["errors"]
    assert state(admin_client) == before


# --- customers ----------------------------------------------------------------------------------


def test_customer_view_has_their_orders(admin_client):
    customer_id = read(admin_client, lambda s: s.scalar(select(Order.customer_id).limit(1)))
    view = admin_client.get(f"/api/customers/{customer_id}").json()
    orders = read(
        admin_client,
        lambda s: s.scalars(
            select(Order).where(Order.customer_id == customer_id).order_by(Order.created_at.desc(), Order.id.desc())
        ).all(),
    )
    assert [o["id"] for o in view["orders"]] == [o.id for o in orders]
    assert [o["amount"] for o in view["orders"]] == [float(o.total) for o in orders]
    listed = admin_client.get("/api/customers", params={"q": view["email"]}).json()[0]
    assert (listed["orders"], listed["balance"]) == (len(orders), view["balance"])


def test_customer_view_needs_an_administrator(client):
    assert client.get("/api/customers/1").status_code == 401


def test_edit_customer_contact_details(admin_client):
    response = admin_client.patch(
        "/api/customers/1", json={"name": "Ada Lovelace", "email": "ADA@Example.com", "phone": "+44 20 7946 0958"}
    )
    assert response.status_code == 200
    assert (response.json()["name"], response.json()["email"]) == ("Ada Lovelace", "ada@example.com")
    stored = read(admin_client, lambda s: s.get(Customer, 1))
    assert (stored.name, stored.email, stored.phone) == ("Ada Lovelace", "ada@example.com", "+44 20 7946 0958")
    entry = last_audit(admin_client)
    assert (entry.entity, entry.action, entry.after["email"]) == ("customer", "update", "ada@example.com")


def test_customer_email_must_be_valid_and_unused(admin_client):
    other = read(admin_client, lambda s: s.get(Customer, 2).email)
    before = state(admin_client)
    taken = admin_client.patch("/api/customers/1", json={"email": other.upper()})
    assert taken.status_code == 409 and taken.json()["message"] == f"Another customer already uses {other}"
    for body, field in (({"email": "not-an-email"}, "email"), ({"phone": "call me"}, "phone"), ({"name": ""}, "name")):
        response = admin_client.patch("/api/customers/1", json=body)
        assert response.status_code == 422 and field in response.json()["errors"]
    assert state(admin_client) == before


# --- pages --------------------------------------------------------------------------------------

ADMIN_PAGES = [
    "/admin/products",
    "/admin/products/new",
    "/admin/products/1",
    "/admin/categories",
    "/admin/brands",
    "/admin/reviews",
    "/admin/customers",
    "/admin/customers/1",
]


@pytest.mark.parametrize("path", ADMIN_PAGES)
def test_admin_pages_ask_to_sign_in_first(client, path):
    response = client.get(path + "?q=x", follow_redirects=False)
    assert response.status_code == 302
    assert response.headers["location"] == "/login?callbackUrl=" + path.replace("/", "%2F") + "%3Fq%3Dx"
    as_json = client.get(path, headers={"Accept": "application/json"}, follow_redirects=False)
    assert as_json.status_code == 401 and as_json.json()["message"] == "Sign in as an administrator to continue"


@pytest.mark.parametrize("path", ADMIN_PAGES)
def test_admin_pages_render_for_an_administrator(admin_client, path):
    response = admin_client.get(path)
    assert response.status_code == 200
    assert response.headers["cache-control"] == "private, no-store"
    assert 'name="robots" content="noindex"' in response.text


def page_props(client, url: str) -> dict:
    response = client.get(url, headers={"Accept": "application/json"})
    assert response.status_code == 200
    return response.json()["props"]


def test_list_pages_render_the_state_their_url_asks_for(admin_client):
    params = {"q": "class", "sort": "-price", "published": "true", "per_page": "2", "page": "2"}
    props = page_props(admin_client, "/admin/products?" + "&".join(f"{k}={v}" for k, v in params.items()))
    api = admin_client.get("/api/products", params=params)
    assert props["list"]["rows"] == api.json() and len(api.json()) == 2
    assert props["list"]["total"] == int(api.headers["x-total-count"])
    assert props["list"]["params"] == params
    assert {c["name"] for c in props["categories"]} >= {"School Books", "Science"}
    # The server-rendered document shows that page's rows.
    html = admin_client.get("/admin/products?" + "&".join(f"{k}={v}" for k, v in params.items())).text
    assert all(row["name"] in html for row in api.json())


def test_list_pages_leave_out_parameters_they_cannot_use(admin_client):
    props = page_props(admin_client, "/admin/customers?sort=shoe-size&page=zero&per_page=5000&q=a")
    assert props["list"]["params"] == {"q": "a", "per_page": "25"}
    assert len(props["list"]["rows"]) == 25


def test_product_form_page_has_the_product_and_the_choices(admin_client):
    props = page_props(admin_client, "/admin/products/1")
    assert props["product"] == admin_client.get("/api/products/1").json()
    assert props["shops"][0] == "books" and "grocery" in props["shops"]
    assert page_props(admin_client, "/admin/products/new")["product"] is None
    levels = [c["level"] for c in props["categories"]]
    assert levels[0] == 1 and max(levels) == 2, "categories in tree order, top first"


def test_unknown_records_answer_the_404_page(admin_client):
    for path in ("/admin/products/999999", "/admin/customers/999999"):
        response = admin_client.get(path)
        assert response.status_code == 404 and "Page not found" in response.text


def test_reviews_page_names_the_product_it_is_narrowed_to(admin_client):
    props = page_props(admin_client, "/admin/reviews?product=1")
    assert props["product"] == {"id": 1, "name": read(admin_client, lambda s: s.get(Product, 1).title)}
    assert props["list"]["rows"] and all(r["name"] == props["product"]["name"] for r in props["list"]["rows"])
