"""Unexpected failures: a JSON 500 for the API, a real error page for pages; both logged."""
from __future__ import annotations

import logging

from starlette.testclient import TestClient

from app.main import create_app


def test_an_unexpected_failure_answers_500_with_the_spec_message_and_is_logged(settings, caplog):
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:

        async def broken(*args, **kwargs):
            raise RuntimeError("database went away")

        client.app.state.services.db.read = broken
        with caplog.at_level(logging.ERROR):
            api = client.get("/api/market-1/flash-deals")
            page = client.get("/market-1")
        assert api.status_code == 500
        assert api.json() == {"message": "Internal server error"}
        assert page.status_code == 500 and "<h1" in page.text and "Something went wrong" in page.text
        assert any("database went away" in (r.exc_text or "") for r in caplog.records)


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
