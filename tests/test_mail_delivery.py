"""Mail through the outbox to a real SMTP server (aiosmtpd on 127.0.0.1): written in the transaction of
its cause, delivered after the commit, retried while the server is down, refused recipients failed at
once, and never a header a name could add."""

from __future__ import annotations

import time

import jinja2
import pytest
from conftest import make_settings
from sqlalchemy import select
from starlette.testclient import TestClient
from test_checkout import FORM, in_stock_products

from app.mail import kinds
from app.main import create_app
from bench.smtp_sink import MailSink
from db.models import OutboxAttempt, OutboxMessage
from db.outbox import NO_MAIL_SERVER, Mail, add


@pytest.fixture
def sink():
    mail = MailSink().start()
    yield mail
    mail.stop()


def mailing_client(settings, sink: MailSink, **overrides) -> TestClient:
    mailing = make_settings(settings.database_url, settings.media_dir, smtp_url=sink.url, **overrides)
    return TestClient(create_app(mailing), base_url="http://127.0.0.1")


def outbox(client) -> list[OutboxMessage]:
    def read(session):
        rows = list(session.scalars(select(OutboxMessage).order_by(OutboxMessage.id)))
        session.expunge_all()
        return rows

    return client.app.state.services.db.read_sync(read)


def place_order(client, email="asha.verma@example.com", name="Asha Verma"):
    (a, price_a, _), (b, price_b, _) = in_stock_products(client)
    items = [{"id": a, "qty": 2, "price": price_a}, {"id": b, "qty": 1, "price": price_b}]
    response = client.post("/api/checkout", json={**FORM, "email": email, "name": name, "items": items})
    assert response.status_code == 201, response.text
    return response.json()


def test_an_order_placed_through_the_checkout_arrives_with_its_lines_and_totals(settings, sink):
    with mailing_client(settings, sink) as client:
        placed = place_order(client)
        [mail] = sink.wait_for(1)
        [message] = outbox(client)
    assert f"#{placed['orderNo']}" in mail["Subject"]
    assert mail.get_content_type() == "multipart/alternative"
    text = mail.get_body(("plain",)).get_content()
    html = mail.get_body(("html",)).get_content()
    for body in (text, html):
        assert str(placed["orderNo"]) in body
        assert f"{placed['total']:,.2f}" in body
    assert mail["Message-ID"] == message.message_id and message.message_id.endswith("@studentbooks.test>")
    assert mail["To"].addresses[0].addr_spec == "asha.verma@example.com"
    assert message.kind == "order_placed" and message.order_id == placed["orderNo"]
    deadline = time.monotonic() + 5
    while outbox(client)[0].state != "sent" and time.monotonic() < deadline:
        time.sleep(0.05)
    assert outbox(client)[0].state == "sent" and outbox(client)[0].attempts == 1


def test_the_order_lines_titles_quantities_and_prices_are_in_the_mail(settings, sink):
    with mailing_client(settings, sink) as client:
        place_order(client)
        [mail] = sink.wait_for(1)

        def lines(session):
            message = session.scalar(select(OutboxMessage))
            return [(line.title, line.qty, line.amount) for line in message_order(session, message).lines]

        ordered = client.app.state.services.db.read_sync(lines)
    text = mail.get_body(("plain",)).get_content()
    for title, qty, amount in ordered:
        assert title in text and str(qty) in text and f"{amount:,.2f}" in text


def message_order(session, message):
    from db.models import Order

    return session.get(Order, message.order_id)


def test_without_a_mail_server_the_mail_waits_in_the_outbox_marked_not_sent(client):
    place_order(client)
    [message] = outbox(client)
    assert (message.state, message.attempts, message.last_error) == ("queued", 0, NO_MAIL_SERVER)


def test_a_refused_checkout_writes_no_mail(client):
    (a, price_a, stock), _ = in_stock_products(client)
    response = client.post("/api/checkout", json={**FORM, "items": [{"id": a, "qty": stock + 1, "price": price_a}]})
    assert response.status_code == 409
    assert outbox(client) == []


def test_a_refused_recipient_fails_at_once_and_does_not_block_the_others(settings, sink):
    sink.refused.add("nobody@example.com")
    with mailing_client(settings, sink) as client:
        place_order(client, email="nobody@example.com", name="No Body")
        place_order(client, email="somebody@example.com", name="Some Body")
        sink.wait_for(1, to="somebody@example.com")
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and {m.state for m in outbox(client)} != {"failed", "sent"}:
            time.sleep(0.05)
        failed, sent = outbox(client)
    assert (failed.state, failed.attempts) == ("failed", 1) and "550" in failed.last_error
    assert "No such mailbox" in failed.last_error
    assert sent.state == "sent"
    assert sink.messages(to="nobody@example.com") == []


def test_a_name_or_subject_cannot_add_a_header(settings, sink):
    # The forms refuse a line break in a name; a message written some other way still cannot add one.
    with mailing_client(settings, sink) as client:
        mail = Mail(
            "order_status",
            "asha@example.com",
            "Evil\r\nBcc: victim@example.com",
            "Hi\r\nBcc: v@x.test",
            "<p>x</p>",
            "x",
        )
        db = client.app.state.services.db
        db.write_sync(lambda session: add(session, mail, domain="studentbooks.test", delivering=True))
        client.app.state.services.mail.sender.wake()
        [received] = sink.wait_for(1)
    assert received["Bcc"] is None and received["Subject"] == "Hi Bcc: v@x.test"
    assert received["To"].addresses[0].addr_spec == "asha@example.com"
    assert received["To"].addresses[0].display_name == "Evil Bcc: victim@example.com"


def test_the_mail_server_down_when_the_order_is_placed_up_10_s_later_delivers_it_once(settings, sink):
    sink.stop()
    # The backoff of 1 s, 5 s, 30 s at 0.35 times its length: attempts at 0.35, 2.1 and 12.6 s.
    with mailing_client(settings, sink, mail_retry_scale=0.35) as client:
        placed = place_order(client)
        time.sleep(10)
        [message] = outbox(client)
        assert message.state == "queued" and message.attempts >= 2 and message.last_error
        sink.start()
        [mail] = sink.wait_for(1, timeout=15)
        time.sleep(1)
        assert len(sink.messages()) == 1
        assert f"#{placed['orderNo']}" in mail["Subject"] and mail["Message-ID"] == message.message_id

        def attempts(session):
            return [a.outcome for a in session.scalars(select(OutboxAttempt).order_by(OutboxAttempt.id))]

        assert client.app.state.services.db.read_sync(attempts)[-1] == "sent"


def test_a_template_that_fails_never_fails_the_checkout(client, monkeypatch):
    def broken_template(kind, context):
        raise jinja2.TemplateError("a template bug")

    monkeypatch.setattr(kinds, "render", broken_template)  # a bug in our own template, not a service
    placed = place_order(client)
    [message] = outbox(client)
    assert (message.state, message.order_id) == ("failed", placed["orderNo"])
    assert "its template failed" in message.last_error and "a template bug" in message.last_error
