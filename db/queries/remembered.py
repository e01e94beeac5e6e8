"""Reads a storefront page repeats on every miss though only a back-office write changes them: a
shop's slides, services, banners, tiles and navigation, the level counts. This process keeps each
under the invalidation keys (db/page_keys.py) whose publication changes it, as the page cache keeps
pages: dropped when a write publishes one of them (app/caching/page_changes.py applies the change
log to both), or when its time slot ends. A miss after a price change then reads the products it
shows, not the shop's furniture again: four of the home's six statements, a tenth of its miss.

A loader asks through its session (`remembered`). Only the sessions that build cached pages carry
the store (app/pages/render.py read_page): what they keep is as fresh as the pages it goes into.
The API's lists, the back office, scripts and tests read the database each time, as before.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterable
from typing import Any, TypeVar

from sqlalchemy.orm import Session

from db.page_keys import EVERYTHING

T = TypeVar("T")

STORE = "studentbooks.remembered"  # the session.info key of the process's store


class Remembered:
    def __init__(self, ttl: float):
        self.ttl = ttl
        self._kept: dict[Hashable, tuple[Any, frozenset[str], float]] = {}
        # Counts every change applied: a read that a change overtook (begun before it was applied,
        # done after) may hold what it changed, and is answered but not kept.
        self._changes = 0

    def read(self, name: Hashable, keys: frozenset[str], read: Callable[[], T]) -> T:
        kept = self._kept.get(name)
        if kept is not None and kept[2] > time.monotonic():
            return kept[0]
        changes = self._changes
        value = read()
        if changes == self._changes:
            self._kept[name] = (value, keys, time.monotonic() + self.ttl)
        return value

    def drop(self, published: Iterable[str]) -> None:
        published = frozenset(published)
        self._changes += 1
        if EVERYTHING in published:
            self._kept.clear()
            return
        for name in [name for name, (_v, keys, _t) in self._kept.items() if not keys.isdisjoint(published)]:
            del self._kept[name]

    def clear(self) -> None:
        self._changes += 1
        self._kept.clear()

    def __len__(self) -> int:
        return len(self._kept)


def remembered(session: Session, name: Hashable, keys: frozenset[str], read: Callable[[], T]) -> T:
    """read(), or what it gave before while none of `keys` has been published since. `name` names
    the read (its statement and parameters); the value is shared: callers never change it."""
    store: Remembered | None = session.info.get(STORE)
    return read() if store is None else store.read(name, keys, read)
