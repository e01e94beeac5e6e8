"""On PostgreSQL, a server hears of every catalogue change as it commits (LISTEN/NOTIFY), so each
instance drops its stale pages at once rather than at its next periodic read of the change log.

One connection per server listens on the change log's channel (db/catalogue_version.py notifies
it in the writing transaction, so the notice comes at commit). A notice only says "read the log":
notices that arrive while a read runs are folded into one more read. After every (re)connect the
log is read too, for what was committed while nobody listened. The periodic read stays as the
fallback (app/caching/page_changes.py), and covers SQLite, which has no notifications.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

import psycopg
from sqlalchemy.engine import make_url

from db.catalogue_version import CHANNEL
from db.engine import normalise_url

log = logging.getLogger("studentbooks.pages")

RECONNECT_AFTER = 1.0
# A database that went away without closing the connection is noticed within ~20 s by TCP
# keep-alives; meanwhile the periodic read keeps the pages right.
KEEPALIVES = dict(keepalives=1, keepalives_idle=10, keepalives_interval=5, keepalives_count=2)


def listen_url(database_url: str) -> str | None:
    """The libpq URL to listen on, or None for a database without notifications (SQLite)."""
    url = make_url(normalise_url(database_url))
    if url.get_backend_name() != "postgresql":
        return None
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


class ChangeNotices:
    def __init__(self, url: str, read_log: Callable[[], Awaitable[None]]):
        self.url, self.read_log = url, read_log
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task] = []

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen()), loop.create_task(self._follow())]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _listen(self) -> None:
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True, **KEEPALIVES) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    self._wake.set()
                    async for _notice in connection.notifies():
                        self._wake.set()
            except psycopg.Error as error:
                log.warning("not listening for catalogue changes (%s); retrying in %.0f s", error, RECONNECT_AFTER)
            await asyncio.sleep(RECONNECT_AFTER)

    async def _follow(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            try:
                await self.read_log()
            except Exception:  # the database away for a moment: the next notice or poll reads again
                log.exception("could not read the catalogue's change log after a notice")
