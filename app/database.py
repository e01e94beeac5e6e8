"""The application's database handle: sync SQLAlchemy sessions run in the thread pool."""
from __future__ import annotations

from typing import Callable, TypeVar

from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from db.engine import make_engine, make_sessionmaker

T = TypeVar("T")


class Database:
    def __init__(self, url: str):
        self.engine = make_engine(url)
        self.sessions = make_sessionmaker(self.engine)

    def read_sync(self, fn: Callable[..., T], *args, **kwargs) -> T:
        with self.sessions() as session:
            return fn(session, *args, **kwargs)

    def write_sync(self, fn: Callable[..., T], *args, **kwargs) -> T:
        """One transaction: everything fn writes commits together, or nothing does."""
        with self.sessions() as session, session.begin():
            return fn(session, *args, **kwargs)

    async def read(self, fn: Callable[..., T], *args, **kwargs) -> T:
        return await run_in_threadpool(self.read_sync, fn, *args, **kwargs)

    async def write(self, fn: Callable[..., T], *args, **kwargs) -> T:
        return await run_in_threadpool(self.write_sync, fn, *args, **kwargs)

    def dispose(self) -> None:
        self.engine.dispose()
