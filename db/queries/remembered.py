"""What a cached page's loader reads again on every miss though no write has changed it: a shop's
slides, services, banners, tiles and navigation, the level counts, and the cards of the products it
shows. This process keeps each under the invalidation keys (db/page_keys.py) whose publication
changes it, as the page cache keeps pages: dropped when a write publishes one of them
(app/caching/page_changes.py applies the change log to both), or when its time slot ends. A miss
after a price change then reads which products its lists hold and the one card that changed, not
the shop's furniture and every card again.

A loader asks through its session (`stored`, `remembered`). Only the sessions that build cached
pages carry the store (app/pages/render.py read_page): what they keep is as fresh as the pages it
goes into. The API's lists, the back office, scripts and tests read the database each time.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from typing import Any, TypeVar

from sqlalchemy.orm import Session

from db.page_keys import EVERYTHING, Holders

T = TypeVar("T")

STORE = "studentbooks.remembered"  # the session.info key of the store (`carry`)

# What drops a kept value: its keys, or what names them from the value (the products it names).
Keys = frozenset[str] | Callable[[Any], frozenset[str]]


class Remembered:
    """Values by name, each with the keys that drop it, least recently used first. Values are
    shared: callers never change one."""

    def __init__(self, ttl: float, max_entries: int):
        self.ttl = ttl
        self.max_entries = max_entries
        self._kept: OrderedDict[Hashable, tuple[Any, frozenset[str], float]] = OrderedDict()
        self._holding = Holders()  # key -> the names it drops
        # Counts the changes applied: a read that a change overtook (begun before it was applied,
        # done after) may hold what it changed, and is answered but not kept.
        self._changes = 0

    def read(self, name: Hashable, keys: Keys, read: Callable[[], T]) -> T:
        """read(), or what it gave before while none of `keys` (or of keys(value)) has been
        published since."""
        value = self.get(name)
        if value is None:
            begun = self.begun()
            value = read()
            self.keep(name, value, keys if isinstance(keys, frozenset) else keys(value), begun)
        return value

    def get(self, name: Hashable) -> Any | None:
        kept = self._kept.get(name)
        if kept is None:
            return None
        if kept[2] <= time.monotonic():
            self._remove(name)
            return None
        self._kept.move_to_end(name)
        return kept[0]

    def get_each(self, kind: str, ids: Iterable[Hashable]) -> tuple[dict[Hashable, Any], list[Hashable]]:
        """The values kept under (kind, id) for these ids, by id, and the ids of those not kept."""
        found: dict[Hashable, Any] = {}
        missing: list[Hashable] = []
        for id_ in ids:
            value = self.get((kind, id_))
            if value is None:
                missing.append(id_)
            else:
                found[id_] = value
        return found, missing

    def begun(self) -> int:
        """Taken before a read whose value is to be kept (`keep`)."""
        return self._changes

    def keep(self, name: Hashable, value: Any, keys: frozenset[str], begun: int) -> None:
        if begun != self._changes or not self.max_entries:  # a change was applied while it was read
            return
        self._remove(name)
        self._kept[name] = (value, keys, time.monotonic() + self.ttl)
        self._holding.add(name, keys)
        while len(self._kept) > self.max_entries:
            self._remove(next(iter(self._kept)))

    def drop(self, published: Iterable[str]) -> None:
        self._changes += 1
        published = set(published)
        if EVERYTHING in published:
            self.clear()
            return
        for name in self._holding.holding(published):
            self._remove(name)

    def clear(self) -> None:
        self._changes += 1
        self._kept.clear()
        self._holding.clear()

    def _remove(self, name: Hashable) -> None:
        kept = self._kept.pop(name, None)
        if kept is not None:
            self._holding.discard(name, kept[1])

    def __len__(self) -> int:
        return len(self._kept)


def carry(session: Session, store: Remembered) -> None:
    """Let this session's reads keep values in `store` (a cached page's loader's session)."""
    session.info[STORE] = store


def stored(session: Session) -> Remembered | None:
    """The store this session's reads may keep values in: a cached page's loader's only."""
    return session.info.get(STORE)


def remembered(session: Session, name: Hashable, keys: Keys, read: Callable[[], T]) -> T:
    """read(), or what it gave before while none of `keys` has been published since. `name` names
    the read (its statement and parameters)."""
    store = stored(session)
    return read() if store is None else store.read(name, keys, read)
