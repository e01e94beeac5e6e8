"""/openapi.json: a valid OpenAPI 3.1 document that describes every /api operation, typed from the
models that validate input, and that the seeded shop's real answers match."""

from __future__ import annotations

import jsonschema
import pytest
from openapi_spec_validator import validate

from db.models.sales import ORDER_STATUSES, PAYMENT_STATUSES

WRITES = ("post", "patch", "put")
# Writes that take no body: they act on the session's own account, or on the record in the path.
BODILESS = {
    ("post", "/api/admin/account/two-factor"),
    ("post", "/api/admin/staff/{id}/invite"),
    ("post", "/api/outbox/{id}/send-again"),
    # shoppers' accounts
    ("post", "/api/me/verify/resend"),
    ("post", "/api/me/sign-out-everywhere"),
    ("post", "/api/customer-accounts/{id}/password-reset"),
    ("put", "/api/me/wishlist/{productId}"),
    ("post", "/api/me/orders/{orderNo}/buy-again"),
    # payments: the order in the path is delivered with its cash; a card form's SetupIntent; Stripe's own event
    ("post", "/api/orders/{id}/cash-collected"),
    # the marketplace: one seller's parcel of the order in the path arrived
    ("post", "/api/orders/{id}/shipments/{shipment}/delivered"),
    ("post", "/api/payments/stripe/setup"),
    ("post", "/api/payments/stripe/webhook"),
    # the seller portal: the owner's writes on a seller's account name it in the path
    ("post", "/api/sellers/{id}/invite"),
    ("post", "/api/sellers/{id}/suspend"),
    ("post", "/api/sellers/{id}/reinstate"),
    # a seller's account: two-factor sign-in set up as staff's is
    ("post", "/api/seller/account/two-factor"),
}
# Writes that answer one of two records by what they did: a seller's offer for a book in the
# catalogue (201), or the catalogue request an unknown ISBN became (202).
TWO_OUTCOMES = {("post", "/api/seller/offers")}
# Lists the seeded shop leaves empty: no mail has been written (tests/test_outbox_admin.py writes
# some and checks the outbox's records against the document).
EMPTY_WHEN_SEEDED = {"/api/outbox"}


@pytest.fixture
def spec(client) -> dict:
    response = client.get("/openapi.json")
    assert response.status_code == 200
    return response.json()


def operations(spec: dict):
    for path, methods in spec["paths"].items():
        for method, operation in methods.items():
            yield path, method, operation


def test_the_document_is_valid_openapi_3_1(spec):
    assert spec["openapi"] == "3.1.0"
    validate(spec)  # raises on any error


def test_every_api_route_is_described_with_its_answers(client, spec):
    served = {
        (route.path_format, method.lower())
        for route in client.app.routes
        if getattr(route, "path", "").startswith("/api/")
        for method in (route.methods or ())
        if method != "HEAD"
    }
    described = {(path, method) for path, method, _ in operations(spec)}
    assert served == described
    for path, method, operation in operations(spec):
        assert "default" not in operation["responses"], f"{method} {path} has no contract"


def test_every_write_declares_its_body_and_every_success_its_schema(spec):
    for path, method, operation in operations(spec):
        if method in WRITES and (method, path) not in BODILESS:
            content = operation.get("requestBody", {}).get("content", {})
            assert content and all(media["schema"] not in ({}, None) for media in content.values()), (method, path)
        successes = {status: answer for status, answer in operation["responses"].items() if status.startswith("2")}
        assert len(successes) == (2 if (method, path) in TWO_OUTCOMES else 1), (method, path)
        for status, answer in successes.items():
            if status == "204":
                assert "content" not in answer
                continue
            for media in answer["content"].values():
                assert media["schema"] not in ({}, None), (method, path)
        for status, answer in operation["responses"].items():
            if status.startswith("4"):
                assert answer["content"]["application/json"]["schema"], (method, path, status)


def test_records_are_typed_not_object_or_string(spec):
    schemas = spec["components"]["schemas"]
    card = schemas["ProductCard"]
    assert card["additionalProperties"] is False
    assert card["properties"]["price"]["type"] == "number"
    assert card["properties"]["id"]["type"] == "integer"
    assert {"id", "title", "price"} <= set(card["required"]) and "isbn" not in card["required"]
    assert schemas["OrderRow"]["properties"]["status"]["enum"] == list(ORDER_STATUSES)
    assert schemas["OrderRow"]["properties"]["paymentStatus"]["enum"] == list(PAYMENT_STATUSES)
    listing = spec["paths"]["/api/market-1/flash-deals"]["get"]["responses"]["200"]
    assert listing["content"]["application/json"]["schema"] == {
        "type": "array",
        "items": {"$ref": "#/components/schemas/ProductCard"},
    }
    assert listing["headers"]["X-Total-Count"]["schema"]["type"] == "integer"
    # A write's body is the pydantic form that validates it, its answer the record.
    create = spec["paths"]["/api/products"]["post"]
    form = schemas[create["requestBody"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]]
    assert form["properties"]["discount"]["maximum"] == 90 and "name" in form["required"]
    assert form["additionalProperties"] is False
    assert create["responses"]["201"]["content"]["application/json"]["schema"]["$ref"].endswith("/ProductRecord")


def test_parameters_are_typed(spec):
    one = spec["paths"]["/api/products/{id}"]["patch"]["parameters"]
    assert one == [{"name": "id", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 0}}]
    params = {p["name"]: p for p in spec["paths"]["/api/orders"]["get"]["parameters"]}
    assert {"-purchaseDate", "purchaseDate", "id", "-id"} <= set(params["sort"]["schema"]["enum"])
    assert params["status"]["schema"]["enum"] == list(ORDER_STATUSES)
    assert params["paymentStatus"]["schema"]["enum"] == list(PAYMENT_STATUSES)
    assert params["customer"]["schema"]["type"] == "integer"
    assert params["per_page"]["schema"] == {"type": "integer", "minimum": 1, "maximum": 100}
    categories = {p["name"]: p for p in spec["paths"]["/api/category"]["get"]["parameters"]}
    assert (categories["level"]["schema"]["minimum"], categories["level"]["schema"]["maximum"]) == (1, 10)
    assert categories["featured"]["schema"]["type"] == "boolean"
    storefront = {p["name"]: p for p in spec["paths"]["/api/grocery1/all-products"]["get"]["parameters"]}
    # Only plain fields sort (not imgGroup, a list), each either way.
    assert {"price", "-price", "title"} <= set(storefront["sort"]["schema"]["enum"])
    assert "imgGroup" not in storefront["sort"]["schema"]["enum"]
    names = {p["name"] for p in spec["paths"]["/api/market-1/car-brand-list"]["get"]["parameters"]}
    assert names == {"q", "page", "per_page"}  # a list of names has nothing to sort by


def checked_answer(spec: dict, path: str, operation: dict, response) -> None:
    """The answer is one the document describes: status, content type, headers and schema."""
    answer = operation["responses"][str(response.status_code)]
    media, described = next(iter(answer["content"].items()))
    assert response.headers["content-type"].split(";")[0] == media.split(";")[0], path
    for header in answer.get("headers", {}):
        assert header in response.headers, (path, header)
    if media == "application/json":
        # The schema as the root of a document that holds the components its $refs point to.
        schema = {**described["schema"], "components": spec["components"]}
        jsonschema.validate(
            response.json(),
            schema,
            cls=jsonschema.Draft202012Validator,
            format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER,
        )


def test_every_list_and_record_answers_what_the_document_says(admin_client, spec):
    """Every GET of the seeded shop, each record path with a real id: a wrong type, a missing or
    an undeclared key fails here."""
    gets = {path: operation["get"] for path, operation in spec["paths"].items() if "get" in operation}
    for path, operation in gets.items():
        url = path
        if path.startswith(("/api/me/", "/api/seller/")):
            continue  # a shopper's or a seller's own records (403 for the back office), checked by their own tests
        if "{" in path:
            listed = path.removesuffix("/{id}")
            # A record with no list to find one in (an import's progress), or a part of one (a mail's HTML).
            if listed == path or listed not in gets:
                continue
            first = admin_client.get(listed, params={"per_page": 1}).json()
            if not first and listed in EMPTY_WHEN_SEEDED:
                continue
            url = f"{listed}/{first[0]['id']}"
        response = admin_client.get(url)
        assert response.status_code == 200, (url, response.text[:300])
        checked_answer(spec, url, operation, response)


def test_a_mismatch_is_caught(admin_client, spec):
    """The check above can fail: a record with a key its schema does not declare is refused."""
    operation = spec["paths"]["/api/brands"]["get"]
    spec["components"]["schemas"]["BrandRow"]["properties"].pop("logo")
    with pytest.raises(jsonschema.ValidationError, match="logo"):
        checked_answer(spec, "/api/brands", operation, admin_client.get("/api/brands"))
