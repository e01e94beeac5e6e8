"""deploy/nginx-cache.conf in front of a live server, in Debian's nginx on loopback: a page is a
MISS, then a HIT; a product edit shows through nginx within the shop's short s-maxage; a visitor
with a session always reaches the shop. Skipped where nginx is not installed (`make test`
installs nginx-light) or cannot start."""
from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import httpx
import pytest

from app.settings import ROOT
from conftest import free_port, start_server
from traffic import admin_client

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
MAX_AGE = 2


def nginx_config(folder: Path, upstream: str, port: int) -> Path:
    site = (ROOT / "deploy" / "nginx-cache.conf").read_text()
    for example, here in (("/var/cache/nginx/studentbooks", str(folder / "cache")),
                          ("server 127.0.0.1:8000;", f"server {upstream};"), ("listen 8080;", f"listen 127.0.0.1:{port};")):
        assert example in site, f"deploy/nginx-cache.conf no longer has {example!r}"
        site = site.replace(example, here)
    (folder / "site.conf").write_text(site)
    temp = " ".join(f"{kind}_temp_path {folder / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    main = folder / "nginx.conf"
    main.write_text(
        ("user root;\n" if os.geteuid() == 0 else "")  # the workers must reach the test's private folder
        + f"daemon off;\nworker_processes 1;\npid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'};\n"
        + f"events {{}}\nhttp {{\naccess_log off;\n{temp}\ninclude {folder / 'site.conf'};\n}}\n")
    return main


@pytest.fixture
def nginx_in_front(db_file, seeded_sqlite, tmp_path):
    if not Path(NGINX).exists():
        pytest.skip("nginx is not installed (make test installs nginx-light)")
    server, upstream = start_server(db_file, seeded_sqlite[1], SHARED_CACHE_MAX_AGE=str(MAX_AGE), SHARED_CACHE_STALE="1")
    port = free_port()
    config = nginx_config(tmp_path, upstream.removeprefix("http://"), port)
    proxy = subprocess.Popen([NGINX, "-c", str(config), "-p", str(tmp_path)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(50):
            if proxy.poll() is not None:
                pytest.skip("nginx could not start: " + proxy.stderr.read().decode()[-500:])
            try:
                httpx.get(base + "/robots.txt", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        yield base, upstream
    finally:
        proxy.terminate()
        proxy.wait(timeout=10)
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
