"""The renderer: a pool of V8 isolates (mini-racer) running static/build/server.js.

Each isolate runs JavaScript on its own native thread (mini-racer releases the GIL meanwhile),
so renders happen off the event loop and in parallel, one at a time per isolate. The event loop
hands a render to an idle isolate and awaits its answer through mini-racer's cancelable API,
with no Python thread in between: a render crosses two threads, not six. Each render has a time
limit and the isolate a hard memory limit; an isolate that failed either way, or that has
rendered many pages, is thrown away and replaced in the background.
"""
from __future__ import annotations

import asyncio
import json
import logging
import threading
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path

from py_mini_racer import JSOOMException, JSTimeoutException, MiniRacer, init_mini_racer, mini_racer

log = logging.getLogger("studentbooks.ssr")


@dataclass(frozen=True)
class Rendered:
    html: str
    css: str
    ids: str


class RenderError(Exception):
    pass


# V8 configured as Node runs it. mini-racer's default, --single-threaded, is there to survive a
# fork (this server never forks once V8 is up); it makes TurboFan compile on the JavaScript thread,
# and that code calls string builtins such as charCodeAt where it would inline them: emotion's
# class-name hash ran 3x slower and a storefront render took a fifth longer.
V8_FLAGS: tuple[str, ...] = ()


class Isolate:
    """One V8 isolate with the server bundle loaded, answering on the event loop that started it."""

    # V8's process-wide set-up is not safe to race: isolates are created one at a time.
    _creating = threading.Lock()

    def __init__(self, owner: AbstractContextManager[MiniRacer], racer: MiniRacer):
        self._owner = owner
        self._racer = racer
        self.renders = 0

    @classmethod
    async def start(cls, code: str, max_memory: int) -> Isolate:
        owner = mini_racer(asyncio.get_running_loop())
        # Creating the isolate blocks until V8 has set it up: off the loop, which must stay free
        # to answer the set-up's own calls.
        isolate = cls(owner, await asyncio.to_thread(cls._enter, owner))
        try:
            isolate._racer.set_hard_memory_limit(max_memory)
            await isolate._racer.eval_cancelable(code)
        except BaseException:
            await isolate.close()
            raise
        return isolate

    @classmethod
    def _enter(cls, owner: AbstractContextManager[MiniRacer]) -> MiniRacer:
        with cls._creating:
            init_mini_racer(flags=V8_FLAGS, ignore_duplicate_init=True)
            return owner.__enter__()

    async def render(self, name: str, page_json: str, timeout_sec: float) -> str:
        """renderPage's JSON answer. The page goes in as a string literal and the answer comes back
        as the string it is (MiniRacer.call would JSON-encode it once more on each side)."""
        self.renders += 1
        code = f"renderPage({json.dumps(name)}, {json.dumps(page_json)})"
        try:
            async with asyncio.timeout(timeout_sec):  # cancelling the evaluation stops the JavaScript
                return await self._racer.eval_cancelable(code)
        except TimeoutError as error:
            raise JSTimeoutException from error

    def memory_limit_reached(self) -> bool:
        return self._racer.was_hard_memory_limit_reached()

    async def close(self) -> None:
        await asyncio.to_thread(self._owner.__exit__, None, None, None)


class Renderer:
    def __init__(self, bundle: Path, size: int, timeout_sec: float, max_memory: int, recycle_after: int):
        self.bundle = bundle
        self.size = max(1, size)
        self.timeout_sec = timeout_sec
        self.max_memory = max_memory
        self.recycle_after = recycle_after
        self._idle: asyncio.Queue[Isolate] = asyncio.Queue()
        self._replacing: set[asyncio.Task] = set()
        self._code = ""
        self.replaced = 0

    async def start(self) -> None:
        """Start the pool on the running event loop, which then serves every render."""
        self._code = self.bundle.read_text()
        for isolate in await asyncio.gather(*(Isolate.start(self._code, self.max_memory) for _ in range(self.size))):
            self._idle.put_nowait(isolate)

    async def close(self) -> None:
        await asyncio.gather(*self._replacing, return_exceptions=True)
        while not self._idle.empty():
            await self._idle.get_nowait().close()

    async def render(self, name: str, page_json: str) -> Rendered:
        isolate = await self._idle.get()
        replace = True  # unless the isolate answered, or failed in a way that leaves it sound
        try:
            data = json.loads(await isolate.render(name, page_json, self.timeout_sec))
            replace = False
        except (JSTimeoutException, JSOOMException) as error:
            raise RenderError(f"{type(error).__name__} rendering {name}") from None
        except Exception as error:  # a JS exception in a page: the page is still served
            replace = isolate.memory_limit_reached()
            raise RenderError(f"{name}: {str(error).splitlines()[0][:500]}") from None
        finally:  # also when the request was cancelled mid-render: that isolate is replaced
            if replace or isolate.renders >= self.recycle_after:
                self.replaced += replace
                self._replace(isolate)
            else:
                self._idle.put_nowait(isolate)
        return Rendered(data["html"], data["css"], data["ids"])

    def _replace(self, isolate: Isolate) -> None:
        task = asyncio.get_running_loop().create_task(self._renew(isolate))
        self._replacing.add(task)
        task.add_done_callback(self._replacing.discard)

    async def _renew(self, isolate: Isolate) -> None:
        try:
            await isolate.close()
            self._idle.put_nowait(await Isolate.start(self._code, self.max_memory))
        except Exception:
            log.exception("could not replace a V8 isolate; the pool has one fewer")
