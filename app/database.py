"""The application's database handle: sync SQLAlchemy sessions run on a few worker threads."""

from __future__ import annotations

import contextlib
import functools
import threading
from collections.abc import Callable
from typing import TypeVar

import anyio

from db.engine import make_engine, make_sessionmaker, make_write_engine

T = TypeVar("T")


class Database:
    def __init__(self, url: str, threads: int = 4):
        self.engine = make_engine(url)
        self.sessions = make_sessionmaker(self.engine)
        # PostgreSQL needs nothing special for writes; SQLite takes its write lock up front (db/engine.py).
        self.write_engine = make_write_engine(url) if self.engine.dialect.name == "sqlite" else self.engine
        self.write_sessions = make_sessionmaker(self.write_engine)
        # SQLite has one writer at a time, and a writer kept waiting by its busy handler sleeps
        # between looks (up to 100 ms each), leaving the lock idle while it sleeps: this process's
        # writers take turns on a lock of their own instead, which hands over the moment it is
        # free. Other processes' writers still wait in the busy handler.
        self._write_turn = threading.Lock() if self.engine.dialect.name == "sqlite" else contextlib.nullcontext()
        # Reads and writes are mostly Python (SQLAlchemy) holding the GIL: a few threads keep the
        # cores busy; dozens would only take the GIL from each other and from the event loop.
        self._threads = anyio.CapacityLimiter(threads)

    def read_sync(self, fn: Callable[..., T], *args, **kwargs) -> T:
        with self.sessions() as session:
            return fn(session, *args, **kwargs)

    def write_sync(self, fn: Callable[..., T], *args, **kwargs) -> T:
        """One transaction: everything fn writes commits together, or nothing does."""
        with self._write_turn, self.write_sessions() as session, session.begin():
            return fn(session, *args, **kwargs)

    async def read(self, fn: Callable[..., T], *args, **kwargs) -> T:
        return await self._in_thread(self.read_sync, fn, *args, **kwargs)

    async def write(self, fn: Callable[..., T], *args, **kwargs) -> T:
        return await self._in_thread(self.write_sync, fn, *args, **kwargs)

    async def _in_thread(self, run: Callable[..., T], *args, **kwargs) -> T:
        return await anyio.to_thread.run_sync(functools.partial(run, *args, **kwargs), limiter=self._threads)

    def dispose(self) -> None:
        self.engine.dispose()
        self.write_engine.dispose()
