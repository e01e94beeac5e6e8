"""Following the catalogue's change log (db/catalogue_version.py): this server's catalogue version,
and dropping the cached pages each change makes stale.

A background task reads the changes after the last one this server saw every `ttl / 2` seconds,
in a worker thread, and drops the pages holding their keys; on PostgreSQL each committed change is
also announced (app/caching/change_notices.py), and read at once, so other instances drop their pages
within moments whatever the ttl. A page is served from the cache only
while the last read began at most `ttl` seconds ago: past that, the request reads the log itself
first. A write through this server reads it at once, so its own change shows on the next request.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
import math
import time
from collections import deque
from collections.abc import Callable, Iterable

import anyio
from sqlalchemy.orm import Session, sessionmaker

from app.caching.change_notices import ChangeNotices, listen_url
from app.caching.page_cache import PageCache, drops
from db import catalogue_version
from db.queries.remembered import Remembered

log = logging.getLogger("studentbooks.pages")

# Changes are kept in the log this long; a server that could not read it for half as long (its
# database away) no longer knows what it missed, and drops every page.
RETENTION = dt.timedelta(hours=1)
PRUNE_EVERY = 60.0
# Changes remembered for the pages being built meanwhile (a build reads at one version and is
# stored later: a change in between that touches it means it is answered but not kept).
REMEMBERED_SECONDS = 60.0


class CatalogueVersion:
    def __init__(
        self,
        sessions: sessionmaker[Session],
        pages: PageCache,
        ttl: float,
        report: Callable[[Iterable[str]], None],
        kept_reads: int,
    ):
        self._sessions = sessions
        self.pages = pages
        # The reads cached pages' loaders keep between misses (db/queries/remembered.py): dropped
        # by the same keys as the pages, kept no longer than a page, `kept_reads` of them at most.
        self.remembered = Remembered(pages.ttl, kept_reads)
        self.ttl = ttl
        self._report = report
        self.seen = 0  # the newest change applied: this server's catalogue version
        self.read_at = -math.inf  # time.monotonic() when the last read that was applied began
        self._recent: deque[tuple[int, frozenset[str], float]] = deque()
        self._forgotten = 0  # changes up to this one are no longer remembered
        self._lock: asyncio.Lock | None = None
        self._task: asyncio.Task | None = None
        self._notices: ChangeNotices | None = None
        self._pruned_at = -math.inf

    # --- reading the log ---------------------------------------------------------------------

    def start(self, database_url: str | None = None) -> None:
        """Start at the newest change (the cache is empty) and follow the log from there, hearing
        of changes as they commit where the database announces them."""
        with self._sessions() as session:
            self.seen = self._forgotten = catalogue_version.current(session)
        self.read_at = time.monotonic()
        self._lock = asyncio.Lock()
        self._task = asyncio.get_running_loop().create_task(self._follow())
        if database_url and (url := listen_url(database_url)):
            self._notices = ChangeNotices(url, self.catch_up)
            self._notices.start()

    async def stop(self) -> None:
        if self._notices is not None:
            await self._notices.stop()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def get(self) -> int:
        return self.seen

    def fresh(self) -> bool:
        return time.monotonic() - self.read_at <= self.ttl

    async def ensure_fresh(self) -> None:
        if not self.fresh():
            await self.catch_up()

    async def catch_up(self) -> None:
        """Apply every change committed before this call (a read that begins after it)."""
        asked = time.monotonic()
        async with self._lock:
            if self.read_at >= asked:
                return  # a read that began after the ask was applied while this one waited
            started = time.monotonic()
            changes = await anyio.to_thread.run_sync(self._read, self.seen)
            self._apply(changes, started)

    def refresh(self) -> int:
        """catch_up for synchronous callers (a test that wrote around the server): read now."""
        started = time.monotonic()
        self._apply(self._read(self.seen), started)
        return self.seen

    def _read(self, after: int) -> list[tuple[int, list[str]]]:
        with self._sessions() as session:
            changes = catalogue_version.changes_after(session, after)
            while changes and len(changes) % 1000 == 0:
                more = catalogue_version.changes_after(session, changes[-1][0])
                if not more:
                    break
                changes += more
            return changes

    def _apply(self, changes: list[tuple[int, list[str]]], started: float) -> None:
        if started - self.read_at > RETENTION.total_seconds() / 2:
            log.warning("the change log was out of reach for too long: dropping every cached page")
            self.pages.clear()
            self.remembered.clear()
        now = time.monotonic()
        for change_id, keys in changes:
            if change_id <= self.seen:
                continue
            self.pages.drop(keys)
            self.remembered.drop(keys)
            self._recent.append((change_id, frozenset(keys), now))
            self.seen = change_id
            self._report(keys)
        while self._recent and self._recent[0][2] < now - REMEMBERED_SECONDS:
            self._forgotten = self._recent.popleft()[0]
        self.read_at = max(self.read_at, started)

    def changed_since(self, version: int, shown: frozenset[str]) -> bool:
        """Whether a change after `version` already applied here touches a page showing `shown`."""
        if version < self._forgotten:
            return True  # too long ago to tell
        # Newest first, up to the page's version: a minute of a busy back office is hundreds of
        # changes, and every miss asks this.
        for change_id, keys, _at in reversed(self._recent):
            if change_id <= version:
                return False
            if drops(keys, shown):
                return True
        return False

    # --- the background task -------------------------------------------------------------------

    async def _follow(self) -> None:
        while True:
            await asyncio.sleep(self.ttl / 2)
            try:
                await self.catch_up()
                if time.monotonic() - self._pruned_at > PRUNE_EVERY:
                    self._pruned_at = time.monotonic()
                    await anyio.to_thread.run_sync(self._prune)
            except Exception:  # the database away for a moment: pages stay until the next read
                log.exception("could not read the catalogue's change log")

    def _prune(self) -> None:
        with self._sessions() as session, session.begin():
            catalogue_version.prune(session, dt.datetime.now(dt.UTC) - RETENTION)
