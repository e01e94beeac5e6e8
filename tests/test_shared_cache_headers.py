"""What caches in front of the shop are told: anonymous storefront pages are public for a short
s-maxage with their ETag and invalidation keys; admin pages and answers to a session are private.
Hits answered before the router carry the same headers as the router's answers."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

from conftest import make_settings, sign_in
from starlette.testclient import TestClient

from app.caching.shared_cache import SURROGATE_KEY_LIMIT, surrogate_key
from app.main import create_app
from app.pages.page_keys import products_in

SECURITY = (
    "x-content-type-options",
    "x-frame-options",
    "referrer-policy",
    "permissions-policy",
    "content-security-policy",
)


def test_an_anonymous_page_is_public_for_shared_caches_with_its_keys(client):
    first = client.get("/market-1")
    hit = client.get("/market-1")
    control = hit.headers["cache-control"]
    assert control.startswith("public") and "max-age=0" in control
    assert "s-maxage=10" in control and "stale-while-revalidate=60" in control
    keys = hit.headers["surrogate-key"].split()
    assert "shop:market" in keys and "content:market" in keys
    shown = products_in(client.get("/market-1", headers={"Accept": "application/json"}).json()["props"])
    assert {f"p:{i}" for i in shown} <= set(keys)
    assert hit.headers["etag"] == first.headers["etag"]
    assert client.get("/market-1", headers={"If-None-Match": hit.headers["etag"]}).status_code == 304


def test_a_hit_before_the_router_carries_the_routers_headers(client):
    client.get("/grocery1", headers={"Accept-Encoding": "br"})  # cached
    fast = client.get("/grocery1", headers={"Accept-Encoding": "br"})
    # Over https on a shop that does not say it is served so, the fast path steps aside (its answers
    # lack HSTS): the router answers the same page.
    routed = client.get("https://127.0.0.1/grocery1", headers={"Accept-Encoding": "br"})
    assert fast.content == routed.content
    for name in (*SECURITY, "cache-control", "etag", "vary", "surrogate-key", "content-encoding"):
        assert fast.headers[name] == routed.headers[name], name
    # Its own policy (the nonce of its styles) stays with the page.
    assert "'nonce-" in fast.headers["content-security-policy"]
    head = client.head("/grocery1", headers={"Accept-Encoding": "br"})
    assert head.status_code == 200 and head.content == b"" and head.headers["etag"] == fast.headers["etag"]


def test_admin_pages_and_answers_to_a_session_are_private(admin_client):
    assert admin_client.get("/admin").headers["cache-control"] == "private, no-store"
    for path in ("/api/products?per_page=5", "/api/auth/session", "/api/market-1/flash-deals"):
        response = admin_client.get(path)
        assert response.status_code == 200, path
        assert "no-store" in response.headers["cache-control"], path
    assert admin_client.get("/api/market-1/flash-deals").headers["cache-control"] == "private, no-store"


def test_a_sign_in_answer_that_sets_a_cookie_is_private(client):
    response = sign_in(client)
    assert "set-cookie" in response.headers
    assert "no-store" in response.headers["cache-control"]


def test_a_long_key_list_is_shortened_to_coarse_keys():
    keys = {f"p:{i}" for i in range(1000)} | {"stock:5", "shop:grocery", "content:grocery1"}
    header = surrogate_key(keys)
    assert len(header) <= SURROGATE_KEY_LIMIT
    assert header.split() == ["content:grocery1", "products", "shop:grocery", "stock"]


def test_the_server_reports_the_keys_to_purge(settings, caplog):
    received: list[dict] = []

    class Purger(BaseHTTPRequestHandler):
        def do_POST(self):
            received.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = HTTPServer(("127.0.0.1", 0), Purger)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    purging = make_settings(
        settings.database_url, settings.media_dir, purge_url=f"http://127.0.0.1:{server.server_port}/purge"
    )
    try:
        with TestClient(create_app(purging), base_url="http://127.0.0.1") as client, caplog.at_level("INFO"):
            sign_in(client)
            client.headers["X-CSRF-Token"] = client.get("/api/auth/csrf").json()["csrfToken"]
            assert client.patch("/api/products/1", json={"price": "5.55"}).status_code == 200
            for _ in range(50):
                if received:
                    break
                threading.Event().wait(0.05)
    finally:
        server.shutdown()
    assert received and {"p:1", "products", "search", "any"} <= set(received[0]["keys"])
    assert any("purge keys:" in record.message and "p:1" in record.message for record in caplog.records)


def test_the_answer_that_built_a_page_says_where_its_time_went(client):
    built = client.get("/grocery2?timing=1")
    stages = dict(part.split(";dur=") for part in built.headers["server-timing"].split(", "))
    assert {"db", "v8", "document", "keys", "compress", "total"} <= set(stages)
    assert all(float(ms) >= 0 for ms in stages.values())
    ms = {stage: float(took) for stage, took in stages.items()}
    # The keys are found on the event loop while V8 renders (app/pages/render.py build_page): the
    # two overlap, and the total holds the longer of them, not their sum.
    assert ms["total"] >= ms["db"] + max(ms["v8"] + ms["document"], ms["keys"]) + ms["compress"]
    props = client.get("/grocery2?timing=1", headers={"Accept": "application/json"})
    assert "db;dur=" in props.headers["server-timing"] and "v8;" not in props.headers["server-timing"]
    # A hit is a lookup: it has no build to report, before the router or through it.
    assert "server-timing" not in client.get("/grocery2?timing=1").headers
    assert "server-timing" not in client.get("/grocery2?timing=1", headers={"Cookie": "sb_session=nobody"}).headers


def test_a_signed_in_shopper_gets_the_cached_page_before_the_router(client):
    client.get("/grocery1")  # cached
    builds = client.app.state.services.page_cache.builds
    signed_in = client.get("/grocery1", headers={"Cookie": "sb_session=any-session"})
    assert signed_in.status_code == 200 and "server-timing" not in signed_in.headers
    assert "s-maxage" in signed_in.headers["cache-control"]
    assert client.app.state.services.page_cache.builds == builds
