"""The rendered-page cache for anonymous storefront pages.

A page is kept under what was asked (path, query and format) with the invalidation keys of what
it shows (db/page_keys.py). It is dropped when a write publishes one of those keys (read from the
change log by app/caching/page_changes.py), or when its time slot ends: what moves with time rather than
with a write (deals that expire, best sellers that move with every sale) is refreshed then.

The request that builds a page waits only for a fast encoding of it, the one it asked for (brotli
at a low quality, or gzip's fastest level, or none); the cache's brotli at its better ratio is
made after that answer has gone out, on the cache's own compressing thread, and replaces the fast
one (`PageCache.compress_later`), so hits still get the best brotli. A gzip answer is made when a
request first needs it (a client without brotli), and kept. Its answers are built as ASGI
messages, every header included (the common security headers too), so a hit is a lookup and two
sends, before any routing (app/caching/fast_path.py).
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import logging
import math
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import brotli
from starlette.types import Receive, Scope, Send

from app.caching.shared_cache import SharedCaching, surrogate_key
from db.page_keys import ANY_CHANGE, EVERYTHING, Holders

Headers = list[tuple[bytes, bytes]]

log = logging.getLogger("studentbooks.pages")

# Each encoding's levels: (fast, best). Fast is what the request building a page waits for: on a
# storefront home (156 KB) brotli's quality 0 takes 0.1 ms for 23 KB, quality 2 0.4 ms for 21 KB,
# quality 5 1.3-3 ms for 17 KB; a tenth more bytes once, for the first shopper only, against a
# quarter of a render. Best is what hits get, made after the building answer has gone out:
# brotli 11 takes 160 ms for a body 12% smaller than quality 5's; quality 6 is 1% smaller for a
# fifth more time, and every page a write drops is compressed again.
BROTLI_QUALITY, GZIP_LEVEL = (0, 5), (1, 6)
ENCODINGS: dict[str, tuple[bytes, Callable[[bytes, bool], bytes]]] = {
    "brotli": (b"br", lambda body, best: brotli.compress(body, quality=BROTLI_QUALITY[best])),
    "gzipped": (b"gzip", lambda body, best: gzip.compress(body, GZIP_LEVEL[best])),
}


def page_key(scope: Scope, as_json: bool) -> tuple:
    """What a cached page is found by: the path, the raw query string, and document or props."""
    return (scope["path"], scope["query_string"], as_json)


def drops(change: Iterable[str], shown: frozenset[str]) -> bool:
    """Whether a change with these keys drops a page that shows these."""
    return EVERYTHING in change or ANY_CHANGE in shown or not shown.isdisjoint(change)


@dataclass(frozen=True)
class Answer:
    """One ready answer: the status, every header, the body."""

    status: int
    headers: Headers
    body: bytes

    def with_headers(self, more: Headers) -> Answer:
        return Answer(self.status, [*self.headers, *more], self.body)

    async def send(self, send: Send, head: bool = False) -> None:
        await send({"type": "http.response.start", "status": self.status, "headers": self.headers})
        await send({"type": "http.response.body", "body": b"" if head else self.body})


class AnswerResponse:
    """An Answer as an endpoint's response (the router's path to a cached page); `sent`, if given,
    is called once the answer has gone out (it must not block: the request ends after it)."""

    def __init__(self, answer: Answer, sent: Callable[[], None] | None = None):
        self.answer = answer
        self.sent = sent

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.answer.send(send, scope["method"] == "HEAD")
        if self.sent is not None:
            self.sent()


@dataclass(frozen=True)
class AnswerHeaders:
    """What every cached answer carries besides its own headers: the security headers every answer
    has (app/http/security.py, which the fast path does not pass through) and the shared-cache policy."""

    security: Headers
    caching: SharedCaching
    # A page that sets no Content-Security-Policy gets this one (app/http/security.py's NOTHING).
    default_policy: bytes


@dataclass(eq=False)
class CachedPage:
    etag: bytes
    keys: frozenset[str]
    version: int  # the catalogue version it was read at
    expires_at: float  # time.monotonic() when its time slot ends
    identity: Answer
    not_modified: Answer
    # The encoded answers, each made by the first request that takes it (`answer`): fast until
    # `take_best` has run, best from then on; None until made.
    brotli: Answer | None = None
    gzipped: Answer | None = None
    best: bool = False
    # Told the bytes the page grows by once it is stored (PageCache.put), so the cache's count stays true.
    grew: Callable[[CachedPage, int], None] | None = None

    @classmethod
    def build(
        cls,
        body: bytes,
        media_type: str,
        status: int = 200,
        headers: dict[str, str] | None = None,
        *,
        keys: frozenset[str] = frozenset(),
        version: int = 0,
        expires_at: float = math.inf,
        common: AnswerHeaders | None = None,
        unique: bool = False,
    ) -> CachedPage:
        """The page with no encoding made yet: `answer` makes the one a request takes, and
        `best_encodings` the brotli hits get. `unique`: no other build makes this body (a document
        carries a nonce of its own, app/pages/render.py)."""
        # An ETag names a version of a body; it proves nothing. A body no other build makes is named
        # by a random token as well as by its hash, which took a miss 0.07-0.15 ms of SHA-1 over a
        # storefront's 150 KB while the shopper waited; a hash names the same props alike each time.
        tag = secrets.token_hex(12) if unique else hashlib.sha1(body, usedforsecurity=False).hexdigest()[:24]
        etag = f'"{tag}"'.encode()
        own = [(name.lower().encode(), value.encode()) for name, value in (headers or {}).items()]
        shared = [(b"etag", etag), (b"vary", b"Accept, Accept-Encoding")]
        if common is not None:
            shared += [
                (b"cache-control", common.caching.cache_control.encode()),
                (b"surrogate-key", surrogate_key(keys).encode()),
            ]
            if not any(name == b"content-security-policy" for name, _ in own):
                own.append((b"content-security-policy", common.default_policy))
            own += common.security
        else:
            shared.append((b"cache-control", b"no-cache"))
        described = [(b"content-type", media_type.encode()), *shared, *own]
        return cls(
            etag=etag,
            keys=keys,
            version=version,
            expires_at=expires_at,
            identity=Answer(status, _sized(body, described), body),
            not_modified=Answer(304, [*shared, *own], b""),
        )

    def best_encodings(self) -> dict[str, Answer]:
        """The best brotli, and the best gzip if a fast one was made: a few milliseconds of CPU
        with the GIL let go, touching nothing shared (run off the event loop; `take_best` keeps them)."""
        return {
            slot: self._encode(slot, best=True)
            for slot in ("brotli", "gzipped")
            if slot == "brotli" or getattr(self, slot)
        }

    def take_best(self, answers: dict[str, Answer]) -> None:
        self.best = True
        for slot, answer in answers.items():
            self._hold(slot, answer)

    def _encode(self, slot: str, best: bool) -> Answer:
        encoding, compress = ENCODINGS[slot]
        body = compress(self.body, best)
        return Answer(self.identity.status, _sized(body, self.identity.headers[1:], encoding), body)

    def _hold(self, slot: str, answer: Answer) -> Answer:
        """Keep `answer` in `slot` (brotli or gzipped), telling the cache what the page grew by.
        Two requests racing to make one both compress; either result is right."""
        before = getattr(self, slot)
        setattr(self, slot, answer)
        if self.grew is not None:
            self.grew(self, len(answer.body) - (len(before.body) if before else 0))
        return answer

    @property
    def body(self) -> bytes:
        return self.identity.body

    @property
    def size(self) -> int:
        """Bytes held: the body and the encodings of it made so far."""
        return len(self.body) + sum(len(answer.body) for answer in (self.brotli, self.gzipped) if answer)

    def answer(self, accept_encoding: bytes, if_none_match: bytes) -> Answer:
        """The answer to a request: brotli for a client that takes it, gzip for one that takes only
        that, else the body as it is; an encoding not made yet is made quickly and kept."""
        if if_none_match == self.etag:
            return self.not_modified
        if b"br" in accept_encoding:
            return self.brotli or self._hold("brotli", self._encode("brotli", self.best))
        if b"gzip" in accept_encoding:
            return self.gzipped or self._hold("gzipped", self._encode("gzipped", self.best))
        return self.identity

    def answer_to(self, scope: Scope) -> Answer:
        headers = dict(scope["headers"])
        return self.answer(headers.get(b"accept-encoding", b""), headers.get(b"if-none-match", b""))


def _sized(content: bytes, described: Headers, encoding: bytes | None = None) -> Headers:
    """An answer's headers: its length first (CachedPage._encode relies on that), then the rest."""
    sized = [(b"content-length", str(len(content)).encode()), *described]
    return sized + [(b"content-encoding", encoding)] if encoding else sized


class PageCache:
    def __init__(
        self, max_entries: int, common: AnswerHeaders | None = None, ttl: float = math.inf, max_bytes: float = math.inf
    ):
        # Bounded by count and by bytes: a long tail of distinct searches must not grow the
        # server's memory for as long as it runs (`make bench` soak).
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self.bytes = 0
        self.common = common
        self.ttl = ttl
        self._pages: OrderedDict[tuple, CachedPage] = OrderedDict()
        self._holding = Holders()  # invalidation key -> pages that hold it
        self._building: dict[tuple, asyncio.Future] = {}
        # One thread makes the best encodings of new pages, one page at a time: a burst of misses
        # (a write dropping many pages) takes one core, never every core the renders need.
        self._compressor = ThreadPoolExecutor(1, thread_name_prefix="page-compressor")
        self._compressing: set[asyncio.Future] = set()
        # Pages built (each a loader's read and, for a document, a render): tests and benchmarks count them.
        self.builds = 0

    def page(
        self,
        body: bytes,
        media_type: str,
        status: int = 200,
        headers: dict[str, str] | None = None,
        *,
        keys: frozenset[str] = frozenset(),
        version: int = 0,
        started: float | None = None,
        unique: bool = False,
    ) -> CachedPage:
        """A page to store, with this cache's headers; its time slot runs from `started`."""
        expires_at = (time.monotonic() if started is None else started) + self.ttl
        return CachedPage.build(
            body,
            media_type,
            status,
            headers,
            keys=keys,
            version=version,
            expires_at=expires_at,
            common=self.common,
            unique=unique,
        )

    async def single_flight(
        self,
        key: tuple,
        build: Callable[[], Awaitable[CachedPage]],
        keep: Callable[[CachedPage], bool] = lambda page: True,
    ) -> CachedPage:
        """Build and store the page for `key` once, however many requests ask for it meanwhile:
        a burst of misses (a cold start, a write) must not render the page N times. A page that
        `keep` refuses (something it shows changed while it was built) is answered, not stored."""
        if (building := self._building.get(key)) is not None:
            page = await asyncio.shield(building)
            if page is not None:
                return page
        future = asyncio.get_running_loop().create_future()
        self._building[key] = future
        try:
            self.builds += 1
            page = await build()
            if keep(page):
                self.put(key, page)
            future.set_result(page)
            return page
        except BaseException:
            future.set_result(None)  # the waiters build it themselves and meet the error too
            raise
        finally:
            self._building.pop(key, None)

    def compress_later(self, page: CachedPage) -> None:
        """Make the page's best encodings on the compressing thread, and keep them on the event
        loop (the cache's count of bytes is the loop's). Called once its first answer has gone out."""
        if page.best:
            return
        job = asyncio.get_running_loop().run_in_executor(self._compressor, page.best_encodings)
        self._compressing.add(job)
        job.add_done_callback(lambda done: self._compressed(page, done))

    def _compressed(self, page: CachedPage, job: asyncio.Future) -> None:
        self._compressing.discard(job)
        if not job.cancelled() and job.exception() is None:
            page.take_best(job.result())
        elif not job.cancelled():
            log.error("could not compress a page: %r", job.exception())

    async def compressed(self) -> None:
        """Until every best encoding asked for so far is made and kept."""
        while self._compressing:
            await asyncio.wait(list(self._compressing))

    def get(self, key: tuple) -> CachedPage | None:
        page = self._pages.get(key)
        if page is None:
            return None
        if page.expires_at <= time.monotonic():
            self._remove(key)
            return None
        self._pages.move_to_end(key)
        return page

    def put(self, key: tuple, page: CachedPage) -> None:
        self._remove(key)
        self._pages[key] = page
        self.bytes += page.size
        page.grew = self._grew
        self._holding.add(key, page.keys)
        self._evict()

    def _grew(self, page: CachedPage, added: int) -> None:
        """A stored page built its gzip answer: count it, and keep to the byte budget."""
        if page.grew == self._grew:  # still stored here (a removed page is let go of)
            self.bytes += added
            self._evict()

    def _evict(self) -> None:
        while len(self._pages) > self.max_entries or (self.bytes > self.max_bytes and len(self._pages) > 1):
            self._remove(next(iter(self._pages)))

    def drop(self, keys: Iterable[str]) -> int:
        """Drop the pages a change with these keys changes; answers how many."""
        keys = set(keys)
        if EVERYTHING in keys:
            count = len(self._pages)
            self.clear()
            return count
        found = self._holding.holding((*keys, ANY_CHANGE))
        for key in found:
            self._remove(key)
        return len(found)

    def _remove(self, key: tuple) -> None:
        page = self._pages.pop(key, None)
        if page is None:
            return
        page.grew = None
        self.bytes -= page.size
        self._holding.discard(key, page.keys)

    def clear(self) -> None:
        for page in self._pages.values():
            page.grew = None
        self._pages.clear()
        self._holding.clear()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._pages)
