"""A real SMTP server on loopback (aiosmtpd on 127.0.0.1), for the tests and the mail benchmark: it
keeps every message it accepts with the moment it arrived, can be stopped and started again on the
same port (the mail server down, then back), can refuse chosen recipients with a 5xx answer, and
can be slow."""

from __future__ import annotations

import asyncio
import email
import email.policy
import socket
import threading
import time
from email.message import EmailMessage

from aiosmtpd.controller import Controller


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Handler:
    def __init__(self, sink: MailSink):
        self.sink = sink

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.sink.refused:
            return "550 5.1.1 No such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.sink.delay:
            await asyncio.sleep(self.sink.delay)  # a slow mail server
        message = email.message_from_bytes(envelope.original_content or envelope.content, policy=email.policy.default)
        with self.sink.lock:
            self.sink.received.append(message)
            self.sink.arrived.append(time.time())
        return "250 Message accepted for delivery"


class MailSink:
    def __init__(self):
        self.port = free_port()
        self.received: list[EmailMessage] = []
        self.arrived: list[float] = []  # when each of `received` arrived (seconds since the epoch)
        self.refused: set[str] = set()
        self.delay = 0.0
        self.lock = threading.Lock()
        self.controller: Controller | None = None

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    def start(self) -> MailSink:
        self.controller = Controller(Handler(self), hostname="127.0.0.1", port=self.port)
        self.controller.start()
        return self

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    def messages(self, to: str | None = None) -> list[EmailMessage]:
        with self.lock:
            return [m for m in self.received if to is None or to in m["To"]]

    def wait_for(self, count: int, to: str | None = None, timeout: float = 10.0) -> list[EmailMessage]:
        """At least `count` messages (to `to`), waiting up to `timeout` seconds; fails otherwise."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.messages(to)
            if len(found) >= count:
                return found
            time.sleep(0.05)
        raise AssertionError(f"{len(self.messages(to))} of {count} messages arrived within {timeout} s")

    def by_message_id(self) -> dict[str, int]:
        """How many times each Message-ID arrived."""
        counts: dict[str, int] = {}
        for message in self.messages():
            counts[message["Message-ID"]] = counts.get(message["Message-ID"], 0) + 1
        return counts
