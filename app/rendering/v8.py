"""The renderer: a pool of V8 isolates (mini-racer) running static/build/server.js.

Each isolate runs JavaScript on its own native thread (mini-racer releases the GIL meanwhile),
so renders happen off the event loop and in parallel. The event loop hands a render to the least
busy isolate and awaits its answer through mini-racer's cancelable API, with no Python thread in
between. Each render has a time limit and the isolate a hard memory limit; an isolate that failed
either way, or that has rendered many pages, is retired and replaced in the background.
"""

from __future__ import annotations

import asyncio
import logging
import threading
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


@dataclass(frozen=True)
class Rendered:
    html: str
    css: str
    ids: str

    @classmethod
    def read(cls, answer: str, styles: dict[str, str]) -> Rendered:
        """renderPage's answer (components/server.jsx): "S" ids NUL count NUL (id NUL style NUL) x
        count, markup; or "J" and JSON. `styles` are the style texts by id the same isolate answered
        before, which a render names by id only: the answer's new ones join them."""
        if answer.startswith("S"):
            ids, count, rest = answer[1:].split("\0", 2)
            *fresh, html = rest.split("\0", 2 * int(count))
            styles.update(zip(fresh[::2], fresh[1::2]))
        else:
            data = orjson.loads(answer[1:])
            html, ids = data["html"], data["ids"]
            styles.update(data["styles"])
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
        self.in_flight = 0  # renders handed to it and not yet answered (the pool's count)
        # components/server.jsx's renderRequest, and the empty argument list it is called with.
        self._render_request: JSFunction | None = None
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
            isolate._render_request = await isolate._racer.eval_cancelable("renderRequest")
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

    async def render(self, name: str, page_json: str, timeout_sec: float) -> str:
        """renderPage's answer, as the string it is (MiniRacer.call would JSON-encode it once more
        on each side). The page goes in as the `this` of renderRequest (components/server.jsx),
        never inside source code that V8 would scan and compile on every miss."""
        self.renders += 1
        try:
            async with asyncio.timeout(timeout_sec):  # cancelling the call stops the JavaScript
                return await self._call(self._render_request, f"{name}\n{page_json}")
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


class Renderer:
    """The pool. An isolate takes a second render while it runs one (DEPTH): under load it goes
    from one page straight to the next instead of idling while its answer crosses to the event
    loop and the loop hands it more work (two thread wake-ups, a tenth of a small page's render
    on this machine). An idle isolate is always chosen first, so a render queues behind another
    only when every isolate is busy."""

    DEPTH = 2

    def __init__(self, bundle: Path, size: int, timeout_sec: float, max_memory: int, recycle_after: int):
        self.bundle = bundle
        self.size = max(1, size)
        self.timeout_sec = timeout_sec
        self.max_memory = max_memory
        self.recycle_after = recycle_after
        self._serving: list[Isolate] = []  # isolates taking renders; a retired one leaves the list
        self._retired = 0  # isolates retired and not yet replaced
        self._changed = asyncio.Condition()  # an isolate freed a place, joined or left
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
        await asyncio.gather(*self._replacing, return_exceptions=True)
        serving, self._serving = self._serving, []
        for isolate in serving:
            await isolate.close()

    async def render(self, name: str, page_json: str) -> Rendered:
        isolate, ahead = await self._take()
        retire = True  # unless the isolate answered, or failed in a way that leaves it sound
        try:
            # A render queued behind another may wait for it: its limit counts that render's too.
            # Answers are read in the order the isolate gave them (futures resolved in turn wake
            # their tasks in turn, and nothing awaits between a task's wake-up and this read):
            # the styles an answer brings are known before a later one names them.
            rendered = Rendered.read(
                await isolate.render(name, page_json, self.timeout_sec * (ahead + 1)), isolate.styles
            )
            retire = False
        except RenderError:
            raise
        except (JSTimeoutException, JSOOMException) as error:
            raise RenderError(f"{type(error).__name__} rendering {name}") from None
        except Exception as error:  # a JS exception in a page: the page is still served
            retire = isolate.memory_limit_reached()
            raise RenderError(f"{name}: {str(error).splitlines()[0][:500]}") from None
        finally:  # also when the request was cancelled mid-render: that isolate is replaced
            await self._give_back(isolate, retire)
        return rendered

    async def _take(self) -> tuple[Isolate, int]:
        """The least busy isolate with a free place, and how many renders it runs before this one."""
        async with self._changed:
            await self._changed.wait_for(lambda: self._has_room() or not (self._serving or self._retired))
            if not self._has_room():  # every replacement failed: the browser renders the page
                raise RenderError("no V8 isolate is left to render with")
            isolate = min(self._serving, key=lambda i: i.in_flight)
            isolate.in_flight += 1
            return isolate, isolate.in_flight - 1

    def _has_room(self) -> bool:
        return any(i.in_flight < self.DEPTH for i in self._serving)

    async def _give_back(self, isolate: Isolate, retire: bool) -> None:
        async with self._changed:
            isolate.in_flight -= 1
            if (retire or isolate.renders >= self.recycle_after) and isolate in self._serving:
                self.replaced += retire
                self._retired += 1
                self._serving.remove(isolate)
            if isolate not in self._serving and isolate.in_flight == 0:
                self._replace(isolate)  # closed once the render queued behind it has answered too
            self._changed.notify_all()

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
        async with self._changed:
            self._retired -= 1
            if fresh is not None:
                self._serving.append(fresh)
            self._changed.notify_all()
