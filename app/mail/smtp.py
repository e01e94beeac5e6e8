"""Talking to the mail server: SMTP_URL read into a server's address, an outbox message made into an
email (multipart/alternative: the plain text, then the HTML), and a batch delivered over one
connection with aiosmtplib, each message's outcome told apart: sent, refused for good (a 5xx
answer: retrying cannot help) or failed for now (the server is down, busy or answered 4xx)."""

from __future__ import annotations

import email.utils
import re
from dataclasses import dataclass
from email.errors import HeaderParseError
from email.header import Header
from email.headerregistry import Address
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from urllib.parse import parse_qs, unquote, urlsplit

import aiosmtplib

from db.outbox import Taken

TIMEOUT_SEC = 20
# Control characters never reach a header: a name or subject with CR/LF cannot add one.
CONTROL = re.compile(r"[\x00-\x1f\x7f]+")


class BadSmtpUrl(ValueError):
    pass


@dataclass(frozen=True)
class SmtpServer:
    host: str
    port: int
    username: str | None = None
    password: str | None = None
    use_tls: bool = False  # smtps: TLS from the first byte (port 465)
    start_tls: bool = False  # smtp with ?starttls=1: upgraded after the greeting (port 587)

    @classmethod
    def parse(cls, url: str) -> SmtpServer:
        """smtp://host:port, smtp://user:password@host:587?starttls=1, smtps://user:password@host:465"""
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps"):
            raise BadSmtpUrl(f"SMTP_URL must start with smtp:// or smtps:// (it is {url.split(':', 1)[0]!r})")
        if not parts.hostname:
            raise BadSmtpUrl("SMTP_URL names no host (smtp://host:port)")
        try:
            port = parts.port or (465 if parts.scheme == "smtps" else 25)
        except ValueError:
            raise BadSmtpUrl("SMTP_URL's port is not a number") from None
        starttls = parse_qs(parts.query).get("starttls", ["0"])[0].lower() in ("1", "true", "yes", "on")
        return cls(
            host=parts.hostname,
            port=port,
            username=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password else None,
            use_tls=parts.scheme == "smtps",
            start_tls=starttls and parts.scheme == "smtp",
        )


def one_line(text: str) -> str:
    return CONTROL.sub(" ", text).strip()


def _header_text(text: str) -> str | Header:
    """A header's words as they are when ASCII, else encoded (RFC 2047)."""
    return text if text.isascii() else Header(text, "utf-8")


def _mailbox(name: str, address: str) -> tuple[str, str]:
    """(the address alone, `Name <address>` for a header), or ValueError for an address no header
    can hold (which Address() refuses); formataddr quotes or encodes the name as it needs."""
    try:
        mailbox = Address(display_name=one_line(name), addr_spec=one_line(address))
    except (HeaderParseError, IndexError) as error:  # not ValueErrors: the sender would retry for ever
        raise ValueError(f"{address!r}: {error}") from None
    return mailbox.addr_spec, email.utils.formataddr((mailbox.display_name, mailbox.addr_spec), "utf-8")


def envelope(message: Taken, mail_from: str) -> tuple[str, str, bytes]:
    """The email of an outbox message, with its own Message-ID (the same on every attempt): its
    sender's and recipient's addresses and its bytes. Built with the email package's classic
    classes, which set headers as given: its modern EmailMessage parses every header it is given or
    makes (sixteen a message) through its header registry, three times the cost of the whole."""
    sender, sender_header = _mailbox(*email.utils.parseaddr(mail_from))
    recipient, recipient_header = _mailbox(message.recipient_name, message.recipient)
    mail = MIMEMultipart("alternative")
    mail["From"] = sender_header
    mail["To"] = recipient_header
    mail["Subject"] = _header_text(one_line(message.subject))
    mail["Message-ID"] = message.message_id
    mail["Date"] = email.utils.formatdate(usegmt=True)
    mail["Auto-Submitted"] = "auto-generated"  # RFC 3834: out-of-office replies stay away
    mail.attach(MIMEText(message.text, "plain", "utf-8"))
    mail.attach(MIMEText(message.html, "html", "utf-8"))
    return sender, recipient, mail.as_bytes()


@dataclass(frozen=True)
class Prepared:
    """An email ready for the wire: its envelope's addresses and its bytes (made off the event loop:
    building and flattening a MIME message still costs some tenths of a millisecond, which the
    loop's other requests, the checkout's among them, would wait for)."""

    taken: Taken
    sender: str
    recipient: str
    data: bytes


def prepare(message: Taken, mail_from: str) -> Prepared:
    return Prepared(message, *envelope(message, mail_from))


@dataclass(frozen=True)
class Outcome:
    id: int
    sent: bool
    permanent: bool = False
    detail: str = ""


def _refusal(id_: int, error: Exception) -> Outcome:
    """A 5xx answer refuses the message for good; anything else may pass on a later attempt."""
    if isinstance(error, aiosmtplib.SMTPRecipientsRefused):
        codes = [refused.code for refused in error.recipients]
        detail = "; ".join(f"{r.code} {r.message}" for r in error.recipients)
        return Outcome(id_, False, permanent=all(500 <= code < 600 for code in codes), detail=detail)
    if isinstance(error, aiosmtplib.SMTPResponseException):
        return Outcome(id_, False, permanent=500 <= error.code < 600, detail=f"{error.code} {error.message}")
    return Outcome(id_, False, detail=f"{type(error).__name__}: {error}")


async def deliver(server: SmtpServer, batch: list[Prepared]) -> list[Outcome]:
    """Deliver a batch over one connection. A message the server refuses does not stop the others;
    a lost connection leaves the rest for their next attempt."""
    outcomes: list[Outcome] = []
    client = aiosmtplib.SMTP(
        hostname=server.host,
        port=server.port,
        use_tls=server.use_tls,
        start_tls=server.start_tls,
        timeout=TIMEOUT_SEC,
    )
    try:
        await client.connect()
        if server.username:
            await client.login(server.username, server.password or "")
    except (aiosmtplib.SMTPException, OSError) as error:
        return [_refusal(prepared.taken.id, error) for prepared in batch]
    try:
        for prepared in batch:
            try:
                _, answer = await client.sendmail(prepared.sender, [prepared.recipient], prepared.data)
                outcomes.append(Outcome(prepared.taken.id, True, detail=answer))
            except (aiosmtplib.SMTPRecipientsRefused, aiosmtplib.SMTPResponseException) as error:
                outcomes.append(_refusal(prepared.taken.id, error))
            except (aiosmtplib.SMTPException, OSError) as error:
                outcomes.append(_refusal(prepared.taken.id, error))
                break  # the connection is gone: the rest wait for their next attempt
    finally:
        if client.is_connected:
            try:
                await client.quit()
            except (aiosmtplib.SMTPException, OSError):
                client.close()
    done = {outcome.id for outcome in outcomes}
    outcomes += [
        Outcome(prepared.taken.id, False, detail="not tried: the connection was lost")
        for prepared in batch
        if prepared.taken.id not in done
    ]
    return outcomes
