"""What a write says happened (an order placed, a status changed, an account disabled), kept on its
session until the transaction commits. Listeners on the sessions (the mail, app/mail/mailer.py) turn
the events into records of their own in that same transaction, just before it commits: so a mail
exists if and only if its cause did, and the write itself knows nothing of mail."""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy.orm import Session

KEY = "events"


@dataclass(frozen=True)
class Event:
    name: str
    facts: dict = field(default_factory=dict)


def occurred(session: Session, name: str, **facts) -> None:
    session.info.setdefault(KEY, []).append(Event(name, facts))


def take(session: Session) -> list[Event]:
    """The session's events so far, forgotten (each is handled once)."""
    return session.info.pop(KEY, [])
