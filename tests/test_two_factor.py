"""Two-factor sign-in (TOTP, RFC 6238): enrolment from the account page with a server-drawn QR code
and one confirming code, ten recovery codes shown once and stored hashed; the password step then
answers a challenge and the code is a second step, counted by the sign-in limit, refusing replays
and accepting one step of clock drift; an owner can require it of every account."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from conftest import ADMIN_EMAIL, ADMIN_PASSWORD, sign_in
from sqlalchemy import select, update
from staff_accounts import (
    STAFF_PASSWORD,
    Authenticator,
    actions,
    another_browser,
    db,
    second_step,
    sign_in_with_code,
    signed_in_staff,
)

from app.auth import two_factor
from db.models import RecoveryCode, SignInChallenge

STEP = dt.timedelta(seconds=30)


class Clock:
    """The server's time for codes, moved by the test (no test waits for a 30-second step)."""

    def __init__(self):
        now = dt.datetime.now(dt.UTC)
        # In the middle of a step, so that "this step" is the same for the test and the server.
        self.now = now.replace(second=15 if now.second < 30 else 45, microsecond=0)

    def advance(self, steps: int = 1) -> None:
        self.now += steps * STEP


@pytest.fixture
def clock(monkeypatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(two_factor, "utcnow", lambda: clock.now)
    return clock


def enrol(browser, clock: Clock) -> tuple[Authenticator, list[str]]:
    started = browser.post("/api/admin/account/two-factor")
    assert started.status_code == 201, started.text
    app = Authenticator(started.json()["secret"])
    confirmed = browser.post("/api/admin/account/two-factor/confirm", json={"code": app.code(clock.now)})
    assert confirmed.status_code == 200, confirmed.text
    clock.advance()  # the enrolment used this step's code up
    return app, confirmed.json()["recoveryCodes"]


def test_enrolment_shows_a_qr_code_drawn_here_and_the_secret_and_one_right_code_confirms_it(admin_client, clock):
    started = admin_client.post("/api/admin/account/two-factor").json()
    assert re.fullmatch(r"[A-Z2-7]{32}", started["secret"])
    assert started["otpauthUri"].startswith("otpauth://totp/Student%20Books:")
    assert f"secret={started['secret']}" in started["otpauthUri"] and "issuer=Student%20Books" in started["otpauthUri"]
    assert started["qrSvg"].startswith("<svg") and "<path" in started["qrSvg"] and "http" not in started["qrSvg"]
    assert admin_client.get("/api/admin/account").json()["twoFactor"] is False, "pending until a code confirms it"

    app = Authenticator(started["secret"])
    wrong = admin_client.post("/api/admin/account/two-factor/confirm", json={"code": app.code(clock.now, steps=5)})
    assert wrong.status_code == 422 and "code" in wrong.json()["errors"]
    assert admin_client.post("/api/admin/account/two-factor/confirm", json={}).status_code == 422
    codes = admin_client.post("/api/admin/account/two-factor/confirm", json={"code": app.code(clock.now)}).json()[
        "recoveryCodes"
    ]
    assert len(set(codes)) == 10 and all(re.fullmatch(r"[a-z2-7]{5}-[a-z2-7]{5}", c) for c in codes)
    stored = db(admin_client).read_sync(lambda s: [r.code_hash for r in s.scalars(select(RecoveryCode))])
    assert len(stored) == 10 and not set(codes) & set(stored)
    assert admin_client.get("/api/admin/account").json() == {
        "name": "Administrator",
        "email": ADMIN_EMAIL,
        "role": "owner",
        "twoFactor": True,
        "recoveryCodesLeft": 10,
        "twoFactorRequired": False,
    }
    assert admin_client.post("/api/admin/account/two-factor").status_code == 409
    # The account page renders for the browser with the account in its props.
    assert admin_client.get("/admin/account", headers={"Accept": "application/json"}).json()["props"]["account"][
        "twoFactor"
    ]


def test_sign_in_then_takes_the_code_in_a_second_step_that_refuses_replays(admin_client, clock):
    app, _codes = enrol(admin_client, clock)
    browser = another_browser(admin_client)
    first = sign_in(browser)
    assert first.status_code == 200 and first.json()["secondFactor"] is True
    assert "sb_session" not in first.headers.get("set-cookie", "")
    assert browser.get("/api/auth/session").json() == {}, "a password alone signs nobody in"

    code = app.code(clock.now)
    done = second_step(browser, first.json()["challenge"], code)
    assert done.status_code == 200 and done.json() == {"url": "/admin"}
    assert browser.get("/api/auth/session").json()["user"]["email"] == ADMIN_EMAIL
    # The challenge is used up, and the same code again (a replay) is refused.
    assert (
        second_step(another_browser(admin_client), first.json()["challenge"], code).json()["error"]
        == "ChallengeExpired"
    )
    replay = sign_in_with_code(another_browser(admin_client), ADMIN_EMAIL, ADMIN_PASSWORD, code)
    assert replay.status_code == 401 and replay.json()["error"] == "CodeSignin"
    clock.advance()
    assert (
        sign_in_with_code(another_browser(admin_client), ADMIN_EMAIL, ADMIN_PASSWORD, app.code(clock.now)).status_code
        == 200
    )


def test_a_code_of_the_step_either_side_is_accepted_and_none_further(admin_client, clock):
    app, _codes = enrol(admin_client, clock)
    clock.advance(5)
    too_old = sign_in_with_code(
        another_browser(admin_client), ADMIN_EMAIL, ADMIN_PASSWORD, app.code(clock.now, steps=-2)
    )
    assert too_old.status_code == 401
    too_new = sign_in_with_code(
        another_browser(admin_client), ADMIN_EMAIL, ADMIN_PASSWORD, app.code(clock.now, steps=2)
    )
    assert too_new.status_code == 401
    behind = sign_in_with_code(
        another_browser(admin_client), ADMIN_EMAIL, ADMIN_PASSWORD, app.code(clock.now, steps=-1)
    )
    assert behind.status_code == 200
    ahead = sign_in_with_code(another_browser(admin_client), ADMIN_EMAIL, ADMIN_PASSWORD, app.code(clock.now, steps=1))
    assert ahead.status_code == 200
    # Once a later step's code was used, this step's (older) code is refused too.
    assert (
        sign_in_with_code(another_browser(admin_client), ADMIN_EMAIL, ADMIN_PASSWORD, app.code(clock.now)).status_code
        == 401
    )


def test_wrong_codes_count_in_the_sign_in_limit_until_the_pair_is_locked(admin_client, clock):
    app, _codes = enrol(admin_client, clock)
    browser = another_browser(admin_client)
    challenge = sign_in(browser).json()["challenge"]
    for _ in range(10):
        assert (
            second_step(browser, challenge, "000000" if app.code(clock.now) != "000000" else "111111").status_code
            == 401
        )
    locked = second_step(browser, challenge, app.code(clock.now))
    assert locked.status_code == 429 and locked.json()["error"] == "TooManyAttempts"
    assert sign_in(browser).status_code == 429, "the password step is locked for that pair too"
    assert actions(admin_client).count((ADMIN_EMAIL, "sign_in_failed", "account")) == 10


def test_a_recovery_code_signs_in_once(admin_client, clock):
    _app, codes = enrol(admin_client, clock)
    spoken = codes[3].upper().replace("-", " ")  # read out loud, typed in capitals with a space
    assert sign_in_with_code(another_browser(admin_client), ADMIN_EMAIL, ADMIN_PASSWORD, spoken).status_code == 200
    again = sign_in_with_code(another_browser(admin_client), ADMIN_EMAIL, ADMIN_PASSWORD, codes[3])
    assert again.status_code == 401 and again.json()["error"] == "CodeSignin"
    assert admin_client.get("/api/admin/account").json()["recoveryCodesLeft"] == 9
    methods = [
        e["after"]["method"]
        for e in admin_client.get("/api/audit-log", params={"entity": "account", "per_page": 50}).json()
        if e["action"] == "sign_in"
    ]
    assert "recovery_code" in methods


def test_the_challenge_lasts_five_minutes(admin_client, clock):
    app, _codes = enrol(admin_client, clock)
    browser = another_browser(admin_client)
    challenge = sign_in(browser).json()["challenge"]
    expires = db(admin_client).read_sync(
        lambda s: s.scalar(select(SignInChallenge.expires_at)) - s.scalar(select(SignInChallenge.created_at))
    )
    assert expires == dt.timedelta(minutes=5)
    db(admin_client).write_sync(
        lambda s: s.execute(
            update(SignInChallenge).values(expires_at=dt.datetime.now(dt.UTC) - dt.timedelta(seconds=1))
        )
    )
    late = second_step(browser, challenge, app.code(clock.now))
    assert late.status_code == 401 and late.json()["error"] == "ChallengeExpired"
    assert browser.get("/api/auth/session").json() == {}


def test_both_steps_work_as_plain_forms_without_javascript(admin_client, clock):
    app, _codes = enrol(admin_client, clock)
    browser = another_browser(admin_client)
    page = browser.get("/login?callbackUrl=/admin/orders")
    csrf = re.search(r'name="csrfToken" value="([^"]+)"', page.text).group(1)
    first = browser.post(
        "/api/auth/callback/credentials",
        follow_redirects=False,
        data={"csrfToken": csrf, "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD, "callbackUrl": "/admin/orders"},
    )
    assert first.status_code == 302 and first.headers["location"] == "/login?callbackUrl=%2Fadmin%2Forders&step=code"
    assert browser.cookies.get("sb_challenge")
    code_page = browser.get(first.headers["location"])
    assert 'name="code"' in code_page.text and 'action="/api/auth/callback/two-factor"' in code_page.text
    wrong = browser.post(
        "/api/auth/callback/two-factor",
        follow_redirects=False,
        data={"csrfToken": csrf, "code": "12345x", "callbackUrl": "/admin/orders"},
    )
    assert (
        wrong.status_code == 302
        and "error=CodeSignin" in wrong.headers["location"]
        and "step=code" in wrong.headers["location"]
    )
    done = browser.post(
        "/api/auth/callback/two-factor",
        follow_redirects=False,
        data={"csrfToken": csrf, "code": app.code(clock.now), "callbackUrl": "/admin/orders"},
    )
    assert done.status_code == 302 and done.headers["location"] == "/admin/orders"
    assert browser.get("/api/auth/session").json()["user"]["email"] == ADMIN_EMAIL
    assert not browser.cookies.get("sb_challenge")
    # Without the challenge's cookie the code step starts over.
    assert "took too long" in another_browser(admin_client).get("/login?step=code").text


def test_turning_two_factor_off_takes_a_current_code(admin_client, clock):
    app, _codes = enrol(admin_client, clock)
    assert admin_client.post("/api/admin/account/two-factor/disable", json={"code": "123456"}).status_code == 422
    off = admin_client.post("/api/admin/account/two-factor/disable", json={"code": app.code(clock.now)})
    assert off.status_code == 200 and off.json()["twoFactor"] is False and off.json()["recoveryCodesLeft"] == 0
    assert sign_in(another_browser(admin_client)).json() == {"url": "/admin"}
    assert admin_client.post("/api/admin/account/two-factor/disable", json={"code": "123456"}).status_code == 409
    logged = actions(admin_client)
    assert (ADMIN_EMAIL, "two_factor_enrol", "account") in logged and (
        ADMIN_EMAIL,
        "two_factor_disable",
        "account",
    ) in logged


def test_an_owner_can_require_two_factor_sign_in_and_an_account_without_it_must_enrol_first(admin_client, clock):
    staff = signed_in_staff(admin_client)
    refused = admin_client.patch("/api/admin/settings", json={"requireTwoFactor": True})
    assert refused.status_code == 409 and "your own account first" in refused.json()["message"]
    enrol(admin_client, clock)
    assert admin_client.patch("/api/admin/settings", json={"requireTwoFactor": "yes"}).status_code == 422
    assert admin_client.patch("/api/admin/settings", json={"requireTwoFactor": True}).json() == {
        "requireTwoFactor": True
    }
    assert admin_client.get("/api/admin/settings").json() == {"requireTwoFactor": True}
    assert admin_client.get("/api/products").status_code == 200, "the owner has two-factor sign-in"

    # The staff member's open session can reach only the account page from now on...
    assert staff.get("/api/products").status_code == 403
    assert "two-factor" in staff.get("/api/orders").json()["message"]
    assert staff.get("/admin/products", follow_redirects=False).headers["location"] == "/admin/account"
    assert staff.get("/admin/account").status_code == 200
    assert staff.get("/api/auth/session").json()["enrolmentRequired"] is True
    # ... and a fresh sign-in goes straight there.
    fresh = another_browser(admin_client)
    assert sign_in(fresh, "sam@studentbooks.test", STAFF_PASSWORD).json() == {"url": "/admin/account"}
    assert fresh.get("/api/reviews").status_code == 403

    own = staff.post("/api/admin/account/two-factor/disable", json={"code": "123456"})
    assert own.status_code == 409
    enrol(staff, clock)
    assert staff.get("/api/products").status_code == 200
    assert fresh.get("/api/reviews").status_code == 200, "every session of the account is freed"
    assert "enrolmentRequired" not in staff.get("/api/auth/session").json()
    assert (ADMIN_EMAIL, "update", "shop_setting") in actions(admin_client)
