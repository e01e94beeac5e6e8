"""GET /healthz, the load balancer's health check: 200 while the database answers, 503 (never a
500, never cached) once it does not."""

from __future__ import annotations

from conftest import free_port

from app.database import Database


def test_an_instance_whose_database_answers_is_healthy(any_client):
    response = any_client.get("/healthz")
    assert response.status_code == 200 and response.json() == {"status": "ok"}
    assert response.headers["cache-control"] == "no-store"
    assert any_client.head("/healthz").status_code == 200


def test_an_instance_that_cannot_reach_its_database_says_so_with_a_503(client):
    services = client.app.state.services
    working = services.db
    # A PostgreSQL server nobody runs: every query fails to connect.
    services.db = Database(f"postgresql://127.0.0.1:{free_port()}/gone")
    try:
        response = client.get("/healthz")
    finally:
        services.db.dispose()
        services.db = working
    assert response.status_code == 503 and response.json() == {"status": "unavailable"}
    assert response.headers["cache-control"] == "no-store"
    assert client.get("/healthz").status_code == 200
