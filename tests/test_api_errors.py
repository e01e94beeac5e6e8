"""Unexpected failures: a JSON 500 for the API, a real error page for pages; both logged once, both
with the security headers every answer carries (Starlette's last-resort handler runs outside every
middleware, so the app answers them inside its security headers)."""

from __future__ import annotations

import logging

from starlette.testclient import TestClient
from test_security_headers import assert_common_headers, policy_of

from app.main import create_app


def test_an_unexpected_failure_answers_500_with_the_spec_message_and_is_logged(settings, caplog):
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:

        def broken(*args, **kwargs):
            raise RuntimeError("database went away")

        # Every read, on a worker thread (the API's) or on the event loop (a page's, on SQLite).
        client.app.state.services.db.read_sync = broken
        with caplog.at_level(logging.ERROR):
            api = client.get("/api/market-1/flash-deals")
            page = client.get("/market-1")
        assert api.status_code == 500
        assert api.json() == {"message": "Internal server error"}
        assert page.status_code == 500 and "<h1" in page.text and "Something went wrong" in page.text
    assert sum("database went away" in (r.exc_text or "") for r in caplog.records) == 2  # once per failure
    for response in (api, page):
        assert_common_headers(response)
        assert policy_of(response)["frame-ancestors"] == "'none'"
    assert policy_of(api)["default-src"] == "'none'"


def test_unknown_api_path_is_a_json_404(client):
    response = client.get("/api/no-such-list")
    assert response.status_code == 404
    assert "message" in response.json()


def test_unknown_page_is_a_real_404_page(client):
    response = client.get("/no-such-page")
    assert response.status_code == 404
    assert "<h1" in response.text and "Page not found" in response.text


def test_bad_list_parameters_are_422_not_500(client):
    for query in ("page=abc", "per_page=0", "per_page=100000", "sort=nonsense"):
        response = client.get("/api/market-1/big-discounts?" + query)
        assert response.status_code == 422, query
        assert response.json()["message"]


def test_openapi_document_lists_every_api_route(client):
    spec = client.get("/openapi.json").json()
    assert spec["openapi"].startswith("3.")
    paths = spec["paths"]
    for path in ("/api/market-1/flash-deals", "/api/products", "/api/auth/session", "/api/grocery1/navigation"):
        assert path in paths, path
    listing = paths["/api/market-1/big-discounts"]["get"]
    assert {p["name"] for p in listing["parameters"]} >= {"q", "sort", "page", "per_page"}
    assert "X-Total-Count" in listing["responses"]["200"]["headers"]


# --- every refusal is a 4xx JSON {"message", "errors"}, and one the document describes ----------------


def refused(response, status: int) -> dict:
    assert response.status_code == status, response.text[:300]
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert isinstance(body["message"], str) and body["message"]
    assert set(body) <= {"message", "errors"}
    return body


def documented(client, path: str, method: str, status: int) -> bool:
    operation = client.get("/openapi.json").json()["paths"][path][method]
    return str(status) in operation["responses"]


def test_unknown_ids_and_unusable_path_parameters_are_json_404(admin_client):
    refused(admin_client.get("/api/products/999999"), 404)
    refused(admin_client.patch("/api/orders/99999999999999999999999", json={"status": "Processing"}), 404)
    assert documented(admin_client, "/api/products/{id}", "get", 404)
    for path in ("/api/products/abc", "/api/products/-1", "/api/products/1.5"):
        refused(admin_client.get(path), 404)


def test_a_method_the_path_does_not_take_is_a_json_405_with_allow(admin_client):
    response = admin_client.put("/api/products", json={})
    refused(response, 405)
    assert "POST" in response.headers["allow"]


def test_bodies_that_cannot_be_read_are_refused_and_change_nothing(admin_client):
    before = admin_client.get("/api/brands").headers["x-total-count"]
    refused(admin_client.post("/api/brands", content=b"name=Honey", headers={"content-type": "text/plain"}), 415)
    refused(admin_client.post("/api/brands", content=b'{"name": ', headers={"content-type": "application/json"}), 422)
    # JSON may escape half of a surrogate pair; no text can hold it, so no database or answer could.
    lone = refused(
        admin_client.post(
            "/api/brands", content=b'{"name": "Honey \\ud800"}', headers={"content-type": "application/json"}
        ),
        422,
    )
    assert lone["errors"] == {"body": "Not valid JSON"}
    refused(admin_client.post("/api/brands", json={"name": "x" * 70_000}), 413)
    assert admin_client.get("/api/brands").headers["x-total-count"] == before
    for status in (413, 415, 422):
        assert documented(admin_client, "/api/brands", "post", status)


def test_bad_query_parameters_are_422_per_parameter(admin_client):
    body = refused(admin_client.get("/api/grocery1/all-products", params={"sort": "imgGroup"}), 422)
    assert "sort" in body["errors"]  # a list of images does not sort
    body = refused(admin_client.get("/api/orders", params={"status": "Lost", "page": "x"}), 422)
    assert {"status", "page"} <= set(body["errors"])
    refused(admin_client.get("/api/related-products", params={"product": "1e3"}), 422)
    assert documented(admin_client, "/api/orders", "get", 422)


def test_checkout_refuses_ids_no_database_holds_and_merges_lines_past_a_line_limit(client):
    form = {
        "name": "Ada Reader",
        "email": "ada@example.com",
        "phone": "+1 555 0100",
        "billingAddress": "1 Main St",
        "paymentMethod": "Cash",
    }
    body = refused(client.post("/api/checkout", json={**form, "items": [{"id": 2**70, "qty": 1, "price": 1}]}), 422)
    assert "items.0.id" in body["errors"]
    product = client.get("/api/grocery1/all-products", params={"per_page": 1}).json()[0]
    line = {"id": product["id"], "qty": 99, "price": 1}
    # Twice 99 of one product is one line of 198: the stock decides (409), not a crash.
    response = client.post("/api/checkout", json={**form, "items": [line, line]})
    assert response.status_code in (201, 409) and response.json()
