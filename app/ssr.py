"""The renderer: a pool of V8 isolates (mini-racer) running static/build/server.js.

Each isolate runs one render at a time on its own thread, so renders happen off the event loop
and in parallel (mini-racer releases the GIL while JavaScript runs). Each render has a time
limit and the isolate a hard memory limit; an isolate that failed either way, or that has
rendered many pages, is thrown away and replaced.
"""
from __future__ import annotations

import asyncio
import json
import logging
import queue
import threading
from dataclasses import dataclass
from pathlib import Path

from py_mini_racer import JSOOMException, JSTimeoutException, MiniRacer, init_mini_racer

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
    """One V8 isolate with the server bundle loaded."""

    # V8's process-wide set-up is not safe to race: isolates are created one at a time.
    _creating = threading.Lock()

    def __init__(self, code: str, max_memory: int):
        with self._creating:
            init_mini_racer(flags=V8_FLAGS, ignore_duplicate_init=True)
            self._racer = MiniRacer()
        self._racer.set_hard_memory_limit(max_memory)
        self._racer.eval(code)

    def render(self, name: str, page_json: str, timeout_sec: float | None = None) -> str:
        """renderPage's JSON answer. The page goes in as a string literal and the answer comes back
        as the string it is: MiniRacer.call would JSON-encode the answer once more on each side."""
        return self._racer.eval(f"renderPage({json.dumps(name)}, {json.dumps(page_json)})", timeout_sec=timeout_sec)

    def memory_limit_reached(self) -> bool:
        return self._racer.was_hard_memory_limit_reached()

    def close(self) -> None:
        self._racer.close()


@dataclass
class _Job:
    name: str
    page_json: str
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future


class Renderer:
    def __init__(self, bundle: Path, size: int, timeout_sec: float, max_memory: int, recycle_after: int):
        self.bundle = bundle
        self.size = max(1, size)
        self.timeout_sec = timeout_sec
        self.max_memory = max_memory
        self.recycle_after = recycle_after
        self._jobs: queue.Queue[_Job | None] = queue.Queue()
        self._threads: list[threading.Thread] = []
        self._code: str | None = None
        self.replaced = 0

    def start(self) -> None:
        """Start the pool; each thread builds its own isolate (never on the event loop's thread)."""
        self._code = self.bundle.read_text()
        ready = threading.Barrier(self.size + 1)
        for n in range(self.size):
            thread = threading.Thread(target=self._work, args=(ready,), name=f"ssr-{n}", daemon=True)
            thread.start()
            self._threads.append(thread)
        ready.wait()

    def close(self) -> None:
        for _ in self._threads:
            self._jobs.put(None)
        for thread in self._threads:
            thread.join(timeout=5)
        self._threads.clear()

    async def render(self, name: str, page_json: str) -> Rendered:
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self._jobs.put(_Job(name, page_json, loop, future))
        return await future

    def _work(self, ready: threading.Barrier) -> None:
        isolate = Isolate(self._code, self.max_memory)
        ready.wait()
        renders = 0
        while (job := self._jobs.get()) is not None:
            replace = False
            try:
                data = json.loads(isolate.render(job.name, job.page_json, self.timeout_sec))
                outcome: Rendered | Exception = Rendered(data["html"], data["css"], data["ids"])
            except (JSTimeoutException, JSOOMException) as error:
                outcome, replace = RenderError(f"{type(error).__name__} rendering {job.name}"), True
            except Exception as error:  # a JS exception in a page: the page is still served
                outcome = RenderError(f"{job.name}: {str(error).splitlines()[0][:500]}")
                replace = isolate.memory_limit_reached()
            renders += 1
            if replace or renders >= self.recycle_after:
                isolate.close()
                isolate, renders = Isolate(self._code, self.max_memory), 0
                self.replaced += replace
            job.loop.call_soon_threadsafe(_settle, job.future, outcome)
        isolate.close()


def _settle(future: asyncio.Future, outcome) -> None:
    if future.cancelled():
        return
    if isinstance(outcome, Exception):
        future.set_exception(outcome)
    else:
        future.set_result(outcome)
