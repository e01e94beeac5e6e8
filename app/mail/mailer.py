"""The mailer: listens on the database's write sessions, so that every write that says an order was
placed, a status changed or an account was invited (db/events.py) has its mail written to the outbox
in its own transaction, just before it commits, and the sender is woken once it has committed."""

from __future__ import annotations

import email.utils
import logging

from sqlalchemy import event
from sqlalchemy.orm import Session, sessionmaker

from app.mail.kinds import BY_EVENT
from app.mail.sender import MailSender
from app.settings import Settings
from db import events, outbox

log = logging.getLogger("studentbooks.mail")

SUPPORT_EMAIL = "help@studentbooks.example"


class Mailer:
    def __init__(self, settings: Settings, sender: MailSender | None):
        self.sender = sender
        self.delivering = sender is not None
        address = email.utils.parseaddr(settings.mail_from)[1]
        # Message-IDs end in the shop's own mail domain, as RFC 5322 recommends.
        self.domain = address.rpartition("@")[2] or "studentbooks.test"
        self.shop = {"name": "Student Books", "url": settings.public_url.rstrip("/"), "support_email": SUPPORT_EMAIL}

    def listen(self, sessions: sessionmaker) -> None:
        event.listen(sessions, "before_commit", self._write_mail)
        event.listen(sessions, "after_commit", self._wake_sender)
        event.listen(sessions, "after_rollback", self._forget)

    def _write_mail(self, session: Session) -> None:
        for happened in events.take(session):
            make = BY_EVENT.get(happened.name)
            if make is None:
                continue
            for mail in make(session, self.shop, **happened.facts):
                outbox.add(session, mail, domain=self.domain, delivering=self.delivering)

    def _wake_sender(self, session: Session) -> None:
        if session.info.pop(outbox.WRITTEN, False) and self.sender is not None:
            self.sender.wake()

    @staticmethod
    def _forget(session: Session) -> None:
        events.take(session)
        session.info.pop(outbox.WRITTEN, None)
