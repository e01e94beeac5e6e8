"""Caches in front of the server: how they may keep an answer, and which keys to purge.

An anonymous storefront page is public: a shared cache (nginx, a CDN) keeps it for `s-maxage`
seconds and may serve it stale for `stale-while-revalidate` more while it fetches a fresh copy;
a browser revalidates it every time (max-age=0) with its ETag, a 304 when nothing changed. Its
`Surrogate-Key` header names its invalidation keys (db/page_keys.py), so a cache that purges by
key (Fastly, Varnish xkey) drops exactly the pages a write changed: the server reports those keys
as it reads them from the change log, in a log line and, with PURGE_URL set, in a POST of
`{"keys": [...]}` to that address. Anything that depends on a session is `private, no-store`.
See deploy/nginx-cache.conf for a caching reverse proxy in front of the shop.
"""

from __future__ import annotations

import json
import logging
import threading
import urllib.request
from collections.abc import Iterable
from dataclasses import dataclass

from db import page_keys

log = logging.getLogger("studentbooks.purge")

PRIVATE = "private, no-store"
# nginx keeps an upstream answer's headers in one proxy buffer (4 KB by default): a longer key list
# is shortened to coarse keys (every product key becomes `products`).
SURROGATE_KEY_LIMIT = 1500


@dataclass(frozen=True)
class SharedCaching:
    max_age: int  # seconds a shared cache may serve a page without asking
    stale: int  # seconds more it may serve it stale while it revalidates

    @property
    def cache_control(self) -> str:
        return f"public, max-age=0, s-maxage={self.max_age}, stale-while-revalidate={self.stale}"


def surrogate_key(keys: Iterable[str], limit: int = SURROGATE_KEY_LIMIT) -> str:
    """The page's keys as a Surrogate-Key header value, coarsened when too long."""
    shown = sorted(set(keys) - {page_keys.ANY_CHANGE})
    if page_keys.ANY_CHANGE in keys:
        shown.append(page_keys.ANY_CHANGE)
    value = " ".join(shown)
    if len(value) > limit:
        value = " ".join(sorted({page_keys.coarse(key) for key in shown}))
    return value


def purge_keys(keys: Iterable[str]) -> list[str]:
    """What to purge for a change: its keys, with the coarse key standing in for each in shortened
    headers, and `any` (held by pages that cannot say what they show)."""
    keys = set(keys)
    return sorted(keys | {page_keys.coarse(key) for key in keys} | {page_keys.ANY_CHANGE})


class PurgeReporter:
    """Tells caches in front which keys to purge: a log line, and a POST to PURGE_URL if set."""

    def __init__(self, purge_url: str = "", timeout: float = 2.0):
        self.purge_url = purge_url
        self.timeout = timeout

    def report(self, keys: Iterable[str]) -> None:
        purged = purge_keys(keys)
        log.info("purge keys: %s", " ".join(purged))
        if self.purge_url:
            # Off the event loop, and never holding up the page that was asked for.
            threading.Thread(target=self._post, args=(purged,), daemon=True).start()

    def _post(self, keys: list[str]) -> None:
        request = urllib.request.Request(
            self.purge_url,
            data=json.dumps({"keys": keys}).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout):
                pass
        except OSError as error:
            log.warning("could not tell %s to purge %s: %s", self.purge_url, " ".join(keys), error)
