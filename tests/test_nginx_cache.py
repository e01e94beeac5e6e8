"""deploy/nginx-cache.conf in front of a live server, in Debian's nginx on loopback: a page is a
MISS, then a HIT; a product edit shows through nginx within the shop's short s-maxage; a visitor
with a session always reaches the shop. Skipped where nginx is not installed (`make test`
installs nginx-light) or cannot start."""

from __future__ import annotations

import time

import httpx
import pytest
from conftest import free_port, start_server
from traffic import admin_client

from deploy.nginx import NginxUnavailable, running_nginx, site

MAX_AGE = 2


@pytest.fixture
def nginx_in_front(db_file, seeded_sqlite, tmp_path):
    server, upstream = start_server(
        db_file, seeded_sqlite[1], SHARED_CACHE_MAX_AGE=str(MAX_AGE), SHARED_CACHE_STALE="1"
    )
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    cache_site = site(
        "nginx-cache.conf",
        ("/var/cache/nginx/studentbooks", str(tmp_path / "cache")),
        ("server 127.0.0.1:8000;", f"server {upstream.removeprefix('http://')};"),
        ("listen 8080;", f"listen 127.0.0.1:{port};"),
    )
    try:
        with running_nginx(tmp_path, cache_site, base):
            yield base, upstream
    except NginxUnavailable as unavailable:
        pytest.skip(str(unavailable))
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_nginx_keeps_pages_and_shows_a_product_edit_within_the_short_s_maxage(nginx_in_front):
    base, upstream = nginx_in_front
    json = {"Accept": "application/json"}
    first = httpx.get(base + "/market-1", headers={"Accept-Encoding": "br"})
    again = httpx.get(base + "/market-1", headers={"Accept-Encoding": "br"})
    assert first.headers["x-cache-status"] == "MISS" and again.headers["x-cache-status"] == "HIT"
    assert again.content == first.content and again.headers["etag"] == first.headers["etag"]
    assert "x-content-type-options" in again.headers and "'nonce-" in again.headers["content-security-policy"]
    # The document and its props are two entries.
    assert httpx.get(base + "/market-1", headers=json).headers["x-cache-status"] == "MISS"
    card = httpx.get(base + "/market-1", headers=json).json()["props"]["flashDeals"][0]
    # A visitor with a session always reaches the shop.
    assert httpx.get(base + "/market-1", cookies={"sb_session": "x"}).headers["x-cache-status"] == "BYPASS"

    admin = admin_client(upstream)
    assert admin.patch(f"/api/products/{card['id']}", json={"name": "Seen Through Nginx"}).status_code == 200
    admin.close()
    edited = time.monotonic()
    # The shop itself shows it at once; nginx within its s-maxage (and one request to refresh).
    assert "Seen Through Nginx" in httpx.get(upstream + "/market-1", headers=json).text
    while "Seen Through Nginx" not in httpx.get(base + "/market-1", headers=json).text:
        assert time.monotonic() - edited < MAX_AGE + 3, "nginx kept the old page past its s-maxage"
        time.sleep(0.2)
