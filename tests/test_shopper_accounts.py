"""A shopper's account after sign-up, as a shopper uses it, with its mail read from a real SMTP server
(aiosmtpd on 127.0.0.1): the verify link (once), sending it again (rate limited), signing in and out,
resetting a forgotten password (no mail, and the same answer, for an unknown email), changing the
name, the email (confirmed by a link mailed to the new address) and the password, signing out
everywhere, and deleting the account (its orders stay with the shop as a "Deleted account"'s)."""

from __future__ import annotations

import datetime as dt
import re
import time

from conftest import ADMIN_EMAIL, ADMIN_PASSWORD, another_browser, sign_in
from sqlalchemy import select
from test_mail_delivery import mailing_client, outbox, place_order, sink  # noqa: F401

from db.models import AccountToken, AuditEntry, Customer, User

SHOPPER = {"name": "Asha Verma", "email": "asha.verma@example.com", "password": "correct horse battery staple"}
NEW_PASSWORD = "violet kettle marching north"


def csrf(client) -> dict:
    return {"X-CSRF-Token": client.get("/api/auth/csrf").json()["csrfToken"]}


def sign_up(client, **fields):
    answer = client.post("/api/me", json={**SHOPPER, **fields}, headers=csrf(client))
    assert answer.status_code == 201, answer.text
    return answer


def link_in(mail, path: str) -> str:
    """The token of the mail's link to `path`, the same in its HTML and its text."""
    text = mail.get_body(("plain",)).get_content()
    html = mail.get_body(("html",)).get_content()
    found = re.search(rf"http://127\.0\.0\.1:8000{re.escape(path)}\?token=([A-Za-z0-9_-]+)", text)
    assert found, text
    assert found.group(0) in html
    return found.group(1)


def mail_about(sink, subject: str, to: str = SHOPPER["email"], nth: int = 1):
    """The nth mail with this subject to `to`, waiting for it to arrive."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        found = [m for m in sink.messages(to) if m["Subject"] == subject]
        if len(found) >= nth:
            return found[nth - 1]
        time.sleep(0.05)
    raise AssertionError(f"no mail {subject!r} to {to}: {[m['Subject'] for m in sink.messages()]}")


VERIFY, RESET = "Confirm your email for Student Books", "Reset your Student Books password"


def db_write(client, fn):
    return client.app.state.services.db.write_sync(fn)


def db_read(client, fn):
    return client.app.state.services.db.read_sync(fn)


def backdate_tokens(client, purpose: str, by: dt.timedelta) -> None:
    def move(session):
        for token in session.scalars(select(AccountToken).where(AccountToken.purpose == purpose)):
            token.created_at -= by
            token.expires_at -= by

    db_write(client, move)


def test_the_verify_mail_arrives_and_its_link_works_once(settings, sink):
    with mailing_client(settings, sink) as client:
        sign_up(client)
        [mail] = sink.wait_for(1, to=SHOPPER["email"])
        assert mail["Subject"] == "Confirm your email for Student Books"
        token = link_in(mail, "/account/verify")
        assert "expires on" in mail.get_body(("plain",)).get_content()
        # The link is opened in another browser, signed out: it still verifies.
        elsewhere = another_browser(client)
        answer = elsewhere.post("/api/me/verify", json={"token": token}, headers=csrf(elsewhere))
        assert answer.status_code == 200 and answer.json()["emailVerified"] is True
        again = elsewhere.post("/api/me/verify", json={"token": token}, headers=csrf(elsewhere))
        assert again.status_code == 409 and "used already" in again.json()["message"]
        assert client.get("/api/me").json()["emailVerified"] is True
        # Verified: no new link.
        resent = client.post("/api/me/verify/resend", headers=csrf(client))
        assert resent.status_code == 409 and "verified already" in resent.json()["message"]


def test_the_verify_link_is_sent_again_at_most_once_a_minute_and_five_times_a_day(settings, sink):
    with mailing_client(settings, sink) as client:
        sign_up(client)
        [first] = sink.wait_for(1)
        assert client.post("/api/me/verify/resend").status_code == 403  # no CSRF token
        too_soon = client.post("/api/me/verify/resend", headers=csrf(client))
        assert too_soon.status_code == 429 and "seconds" in too_soon.json()["message"]
        backdate_tokens(client, "verify", dt.timedelta(minutes=2))
        resent = client.post("/api/me/verify/resend", headers=csrf(client))
        assert resent.status_code == 202, resent.text
        assert SHOPPER["email"] in resent.json()["message"]
        second = sink.wait_for(2)[1]
        # Only the newest link works.
        old = client.post("/api/me/verify", json={"token": link_in(first, "/account/verify")}, headers=csrf(client))
        assert old.status_code == 409
        for _ in range(3):
            backdate_tokens(client, "verify", dt.timedelta(minutes=2))
            assert client.post("/api/me/verify/resend", headers=csrf(client)).status_code == 202
        backdate_tokens(client, "verify", dt.timedelta(minutes=2))
        day = client.post("/api/me/verify/resend", headers=csrf(client))
        assert day.status_code == 429 and "5 links today" in day.json()["message"], day.json()
        assert "hours" in day.json()["message"]
        assert len(sink.wait_for(5)) == 5
        newest = link_in(sink.messages()[-1], "/account/verify")
        assert newest != link_in(second, "/account/verify")
        assert client.post("/api/me/verify", json={"token": newest}, headers=csrf(client)).status_code == 200
    # Signed out: 401.
    with mailing_client(settings, sink) as guest:
        assert guest.post("/api/me/verify/resend", headers=csrf(guest)).status_code == 401


def test_sign_out_and_sign_in_again_and_a_shopper_is_refused_the_back_office(client):
    sign_up(client)
    out = client.post("/api/auth/signout", data={"csrfToken": csrf(client)["X-CSRF-Token"], "json": "true"})
    assert out.status_code == 200
    assert client.get("/api/me").json() is None
    assert sign_in(client, SHOPPER["email"], "not the password").status_code == 401
    assert sign_in(client, SHOPPER["email"], SHOPPER["password"]).status_code == 200
    assert client.get("/api/me").json()["name"] == "Asha Verma"
    assert client.get("/api/customers").status_code == 403
    assert client.patch("/api/products/1", json={"name": "x"}, headers=csrf(client)).status_code == 403


def test_a_forgotten_password_is_reset_by_the_mailed_link_and_every_other_browser_is_signed_out(settings, sink):
    with mailing_client(settings, sink) as client:
        sign_up(client)
        sink.wait_for(1)
        other = another_browser(client)
        assert sign_in(other, SHOPPER["email"], SHOPPER["password"]).status_code == 200
        forgetful = another_browser(client)
        asked = forgetful.post(
            "/api/me/password-reset", json={"email": " Asha.Verma@Example.com "}, headers=csrf(forgetful)
        )
        assert asked.status_code == 202 and "If an account uses this email" in asked.json()["message"]
        mail = mail_about(sink, RESET)
        token = link_in(mail, "/account/reset")

        weak = forgetful.post(
            "/api/me/password-reset/confirm",
            json={"token": token, "password": "asha.verma-2026"},
            headers=csrf(forgetful),
        )
        assert weak.status_code == 422 and "email" in weak.json()["errors"]["password"]
        done = forgetful.post(
            "/api/me/password-reset/confirm", json={"token": token, "password": NEW_PASSWORD}, headers=csrf(forgetful)
        )
        assert done.status_code == 200, done.text
        assert forgetful.get("/api/me").json()["email"] == SHOPPER["email"]  # signed in here
        assert client.get("/api/me").json() is None and other.get("/api/me").json() is None  # and nowhere else
        again = forgetful.post(
            "/api/me/password-reset/confirm",
            json={"token": token, "password": NEW_PASSWORD + "!"},
            headers=csrf(forgetful),
        )
        assert again.status_code == 409 and "used already" in again.json()["message"]
        assert sign_in(other, SHOPPER["email"], SHOPPER["password"]).status_code == 401
        assert sign_in(other, SHOPPER["email"], NEW_PASSWORD).status_code == 200


def test_a_reset_link_expires_after_an_hour(settings, sink):
    with mailing_client(settings, sink) as client:
        sign_up(client)
        client.post("/api/me/password-reset", json={"email": SHOPPER["email"]}, headers=csrf(client))
        token = link_in(mail_about(sink, RESET), "/account/reset")
        backdate_tokens(client, "reset", dt.timedelta(minutes=61))
        late = client.post(
            "/api/me/password-reset/confirm", json={"token": token, "password": NEW_PASSWORD}, headers=csrf(client)
        )
        assert late.status_code == 409 and "expired" in late.json()["message"]


def test_a_reset_for_an_unknown_email_or_a_staff_account_answers_alike_and_mails_nothing(settings, sink):
    with mailing_client(settings, sink) as client:
        before = len(outbox(client))
        answers = [
            client.post("/api/me/password-reset", json={"email": email}, headers=csrf(client))
            for email in ("nobody@example.com", ADMIN_EMAIL)
        ]
        assert [a.status_code for a in answers] == [202, 202]
        assert answers[0].json() == answers[1].json()
        assert len(outbox(client)) == before
        assert client.post("/api/me/password-reset", json={"email": "nobody@example.com"}).status_code == 403
        # Asked too often for one email from one address: refused whether it has an account or not.
        statuses = [
            client.post(
                "/api/me/password-reset", json={"email": "nobody@example.com"}, headers=csrf(client)
            ).status_code
            for _ in range(10)
        ]
        assert statuses[-1] == 429 and statuses[:8] == [202] * 8
        assert len(outbox(client)) == before
        assert sink.messages() == []


def test_the_name_changes_at_once_and_a_new_email_once_its_link_confirms_it(settings, sink):
    with mailing_client(settings, sink) as client:
        sign_up(client)
        sink.wait_for(1)
        taken = another_browser(client)
        sign_up(taken, name="Ravi Kumar", email="ravi@example.com")
        headers = csrf(client)
        assert client.patch("/api/me", json={"name": "Asha V."}).status_code == 403
        renamed = client.patch("/api/me", json={"name": "Asha V."}, headers=headers)
        assert renamed.status_code == 200 and renamed.json()["name"] == "Asha V."
        assert client.get("/api/me").json()["name"] == "Asha V."

        missing = client.patch("/api/me", json={"email": "asha@new.example"}, headers=headers)
        assert missing.status_code == 422 and "currentPassword" in missing.json()["errors"]
        wrong = client.patch("/api/me", json={"email": "asha@new.example", "currentPassword": "nope"}, headers=headers)
        assert wrong.status_code == 422 and "not your current password" in wrong.json()["errors"]["currentPassword"]
        clash = client.patch(
            "/api/me", json={"email": "Ravi@example.com", "currentPassword": SHOPPER["password"]}, headers=headers
        )
        assert clash.status_code == 409 and clash.json()["message"] == "That email cannot be used"
        asked = client.patch(
            "/api/me", json={"email": "asha@new.example", "currentPassword": SHOPPER["password"]}, headers=headers
        )
        assert asked.status_code == 200, asked.text
        assert asked.json()["pendingEmail"] == "asha@new.example" and asked.json()["email"] == SHOPPER["email"]
        [mail] = sink.wait_for(1, to="asha@new.example")
        assert mail["Subject"] == "Confirm your new email for Student Books"
        token = link_in(mail, "/account/verify-email-change")
        assert client.get("/api/me").json()["email"] == SHOPPER["email"]  # not before the link

        guest = another_browser(client)
        confirmed = guest.post("/api/me/email/confirm", json={"token": token}, headers=csrf(guest))
        assert confirmed.status_code == 200, confirmed.text
        assert client.get("/api/me").json() == {
            "name": "Asha V.",
            "email": "asha@new.example",
            "emailVerified": True,
            "role": "customer",
        }
        assert guest.post("/api/me/email/confirm", json={"token": token}, headers=csrf(guest)).status_code == 409
        assert sign_in(guest, "asha@new.example", SHOPPER["password"]).status_code == 200
        assert sign_in(another_browser(client), SHOPPER["email"], SHOPPER["password"]).status_code == 401


def test_a_new_password_is_checked_and_signs_out_every_other_browser(client):
    sign_up(client)
    other = another_browser(client)
    assert sign_in(other, SHOPPER["email"], SHOPPER["password"]).status_code == 200
    headers = csrf(client)
    weak = client.patch(
        "/api/me", json={"password": "password1234", "currentPassword": SHOPPER["password"]}, headers=headers
    )
    assert weak.status_code == 422 and "password" in weak.json()["errors"]
    changed = client.patch(
        "/api/me", json={"password": NEW_PASSWORD, "currentPassword": SHOPPER["password"]}, headers=headers
    )
    assert changed.status_code == 200, changed.text
    assert client.get("/api/me").json()["email"] == SHOPPER["email"]  # this browser stays signed in
    assert other.get("/api/me").json() is None
    assert sign_in(other, SHOPPER["email"], SHOPPER["password"]).status_code == 401
    assert sign_in(other, SHOPPER["email"], NEW_PASSWORD).status_code == 200


def test_sign_out_everywhere_ends_every_session_this_one_too(client):
    sign_up(client)
    other = another_browser(client)
    assert sign_in(other, SHOPPER["email"], SHOPPER["password"]).status_code == 200
    assert client.post("/api/me/sign-out-everywhere").status_code == 403
    out = client.post("/api/me/sign-out-everywhere", headers=csrf(client))
    assert out.status_code == 200 and out.json()["url"] == "/"
    assert client.get("/api/me").json() is None and other.get("/api/me").json() is None


def test_a_deleted_account_keeps_no_personal_data_its_orders_stay_and_it_cannot_sign_in(settings, sink):
    with mailing_client(settings, sink) as client:
        placed = place_order(another_browser(client), email=SHOPPER["email"], name="Asha Verma")
        sign_up(client)
        token = link_in(mail_about(sink, VERIFY), "/account/verify")
        assert client.post("/api/me/verify", json={"token": token}, headers=csrf(client)).status_code == 200
        other = another_browser(client)
        assert sign_in(other, SHOPPER["email"], SHOPPER["password"]).status_code == 200

        headers = csrf(client)
        wrong = client.request("DELETE", "/api/me", json={"password": "not it"}, headers=headers)
        assert wrong.status_code == 422 and "password" in wrong.json()["errors"]
        gone = client.request("DELETE", "/api/me", json={"password": SHOPPER["password"]}, headers=headers)
        assert gone.status_code == 200, gone.text
        assert client.get("/api/me").json() is None and other.get("/api/me").json() is None
        assert sign_in(other, SHOPPER["email"], SHOPPER["password"]).status_code == 401

        def stored(session):
            user = session.scalar(select(User).where(User.email.like("deleted-%")))
            customers = session.scalars(select(Customer).where(Customer.user_id == user.id)).all()
            audited = session.scalar(select(AuditEntry.action).where(AuditEntry.action == "account_deleted"))
            left = session.scalar(select(User.id).where(User.email == SHOPPER["email"]))
            return user, [(c.name, c.email, c.phone) for c in customers], audited, left

        user, customers, audited, left = db_read(client, stored)
        assert (user.name, user.phone, user.role) == ("Deleted account", "", "customer")
        assert user.email == f"deleted-{user.id}@deleted.invalid" and user.disabled_at is not None
        assert customers and all(name == "Deleted account" and phone == "" for name, _, phone in customers)
        assert all(email.endswith("@deleted.invalid") for _, email, _ in customers)
        assert audited == "account_deleted" and left is None

        admin = another_browser(client)
        assert sign_in(admin, ADMIN_EMAIL, ADMIN_PASSWORD).status_code == 200
        order = admin.get(f"/api/orders/{placed['orderNo']}")
        assert order.status_code == 200 and "Deleted account" in order.text and "Asha" not in order.text
        # The email is free again: a new account may use it.
        fresh = another_browser(client)
        sign_up(fresh)


def test_deleting_an_unverified_account_leaves_the_guest_orders_of_its_email_alone(client):
    placed = place_order(another_browser(client), email=SHOPPER["email"], name="Asha Verma")
    sign_up(client)  # never verified: the email may not be this account's
    gone = client.request("DELETE", "/api/me", json={"password": SHOPPER["password"]}, headers=csrf(client))
    assert gone.status_code == 200, gone.text
    admin = another_browser(client)
    assert sign_in(admin, ADMIN_EMAIL, ADMIN_PASSWORD).status_code == 200
    assert "Asha Verma" in admin.get(f"/api/orders/{placed['orderNo']}").text


def test_the_account_pages_before_sign_in_are_cached_and_hold_no_token(client):
    for path in ("/account/sign-in", "/account/sign-up", "/account/reset"):
        page = client.get(path)
        assert page.status_code == 200, path
        assert "private" not in page.headers["cache-control"], path
        assert "csrfToken" not in page.text and "sb_csrf" not in page.headers.get("set-cookie", "")
    for path in ("/account/verify?token=abcdefghijkl", "/account/reset?token=abcdefghijkl"):
        page = client.get(path)
        assert page.status_code == 200 and "no-store" in page.headers["cache-control"], path
        assert "abcdefghijkl" not in page.text.split("</head>")[0]


def test_tokens_are_kept_only_as_hashes(settings, sink):
    with mailing_client(settings, sink) as client:
        sign_up(client)
        token = link_in(sink.wait_for(1)[0], "/account/verify")
        hashes = db_read(client, lambda session: list(session.scalars(select(AccountToken.token_hash))))
        assert token not in hashes and all(len(h) == 64 for h in hashes)
