"""Every write that tells someone something writes its mail to the outbox in its own transaction:
an order's status change, an accepted refund, a staff invite (whose link works), a disabled account,
two-factor sign-in turned on and off. A write that is refused writes none."""

from __future__ import annotations

from conftest import another_browser, sign_in
from sqlalchemy import select
from staff_accounts import accept, invite, signed_in_staff
from test_admin_sales import first_id, seller_refund
from test_mail_delivery import mailing_client, outbox
from test_two_factor import Clock, clock, enrol  # noqa: F401 (clock is a fixture)

from bench.smtp_sink import MailSink
from db.models import Order, OrderLine, RefundRequest


def sent_kinds(client) -> list[tuple[str, str]]:
    return [(m.kind, m.recipient) for m in outbox(client)]


def customer_of_order(client, order_id: int) -> tuple[str, str]:
    def read(session):
        order = session.get(Order, order_id)
        return order.customer.email, order.customer.name

    return client.app.state.services.db.read_sync(read)


def test_an_order_moving_to_processing_then_delivered_mails_its_customer_each_time(admin_client):
    paid = select(Order.id).where(Order.status == "Pending", Order.payment_method != "Cash")
    order_id = first_id(admin_client, paid.order_by(Order.id))
    admin_client.app.state.services.db.write_sync(
        lambda s: setattr(s.get(Order, order_id), "payment_status", "Success")
    )
    email, _ = customer_of_order(admin_client, order_id)
    for status in ("Processing", "Delivered"):
        assert admin_client.patch(f"/api/orders/{order_id}", json={"status": status}).status_code == 200
    first, second = outbox(admin_client)
    assert [(m.kind, m.recipient, m.order_id) for m in (first, second)] == [("order_status", email, order_id)] * 2
    assert "processing" in first.subject.lower() and "delivered" in second.subject.lower()


def test_a_refused_status_change_writes_no_mail(admin_client):
    order_id = first_id(admin_client, select(Order.id).where(Order.status == "Pending").order_by(Order.id))
    assert admin_client.patch(f"/api/orders/{order_id}", json={"status": "Delivered"}).status_code == 409
    assert outbox(admin_client) == []


def test_an_accepted_refund_mails_the_amount_to_its_customer(admin_client):
    refund_id = first_id(admin_client, seller_refund("Processing"))

    def read(session):
        refund = session.get(RefundRequest, refund_id)
        line = session.get(OrderLine, refund.order_line_id)
        return refund.amount, line.order_id, line.order.customer.email

    amount, order_id, email = admin_client.app.state.services.db.read_sync(read)
    assert admin_client.patch(f"/api/refund-requests/{refund_id}", json={"status": "Accepted"}).status_code == 200
    [message] = outbox(admin_client)
    assert (message.kind, message.recipient, message.order_id) == ("refund_accepted", email, order_id)
    assert f"{amount:,.2f}" in message.subject and f"{amount:,.2f}" in message.text


def test_a_refund_moving_to_processing_writes_no_mail(admin_client):
    refund_id = first_id(admin_client, seller_refund("Pending"))
    assert admin_client.patch(f"/api/refund-requests/{refund_id}", json={"status": "Processing"}).status_code == 200
    assert outbox(admin_client) == []


def test_an_invite_arrives_with_a_link_that_sets_the_password(settings):
    sink = MailSink().start()
    try:
        with mailing_client(settings, sink) as owner:
            assert sign_in(owner).status_code == 200
            owner.headers["X-CSRF-Token"] = owner.get("/api/auth/csrf").json()["csrfToken"]
            answered = invite(owner, email="new.staff@studentbooks.test", name="New Staff")
            [mail] = sink.wait_for(1, to="new.staff@studentbooks.test")
            text = mail.get_body(("plain",)).get_content()
            [link] = [word for word in text.split() if "/staff/invite/" in word]
            assert link.endswith(answered["invitePath"])
            assert mail.get_body(("html",)).get_content().count(answered["invitePath"]) >= 1
            browser = another_browser(owner)
            assert browser.get(link.split("127.0.0.1:8000", 1)[1]).status_code == 200
            assert accept(browser, link).status_code == 200
            assert (
                sign_in(another_browser(owner), "new.staff@studentbooks.test", "a long staff password").status_code
                == 200
            )
    finally:
        sink.stop()


def test_a_renewed_invite_mails_the_new_link(admin_client):
    first = invite(admin_client)
    renewed = admin_client.post(f"/api/admin/staff/{first['staff']['id']}/invite")
    assert renewed.status_code == 201, renewed.text
    messages = outbox(admin_client)
    assert [m.kind for m in messages] == ["staff_invite", "staff_invite"]
    assert renewed.json()["invitePath"] in messages[1].text and first["invitePath"] not in messages[1].text


def test_a_disabled_member_of_staff_is_told(admin_client):
    staff = signed_in_staff(admin_client)
    [member] = [s for s in admin_client.get("/api/admin/staff").json() if s["email"] == "sam@studentbooks.test"]
    assert admin_client.patch(f"/api/admin/staff/{member['id']}", json={"disabled": True}).status_code == 200
    assert sent_kinds(admin_client)[-1] == ("staff_disabled", "sam@studentbooks.test")
    assert staff.get("/api/admin/account").status_code == 401


def test_two_factor_turned_on_and_off_is_a_security_notice_to_the_account(admin_client, clock: Clock):
    app, _ = enrol(admin_client, clock)
    off = admin_client.post("/api/admin/account/two-factor/disable", json={"code": app.code(clock.now)})
    assert off.status_code == 200, off.text
    owner = admin_client.get("/api/admin/account").json()["email"]
    assert sent_kinds(admin_client) == [("two_factor_enrolled", owner), ("two_factor_off", owner)]
