"""Sign-in, sessions and CSRF under /api/auth, the /login page and the /admin guard."""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
import re
from http.cookies import SimpleCookie

import pytest
from conftest import ADMIN_EMAIL, ADMIN_PASSWORD, another_browser, make_settings, sign_in
from sqlalchemy import select, update
from starlette.responses import JSONResponse
from starlette.routing import Route
from starlette.testclient import TestClient

from app.auth import passwords, sessions
from app.main import create_app
from db.models import AuthSession, User


def cookie_attributes(response, name: str) -> dict:
    """The attributes of the Set-Cookie header for `name` (lower-cased keys)."""
    for header in response.headers.get_list("set-cookie"):
        jar = SimpleCookie()
        jar.load(header)
        if name in jar:
            morsel = jar[name]
            attributes = {k.lower(): v for k, v in morsel.items() if v}
            attributes["value"] = morsel.value
            attributes["httponly"] = "httponly" in header.lower()
            attributes["secure"] = "secure" in header.lower()
            return attributes
    raise AssertionError(f"no Set-Cookie for {name}: {response.headers.get_list('set-cookie')}")


def services(client: TestClient):
    return client.app.state.services


def sessions_in_db(client: TestClient) -> list[AuthSession]:
    return services(client).db.read_sync(lambda s: list(s.scalars(select(AuthSession))))


def set_session_times(client: TestClient, **values) -> None:
    services(client).db.write_sync(lambda s: s.execute(update(AuthSession).values(**values)))


def post_credentials(client: TestClient, **fields):
    body = {"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD, "callbackUrl": "/admin", "json": "true", **fields}
    if "csrfToken" not in fields:
        body["csrfToken"] = client.get("/api/auth/csrf").json()["csrfToken"]
    return client.post("/api/auth/callback/credentials", data=body, follow_redirects=False)


# --- CSRF and providers ----------------------------------------------------------------------------


def test_csrf_before_sign_in_is_a_random_token_kept_in_an_httponly_cookie(client):
    first = client.get("/api/auth/csrf")
    token = first.json()["csrfToken"]
    assert len(token) >= 40
    cookie = cookie_attributes(first, "sb_csrf")
    assert cookie["value"] == token and cookie["httponly"] and cookie["samesite"].lower() == "lax"
    assert first.headers["cache-control"] == "no-store"
    # The same browser keeps its token; another browser gets another one.
    assert client.get("/api/auth/csrf").json()["csrfToken"] == token
    assert another_browser(client).get("/api/auth/csrf").json()["csrfToken"] != token


def test_csrf_once_signed_in_is_the_sessions_token(client):
    assert sign_in(client).status_code == 200
    token = client.get("/api/auth/csrf").json()["csrfToken"]
    assert token == client.get("/api/auth/session").json()["csrfToken"]
    assert token == sessions_in_db(client)[0].csrf_token


def test_providers_lists_the_credentials_provider(client):
    assert client.get("/api/auth/providers").json() == {
        "credentials": {
            "id": "credentials",
            "name": "Credentials",
            "type": "credentials",
            "signinUrl": "/api/auth/signin/credentials",
            "callbackUrl": "/api/auth/callback/credentials",
        }
    }


# --- sign in -------------------------------------------------------------------------------------


def test_sign_in_sets_an_httponly_samesite_session_cookie_whose_hash_alone_is_stored(client):
    response = sign_in(client)
    assert response.status_code == 200
    assert response.json() == {"url": "/admin"}
    cookie = cookie_attributes(response, "sb_session")
    assert cookie["httponly"] and cookie["samesite"].lower() == "lax" and cookie["path"] == "/"
    assert not cookie["secure"]
    token = cookie["value"]
    [stored] = sessions_in_db(client)
    assert stored.token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert token not in (stored.token_hash, stored.csrf_token)


def test_session_cookie_is_secure_when_the_settings_say_so(settings):
    secure = make_settings(settings.database_url, settings.media_dir, secure_cookies=True)
    with TestClient(create_app(secure), base_url="https://127.0.0.1") as client:
        assert cookie_attributes(sign_in(client), "sb_session")["secure"]


def test_wrong_password_is_401_with_the_message_and_no_session(client):
    response = sign_in(client, password="not the password")
    assert response.status_code == 401
    assert response.json() == {"message": "Email or password is incorrect", "error": "CredentialsSignin"}
    assert "sb_session" not in response.headers.get("set-cookie", "")
    assert client.get("/api/auth/session").json() == {}
    assert sessions_in_db(client) == []


def test_unknown_email_answers_like_a_wrong_password_and_still_checks_a_hash(client, monkeypatch):
    checked = []
    real_verify = passwords.verify_password
    monkeypatch.setattr(passwords, "verify_password", lambda h, p: checked.append(h) or real_verify(h, p))
    unknown = sign_in(client, email="nobody@studentbooks.test")
    wrong = sign_in(client, password="not the password")
    assert unknown.status_code == wrong.status_code == 401
    assert unknown.json() == wrong.json()
    # One argon2 verification each: the unknown email against the dummy hash.
    assert len(checked) == 2 and all(h.startswith("$argon2id$") for h in checked)


def test_email_is_matched_without_regard_to_case_or_spaces(client):
    assert sign_in(client, email=f"  {ADMIN_EMAIL.upper()} ").status_code == 200


@pytest.mark.parametrize("token", [None, "", "forged-token-forged-token-forged-token"])
def test_sign_in_without_the_csrf_token_of_this_browser_is_403(client, token):
    client.get("/api/auth/csrf")
    fields = {} if token is None else {"csrfToken": token}
    response = client.post(
        "/api/auth/callback/credentials",
        data={"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD, "json": "true", **fields},
    )
    assert response.status_code == 403
    assert response.json()["message"]
    assert sessions_in_db(client) == []


def test_a_csrf_token_from_another_browser_is_refused(client):
    foreign = another_browser(client).get("/api/auth/csrf").json()["csrfToken"]
    client.get("/api/auth/csrf")
    assert post_credentials(client, csrfToken=foreign).status_code == 403


@pytest.mark.parametrize(
    "callback, expected",
    [
        ("/admin/orders?status=Pending", "/admin/orders?status=Pending"),
        ("/", "/"),
        ("//evil.com", "/admin"),
        ("//evil.com/admin", "/admin"),
        ("/\\evil.com", "/admin"),
        ("https://evil.com/admin", "/admin"),
        ("javascript:alert(1)", "/admin"),
        ("admin", "/admin"),
        ("", "/admin"),
    ],
)
def test_callback_url_is_kept_only_when_it_is_a_same_site_path(client, callback, expected):
    response = post_credentials(client, callbackUrl=callback)
    assert response.status_code == 200
    assert response.json() == {"url": expected}


def test_without_json_a_sign_in_redirects_to_the_callback_or_back_to_login(client):
    wrong = post_credentials(client, json="", password="nope", callbackUrl="/admin/orders")
    assert wrong.status_code == 302
    assert wrong.headers["location"] == "/login?callbackUrl=%2Fadmin%2Forders&error=CredentialsSignin"
    right = post_credentials(client, json="", callbackUrl="//evil.com")
    assert right.status_code == 302 and right.headers["location"] == "/admin"
    assert client.get("/api/auth/session").json()["user"]["email"] == ADMIN_EMAIL


def test_signing_in_again_rotates_the_session(client):
    first = cookie_attributes(sign_in(client), "sb_session")["value"]
    second = cookie_attributes(sign_in(client), "sb_session")["value"]
    assert first != second
    # The first session's row is gone (revoked, then cleared): its cookie signs nobody in.
    hashes = {s.token_hash for s in sessions_in_db(client) if not s.revoked}
    assert hashes == {sessions.token_hash(second)}
    client.cookies.set("sb_session", first)
    assert client.get("/api/auth/session").json() == {}


def test_failed_sign_ins_are_limited_per_ip_and_email(client):
    for _ in range(10):
        assert sign_in(client, password="guess").status_code == 401
    blocked = sign_in(client, password="guess")
    assert blocked.status_code == 429
    assert "Too many" in blocked.json()["message"]
    # Even the right password waits out the window; another email from the same IP does not.
    assert sign_in(client).status_code == 429
    assert sign_in(client, email="someone.else@studentbooks.test", password="guess").status_code == 401


# --- the session -----------------------------------------------------------------------------------


def test_session_payload_names_the_user_and_when_it_expires(client):
    assert client.get("/api/auth/session").json() == {}
    sign_in(client)
    before = dt.datetime.now(dt.UTC)
    body = client.get("/api/auth/session").json()
    assert body["user"] == {"name": "Administrator", "email": ADMIN_EMAIL, "role": "owner"}
    assert body["csrfToken"] == client.get("/api/auth/csrf").json()["csrfToken"]
    expires = dt.datetime.fromisoformat(body["expires"])
    idle = services(client).settings.session_idle_sec
    assert before < expires <= before + dt.timedelta(seconds=idle + 5)


def test_sign_out_revokes_the_session_so_the_old_cookie_no_longer_works(client):
    sign_in(client)
    old = client.cookies.get("sb_session")
    token = client.get("/api/auth/csrf").json()["csrfToken"]
    response = client.post("/api/auth/signout", data={"csrfToken": token, "json": "true"})
    assert response.status_code == 200 and response.json() == {"url": "/"}
    assert cookie_attributes(response, "sb_session")["max-age"] == "0"
    assert all(s.revoked for s in sessions_in_db(client))
    client.cookies.set("sb_session", old)
    assert client.get("/api/auth/session").json() == {}
    assert client.get("/api/orders").status_code == 401


def test_sign_out_needs_the_csrf_token(client):
    sign_in(client)
    assert client.post("/api/auth/signout", data={"csrfToken": "wrong", "json": "true"}).status_code == 403
    assert client.get("/api/auth/session").json()["user"]


def test_idle_session_reports_session_timed_out_and_clears_the_cookie(client):
    sign_in(client)
    idle = services(client).settings.session_idle_sec
    set_session_times(client, last_seen_at=dt.datetime.now(dt.UTC) - dt.timedelta(seconds=idle + 1))
    response = client.get("/api/auth/session")
    assert response.status_code == 200
    assert response.json() == {"error": "SessionTimedOut"}
    assert cookie_attributes(response, "sb_session")["max-age"] == "0"
    assert client.get("/api/orders").status_code == 401
    # With the cookie gone the browser is simply signed out.
    assert client.get("/api/auth/session").json() == {}


def test_session_past_its_absolute_lifetime_times_out_even_when_busy(client):
    sign_in(client)
    absolute = services(client).settings.session_absolute_sec
    now = dt.datetime.now(dt.UTC)
    set_session_times(client, created_at=now - dt.timedelta(seconds=absolute + 1), last_seen_at=now)
    assert client.get("/api/auth/session").json() == {"error": "SessionTimedOut"}


def test_tiny_idle_lifetime_from_settings_expires_the_session(settings):
    short = make_settings(settings.database_url, settings.media_dir, session_idle_sec=1)
    with TestClient(create_app(short), base_url="http://127.0.0.1") as client:
        sign_in(client)
        assert client.get("/api/auth/session").json()["user"]
        set_session_times(client, last_seen_at=dt.datetime.now(dt.UTC) - dt.timedelta(seconds=2))
        assert client.get("/api/auth/session").json() == {"error": "SessionTimedOut"}


def test_last_seen_moves_at_most_once_a_minute(client):
    sign_in(client)
    now = dt.datetime.now(dt.UTC)
    recently = now - dt.timedelta(seconds=30)
    set_session_times(client, last_seen_at=recently)
    client.get("/api/auth/session")
    assert sessions_in_db(client)[0].last_seen_at == recently
    a_while_ago = now - dt.timedelta(minutes=5)
    set_session_times(client, last_seen_at=a_while_ago)
    client.get("/api/auth/session")
    assert sessions_in_db(client)[0].last_seen_at >= now


def test_session_update_keeps_the_session_alive_and_needs_csrf(client):
    sign_in(client)
    token = client.get("/api/auth/csrf").json()["csrfToken"]
    set_session_times(client, last_seen_at=dt.datetime.now(dt.UTC) - dt.timedelta(seconds=30))
    assert client.post("/api/auth/session", json={"csrfToken": "wrong", "data": {}}).status_code == 403
    before = dt.datetime.now(dt.UTC)
    response = client.post("/api/auth/session", json={"csrfToken": token, "data": {"note": "still here"}})
    assert response.status_code == 200
    assert response.json()["user"]["email"] == ADMIN_EMAIL
    assert sessions_in_db(client)[0].last_seen_at >= before
    # Updating nobody's session changes nothing.
    client.cookies.clear()
    assert client.post("/api/auth/session", json={"csrfToken": token}).json() == {}


def test_require_csrf_guards_writes_with_the_sessions_token(client):
    async def write(request):
        await sessions.require_admin(request)
        await sessions.require_csrf(request)
        return JSONResponse({"written": True})

    client.app.router.routes.insert(0, Route("/api/test-write", write, methods=["POST"]))
    assert client.post("/api/test-write").status_code == 401
    sign_in(client)
    refused = client.post("/api/test-write", headers={"X-CSRF-Token": "wrong"})
    assert refused.status_code == 403 and refused.json()["message"]
    token = client.get("/api/auth/csrf").json()["csrfToken"]
    assert client.post("/api/test-write", headers={"X-CSRF-Token": token}).json() == {"written": True}


# --- the administrator from the environment ---------------------------------------------------------


def test_ensure_admin_creates_the_user_and_follows_a_changed_password(client):
    db = services(client).db
    user = db.read_sync(lambda s: s.scalar(select(User).where(User.email == ADMIN_EMAIL)))
    assert user.role == "owner" and user.password_hash.startswith("$argon2id$")
    assert ADMIN_PASSWORD not in user.password_hash
    assert sign_in(client).status_code == 200
    db.write_sync(passwords.ensure_admin, ADMIN_EMAIL, ADMIN_PASSWORD)
    assert client.get("/api/auth/session").json()["user"], "an unchanged password keeps sessions"
    db.write_sync(passwords.ensure_admin, ADMIN_EMAIL, "a brand new password")
    assert client.get("/api/auth/session").json() == {}, "a new password signs the old sessions out"
    assert sign_in(client).status_code == 401
    assert sign_in(client, password="a brand new password").status_code == 200
    db.write_sync(passwords.ensure_admin, "second.admin@studentbooks.test", "another password")
    assert (
        db.read_sync(lambda s: s.scalar(select(User).where(User.email == "second.admin@studentbooks.test"))) is not None
    )


# --- client log ------------------------------------------------------------------------------------


def test_log_accepts_form_and_json_and_logs_at_the_level_given(client, caplog):
    caplog.set_level(logging.DEBUG, logger="studentbooks.auth.client")
    form = client.post("/api/auth/_log", data={"level": "error", "code": "CLIENT_FETCH_ERROR", "message": "boom\nnext"})
    assert form.status_code == 200 and form.json() == {}
    beacon = client.post(
        "/api/auth/_log",
        content='{"level": "warn", "code": "DEBUG_ENABLED", "url": "/x"}',
        headers={"content-type": "text/plain;charset=UTF-8"},
    )
    assert beacon.status_code == 200 and beacon.json() == {}
    records = [(r.levelno, r.getMessage()) for r in caplog.records if r.name == "studentbooks.auth.client"]
    assert records[0][0] == logging.ERROR and "CLIENT_FETCH_ERROR" in records[0][1]
    assert "\n" not in records[0][1]
    assert records[1][0] == logging.WARNING and "DEBUG_ENABLED" in records[1][1]


def test_log_refuses_bodies_over_8_kb_and_bad_json(client):
    big = client.post("/api/auth/_log", data={"level": "error", "code": "X", "message": "x" * 9000})
    assert big.status_code == 413 and big.json()["message"]
    assert (
        client.post("/api/auth/_log", content="[1, 2]", headers={"content-type": "application/json"}).status_code == 400
    )
    assert (
        client.post("/api/auth/_log", content="{not json", headers={"content-type": "application/json"}).status_code
        == 400
    )


# --- /login and /admin -----------------------------------------------------------------------------


def test_login_page_renders_the_form_server_side_with_a_sanitised_callback(client):
    response = client.get("/login?callbackUrl=//evil.com")
    assert response.status_code == 200
    assert response.headers["cache-control"] == "private, no-store"
    root = response.text.split('<div id="root">', 1)[1]
    assert 'name="email"' in root and 'name="password"' in root and "Sign in" in root
    token = cookie_attributes(response, "sb_csrf")["value"]
    assert f'name="csrfToken" value="{token}"' in root
    assert 'name="callbackUrl" value="/admin"' in root
    props = client.get("/login?callbackUrl=/admin/orders", headers={"Accept": "application/json"}).json()["props"]
    assert props["callbackUrl"] == "/admin/orders"


def test_login_form_posted_without_javascript_signs_in(client):
    page = client.get("/login")
    token = re.search(r'name="csrfToken" value="([^"]+)"', page.text).group(1)
    response = client.post(
        "/api/auth/callback/credentials",
        follow_redirects=False,
        data={"csrfToken": token, "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD, "callbackUrl": "/admin"},
    )
    assert response.status_code == 302 and response.headers["location"] == "/admin"


def test_login_when_already_signed_in_goes_to_the_callback(client):
    sign_in(client)
    response = client.get("/login?callbackUrl=/admin/orders", follow_redirects=False)
    assert response.status_code == 302 and response.headers["location"] == "/admin/orders"


def test_admin_without_a_session_redirects_to_login(client):
    response = client.get("/admin", follow_redirects=False)
    assert response.status_code == 302
    assert response.headers["location"] == "/login?callbackUrl=%2Fadmin"
    as_json = client.get("/admin", headers={"Accept": "application/json"}, follow_redirects=False)
    assert as_json.status_code == 401 and as_json.json()["message"]


def test_admin_with_an_expired_session_redirects_to_login(client):
    sign_in(client)
    set_session_times(client, last_seen_at=dt.datetime(2000, 1, 1, tzinfo=dt.UTC))
    assert client.get("/admin", follow_redirects=False).status_code == 302


def test_admin_dashboard_renders_the_cards_server_side(client):
    sign_in(client)
    response = client.get("/admin")
    assert response.status_code == 200
    assert response.headers["cache-control"] == "private, no-store"
    root = response.text.split('<div id="root">', 1)[1].split('<script id="__PAGE__"', 1)[0]
    assert root.count('data-testid="dashboard-card"') == 4
    cards = client.get("/api/dashboard-cards").json()
    sales = next(c for c in cards if c["id"] == "sales")
    assert f"${sales['amount1']:,.2f}" in root
    for title in (
        "Sales",
        "Orders",
        "Customers",
        "Earnings",
        "Recent Purchases",
        "Stock Out Products",
        "Sign out",
        "Administrator",
    ):
        assert title in root
    newest = client.get("/api/recent-purchase").json()[0]
    assert newest["product"] in root.replace("&#x27;", "'").replace("&amp;", "&")
    props = client.get("/admin", headers={"Accept": "application/json"}).json()["props"]
    assert props["session"]["user"]["email"] == ADMIN_EMAIL
    assert "csrfToken" not in props["session"]
    assert len(props["recentPurchases"]) == 10 and all(p["stock"] == 0 for p in props["stockOut"])
