"""The sender: one task in each server process that takes due messages from the outbox and delivers
them, after the commit that wrote them and never on a request's time.

It is woken at once when this process commits mail (Mailer), and otherwise looks every POLL_SEC
for what other instances wrote and for retries that came due. A batch is taken in one short write
transaction (marking it `sending` with a lease), delivered over one SMTP connection with no
transaction open, and each outcome recorded in a second one. Killed in between, the lease runs out
and a sender (this one restarted, or another instance's) delivers the batch again with the same
Message-IDs: at least once, never lost."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
import os
import socket

from app.database import Database
from app.mail.smtp import Outcome, Prepared, SmtpServer, deliver, prepare
from db import outbox

STOP_WAIT_SEC = 10.0
log = logging.getLogger("studentbooks.mail")

POLL_SEC = 1.0
BATCH = 20
# Woken by a commit, a sender waits this long for more mail before taking a batch: at an order a
# second nothing changes; at many, one batch (two short write transactions and one connection)
# carries several messages instead of each taking its own, which the checkout would wait behind.
GATHER_SEC = 0.2


class MailSender:
    def __init__(
        self,
        db: Database,
        server: SmtpServer,
        mail_from: str,
        *,
        lease_sec: float = 60.0,
        retry_scale: float = 1.0,
        poll_sec: float = POLL_SEC,
    ):
        self.db = db
        self.server = server
        self.mail_from = mail_from
        self.lease = dt.timedelta(seconds=lease_sec)
        self.retry_scale = retry_scale
        self.poll_sec = poll_sec
        self.name = f"{socket.gethostname()}:{os.getpid()}"
        self._wake = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._task = asyncio.create_task(self._run(), name="mail sender")

    def wake(self) -> None:
        """Deliver now: safe to call from any thread (commits run on the database's threads)."""
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._wake.set)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            # A round cancelled inside a database call waits for its thread to end; a thread held
            # up must not hold the server's shutdown with it (its mail stays leased and is sent again).
            done, _ = await asyncio.wait({self._task}, timeout=STOP_WAIT_SEC)
            if not done:
                log.warning("mail sender: still busy %.0f s after being stopped; leaving it", STOP_WAIT_SEC)
            self._task = None

    async def _run(self) -> None:
        while True:
            try:
                if await self.send_due():
                    continue  # there may be more: take the next batch at once
            except asyncio.CancelledError:
                raise
            except Exception:  # the database or the network failed: the next round tries again
                log.exception("mail sender: a round failed; trying again in %.0f s", self.poll_sec)
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.poll_sec)
                await asyncio.sleep(GATHER_SEC)

    async def send_due(self) -> int:
        """Take one batch of due messages and deliver it; answers how many were taken."""
        if not await self.db.read(outbox.anything_due):
            return 0
        taken = await self.db.write(outbox.take_due, limit=BATCH, lease=self.lease)
        if not taken:
            return 0
        mails, outcomes = await asyncio.to_thread(self._prepare, taken)
        if mails:
            outcomes += await deliver(self.server, mails)
        await self.db.write(self._record, outcomes)
        return len(taken)

    def _prepare(self, taken: list[outbox.Taken]) -> tuple[list[Prepared], list[Outcome]]:
        mails, refused = [], []
        for message in taken:
            try:
                mails.append(prepare(message, self.mail_from))
            except ValueError as error:  # an address no header can hold (app/mail/smtp.py)
                refused.append(Outcome(message.id, False, permanent=True, detail=f"Not a valid address: {error}"))
        return mails, refused

    def _record(self, session, outcomes: list[Outcome]) -> None:
        for outcome in outcomes:
            if outcome.sent:
                outbox.delivered(session, outcome.id, sender=self.name, detail=outcome.detail)
            else:
                state = outbox.not_delivered(
                    session,
                    outcome.id,
                    outcome.detail,
                    permanent=outcome.permanent,
                    sender=self.name,
                    scale=self.retry_scale,
                )
                log.warning("mail %s not delivered (%s): %s", outcome.id, state, outcome.detail)
