"""The outbox as the owner reads it in the back office: every mail the shop wrote (db/outbox.py),
searched, filtered, sorted and paged in SQL like the other big admin lists (admin_lists.py), and
one message with its headers, its plain-text twin and its delivery attempts.

`q` finds a recipient (a part of the address or name, whatever the case) or, when it is a number,
the mail of that order: "#184" only order 184's, "184" order 184's and any recipient with 184 in it.
"""

from __future__ import annotations

import datetime as dt
import re
from email.headerregistry import Address
from email.utils import format_datetime
from typing import Any

from sqlalchemy import Select, func, or_, select
from sqlalchemy.orm import Session

from db.models.outbox import MESSAGE_KINDS, MESSAGE_STATES, OutboxAttempt, OutboxMessage
from db.queries.admin import iso
from db.queries.admin_lists import AdminList, contains, one_of

# An order number as typed in the search box: digits, perhaps after a "#".
ORDER_NUMBER = re.compile(r"(#?)\s*([0-9]{1,18})")
# Where a message's HTML is served, for the frame on its page (app/api/outbox/).
HTML_URL = "/api/outbox/{id}/html"


def outbox_rows() -> Select:
    """Every column a list row shows; not the HTML and text (the bulk of a message)."""
    return select(
        OutboxMessage.id,
        OutboxMessage.message_id,
        OutboxMessage.kind,
        OutboxMessage.recipient,
        OutboxMessage.recipient_name,
        OutboxMessage.subject,
        OutboxMessage.state,
        OutboxMessage.attempts,
        OutboxMessage.last_error,
        OutboxMessage.order_id,
        OutboxMessage.created_at,
        OutboxMessage.sent_at,
    )


def outbox_record(r: Any) -> dict:
    """A list row (a Row of outbox_rows, or an OutboxMessage: they have the same names)."""
    return {
        "id": r.id,
        "messageId": r.message_id,
        "kind": r.kind,
        "recipient": r.recipient,
        "recipientName": r.recipient_name,
        "subject": r.subject,
        "state": r.state,
        "attempts": r.attempts,
        "lastError": r.last_error,
        "orderNo": r.order_id,
        "createdAt": iso(r.created_at),
        "sentAt": iso(r.sent_at),
    }


def recipient_or_order(q: str, dialect: str) -> Any:
    """The condition of a search that is an order number (see the module's docstring); None for
    any other search, which looks for its words in the recipient's address and name."""
    number = ORDER_NUMBER.fullmatch(q)
    if number is None:
        return None
    order = OutboxMessage.order_id == int(number.group(2))
    if number.group(1):
        return order
    return or_(order, contains(OutboxMessage.recipient, q, dialect), contains(OutboxMessage.recipient_name, q, dialect))


OUTBOX = AdminList(
    name="outbox",
    select=outbox_rows,
    record=outbox_record,
    key=OutboxMessage.id,
    sorts={
        "createdAt": OutboxMessage.created_at,
        "recipient": func.lower(OutboxMessage.recipient),
        "state": OutboxMessage.state,
        "attempts": OutboxMessage.attempts,
    },
    search=(OutboxMessage.recipient, OutboxMessage.recipient_name),
    search_with=recipient_or_order,
    default_order=(OutboxMessage.created_at.desc(),),
    filters={"kind": one_of(OutboxMessage.kind, MESSAGE_KINDS), "state": one_of(OutboxMessage.state, MESSAGE_STATES)},
    summary=(
        "Every mail the shop wrote, newest first; q finds a recipient or, as a number (#184), an order's mail "
        "(filters: kind, state)"
    ),
)


# --- one message ------------------------------------------------------------------------------------


def as_utc(moment: dt.datetime) -> dt.datetime:
    """SQLite hands back times without their zone; they are UTC (db/models/base.py utcnow)."""
    return moment.replace(tzinfo=dt.UTC) if moment.tzinfo is None else moment.astimezone(dt.UTC)


def mailbox(name: str, address: str) -> str:
    """`Name <address>` as a mail client shows it (quoted where the name needs it), not encoded."""
    try:
        return str(Address(display_name=name, addr_spec=address)) if name else address
    except (ValueError, IndexError):  # an address the parser cannot read: shown as it is
        return f"{name} <{address}>" if name else address


def headers_of(message: OutboxMessage, mail_from: str) -> dict:
    return {
        "From": mail_from,
        "To": mailbox(message.recipient_name, message.recipient),
        "Subject": message.subject,
        "Message-ID": message.message_id,
        "Date": format_datetime(as_utc(message.created_at)),
    }


def attempt_record(attempt: OutboxAttempt) -> dict:
    return {"at": iso(attempt.at), "outcome": attempt.outcome, "detail": attempt.detail, "sender": attempt.sender}


def message_view(session: Session, message_id: int, *, mail_from: str) -> dict | None:
    """One message as its back-office page shows it, or None if there is no such message."""
    message = session.get(OutboxMessage, message_id) if 0 < message_id < 2**63 else None
    if message is None:
        return None
    attempts = session.scalars(
        select(OutboxAttempt).where(OutboxAttempt.message_id == message.id).order_by(OutboxAttempt.id)
    )
    return {
        **outbox_record(message),
        "text": message.text,
        "headers": headers_of(message, mail_from),
        "attempts": [attempt_record(attempt) for attempt in attempts],
        "htmlUrl": HTML_URL.format(id=message.id),
    }


def message_html(session: Session, message_id: int) -> str | None:
    if not 0 < message_id < 2**63:
        return None
    return session.scalar(select(OutboxMessage.html).where(OutboxMessage.id == message_id))
