"""Where a page build's server time went, stage by stage, sent as a `Server-Timing` header on the
answer that built it (a browser's developer tools show it; `make bench` reads it from the running
server). Hits carry none: they are a lookup and two sends.

The clock starts when the request reaches the application (app/caching/fast_path.py stamps the scope), so
the total counts routing, middleware and thread hand-offs too.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from starlette.types import Scope

STARTED = "studentbooks.started"  # the scope key holding the request's perf_counter() at arrival


def stamp(scope: Scope) -> None:
    scope[STARTED] = time.perf_counter()


class ServerTiming:
    """Milliseconds per stage of one page build, in the order the stages began."""

    def __init__(self, scope: Scope):
        self.started = scope.get(STARTED, time.perf_counter())
        self.stages: dict[str, float] = {}

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        began = time.perf_counter()
        try:
            yield
        finally:
            self.stages[name] = self.stages.get(name, 0.0) + (time.perf_counter() - began) * 1000

    def header(self) -> tuple[bytes, bytes]:
        """The Server-Timing header: each stage, then the total so far."""
        total = (time.perf_counter() - self.started) * 1000
        parts = [f"{name};dur={ms:.2f}" for name, ms in self.stages.items()] + [f"total;dur={total:.2f}"]
        return b"server-timing", ", ".join(parts).encode()
