"""Security headers on every answer (app/http/security.py): pages carry a Content-Security-Policy that
allows their one inline script by hash and their style elements by the nonce they carry; anything
else is allowed nothing; nobody may frame the shop."""

from __future__ import annotations

import base64
import hashlib
import re

import pytest
from conftest import make_settings
from starlette.testclient import TestClient

from app.main import create_app

COMMON = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
}


def policy_of(response) -> dict[str, str]:
    return {
        part.split(" ", 1)[0]: part.split(" ", 1)[1] if " " in part else ""
        for part in (p.strip() for p in response.headers["content-security-policy"].split(";"))
    }


def sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def assert_common_headers(response) -> None:
    for name, value in COMMON.items():
        assert response.headers[name] == value, name
    assert "camera=()" in response.headers["permissions-policy"]
    assert "payment=()" in response.headers["permissions-policy"]
    assert "strict-transport-security" not in response.headers  # plain http here


@pytest.mark.parametrize("path", ["/", "/market-1", "/product/1", "/product/search/physics", "/login", "/no-such-page"])
def test_a_page_allows_its_inline_script_by_hash_and_its_styles_by_its_nonce(client, path):
    response = client.get(path)
    assert_common_headers(response)
    policy = policy_of(response)
    assert "unsafe-inline" not in policy["script-src"] and "unsafe-eval" not in policy["script-src"]
    for directive, value in {
        "object-src": "'none'",
        "base-uri": "'none'",
        "frame-ancestors": "'none'",
        "form-action": "'self'",
        "default-src": "'self'",
    }.items():
        assert policy[directive] == value
    html = response.text
    inline = re.findall(r"<script>(.*?)</script>", html, re.S)  # scripts without a type run
    assert len(inline) == 1 and sha256(inline[0]) in policy["script-src"]
    assert not re.search(r"<script(?![^>]*type=\"application/(?:ld\+)?json\")(?![^>]*\bsrc=)[^>]+>", html)
    nonce = re.search(r"'nonce-([\w-]+)'", policy["style-src"]).group(1)
    styles = re.findall(r"<style([^>]*)>", html)
    assert styles and all(f'nonce="{nonce}"' in attributes for attributes in styles)
    assert "unsafe-inline" not in policy["style-src"]


def test_a_cached_page_keeps_the_policy_that_names_its_own_nonce(client):
    first, second = client.get("/gift-shop"), client.get("/gift-shop")
    assert first.headers["etag"] == second.headers["etag"]  # the same cached body...
    assert first.headers["content-security-policy"] == second.headers["content-security-policy"]  # ...and its policy
    nonce = re.search(r"'nonce-([\w-]+)'", first.headers["content-security-policy"]).group(1)
    assert f'nonce="{nonce}"' in second.text


def test_each_render_draws_a_new_nonce(admin_client):
    nonces = {
        re.search(r"'nonce-([\w-]+)'", admin_client.get("/admin").headers["content-security-policy"]).group(1)
        for _ in range(3)
    }
    assert len(nonces) == 3


@pytest.mark.parametrize(
    "path", ["/api/products?per_page=1", "/openapi.json", "/robots.txt", "/favicon.svg", "/api/admin/orders"]
)
def test_answers_that_are_not_pages_allow_nothing(client, path):
    response = client.get(path)
    assert_common_headers(response)
    assert policy_of(response)["default-src"] == "'none'"
    assert policy_of(response)["frame-ancestors"] == "'none'"


def test_build_files_are_not_sniffed(client):
    html = client.get("/").text
    script = re.search(r'"entry":"(/build/[^"]+)"', html).group(1)
    response = client.get(script)
    assert response.status_code == 200 and response.headers["x-content-type-options"] == "nosniff"


def test_a_shop_served_over_https_asks_browsers_to_keep_to_https(db_file, seeded_sqlite):
    settings = make_settings(f"sqlite:///{db_file}", seeded_sqlite[1], public_url="https://shop.example")
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        assert client.get("/").headers["strict-transport-security"].startswith("max-age=31536000")
