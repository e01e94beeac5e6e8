"""Staff accounts: an owner invites by email (a one-time link, 48 hours, sets the password),
disables and re-enables accounts (sessions end at once), and sees each last sign-in; staff are
refused the owner's areas (payouts, package payments, staff, settings) with 403, by the API and
the pages alike; every change is in the audit log."""

from __future__ import annotations

import datetime as dt
import re

from conftest import ADMIN_EMAIL, sign_in
from sqlalchemy import func, select, update
from staff_accounts import (
    STAFF_PASSWORD,
    accept,
    actions,
    another_browser,
    db,
    invite,
    signed_in_staff,
)

from db.models import AuditEntry, StaffInvite, User
from db.models.base import utcnow

STAFF_EMAIL = "sam@studentbooks.test"
ONLY_OWNERS = "Only the shop's owner may use this area"


def users(client) -> int:
    return db(client).read_sync(lambda s: s.scalar(select(func.count(User.id))))


def staff_row(owner, email: str = STAFF_EMAIL) -> dict:
    return next(row for row in owner.get("/api/admin/staff").json() if row["email"] == email)


def test_an_invited_member_of_staff_sets_a_password_through_the_link_and_signs_in(admin_client):
    answer = invite(admin_client, STAFF_EMAIL, "Sam Staff")
    path = answer["invitePath"]
    assert re.fullmatch(r"/staff/invite/[A-Za-z0-9_-]{40,}", path) and answer["inviteUrl"].endswith(path)
    assert answer["staff"]["status"] == "invited" and answer["staff"]["role"] == "staff"
    expires = dt.datetime.fromisoformat(answer["staff"]["inviteExpiresAt"])
    assert dt.timedelta(hours=47, minutes=59) < expires - utcnow() <= dt.timedelta(hours=48)
    # Only the link's hash is kept.
    token = path.rsplit("/", 1)[1]
    assert token not in {
        i.token_hash for i in db(admin_client).read_sync(lambda s: list(s.scalars(select(StaffInvite))))
    }

    staff = another_browser(admin_client)
    assert sign_in(staff, STAFF_EMAIL, STAFF_PASSWORD).status_code == 401, "no password before the link sets one"
    page = staff.get(path)
    assert page.status_code == 200 and STAFF_EMAIL in page.text and 'name="password"' in page.text
    # The page's form posted without JavaScript: a redirect into the back office, signed in.
    csrf = re.search(r'name="csrfToken" value="([^"]+)"', page.text).group(1)
    done = staff.post(
        "/api/staff/invite/" + token,
        follow_redirects=False,
        data={"csrfToken": csrf, "password": STAFF_PASSWORD, "confirm": STAFF_PASSWORD},
    )
    assert done.status_code == 302 and done.headers["location"] == "/admin"
    assert staff.get("/api/auth/session").json()["user"] == {"name": "Sam Staff", "email": STAFF_EMAIL, "role": "staff"}

    row = staff_row(admin_client)
    assert row["status"] == "active" and row["inviteExpiresAt"] is None and row["lastSignInAt"]
    assert sign_in(another_browser(admin_client), STAFF_EMAIL, STAFF_PASSWORD).json() == {"url": "/admin"}


def test_a_used_expired_or_unknown_link_says_why_and_sets_nothing(admin_client):
    path = invite(admin_client)["invitePath"]
    assert accept(another_browser(admin_client), path).status_code == 200
    again = accept(another_browser(admin_client), path, password="someone else's password")
    assert again.status_code == 410 and "used already" in again.json()["message"]
    assert another_browser(admin_client).get(path).status_code == 410
    assert sign_in(another_browser(admin_client), STAFF_EMAIL, "someone else's password").status_code == 401

    late = invite(admin_client, "late@studentbooks.test")["invitePath"]
    db(admin_client).write_sync(
        lambda s: s.execute(update(StaffInvite).values(expires_at=utcnow() - dt.timedelta(seconds=1)))
    )
    page = another_browser(admin_client).get(late)
    assert page.status_code == 410 and "has expired" in page.text and 'name="password"' not in page.text
    assert accept(another_browser(admin_client), late).status_code == 410
    assert another_browser(admin_client).get("/staff/invite/no-such-link").status_code == 404

    # A new link for the late one: the old link is gone, the new one works.
    renewed = admin_client.post(f"/api/admin/staff/{staff_row(admin_client, 'late@studentbooks.test')['id']}/invite")
    assert renewed.status_code == 201
    assert accept(another_browser(admin_client), late).status_code == 404
    assert accept(another_browser(admin_client), renewed.json()["invitePath"]).status_code == 200
    assert admin_client.post(f"/api/admin/staff/{staff_row(admin_client)['id']}/invite").status_code == 409


def test_a_short_or_mistyped_password_is_refused_and_the_link_still_works(admin_client):
    path = invite(admin_client)["invitePath"]
    browser = another_browser(admin_client)
    short = accept(browser, path, password="short")
    assert short.status_code == 422 and "password" in short.json()["errors"]
    differ = accept(browser, path, confirm="not the same one")
    assert differ.status_code == 422
    # Without JavaScript: back to the page, which says what a password needs.
    page = browser.get(path)
    csrf = re.search(r'name="csrfToken" value="([^"]+)"', page.text).group(1)
    back = browser.post(
        "/api/staff/invite/" + path.rsplit("/", 1)[1],
        follow_redirects=False,
        data={"csrfToken": csrf, "password": "short", "confirm": "short"},
    )
    assert back.status_code == 302 and back.headers["location"].endswith("?error=password")
    assert "at least 10 characters" in browser.get(back.headers["location"]).text
    assert (
        browser.post("/api/staff/invite/" + path.rsplit("/", 1)[1], data={"password": STAFF_PASSWORD}).status_code
        == 403
    )
    assert accept(browser, path).status_code == 200


def test_invites_refuse_bad_input_and_duplicates_and_write_nothing(admin_client):
    before = users(admin_client)
    assert admin_client.post("/api/admin/staff", json={"email": "not an email", "name": "X Y"}).status_code == 422
    assert (
        admin_client.post("/api/admin/staff", json={"email": "a@b.test", "name": "A", "role": "king"}).status_code
        == 422
    )
    assert admin_client.post("/api/admin/staff", data="x", headers={"Content-Type": "text/plain"}).status_code == 415
    taken = admin_client.post("/api/admin/staff", json={"email": ADMIN_EMAIL.upper(), "name": "Owner Again"})
    assert taken.status_code == 409 and "already" in taken.json()["message"]
    assert users(admin_client) == before
    no_csrf = another_browser(admin_client)
    sign_in(no_csrf)
    assert no_csrf.post("/api/admin/staff", json={"email": "c@d.test", "name": "C D"}).status_code == 403
    assert users(admin_client) == before


OWNER_ONLY_APIS = [
    ("GET", "/api/payouts"),
    ("GET", "/api/payouts.csv"),
    ("GET", "/api/payout-requests"),
    ("PATCH", "/api/payout-requests/1"),
    ("GET", "/api/package-payments"),
    ("GET", "/api/earning-history"),
    ("GET", "/api/admin/staff"),
    ("POST", "/api/admin/staff"),
    ("GET", "/api/admin/settings"),
    ("PATCH", "/api/admin/settings"),
    # The audit log holds the owner's areas too (payouts, staff accounts, sign-ins with their addresses).
    ("GET", "/api/audit-log"),
    ("GET", "/api/audit-log.csv"),
]
OWNER_ONLY_PAGES = [
    "/admin/payouts",
    "/admin/payout-requests",
    "/admin/package-payments",
    "/admin/earning-history",
    "/admin/staff",
    "/admin/audit-log",
]
STAFF_PAGES = ["/admin", "/admin/products", "/admin/orders", "/admin/reviews", "/admin/account"]


def test_staff_are_refused_the_owners_areas_with_403_and_keep_catalogue_orders_and_reviews(admin_client):
    staff = signed_in_staff(admin_client)
    for method, path in OWNER_ONLY_APIS:
        response = staff.request(method, path, json={"status": "Accepted"} if method != "GET" else None)
        assert response.status_code == 403, (method, path)
        assert response.json() == {"message": ONLY_OWNERS}, (method, path)
    for path in OWNER_ONLY_PAGES:
        page = staff.get(path)
        assert page.status_code == 403 and "Only the shop" in page.text, path
        assert staff.get(path, headers={"Accept": "application/json"}).json()["page"] == "AdminForbidden"
    for path in ("/api/products", "/api/orders", "/api/reviews", "/api/admin/account"):
        assert staff.get(path).status_code == 200, path
    review = staff.get("/api/reviews").json()[0]
    assert staff.patch(f"/api/reviews/{review['id']}", json={"published": not review["published"]}).status_code == 200
    for path in STAFF_PAGES:
        assert staff.get(path).status_code == 200, path
    # The owner keeps everything.
    for path in OWNER_ONLY_PAGES:
        assert admin_client.get(path).status_code == 200, path
    assert admin_client.get("/api/payouts").status_code == 200
    assert (
        staff.get("/admin/staff", headers={"Accept": "application/json"}).json()["props"]["session"]["user"]["role"]
        == "staff"
    )


def test_staff_publish_sellers_but_a_new_package_a_package_payment_is_the_owners(admin_client):
    staff = signed_in_staff(admin_client)
    seller = admin_client.get("/api/sellers?sort=id").json()[0]
    payments = admin_client.get("/api/package-payments").headers["X-Total-Count"]
    other = next(name for name in ("Silver", "Gold", "Premium") if name != seller["package"])
    refused = staff.patch(f"/api/sellers/{seller['id']}", json={"package": other, "paymentMethod": "Cash"})
    assert refused.status_code == 403 and "package payment" in refused.json()["message"]
    assert admin_client.get("/api/package-payments").headers["X-Total-Count"] == payments
    assert admin_client.get("/api/sellers?sort=id").json()[0]["package"] == seller["package"]
    published = staff.patch(f"/api/sellers/{seller['id']}", json={"published": not seller["published"]})
    assert published.status_code == 200 and published.json()["published"] is not seller["published"]
    changed = admin_client.patch(f"/api/sellers/{seller['id']}", json={"package": other, "paymentMethod": "Cash"})
    assert changed.status_code == 200 and changed.json()["package"] == other


def test_disabling_ends_the_accounts_sessions_at_once_and_enabling_lets_it_sign_in_again(admin_client):
    staff = signed_in_staff(admin_client)
    elsewhere = another_browser(admin_client)
    assert sign_in(elsewhere, STAFF_EMAIL, STAFF_PASSWORD).status_code == 200
    staff_id = staff_row(admin_client)["id"]

    disabled = admin_client.patch(f"/api/admin/staff/{staff_id}", json={"disabled": True})
    assert disabled.status_code == 200 and disabled.json()["status"] == "disabled"
    for browser in (staff, elsewhere):
        assert browser.get("/api/products").status_code == 401
        assert browser.get("/api/auth/session").json() == {}
    refused = sign_in(another_browser(admin_client), STAFF_EMAIL, STAFF_PASSWORD)
    assert refused.status_code == 403 and refused.json()["error"] == "AccountDisabled"
    assert (
        sign_in(another_browser(admin_client), STAFF_EMAIL, "a wrong password").json()["error"] == "CredentialsSignin"
    )

    assert admin_client.patch(f"/api/admin/staff/{staff_id}", json={"disabled": False}).json()["status"] == "active"
    assert sign_in(another_browser(admin_client), STAFF_EMAIL, STAFF_PASSWORD).status_code == 200
    # The old sessions stay ended; an owner cannot lock themselves out.
    assert staff.get("/api/products").status_code == 401
    own_id = staff_row(admin_client, ADMIN_EMAIL)["id"]
    assert admin_client.patch(f"/api/admin/staff/{own_id}", json={"disabled": True}).status_code == 409
    assert admin_client.patch("/api/admin/staff/999999", json={"disabled": True}).status_code == 404
    assert admin_client.patch(f"/api/admin/staff/{staff_id}", json={"disabled": "yes"}).status_code == 422


def test_every_change_and_sign_in_is_in_the_audit_log(admin_client):
    staff = signed_in_staff(admin_client)
    staff_id = staff_row(admin_client)["id"]
    sign_in(another_browser(admin_client), STAFF_EMAIL, "a wrong password")
    staff.post("/api/auth/signout", data={"csrfToken": staff.headers["X-CSRF-Token"], "json": "true"})
    admin_client.patch(f"/api/admin/staff/{staff_id}", json={"disabled": True})
    admin_client.patch(f"/api/admin/staff/{staff_id}", json={"disabled": False})
    logged = actions(admin_client)
    for entry in [
        (ADMIN_EMAIL, "sign_in", "account"),
        (ADMIN_EMAIL, "invite", "account"),
        (STAFF_EMAIL, "accept_invite", "account"),
        (STAFF_EMAIL, "sign_in", "account"),
        (STAFF_EMAIL, "sign_in_failed", "account"),
        (STAFF_EMAIL, "sign_out", "account"),
        (ADMIN_EMAIL, "disable", "account"),
        (ADMIN_EMAIL, "enable", "account"),
    ]:
        assert entry in logged, entry
    entries = db(admin_client).read_sync(
        lambda s: list(s.scalars(select(AuditEntry).where(AuditEntry.entity == "account")))
    )
    stored = repr([(e.before, e.after) for e in entries])
    assert "argon2" not in stored and STAFF_PASSWORD not in stored
    # The owner reads them in the audit log, filtered to accounts.
    assert {
        row["action"]
        for row in admin_client.get("/api/audit-log", params={"entity": "account", "per_page": 100}).json()
    } >= {"invite", "accept_invite", "disable", "enable", "sign_in", "sign_out", "sign_in_failed"}


def test_an_invited_owner_may_use_the_owners_areas(admin_client):
    second = signed_in_staff(admin_client, "second.owner@studentbooks.test", role="owner")
    assert second.get("/api/admin/staff").status_code == 200
    assert second.get("/admin/payouts").status_code == 200
