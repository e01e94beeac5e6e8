"""Two-factor sign-in for sellers, who are paid out: the staff account page's API at
/api/seller/account (enrol with a QR code and one code, turn off with a current code), the code
asked at sign-in, and the shop's requirement binding sellers as it binds staff: an open seller
session reaches only its account page until it enrols, a fresh sign-in goes there, and shoppers
are not asked."""

from __future__ import annotations

from conftest import sign_in
from sellers import SELLER_PASSWORD, read, sellers_without_account, signed_in_seller
from shoppers import sign_up
from sqlalchemy import select
from staff_accounts import Authenticator, another_browser, second_step, sign_in_with_code, signed_in_staff, with_csrf
from test_two_factor import clock, enrol  # noqa: F401  (clock: the fixture)

from db.models import OutboxMessage

ACCOUNT = "/api/seller/account"


def enrol_seller(browser, clock) -> tuple[Authenticator, list[str]]:
    started = browser.post(f"{ACCOUNT}/two-factor")
    assert started.status_code == 201, started.text
    assert started.json()["qrSvg"].startswith("<svg")
    app = Authenticator(started.json()["secret"])
    wrong = browser.post(f"{ACCOUNT}/two-factor/confirm", json={"code": app.code(clock.now, steps=5)})
    assert wrong.status_code == 422 and "code" in wrong.json()["errors"]
    confirmed = browser.post(f"{ACCOUNT}/two-factor/confirm", json={"code": app.code(clock.now)})
    assert confirmed.status_code == 200, confirmed.text
    clock.advance()  # the enrolment used this step's code up
    return app, confirmed.json()["recoveryCodes"]


def test_a_seller_enrols_signs_in_with_a_code_and_turns_it_off(admin_client, clock):
    [seller] = sellers_without_account(admin_client, 1)
    browser = signed_in_seller(admin_client, seller).client
    account = browser.get(ACCOUNT).json()
    assert account == {
        "name": account["name"],
        "email": seller.email,
        "role": "seller",
        "twoFactor": False,
        "recoveryCodesLeft": 0,
        "twoFactorRequired": False,
    }
    assert browser.get("/seller/account").status_code == 200
    # Each area's account API is its own: a seller's is not the back office's, nor the other way.
    assert browser.get("/api/admin/account").status_code == 403
    assert admin_client.get(ACCOUNT).status_code == 403
    assert another_browser(admin_client).post(f"{ACCOUNT}/two-factor").status_code == 401
    no_token = another_browser(admin_client)
    no_token.cookies = browser.cookies
    assert no_token.post(f"{ACCOUNT}/two-factor").status_code == 403

    app, codes = enrol_seller(browser, clock)
    assert len(codes) == 10
    assert browser.get(ACCOUNT).json()["twoFactor"] is True
    # The mail that tells of it links the seller's own account page.
    mail = read(
        admin_client,
        lambda s: s.scalars(
            select(OutboxMessage).where(
                OutboxMessage.recipient == seller.email, OutboxMessage.kind == "two_factor_enrolled"
            )
        ).one(),
    )
    assert "/seller/account" in mail.text and "/admin/account" not in mail.text

    # Signing in now takes the code, and lands in the portal.
    fresh = another_browser(admin_client)
    first = sign_in(fresh, seller.email, SELLER_PASSWORD)
    assert first.json()["secondFactor"] is True and fresh.get("/api/seller/offers").status_code == 401
    wrong = second_step(fresh, first.json()["challenge"], app.code(clock.now, steps=-3))
    assert wrong.status_code == 401
    right = second_step(fresh, first.json()["challenge"], app.code(clock.now))
    assert right.status_code == 200 and right.json() == {"url": "/seller"}
    assert fresh.get("/api/seller/offers").status_code == 200
    # A recovery code signs in once.
    clock.advance()
    again = another_browser(admin_client)
    assert sign_in_with_code(again, seller.email, SELLER_PASSWORD, codes[0]).json() == {"url": "/seller"}
    assert with_csrf(fresh).get(ACCOUNT).json()["recoveryCodesLeft"] == 9

    # Turning it off takes a current code.
    assert fresh.post(f"{ACCOUNT}/two-factor/disable", json={"code": "000000"}).status_code == 422
    off = fresh.post(f"{ACCOUNT}/two-factor/disable", json={"code": app.code(clock.now)})
    assert off.status_code == 200 and off.json()["twoFactor"] is False
    assert sign_in(another_browser(admin_client), seller.email, SELLER_PASSWORD).json() == {"url": "/seller"}


def test_the_shops_requirement_binds_sellers_as_it_binds_staff_but_not_shoppers(admin_client, clock):
    first, second = sellers_without_account(admin_client, 2)
    seller = signed_in_seller(admin_client, first).client
    other = signed_in_seller(admin_client, second).client
    staff = signed_in_staff(admin_client)
    shopper = another_browser(admin_client)
    sign_up(shopper)
    enrol(admin_client, clock)
    assert admin_client.patch("/api/admin/settings", json={"requireTwoFactor": True}).status_code == 200

    # The seller's open session reaches only the account page, as the staff member's does.
    for path in ("/api/seller/offers", "/api/seller/orders", "/api/seller/dashboard", "/api/seller/payout-requests"):
        refused = seller.get(path)
        assert refused.status_code == 403 and "two-factor" in refused.json()["message"], path
    assert seller.post("/api/seller/payout-requests", json={}).status_code == 403
    assert seller.post("/api/seller/photos", files={"file": ("a.png", b"x", "image/png")}).status_code == 403
    assert seller.get("/seller/offers", follow_redirects=False).headers["location"] == "/seller/account"
    assert seller.get("/seller", follow_redirects=False).headers["location"] == "/seller/account"
    assert seller.get("/seller/account").status_code == 200
    assert seller.get(ACCOUNT).json()["twoFactorRequired"] is True
    assert seller.get("/api/auth/session").json()["enrolmentRequired"] is True
    assert staff.get("/api/products").status_code == 403
    # A fresh sign-in goes straight to the account page.
    fresh = another_browser(admin_client)
    assert sign_in(fresh, first.email, SELLER_PASSWORD).json() == {"url": "/seller/account"}
    assert fresh.get("/api/seller/offers").status_code == 403
    # A shopper's account is not asked.
    assert "enrolmentRequired" not in shopper.get("/api/auth/session").json()
    assert shopper.get("/api/me/orders").status_code == 200

    app, _ = enrol_seller(seller, clock)
    assert seller.get("/api/seller/offers").status_code == 200
    assert fresh.get("/api/seller/offers").status_code == 200, "every session of the account is freed"
    assert "enrolmentRequired" not in seller.get("/api/auth/session").json()
    own = seller.post(f"{ACCOUNT}/two-factor/disable", json={"code": app.code(clock.now)})
    assert own.status_code == 409 and "requires" in own.json()["message"]
    assert other.get("/api/seller/offers").status_code == 403

    # No longer required: the other seller (and staff) are free again.
    assert admin_client.patch("/api/admin/settings", json={"requireTwoFactor": False}).status_code == 200
    assert other.get("/api/seller/offers").status_code == 200
    assert staff.get("/api/products").status_code == 200
