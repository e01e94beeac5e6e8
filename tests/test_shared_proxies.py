"""X-Forwarded-For and X-Forwarded-Proto are believed from TRUSTED_PROXIES only: behind a trusted
proxy the sign-in limit counts the real client's address and cookies are Secure (with HSTS) when
the proxy was reached over https; from any other peer the headers change nothing. The real server
leaves them to the app (uvicorn's own proxy headers are off)."""

from __future__ import annotations

import ipaddress

import httpx
import pytest
from conftest import ADMIN_EMAIL, ADMIN_PASSWORD, make_settings, start_server
from sqlalchemy import select
from starlette.testclient import TestClient
from test_auth import cookie_attributes

from app.http.proxies import TrustedProxies
from app.main import create_app
from db.engine import make_engine, make_sessionmaker
from db.models import SignInFailure

PROXY = ("10.0.0.2", 4000)
STRANGER = ("198.51.100.20", 4000)


def address(text: str):
    return ipaddress.ip_address(text)


@pytest.mark.parametrize(
    "forwarded_for, client",
    [
        ("203.0.113.7", "203.0.113.7"),
        ("198.51.100.1, 203.0.113.7", "203.0.113.7"),  # the leftmost hop is whatever the client wrote
        ("203.0.113.7, 10.0.0.9", "203.0.113.7"),  # a chain of trusted proxies is walked through
        ("10.0.0.8, 10.0.0.9", "10.0.0.8"),  # all trusted: the farthest one
        ("", "10.0.0.2"),
        ("not-an-address", "10.0.0.2"),
        ("::ffff:203.0.113.7", "203.0.113.7"),
    ],
)
def test_the_client_is_the_rightmost_hop_that_is_not_a_trusted_proxy(forwarded_for, client):
    assert TrustedProxies("10.0.0.0/8, 192.0.2.1").client(address("10.0.0.2"), forwarded_for) == address(client)


def test_a_trusted_proxy_that_is_not_an_address_stops_the_server_with_a_message():
    with pytest.raises(ValueError, match="TRUSTED_PROXIES: 'nginx' is not an address"):
        TrustedProxies("10.0.0.1, nginx")


def app_client(settings, peer: tuple[str, int], trusted: str = "10.0.0.0/8") -> TestClient:
    return TestClient(
        create_app(make_settings(settings.database_url, settings.media_dir, trusted_proxies=trusted)),
        base_url="http://127.0.0.1",
        client=peer,
    )


def fail_sign_in(client: TestClient, forwarded_for: str) -> httpx.Response:
    token = client.get("/api/auth/csrf", headers={"X-Forwarded-For": forwarded_for}).json()["csrfToken"]
    return client.post(
        "/api/auth/callback/credentials",
        headers={"X-Forwarded-For": forwarded_for},
        data={"csrfToken": token, "email": ADMIN_EMAIL, "password": "guess", "json": "true"},
    )


def failed_from(database_url: str) -> set[str]:
    engine = make_engine(database_url)
    with make_sessionmaker(engine)() as session:
        found = set(session.scalars(select(SignInFailure.client)))
    engine.dispose()
    return found


def test_behind_a_trusted_proxy_the_limit_counts_the_forwarded_client(settings):
    with app_client(settings, PROXY) as client:
        for _ in range(10):
            assert fail_sign_in(client, "203.0.113.7").status_code == 401
        assert fail_sign_in(client, "203.0.113.7").status_code == 429
        assert fail_sign_in(client, "203.0.113.8").status_code == 401, "another client is not locked out"
    assert failed_from(settings.database_url) == {"203.0.113.7", "203.0.113.8"}


def test_an_untrusted_peers_forwarded_for_is_ignored(settings):
    with app_client(settings, STRANGER) as client:
        for n in range(10):  # a new made-up address each time does not escape the limit
            assert fail_sign_in(client, f"203.0.113.{n}").status_code == 401
        assert fail_sign_in(client, "203.0.113.99").status_code == 429
    assert failed_from(settings.database_url) == {STRANGER[0]}


@pytest.mark.parametrize("peer, secure", [(PROXY, True), (STRANGER, False)])
def test_cookies_are_secure_and_hsts_sent_when_a_trusted_proxy_says_https(settings, peer, secure):
    with app_client(settings, peer) as client:
        response = client.get("/api/auth/csrf", headers={"X-Forwarded-Proto": "https"})
    assert bool(cookie_attributes(response, "sb_csrf").get("secure")) is secure
    assert ("strict-transport-security" in response.headers) is secure


def test_the_real_server_leaves_forwarded_headers_to_the_app(db_file, seeded_sqlite):
    # uvicorn trusts 127.0.0.1's X-Forwarded-For by default; with no TRUSTED_PROXIES nothing may.
    server, base = start_server(db_file, seeded_sqlite[1])
    try:
        with httpx.Client(base_url=base, headers={"X-Forwarded-For": "203.0.113.50"}) as browser:
            token = browser.get("/api/auth/csrf").json()["csrfToken"]
            refused = browser.post(
                "/api/auth/callback/credentials",
                data={"csrfToken": token, "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD + "x", "json": "true"},
            )
            assert refused.status_code == 401
    finally:
        server.terminate()
        server.wait(timeout=15)
    assert failed_from(f"sqlite:///{db_file}") == {"127.0.0.1"}
