"""Records of the outbox (db/queries/outbox.py): a message as a list row, and as its page shows it."""

from __future__ import annotations

from typing import Literal

from typing_extensions import TypedDict

from app.api.records import Timestamp, closed
from db.models.outbox import ATTEMPT_OUTCOMES, MESSAGE_KINDS, MESSAGE_STATES

MessageKind = Literal[MESSAGE_KINDS]
MessageState = Literal[MESSAGE_STATES]


@closed
class OutboxRow(TypedDict):
    """`attempts` counts the deliveries tried; `lastError` says why the last did not go (or, with
    no mail server configured, why none was tried); `orderNo` is the order the mail tells of."""

    id: int
    messageId: str
    kind: MessageKind
    recipient: str
    recipientName: str
    subject: str
    state: MessageState
    attempts: int
    lastError: str
    orderNo: int | None
    createdAt: Timestamp
    sentAt: Timestamp | None


# The headers a mail client shows, by their names in the mail ("Message-ID" is no Python name).
MailHeaders = closed(TypedDict("MailHeaders", {"From": str, "To": str, "Subject": str, "Message-ID": str, "Date": str}))


@closed
class OutboxAttemptRecord(TypedDict):
    """One delivery attempt: when, by which server process, and what came of it."""

    at: Timestamp
    outcome: Literal[ATTEMPT_OUTCOMES]
    detail: str
    sender: str


@closed
class OutboxMessageRecord(TypedDict):
    """A list row's fields, its plain text, its headers (Date in RFC 2822), every delivery attempt
    (here a list, where the row has their count) and where its HTML is served (`htmlUrl`)."""

    id: int
    messageId: str
    kind: MessageKind
    recipient: str
    recipientName: str
    subject: str
    state: MessageState
    attempts: list[OutboxAttemptRecord]
    lastError: str
    orderNo: int | None
    createdAt: Timestamp
    sentAt: Timestamp | None
    text: str
    headers: MailHeaders
    htmlUrl: str
