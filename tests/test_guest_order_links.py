"""A guest's order without an account: the confirmation mail links to /orders/{no}?key=… (signed with
a secret kept in the database), which shows the order uncached; a tampered key or another order's is
the 404 page. /orders/lookup mails the link for an order number and its email, answering 202 alike
when nothing matched (and mailing nothing then); lookups of one email are limited. An order placed
signed in links to the account's page instead. Mail is read from a real SMTP server."""

from __future__ import annotations

import re
import time

import pytest
from shoppers import checkout, csrf, sign_up
from test_mail_delivery import mailing_client

from bench.smtp_sink import MailSink
from db.models import OutboxMessage, ShopSetting


@pytest.fixture
def sink():
    mail = MailSink().start()
    yield mail
    mail.stop()


def link_in(mail) -> str:
    text = mail.get_body(("plain",)).get_content()
    return re.search(r"View your order: (\S+)", text).group(1)


def outbox_kinds(client) -> list[str]:
    return client.app.state.services.db.read_sync(lambda s: [m.kind for m in s.query(OutboxMessage).all()])


def test_a_guest_opens_the_order_by_the_mailed_link_and_a_tampered_key_is_404(settings, sink):
    with mailing_client(settings, sink) as client:
        order_no = checkout(client)
        [mail] = sink.wait_for(1)
        url = link_in(mail)
        assert re.fullmatch(rf"http://[^/]+/orders/{order_no}\?key=[A-Za-z0-9_-]{{43}}", url), url
        path = url.split("://", 1)[1].split("/", 1)[1]
        page = client.get("/" + path)
        assert page.status_code == 200 and "12 Elm Street" in page.text
        assert page.headers["cache-control"] == "private, no-store"
        key = path.split("key=")[1]
        tampered = key[:-1] + ("A" if key[-1] != "A" else "B")
        for wrong in (f"/orders/{order_no}?key={tampered}", f"/orders/{order_no}", f"/orders/{order_no}?key=x"):
            answer = client.get(wrong)
            assert answer.status_code == 404 and "Page not found" in answer.text, wrong
        other = checkout(client, email="someone.else@example.com")
        assert client.get(f"/orders/{other}?key={key}").status_code == 404
        # The secret is the database's, one for every instance.
        secret = client.app.state.services.db.read_sync(lambda s: s.get(ShopSetting, "order_link_secret").value)
        assert len(secret) >= 40


def test_an_order_placed_signed_in_links_to_the_accounts_page(settings, sink):
    with mailing_client(settings, sink) as client:
        sign_up(client)
        order_no = checkout(client)
        # The sign-up's own mail (the verify link) comes too.
        [mail] = [m for m in sink.wait_for(2) if f"#{order_no}" in m["Subject"]]
        assert link_in(mail).endswith(f"/account/orders/{order_no}")


def test_the_lookup_mails_the_link_and_answers_alike_when_nothing_matched(settings, sink):
    with mailing_client(settings, sink) as client:
        order_no = checkout(client, email="asha.verma@example.com")
        sink.wait_for(1)
        assert client.get("/orders/lookup").status_code == 200
        assert client.post("/api/orders/lookup", json={"orderNo": order_no, "email": "a@b.co"}).status_code == 403
        token = csrf(client)
        for body in (
            {"orderNo": order_no, "email": "nobody@example.com"},
            {"orderNo": 987654321, "email": "asha.verma@example.com"},
        ):
            answer = client.post("/api/orders/lookup", json=body, headers=token)
            assert answer.status_code == 202 and answer.json()["message"]
        time.sleep(0.5)
        assert outbox_kinds(client) == ["order_placed"] and len(sink.received) == 1

        answer = client.post(
            "/api/orders/lookup", json={"orderNo": order_no, "email": " Asha.Verma@Example.com"}, headers=token
        )
        assert answer.status_code == 202
        [_, mail] = sink.wait_for(2)
        assert mail["Subject"] == f"The link to your order #{order_no}"
        assert mail["To"].addresses[0].addr_spec == "asha.verma@example.com"
        url = link_in(mail)
        assert client.get("/" + url.split("://", 1)[1].split("/", 1)[1]).status_code == 200
        html = mail.get_body(("html",)).get_content()
        assert url.replace("&", "&amp;") in html or url in html


def test_lookups_of_one_email_are_limited(client):
    token = csrf(client)
    answers = [
        client.post("/api/orders/lookup", json={"orderNo": 1, "email": "asha@example.com"}, headers=token).status_code
        for _ in range(11)
    ]
    assert answers[:10] == [202] * 10 and answers[10] == 429
    other = client.post("/api/orders/lookup", json={"orderNo": 1, "email": "ravi@example.com"}, headers=token)
    assert other.status_code == 202
    invalid = client.post("/api/orders/lookup", json={"orderNo": "x", "email": "nope"}, headers=token)
    assert invalid.status_code == 422 and set(invalid.json()["errors"]) == {"orderNo", "email"}
