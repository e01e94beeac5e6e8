"""The owner's outbox in the back office: /api/outbox listed, searched (by recipient, by order
number), filtered, sorted, paged and exported like the other big admin lists; one message with
its headers and delivery attempts; its HTML served for a sandboxed frame under its own strict
policy; sending a failed message again (in the audit log); the owner's dashboard told of failed
mail. The owner's alone: 401 signed out, 403 for staff. The messages are written through the
queue itself (db/outbox.py): added, taken by a "sender", and their attempts recorded."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re
from email.utils import parsedate_to_datetime

import pytest
from sqlalchemy import select
from staff_accounts import actions, signed_in_staff
from starlette.testclient import TestClient
from test_openapi import checked_answer

from app.auth.roles import ONLY_OWNERS
from db import outbox
from db.models import AuditEntry, Order
from db.models.base import utcnow
from db.outbox import NO_MAIL_SERVER, Mail

DOMAIN = "studentbooks.test"
LEASE = dt.timedelta(seconds=60)
REFUSED = "550 5.1.1 <ada.lovelace@example.com>: Recipient address rejected: User unknown"
LATER = "421 4.7.0 Try again later"
MAIL_POLICY = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'"
ROW_KEYS = {
    "id",
    "messageId",
    "kind",
    "recipient",
    "recipientName",
    "subject",
    "state",
    "attempts",
    "lastError",
    "orderNo",
    "createdAt",
    "sentAt",
}


# A mail as the templates write them: a table 600 px wide, inline styles, a logo as a data: image.
LOGO = (
    "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='140' height='28'%3E"
    "%3Crect width='140' height='28' rx='4' fill='%23d23f57'/%3E%3C/svg%3E"
)


def order_mail(recipient: str, name: str, order_no: int, kind: str = "order_placed", subject: str = "") -> Mail:
    subject = subject or f"Your Student Books order #{order_no}"
    html = (
        "<!doctype html><html><head><style>h1 { color: #2e7d32; font-size: 22px; }</style></head>"
        '<body style="margin:0;background:#f3f5f9;font-family:sans-serif">'
        '<table role="presentation" width="600" style="max-width:600px;width:100%;margin:0 auto;background:#fff">'
        f'<tr><td style="padding:16px"><img alt="Student Books" src="{LOGO}"></td></tr>'
        f'<tr><td style="padding:0 16px 16px"><h1>Thank you, {name}</h1>'
        f"<p>Order #{order_no} is on its way to you.</p></td></tr></table></body></html>"
    )
    text = f"Thank you, {name}\n\nOrder #{order_no} is on its way to you.\n"
    return Mail(kind, recipient, name, subject, html, text, order_id=order_no)


def write_outbox(write) -> dict:
    """Four messages through the queue, oldest first: one failed (a retry, then refused outright),
    one sent, one queued without a mail server, one staff invite queued likewise (no order).
    `write(fn)` runs fn(session) in a transaction of its own. Answers their ids by state and the
    orders they tell of."""
    orders = write(lambda session: list(session.scalars(select(Order.id).order_by(Order.id).limit(3))))
    now = utcnow()

    def added(mail: Mail, delivering: bool, minutes_ago: int) -> int:
        def add(session) -> int:
            message = outbox.add(session, mail, domain=DOMAIN, delivering=delivering)
            message.created_at = message.next_attempt_at = now - dt.timedelta(minutes=minutes_ago)
            session.flush()
            return message.id

        return write(add)

    def taken(at: dt.datetime | None = None) -> list[int]:
        return [t.id for t in write(lambda session: outbox.take_due(session, limit=10, lease=LEASE, now=at))]

    failed = added(order_mail("ada.lovelace@example.com", "Ada Lovelace", orders[0]), True, 40)
    assert taken() == [failed]
    write(lambda session: outbox.not_delivered(session, failed, LATER, permanent=False, sender="web-1"))
    assert taken(utcnow() + dt.timedelta(hours=1)) == [failed]  # its retry, once due
    write(lambda session: outbox.not_delivered(session, failed, REFUSED, permanent=True, sender="web-2"))

    sent = added(order_mail("grace.hopper@example.com", "Grace Hopper", orders[1], "order_status"), True, 30)
    assert taken() == [sent]
    write(lambda session: outbox.delivered(session, sent, sender="web-1", detail="250 2.0.0 Ok: queued as 4F2A"))

    queued = added(order_mail("alan.turing@example.com", "Alan Turing", orders[2], "refund_accepted"), False, 20)
    invite = Mail(
        "staff_invite",
        "sam@studentbooks.test",
        "Sam Staff",
        "You are invited to the Student Books back office",
        "<p>Set your password</p>",
        "Set your password",
    )
    invited = added(invite, False, 10)
    return {"failed": failed, "sent": sent, "queued": queued, "invite": invited, "orders": orders}


def database_of(client: TestClient):
    return client.app.state.services.db


@pytest.fixture
def mail(admin_client) -> dict:
    return write_outbox(database_of(admin_client).write_sync)


def listed(client: TestClient, **params) -> tuple[list[dict], int]:
    response = client.get("/api/outbox", params=params)
    assert response.status_code == 200, response.text
    return response.json(), int(response.headers["X-Total-Count"])


def ids(client: TestClient, **params) -> list[int]:
    return [record["id"] for record in listed(client, **params)[0]]


# --- the list -------------------------------------------------------------------------------------------


def test_the_outbox_lists_every_message_newest_first_in_pages(admin_client, mail):
    records, total = listed(admin_client)
    assert total == 4
    assert [r["id"] for r in records] == [mail["invite"], mail["queued"], mail["sent"], mail["failed"]]
    assert all(set(r) == ROW_KEYS for r in records)
    by_id = {r["id"]: r for r in records}

    failed = by_id[mail["failed"]]
    assert (failed["state"], failed["attempts"], failed["lastError"]) == ("failed", 2, REFUSED)
    assert failed["recipient"] == "ada.lovelace@example.com" and failed["recipientName"] == "Ada Lovelace"
    assert failed["orderNo"] == mail["orders"][0] and failed["kind"] == "order_placed"
    assert re.fullmatch(r"<[0-9a-f]{32}@studentbooks\.test>", failed["messageId"])
    assert failed["sentAt"] is None
    sent = by_id[mail["sent"]]
    assert (sent["state"], sent["attempts"], sent["lastError"]) == ("sent", 1, "")
    assert sent["sentAt"] is not None
    # Without a mail server a message stays queued, and says why.
    assert by_id[mail["queued"]]["state"] == "queued"
    assert by_id[mail["queued"]]["lastError"] == NO_MAIL_SERVER
    assert by_id[mail["invite"]]["orderNo"] is None

    page, total = listed(admin_client, per_page=3, page=2)
    assert [r["id"] for r in page] == [mail["failed"]] and total == 4
    assert listed(admin_client, per_page=3, page=3) == ([], 4)


def test_search_finds_a_recipient_or_an_orders_mail(admin_client, mail):
    assert ids(admin_client, q="grace") == [mail["sent"]]
    assert ids(admin_client, q="HOPPER@EXAMPLE") == [mail["sent"]]  # any case, any part of the address
    assert ids(admin_client, q="Lovelace Ada") == [mail["failed"]]  # the name, word by word
    assert ids(admin_client, q="example.com") == [mail["queued"], mail["sent"], mail["failed"]]
    order = mail["orders"][1]
    assert ids(admin_client, q=f"#{order}") == [mail["sent"]]
    assert ids(admin_client, q=f"# {order}") == [mail["sent"]]
    assert ids(admin_client, q=str(order)) == [mail["sent"]]
    assert listed(admin_client, q="#999999") == ([], 0)
    assert listed(admin_client, q="nobody") == ([], 0)
    assert listed(admin_client, q="100%_") == ([], 0)  # LIKE's wildcards are plain characters


def test_filters_by_kind_and_state(admin_client, mail):
    assert ids(admin_client, state="failed") == [mail["failed"]]
    assert ids(admin_client, state="queued") == [mail["invite"], mail["queued"]]
    assert ids(admin_client, kind="staff_invite") == [mail["invite"]]
    assert ids(admin_client, kind="refund_accepted", state="queued") == [mail["queued"]]
    assert ids(admin_client, kind="order_placed", state="sent") == []
    assert ids(admin_client, state="failed", q="ada") == [mail["failed"]]
    refused = admin_client.get("/api/outbox", params={"state": "lost", "kind": "postcard"})
    assert refused.status_code == 422
    assert set(refused.json()["errors"]) == {"state", "kind"}


def test_sorts_by_time_recipient_state_and_attempts(admin_client, mail):
    newest_first = [mail["invite"], mail["queued"], mail["sent"], mail["failed"]]
    assert ids(admin_client, sort="-createdAt") == newest_first
    assert ids(admin_client, sort="createdAt") == newest_first[::-1]
    # ada, alan, grace, sam
    assert ids(admin_client, sort="recipient") == [mail["failed"], mail["queued"], mail["sent"], mail["invite"]]
    assert ids(admin_client, sort="-recipient") == [mail["invite"], mail["sent"], mail["queued"], mail["failed"]]
    # failed, queued, queued, sent (ties by id)
    assert ids(admin_client, sort="state") == [mail["failed"], mail["queued"], mail["invite"], mail["sent"]]
    assert ids(admin_client, sort="-attempts")[:2] == [mail["failed"], mail["sent"]]
    assert ids(admin_client, sort="attempts")[-2:] == [mail["sent"], mail["failed"]]
    assert admin_client.get("/api/outbox", params={"sort": "subject"}).status_code == 422


def test_the_csv_export_holds_the_same_search(admin_client, mail):
    response = admin_client.get("/api/outbox.csv", params={"state": "failed"})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/csv")
    assert 'filename="outbox-' in response.headers["content-disposition"]
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert [int(r["id"]) for r in rows] == [mail["failed"]]
    assert rows[0]["recipient"] == "ada.lovelace@example.com" and rows[0]["lastError"] == REFUSED


def test_every_answer_is_what_openapi_json_says(admin_client, mail):
    spec = admin_client.get("/openapi.json").json()
    paths = spec["paths"]
    checked_answer(spec, "/api/outbox", paths["/api/outbox"]["get"], admin_client.get("/api/outbox"))
    for state in ("failed", "sent", "queued", "invite"):
        url = f"/api/outbox/{mail[state]}"
        checked_answer(spec, url, paths["/api/outbox/{id}"]["get"], admin_client.get(url))
    html = f"/api/outbox/{mail['failed']}/html"
    checked_answer(spec, html, paths["/api/outbox/{id}/html"]["get"], admin_client.get(html))
    again = f"/api/outbox/{mail['failed']}/send-again"
    checked_answer(spec, again, paths["/api/outbox/{id}/send-again"]["post"], admin_client.post(again))
    checked_answer(spec, again, paths["/api/outbox/{id}/send-again"]["post"], admin_client.post(again))  # 409
    assert set(paths["/api/outbox/{id}/send-again"]["post"]["responses"]) == {"200", "401", "403", "404", "409"}
    parameters = {p["name"]: json.dumps(p["schema"]) for p in paths["/api/outbox"]["get"]["parameters"]}
    for word in ("createdAt", "-createdAt", "recipient", "-state", "attempts"):
        assert f'"{word}"' in parameters["sort"]
    assert '"failed"' in parameters["state"] and '"staff_invite"' in parameters["kind"]


# --- who may ---------------------------------------------------------------------------------------------


def every_outbox_request(message_id: int) -> list[tuple[str, str]]:
    return [
        ("GET", "/api/outbox"),
        ("GET", "/api/outbox.csv"),
        ("GET", f"/api/outbox/{message_id}"),
        ("GET", f"/api/outbox/{message_id}/html"),
        ("POST", f"/api/outbox/{message_id}/send-again"),
    ]


def test_signed_out_the_outbox_answers_401_and_its_pages_send_to_sign_in(client, settings):
    message_id = write_outbox(database_of(client).write_sync)["failed"]
    for method, path in every_outbox_request(message_id):
        response = client.request(method, path)
        assert response.status_code == 401, (method, path)
        assert response.json() == {"message": "Sign in as an administrator to continue"}
    for path in ("/admin/outbox", f"/admin/outbox/{message_id}"):
        response = client.get(path, follow_redirects=False)
        assert response.status_code == 302 and response.headers["location"].startswith("/login?callbackUrl=")


def test_staff_are_refused_the_outbox_like_the_audit_log(admin_client, mail):
    staff = signed_in_staff(admin_client)
    for method, path in every_outbox_request(mail["failed"]):
        response = staff.request(method, path)
        assert response.status_code == 403, (method, path)
        assert response.json() == {"message": ONLY_OWNERS}
    for path in ("/admin/outbox", f"/admin/outbox/{mail['failed']}"):
        page = staff.get(path)
        assert page.status_code == 403 and "Only the shop" in page.text, path
        assert staff.get(path, headers={"Accept": "application/json"}).json()["page"] == "AdminForbidden"
    assert admin_client.get(f"/api/outbox/{mail['failed']}").json()["state"] == "failed"  # nothing was sent again


# --- one message ----------------------------------------------------------------------------------------


def test_a_message_with_its_headers_text_and_attempts(admin_client, mail):
    response = admin_client.get(f"/api/outbox/{mail['failed']}")
    assert response.status_code == 200
    message = response.json()
    assert set(message) == ROW_KEYS | {"text", "headers", "htmlUrl"}
    headers = message["headers"]
    assert list(headers) == ["From", "To", "Subject", "Message-ID", "Date"]
    assert headers["From"] == admin_client.app.state.services.settings.mail_from
    assert headers["To"] == "Ada Lovelace <ada.lovelace@example.com>"
    assert headers["Subject"] == message["subject"] == f"Your Student Books order #{mail['orders'][0]}"
    assert headers["Message-ID"] == message["messageId"]
    date = parsedate_to_datetime(headers["Date"])  # RFC 2822, the moment it was written
    assert date == dt.datetime.fromisoformat(message["createdAt"]).replace(microsecond=0)
    assert message["text"].startswith("Thank you, Ada Lovelace\n\nOrder #")
    assert message["htmlUrl"] == f"/api/outbox/{mail['failed']}/html"
    assert [(a["outcome"], a["detail"], a["sender"]) for a in message["attempts"]] == [
        ("retry", LATER, "web-1"),
        ("failed", REFUSED, "web-2"),
    ]
    assert message["attempts"][0]["at"] <= message["attempts"][1]["at"]
    sent = admin_client.get(f"/api/outbox/{mail['sent']}").json()
    assert [(a["outcome"], a["sender"]) for a in sent["attempts"]] == [("sent", "web-1")]
    assert admin_client.get(f"/api/outbox/{mail['invite']}").json()["attempts"] == []


def test_a_name_that_needs_quoting_is_quoted_not_encoded(admin_client):
    mail = Mail("order_placed", "zoe@example.com", "Zoë O'Brien, Jr.", "Hello", "<p>Hi</p>", "Hi")

    def add(session) -> int:
        message = outbox.add(session, mail, domain=DOMAIN, delivering=False)
        session.flush()
        return message.id

    message_id = database_of(admin_client).write_sync(add)
    assert admin_client.get(f"/api/outbox/{message_id}").json()["headers"]["To"] == (
        '"Zoë O\'Brien, Jr." <zoe@example.com>'
    )


@pytest.mark.parametrize("path", ["/api/outbox/{id}", "/api/outbox/{id}/html"])
def test_an_unknown_message_is_404(admin_client, mail, path):
    for message_id in (mail["invite"] + 1000, 2**70):
        response = admin_client.get(path.format(id=message_id))
        assert response.status_code == 404
        assert response.json() == {"message": f"There is no message {message_id} in the outbox"}


def test_the_html_is_served_under_a_strict_policy_of_its_own_for_a_frame_of_this_origin(admin_client, mail):
    response = admin_client.get(f"/api/outbox/{mail['failed']}/html")
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    assert response.text.startswith("<!doctype html>") and "<h1>Thank you, Ada Lovelace</h1>" in response.text
    assert response.text == order_mail("ada.lovelace@example.com", "Ada Lovelace", mail["orders"][0]).html
    assert response.headers["content-security-policy"] == MAIL_POLICY
    assert response.headers["x-frame-options"] == "SAMEORIGIN"
    assert response.headers["cache-control"] == "no-store"
    assert response.headers["x-content-type-options"] == "nosniff"
    # One of each: the middleware left the answer's own in place rather than adding its defaults.
    assert len(response.headers.get_list("content-security-policy")) == 1
    assert len(response.headers.get_list("x-frame-options")) == 1


# --- sending again -------------------------------------------------------------------------------------


def test_a_failed_message_is_sent_again_and_the_audit_log_says_who(admin_client, mail):
    before = admin_client.get(f"/api/outbox/{mail['failed']}").json()
    response = admin_client.post(f"/api/outbox/{mail['failed']}/send-again")
    assert response.status_code == 200, response.text
    record = response.json()
    assert set(record) == ROW_KEYS
    assert record["id"] == mail["failed"] and record["state"] == "queued"
    assert record["messageId"] == before["messageId"]  # the same Message-ID: a receiver can tell a repeat
    assert record["lastError"] == NO_MAIL_SERVER  # no mail server here, so it waits in the outbox
    assert admin_client.get(f"/api/outbox/{mail['failed']}").json()["state"] == "queued"
    assert ids(admin_client, state="failed") == []
    assert actions(admin_client)[-1] == ("admin@studentbooks.test", "send again", "outbox_message")
    entry = database_of(admin_client).read_sync(
        lambda session: session.scalars(select(AuditEntry).order_by(AuditEntry.id.desc())).first()
    )
    assert entry.entity_id == str(mail["failed"])
    assert entry.before == {"state": "failed", "attempts": 2} and entry.after == {"state": "queued"}

    # Queued now: it will go without being asked.
    again = admin_client.post(f"/api/outbox/{mail['failed']}/send-again")
    assert again.status_code == 409
    assert again.json() == {"message": "This message is queued: it will be sent without being asked"}


def test_a_sent_message_may_go_again_but_a_queued_one_not(admin_client, mail):
    assert admin_client.post(f"/api/outbox/{mail['sent']}/send-again").json()["state"] == "queued"
    refused = admin_client.post(f"/api/outbox/{mail['queued']}/send-again")
    assert refused.status_code == 409
    assert refused.json() == {"message": "This message is queued: it will be sent without being asked"}
    for message_id in (mail["invite"] + 1000, 2**70):
        unknown = admin_client.post(f"/api/outbox/{message_id}/send-again")
        assert unknown.status_code == 404
        assert unknown.json() == {"message": f"There is no message {message_id} in the outbox"}
    assert [a for a in actions(admin_client) if a[1] == "send again"] == [
        ("admin@studentbooks.test", "send again", "outbox_message")
    ]


def test_sending_again_needs_the_sessions_csrf_token(admin_client, mail):
    del admin_client.headers["X-CSRF-Token"]
    response = admin_client.post(f"/api/outbox/{mail['failed']}/send-again")
    assert response.status_code == 403
    admin_client.headers["X-CSRF-Token"] = "not-the-token"
    assert admin_client.post(f"/api/outbox/{mail['failed']}/send-again").status_code == 403
    assert admin_client.get(f"/api/outbox/{mail['failed']}").json()["state"] == "failed"


# --- the pages ------------------------------------------------------------------------------------------


def props_of(client: TestClient, path: str) -> dict:
    response = client.get(path, headers={"Accept": "application/json"})
    assert response.status_code == 200, response.text
    return response.json()


def policy_of(response) -> dict[str, str]:
    parts = (part.strip() for part in response.headers["content-security-policy"].split(";"))
    return {part.split(" ", 1)[0]: part.split(" ", 1)[1] if " " in part else "" for part in parts}


def test_the_outbox_page_renders_its_first_page_from_the_url(admin_client, mail):
    document = props_of(admin_client, "/admin/outbox?state=failed&sort=-attempts&per_page=bad")
    assert document["page"] == "AdminOutbox"
    props = document["props"]
    assert [row["id"] for row in props["list"]["rows"]] == [mail["failed"]]
    assert props["list"]["total"] == 1
    assert props["list"]["params"] == {"state": "failed", "sort": "-attempts", "per_page": "25"}
    assert props["kinds"][0] == "order_placed" and "staff_invite" in props["kinds"]
    assert props["states"] == ["queued", "sending", "sent", "failed"]
    assert props["delivering"] is False
    page = admin_client.get("/admin/outbox")
    assert page.status_code == 200
    assert NO_MAIL_SERVER in page.text and "ada.lovelace@example.com" in page.text
    assert policy_of(page)["frame-src"] == "'none'"  # the list frames nothing


def test_the_outbox_page_without_mail_has_its_empty_state(admin_client):
    props = props_of(admin_client, "/admin/outbox")["props"]
    assert props["list"]["rows"] == [] and props["list"]["total"] == 0
    assert "No mail has been written yet" in admin_client.get("/admin/outbox").text


def test_the_message_page_alone_may_frame_this_origin(admin_client, mail):
    document = props_of(admin_client, f"/admin/outbox/{mail['failed']}")
    assert document["page"] == "AdminOutboxMessage"
    assert document["props"]["message"] == admin_client.get(f"/api/outbox/{mail['failed']}").json()
    page = admin_client.get(f"/admin/outbox/{mail['failed']}")
    assert page.status_code == 200
    assert policy_of(page)["frame-src"] == "'self'"
    assert policy_of(page)["frame-ancestors"] == "'none'"  # it may frame; nobody may frame it
    html = page.text
    assert f'src="/api/outbox/{mail["failed"]}/html"' in html and 'sandbox=""' in html
    assert 'title="Message as a mail client shows it"' in html
    for path in ("/admin", "/admin/orders", "/admin/audit-log", "/", "/login"):
        assert policy_of(admin_client.get(path))["frame-src"] == "'none'", path
    missing = admin_client.get(f"/admin/outbox/{mail['invite'] + 1000}")
    assert missing.status_code == 404 and policy_of(missing)["frame-src"] == "'none'"


# --- the dashboard ---------------------------------------------------------------------------------------


def test_the_owners_dashboard_tells_of_failed_mail_only_when_there_is_some(admin_client):
    assert props_of(admin_client, "/admin")["props"].get("failedMessages", 0) == 0
    assert "could not be delivered" not in admin_client.get("/admin").text
    mail = write_outbox(database_of(admin_client).write_sync)  # one failed, one queued without a server...
    assert props_of(admin_client, "/admin")["props"]["failedMessages"] == 1
    html = admin_client.get("/admin").text
    assert "1 message could not be delivered" in html
    assert 'href="/admin/outbox?state=failed"' in html
    admin_client.post(f"/api/outbox/{mail['failed']}/send-again")
    assert props_of(admin_client, "/admin")["props"]["failedMessages"] == 0


def test_staff_are_not_told_of_failed_mail(admin_client, mail):
    staff = signed_in_staff(admin_client)
    props = props_of(staff, "/admin")["props"]
    assert "failedMessages" not in props and props["session"]["user"]["role"] == "staff"
    assert "could not be delivered" not in staff.get("/admin").text
    assert props_of(admin_client, "/admin")["props"]["failedMessages"] == 1


def test_a_signed_in_owner_sees_outbox_in_the_menu_and_staff_do_not(admin_client, mail):
    assert 'href="/admin/outbox"' in admin_client.get("/admin").text
    staff = signed_in_staff(admin_client)
    assert 'href="/admin/outbox"' not in staff.get("/admin").text
