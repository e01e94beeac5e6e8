"""The outbox as a queue: a mail is added in the transaction of its cause; senders take the due ones,
each message by exactly one sender at a time, and record what came of each attempt.

Taking marks a message `sending` with a lease (`next_attempt_at` = now + lease): a sender that dies
mid-send leaves it so, and once the lease runs out another sender takes it again with the same
`Message-ID` (delivery is at least once). On PostgreSQL concurrent senders skip each other's rows
(`FOR UPDATE SKIP LOCKED`); on SQLite the write transaction holds the database's write lock.
"""

from __future__ import annotations

import datetime as dt
import uuid
from dataclasses import dataclass

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from db import audit
from db.models.base import utcnow
from db.models.outbox import OutboxAttempt, OutboxMessage

# After the 1st, 2nd, ... failed attempt, the next one waits this long; past the last, hourly.
RETRY_DELAYS = (1, 5, 30, 120, 600)
HOURLY = 3600
# A message still undelivered this long after it was written is given up as failed.
GIVE_UP_AFTER = dt.timedelta(hours=24)
NO_MAIL_SERVER = "not sent: no mail server configured"
# Set on a session that queued mail: after its commit, the process's sender is woken (app/mail/).
WRITTEN = "outbox_written"


@dataclass(frozen=True)
class Mail:
    """A rendered mail to write to the outbox."""

    kind: str
    recipient: str
    recipient_name: str
    subject: str
    html: str
    text: str
    order_id: int | None = None
    # Why it cannot be sent (its template failed): written failed, for the owner to see.
    broken: str = ""


@dataclass(frozen=True)
class Taken:
    """A message a sender has taken, with what it needs to deliver it (no ORM object leaves the
    transaction that took it)."""

    id: int
    message_id: str
    recipient: str
    recipient_name: str
    subject: str
    html: str
    text: str
    attempts: int


def new_message_id(domain: str) -> str:
    return f"<{uuid.uuid4().hex}@{domain}>"


def add(session: Session, mail: Mail, *, domain: str, delivering: bool) -> OutboxMessage:
    """Write a mail to the outbox in the caller's transaction. Without a mail server (`delivering`
    false) it stays queued with a note saying why, for the owner to read in the back office."""
    message = OutboxMessage(
        message_id=new_message_id(domain),
        kind=mail.kind,
        recipient=mail.recipient,
        recipient_name=mail.recipient_name,
        subject=mail.subject,
        html=mail.html,
        text=mail.text,
        order_id=mail.order_id,
        state="failed" if mail.broken else "queued",
        attempts=0,
        last_error=mail.broken or ("" if delivering else NO_MAIL_SERVER),
    )
    session.add(message)
    session.info[WRITTEN] = True
    return message


def retry_delay(attempts: int, scale: float = 1.0) -> dt.timedelta:
    """How long to wait after the `attempts`-th failed attempt."""
    seconds = RETRY_DELAYS[attempts - 1] if 0 < attempts <= len(RETRY_DELAYS) else HOURLY
    return dt.timedelta(seconds=seconds * scale)


def _due(now: dt.datetime):
    return OutboxMessage.state.in_(("queued", "sending")), OutboxMessage.next_attempt_at <= now


def anything_due(session: Session) -> bool:
    """Whether a sender has anything to take: a read on the due index, so that a sender's look every
    second takes no write lock (SQLite's is the whole database's) when there is nothing to send."""
    return session.scalar(select(OutboxMessage.id).where(*_due(utcnow())).limit(1)) is not None


def take_due(session: Session, *, limit: int, lease: dt.timedelta, now: dt.datetime | None = None) -> list[Taken]:
    """Take up to `limit` due messages (queued and due, or sending with a lapsed lease), oldest
    due first, marking each `sending` until now + lease."""
    now = now or utcnow()
    due = (
        select(OutboxMessage.id)
        .where(*_due(now))
        .order_by(OutboxMessage.next_attempt_at)
        .limit(limit)
        .with_for_update(skip_locked=True)
    )
    ids = list(session.scalars(due))
    if not ids:
        return []
    session.execute(
        update(OutboxMessage)
        .where(OutboxMessage.id.in_(ids))
        .values(state="sending", attempts=OutboxMessage.attempts + 1, next_attempt_at=now + lease)
        .execution_options(synchronize_session=False)
    )
    rows = session.execute(
        select(
            OutboxMessage.id,
            OutboxMessage.message_id,
            OutboxMessage.recipient,
            OutboxMessage.recipient_name,
            OutboxMessage.subject,
            OutboxMessage.html,
            OutboxMessage.text,
            OutboxMessage.attempts,
        )
        .where(OutboxMessage.id.in_(ids))
        .order_by(OutboxMessage.next_attempt_at, OutboxMessage.id)
    )
    return [Taken(*row) for row in rows]


def _attempt(session: Session, message_id: int, outcome: str, detail: str, sender: str, now: dt.datetime) -> None:
    session.add(OutboxAttempt(message_id=message_id, at=now, outcome=outcome, detail=detail[:2000], sender=sender))


def delivered(
    session: Session, message_id: int, *, sender: str, detail: str = "", now: dt.datetime | None = None
) -> None:
    now = now or utcnow()
    session.execute(
        update(OutboxMessage)
        .where(OutboxMessage.id == message_id)
        .values(state="sent", sent_at=now, last_error="", next_attempt_at=now)
        .execution_options(synchronize_session=False)
    )
    _attempt(session, message_id, "sent", detail, sender, now)


def not_delivered(
    session: Session,
    message_id: int,
    error: str,
    *,
    permanent: bool,
    sender: str,
    scale: float = 1.0,
    now: dt.datetime | None = None,
) -> str:
    """Record a failed attempt: the message is retried after its backoff, or failed for good when
    the server refused it outright or it has waited GIVE_UP_AFTER. Answers the new state."""
    now = now or utcnow()
    message = session.get(OutboxMessage, message_id)
    if message is None or message.state != "sending":
        return message.state if message else "gone"  # delivered or re-queued by someone else meanwhile
    expired = now - message.created_at >= GIVE_UP_AFTER
    if permanent or expired:
        message.state, outcome = "failed", "failed"
    else:
        message.state, outcome = "queued", "retry"
        message.next_attempt_at = now + retry_delay(message.attempts, scale)
    message.last_error = error[:2000]
    _attempt(session, message_id, outcome, error, sender, now)
    return message.state


class NotResendable(Exception):
    pass


def send_again(session: Session, actor: str, message_id: int, *, delivering: bool) -> OutboxMessage | None:
    """A failed or sent message queued again at once, with the same Message-ID (in the audit log);
    one new attempt for a message past GIVE_UP_AFTER, which fails it again if that attempt fails.
    None if there is no such message; NotResendable while it is queued or being sent."""
    message = session.get(OutboxMessage, message_id)
    if message is None:
        return None
    if message.state not in ("failed", "sent"):
        raise NotResendable(f"This message is {message.state}: it will be sent without being asked")
    before = {"state": message.state, "attempts": message.attempts}
    message.state = "queued"
    message.next_attempt_at = utcnow()
    message.last_error = "" if delivering else NO_MAIL_SERVER
    audit.record(session, actor, "send again", "outbox_message", message.id, before, {"state": "queued"})
    session.info[WRITTEN] = True
    return message


def failed_count(session: Session) -> int:
    return session.scalar(select(func.count()).select_from(OutboxMessage).where(OutboxMessage.state == "failed"))
