"""An outbox message made into the bytes the sender hands to the mail server (app/mail/smtp.py):
what a mail client reads back is what the outbox holds, whatever the names' and subjects' letters."""

from __future__ import annotations

import email
import email.policy

import pytest

from app.mail.smtp import prepare
from db.outbox import Taken

FROM = "Student Books <shop@studentbooks.test>"


def taken(**fields) -> Taken:
    message = {
        "id": 1,
        "message_id": "<0123@studentbooks.test>",
        "recipient": "asha@example.com",
        "recipient_name": "Asha Verma",
        "subject": "Your Student Books order #7",
        "html": "<p>Thank you, Asha — 2 × Physics</p>",
        "text": "Thank you, Asha — 2 × Physics\n",
        "attempts": 1,
    }
    return Taken(**{**message, **fields})


def read_back(message: Taken):
    prepared = prepare(message, FROM)
    return prepared, email.message_from_bytes(prepared.data, policy=email.policy.default)


@pytest.mark.parametrize(
    ("name", "subject"),
    [
        ("Asha Verma", "Your Student Books order #7"),
        ("Bénédicte Ørsted-Łukasz", "Ваш заказ #7 — принят"),
        ('Doe, "Jo" <jo@evil.test>', "A subject " + "long " * 40),
    ],
)
def test_names_subjects_and_bodies_read_back_as_written(name, subject):
    prepared, mail = read_back(taken(recipient_name=name, subject=subject))
    assert (prepared.sender, prepared.recipient) == ("shop@studentbooks.test", "asha@example.com")
    assert mail["To"].addresses[0].display_name == name and mail["To"].addresses[0].addr_spec == "asha@example.com"
    assert mail["From"].addresses[0].display_name == "Student Books"
    assert " ".join(mail["Subject"].split()) == " ".join(subject.split())
    assert mail["Message-ID"] == "<0123@studentbooks.test>" and mail["Auto-Submitted"] == "auto-generated"
    assert mail.get_content_type() == "multipart/alternative"
    assert [part.get_content_type() for part in mail.iter_parts()] == ["text/plain", "text/html"]
    assert mail.get_body(("plain",)).get_content() == "Thank you, Asha — 2 × Physics\n"
    assert mail.get_body(("html",)).get_content() == "<p>Thank you, Asha — 2 × Physics</p>"


@pytest.mark.parametrize("address", ["asha verma@example.com", "asha@@example.com", "ásha@exämple.com", ""])
def test_an_address_no_header_can_hold_is_refused(address):
    with pytest.raises((ValueError, IndexError)):
        prepare(taken(recipient=address), FROM)
