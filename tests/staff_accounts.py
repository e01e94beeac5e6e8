"""Helpers of the staff and two-factor tests: inviting, accepting, signing in as someone else in
another cookie jar of the same app, and TOTP codes computed with pyotp as an authenticator would."""

from __future__ import annotations

import datetime as dt

import pyotp
from conftest import another_browser, sign_in
from sqlalchemy import select
from starlette.testclient import TestClient

from db.models import AuditEntry

STAFF_PASSWORD = "a long staff password"


def db(client: TestClient):
    return client.app.state.services.db


def invite(
    owner: TestClient, email: str = "sam@studentbooks.test", name: str = "Sam Staff", role: str = "staff"
) -> dict:
    response = owner.post("/api/admin/staff", json={"email": email, "name": name, "role": role})
    assert response.status_code == 201, response.text
    return response.json()


def accept(browser: TestClient, invite_path: str, password: str = STAFF_PASSWORD, **fields):
    """Sets the password the way the link's page does with JavaScript."""
    token = browser.get("/api/auth/csrf").json()["csrfToken"]
    return browser.post(
        "/api/staff/invite/" + invite_path.rsplit("/", 1)[1],
        data={"csrfToken": token, "password": password, "confirm": password, "json": "true", **fields},
    )


def with_csrf(browser: TestClient) -> TestClient:
    browser.headers["X-CSRF-Token"] = browser.get("/api/auth/csrf").json()["csrfToken"]
    return browser


def signed_in_staff(owner: TestClient, email: str = "sam@studentbooks.test", role: str = "staff") -> TestClient:
    """A browser of a newly invited member of staff who has set a password (and so is signed in)."""
    browser = another_browser(owner)
    assert accept(browser, invite(owner, email, role=role)["invitePath"]).status_code == 200
    return with_csrf(browser)


def actions(client: TestClient) -> list[tuple[str, str, str]]:
    """The audit log's (actor, action, entity) entries, oldest first."""
    return [
        (e.actor, e.action, e.entity)
        for e in db(client).read_sync(lambda s: list(s.scalars(select(AuditEntry).order_by(AuditEntry.id))))
    ]


class Authenticator:
    """The phone's app: the code for any moment, from the secret shown at enrolment."""

    def __init__(self, secret: str):
        self.totp = pyotp.TOTP(secret)

    def code(self, at: dt.datetime, steps: int = 0) -> str:
        return self.totp.at(at, counter_offset=steps)


def sign_in_with_code(browser: TestClient, email: str, password: str, code: str):
    """Both steps of a sign-in with JavaScript; answers the second step's response."""
    first = sign_in(browser, email, password)
    assert first.status_code == 200 and first.json()["secondFactor"] is True, first.text
    return second_step(browser, first.json()["challenge"], code)


def second_step(browser: TestClient, challenge: str, code: str):
    token = browser.get("/api/auth/csrf").json()["csrfToken"]
    return browser.post(
        "/api/auth/callback/two-factor",
        data={"csrfToken": token, "challenge": challenge, "code": code, "callbackUrl": "/admin", "json": "true"},
    )
