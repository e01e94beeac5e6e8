"""The renderer: a pool of V8 isolates (mini-racer) running static/build/server.js.

Each isolate runs JavaScript on its own native thread (mini-racer releases the GIL meanwhile),
so renders happen off the event loop and in parallel. The event loop hands a page to an idle
isolate, or under load several waiting pages to the least busy one in one call, and awaits the
answer through mini-racer's cancelable API, with no Python thread in between. Each call has a time
limit and the isolate a hard memory limit; an isolate that failed either way, or that has rendered
many pages, is retired and replaced in the background.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import deque
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path

import orjson
from py_mini_racer import (
    JSArray,
    JSEvalException,
    JSFunction,
    JSOOMException,
    JSTimeoutException,
    MiniRacer,
    init_mini_racer,
    mini_racer,
)

log = logging.getLogger("studentbooks.ssr")


# Between the pages of a call and between the fields of its answer (components/server.jsx): no
# page's JSON, name or answer field holds one.
SEPARATOR = "\0"


@dataclass(frozen=True)
class Rendered:
    html: str
    css: str
    ids: str

    @classmethod
    def read(cls, answer: str, styles: dict[str, str]) -> Rendered:
        """One page's answer (components/server.jsx); see read_all."""
        (rendered,) = cls.read_all(answer, 1, styles)
        if isinstance(rendered, RenderError):
            raise rendered
        return rendered

    @classmethod
    def read_all(cls, answer: str, count: int, styles: dict[str, str]) -> list[Rendered | RenderError]:
        """renderRequests' answer (components/server.jsx): `count` pages' answers joined by NUL, in
        the order asked, each "S" ids NUL count NUL (id NUL style NUL) x count NUL-free markup,
        "J" and JSON, or "E" and the error its page threw. `styles` are the style texts by id the
        same isolate answered before, which a render names by id only: the answer's new ones join
        them, in order, so a later page may name a style an earlier one brought."""
        fields = answer.split(SEPARATOR)
        at, pages = 0, []
        try:
            for _ in range(count):
                kind, rest = fields[at][:1], fields[at][1:]
                if kind == "S":
                    fresh = 2 * int(fields[at + 1])
                    styles.update(zip(fields[at + 2 : at + 2 + fresh : 2], fields[at + 3 : at + 3 + fresh : 2]))
                    pages.append(cls._named(fields[at + 2 + fresh], rest, styles))
                    at += 3 + fresh
                elif kind == "J":
                    data = orjson.loads(rest)
                    styles.update(data["styles"])
                    pages.append(cls._named(data["html"], data["ids"], styles))
                    at += 1
                elif kind == "E":
                    pages.append(RenderError((rest.splitlines() or ["the page threw"])[0][:500]))
                    at += 1
                else:
                    raise ValueError(kind)
        except (IndexError, ValueError, KeyError, TypeError):  # orjson's decode error is a ValueError
            at = -1
        if at != len(fields):
            raise RenderError("the renderer answered other than it was asked")
        return pages

    @classmethod
    def _named(cls, html: str, ids: str, styles: dict[str, str]) -> Rendered:
        try:
            return cls(html, "".join([styles[id] for id in ids.split()]), ids)
        except KeyError as unknown:  # the isolate names a style it never sent: it is not to be trusted
            raise RenderError(f"the renderer named a style it never sent: {unknown}") from None


class RenderError(Exception):
    pass


# V8 configured as Node runs it. mini-racer's default, --single-threaded, is there to survive a
# fork (this server never forks once V8 is up); it makes TurboFan compile on the JavaScript thread,
# and that code calls string builtins such as charCodeAt where it would inline them: emotion's
# class-name hash ran 3x slower and a storefront render took a fifth longer.
# Memory protection keys stay off: on a CPU with PKU, V8 guards its code and dispatch tables with a
# key whose rights each thread holds in its own register, and an isolate created on a thread that
# did not inherit them (a second server in one process, as the tests run them, or an isolate made
# after the thread that made the first has gone) crashed the process in
# JSDispatchTable::PreAllocatedEntryNeedsInitialization. The server runs only its own bundle.
V8_FLAGS: tuple[str, ...] = ("--no-memory-protection-keys",)


def start_v8() -> None:
    """V8's process-wide start, with the server's flags: whatever uses V8 in this process first calls it."""
    init_mini_racer(flags=V8_FLAGS, ignore_duplicate_init=True)


class Isolate:
    """One V8 isolate with the server bundle loaded, answering on the event loop that started it."""

    # V8's process-wide set-up is not safe to race: isolates are created one at a time.
    _creating = threading.Lock()

    def __init__(self, owner: AbstractContextManager[MiniRacer], racer: MiniRacer):
        self._owner = owner
        self._racer = racer
        self.renders = 0
        self.calls = 0  # calls handed to it and not yet answered (the pool's count)
        # components/server.jsx's renderRequests, and the empty argument list it is called with.
        self._render_requests: JSFunction | None = None
        self._no_arguments: JSArray | None = None
        # The style texts this isolate's renders have answered, by id (Rendered.read): they live
        # and go with the isolate, as its record of what it has answered does.
        self.styles: dict[str, str] = {}

    @classmethod
    async def start(cls, code: str, max_memory: int) -> Isolate:
        owner = mini_racer(asyncio.get_running_loop())
        # Creating the isolate blocks until V8 has set it up: off the loop, which must stay free
        # to answer the set-up's own calls.
        isolate = cls(owner, await asyncio.to_thread(cls._enter, owner))
        try:
            isolate._racer.set_hard_memory_limit(max_memory)
            await isolate._racer.eval_cancelable(code)
            isolate._render_requests = await isolate._racer.eval_cancelable("renderRequests")
            isolate._no_arguments = await isolate._racer.eval_cancelable("[]")
        except BaseException:
            await isolate.close()
            raise
        return isolate

    @classmethod
    def _enter(cls, owner: AbstractContextManager[MiniRacer]) -> MiniRacer:
        with cls._creating:
            start_v8()
            return owner.__enter__()

    async def render(self, pages: list[tuple[str, str]], timeout_sec: float) -> str:
        """renderRequests' answer for these (name, page JSON) pairs, as the string it is
        (MiniRacer.call would JSON-encode it once more on each side; Rendered.read_all reads it).
        The pages go in as the `this` of renderRequests (components/server.jsx), never inside
        source code that V8 would scan and compile on every miss."""
        self.renders += len(pages)
        try:
            async with asyncio.timeout(timeout_sec):  # cancelling the call stops the JavaScript
                return await self._call(
                    self._render_requests, SEPARATOR.join([f"{name}\n{page}" for name, page in pages])
                )
        except TimeoutError as error:
            raise JSTimeoutException from error
        except JSEvalException as error:
            # A call stopped by the memory limit answers a bare exception (an eval answers JSOOMException).
            if self.memory_limit_reached():
                raise JSOOMException from error
            raise

    async def _call(self, function: JSFunction, this: str) -> str:
        """`function` called with `this` and no arguments, awaited without blocking the event loop.
        mini-racer's public call_function_cancelable first builds its argument list with
        synchronous calls, each of which waits for the isolate to finish the render it runs. So
        this drives mini-racer's own internals (of 0.14.1, the version requirements.txt pins)."""
        context = self._racer._ctx
        # Held until the call has answered: a handle let go of frees its value, even mid-call.
        this_handle = context._python_to_value_handle(this)
        return await context._run_cancelable_mr_task(
            context._dll.mr_call_function, function.raw_handle.raw, this_handle.raw, self._no_arguments.raw_handle.raw
        )

    def memory_limit_reached(self) -> bool:
        return self._racer.was_hard_memory_limit_reached()

    async def close(self) -> None:
        await asyncio.to_thread(self._owner.__exit__, None, None, None)


@dataclass(frozen=True)
class Asked:
    """A page asked of the pool, waiting for an isolate or in a call."""

    name: str
    page_json: str
    answer: asyncio.Future[Rendered]


class Renderer:
    """The pool. A page asked when an isolate is idle goes to it at once, alone. When every isolate
    is busy, pages wait, and an isolate that answers takes up to BATCH of them in one call
    (components/server.jsx's renderRequests): the fixed cost of a call into V8 and of its answer's
    way back (0.08-0.09 ms on this machine, nearly a small page's render) is paid once for them,
    and the isolate renders them back to back with its caches warm. An isolate holds DEPTH calls:
    under load it goes from one call straight to the next instead of idling while its answer
    crosses to the event loop and the loop hands it more work.

    A call is the pool's, not a shopper's: a shopper who goes away leaves it running and its answer
    unread (stopping V8 mid-call would cost the isolate), and every answer is read in order, as the
    style texts an answer brings are named by later ones. A page that throws fails alone; a call
    stopped by its time or memory limit fails all its pages (the browser renders them) and the
    isolate is replaced."""

    DEPTH = 2
    # Pages in one call: enough to spread the call's fixed cost thin; few enough that the first
    # page's wait for the last is a few renders, not a queue's worth.
    BATCH = 8

    def __init__(self, bundle: Path, size: int, timeout_sec: float, max_memory: int, recycle_after: int):
        self.bundle = bundle
        self.size = max(1, size)
        self.timeout_sec = timeout_sec
        self.max_memory = max_memory
        self.recycle_after = recycle_after
        self._serving: list[Isolate] = []  # isolates taking calls; a retired one leaves the list
        self._retired = 0  # isolates retired and not yet replaced
        self._waiting: deque[Asked] = deque()  # pages asked while every isolate was busy
        self._sending = False  # a send of the waiting pages is scheduled on the loop
        self._closing = False
        self._calls: set[asyncio.Task] = set()
        self._replacing: set[asyncio.Task] = set()
        self._code = ""
        self.replaced = 0

    async def start(self) -> None:
        """Start the pool on the running event loop, which then serves every render."""
        self._code = self.bundle.read_text()
        self._serving = list(
            await asyncio.gather(*(Isolate.start(self._code, self.max_memory) for _ in range(self.size)))
        )

    async def close(self) -> None:
        self._closing = True
        self._fail_waiting(RenderError("the renderer has closed"))
        await asyncio.gather(*self._calls, *self._replacing, return_exceptions=True)
        serving, self._serving = self._serving, []
        for isolate in serving:
            await isolate.close()

    async def render(self, name: str, page_json: str) -> Rendered:
        if self._closing:
            raise RenderError("the renderer has closed")
        if not (self._serving or self._retired):  # every replacement failed: the browser renders the page
            raise RenderError("no V8 isolate is left to render with")
        asked = Asked(name, page_json, asyncio.get_running_loop().create_future())
        idle = next((isolate for isolate in self._serving if not isolate.calls), None)
        if idle is not None and not self._waiting:
            self._call(idle, [asked])
        else:
            self._waiting.append(asked)
            self._send_soon()
        return await asked.answer

    def _send_soon(self) -> None:
        """Send the waiting pages once the loop has run what is ready: pages asked in the same turn
        (the shoppers an answered call woke, asking for their next) travel in one call."""
        if not self._sending:
            self._sending = True
            asyncio.get_running_loop().call_soon(self._send)

    def _send(self) -> None:
        self._sending = False
        while self._waiting and not self._closing:
            free = [isolate for isolate in self._serving if isolate.calls < self.DEPTH]
            if not free:
                return  # the next answered call sends them
            fewest = min(isolate.calls for isolate in free)
            least_busy = [isolate for isolate in free if isolate.calls == fewest]
            # Shared between the least busy isolates, not all to the first of them.
            share = min(self.BATCH, -(-len(self._waiting) // len(least_busy)))
            batch: list[Asked] = []
            while self._waiting and len(batch) < share:
                asked = self._waiting.popleft()
                if not asked.answer.done():  # else its shopper went away while it waited
                    batch.append(asked)
            if batch:
                self._call(least_busy[0], batch)

    def _call(self, isolate: Isolate, batch: list[Asked]) -> None:
        isolate.calls += 1
        # The time limit is a call's, not a page's: a page renders in milliseconds, so a call of
        # BATCH sound pages is far inside it, and a runaway page holds its isolate no longer than
        # when it came alone. A call waits for the one ahead of it: its limit counts that one's.
        limit = self.timeout_sec * isolate.calls
        task = asyncio.get_running_loop().create_task(self._answer(isolate, batch, limit))
        self._calls.add(task)
        task.add_done_callback(self._calls.discard)

    async def _answer(self, isolate: Isolate, batch: list[Asked], limit: float) -> None:
        retire = True  # unless the isolate answered, or failed in a way that leaves it sound
        try:
            answer = await isolate.render([(asked.name, asked.page_json) for asked in batch], limit)
            pages = Rendered.read_all(answer, len(batch), isolate.styles)
            retire = False
        except RenderError as error:
            pages = [error] * len(batch)
        except (JSTimeoutException, JSOOMException) as error:
            pages = [RenderError(type(error).__name__)] * len(batch)
        except asyncio.CancelledError:  # the server is stopping: the isolate goes with it
            _settle(batch, [RenderError("the renderer has closed")] * len(batch))
            raise
        except Exception as error:  # not a page's own exception (renderRequests catches those)
            retire = isolate.memory_limit_reached()
            pages = [RenderError(str(error).splitlines()[0][:500])] * len(batch)
        finally:
            isolate.calls -= 1
        self._retire_if(isolate, retire)
        _settle(batch, pages)
        self._send_soon()

    def _retire_if(self, isolate: Isolate, retire: bool) -> None:
        if (retire or isolate.renders >= self.recycle_after) and isolate in self._serving:
            self.replaced += retire
            self._retired += 1
            self._serving.remove(isolate)
        if isolate not in self._serving and isolate.calls == 0:
            self._replace(isolate)  # closed once the call queued behind it has answered too

    def _replace(self, isolate: Isolate) -> None:
        task = asyncio.get_running_loop().create_task(self._renew(isolate))
        self._replacing.add(task)
        task.add_done_callback(self._replacing.discard)

    async def _renew(self, isolate: Isolate) -> None:
        fresh = None
        try:
            await isolate.close()
            fresh = await Isolate.start(self._code, self.max_memory)
        except Exception:
            log.exception("could not replace a V8 isolate; the pool has one fewer")
        self._retired -= 1
        if fresh is not None:
            self._serving.append(fresh)
        elif not (self._serving or self._retired):
            self._fail_waiting(RenderError("no V8 isolate is left to render with"))
        self._send_soon()

    def _fail_waiting(self, error: RenderError) -> None:
        waiting, self._waiting = list(self._waiting), deque()
        _settle(waiting, [error] * len(waiting))


def _settle(asked: list[Asked], pages: list[Rendered | RenderError]) -> None:
    """Each shopper who still waits gets their page, or the error that failed it, named."""
    for one, page in zip(asked, pages):
        if one.answer.done():  # the shopper went away
            continue
        if isinstance(page, RenderError):
            one.answer.set_exception(RenderError(f"{one.name}: {page}"))
        else:
            one.answer.set_result(page)
