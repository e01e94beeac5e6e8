"""The sign-in limit: after LIMIT failed sign-ins (wrong passwords and wrong two-factor codes) of one
email from one client address within WINDOW, that pair is refused, even with the right password,
until its oldest failure ages out; a successful sign-in forgets the pair's failures.

The failures are counted where every server instance sees the same count, so N instances behind a
balancer allow no more attempts than one: in the database (`sign_in_failure`, pruned as failures
come), or in Redis when REDIS_URL is set (a sorted set per pair that expires with its window).
"""

from __future__ import annotations

import datetime as dt
import logging
import time
import uuid
from collections.abc import Callable
from typing import Protocol

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from app.database import Database
from app.http.errors import ApiError
from db.models import SignInFailure
from db.models.base import utcnow

log = logging.getLogger("studentbooks.auth")

LIMIT = 10
WINDOW = dt.timedelta(minutes=10)
UNAVAILABLE = "Sign-in is unavailable for a moment. Please try again shortly."

Pair = tuple[str, str]  # (client address, normalised email)


def _columns(pair: Pair) -> tuple[str, str]:
    client, email = pair
    return client[:64], email[:254]  # an email longer than any account's only ever fails


class SignInLimit(Protocol):
    async def blocked(self, pair: Pair) -> bool: ...
    async def failed(self, pair: Pair) -> None: ...
    async def succeeded(self, pair: Pair) -> None: ...
    async def close(self) -> None: ...


# --- in the database ------------------------------------------------------------------------------


def count_failures(session: Session, pair: Pair, since: dt.datetime) -> int:
    client, email = _columns(pair)
    return session.scalar(
        select(func.count())
        .select_from(SignInFailure)
        .where(SignInFailure.client == client, SignInFailure.email == email, SignInFailure.failed_at > since)
    )


def record_failure(session: Session, pair: Pair, now: dt.datetime, window: dt.timedelta) -> None:
    # Failures past the window count for nobody: each new one clears them (the index on failed_at
    # keeps that cheap), so the table holds one window's failures at most.
    session.execute(delete(SignInFailure).where(SignInFailure.failed_at <= now - window))
    client, email = _columns(pair)
    session.add(SignInFailure(client=client, email=email, failed_at=now))


def forget_failures(session: Session, pair: Pair) -> None:
    client, email = _columns(pair)
    session.execute(delete(SignInFailure).where(SignInFailure.client == client, SignInFailure.email == email))


class DatabaseLimit:
    def __init__(
        self, db: Database, limit: int = LIMIT, window: dt.timedelta = WINDOW, clock: Callable[[], dt.datetime] = utcnow
    ):
        self.db, self.limit, self.window, self.clock = db, limit, window, clock

    async def blocked(self, pair: Pair) -> bool:
        return await self.db.read(count_failures, pair, self.clock() - self.window) >= self.limit

    async def failed(self, pair: Pair) -> None:
        await self.db.write(record_failure, pair, self.clock(), self.window)

    async def succeeded(self, pair: Pair) -> None:
        await self.db.write(forget_failures, pair)

    async def close(self) -> None:
        pass


# --- in Redis -------------------------------------------------------------------------------------


class RedisUnavailable(RuntimeError):
    """REDIS_URL is set but Redis does not answer: the server does not start without its limit."""


class RedisLimit:
    PREFIX = "studentbooks:sign-in-failures:"

    def __init__(
        self, url: str, limit: int = LIMIT, window: dt.timedelta = WINDOW, clock: Callable[[], float] = time.time
    ):
        import redis.asyncio as redis

        self.url, self.limit, self.window, self.clock = url, limit, window.total_seconds(), clock
        self.redis = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)

    async def start(self) -> None:
        from redis.exceptions import RedisError

        try:
            await self.redis.ping()
        except RedisError as error:
            await self.close()
            raise RedisUnavailable(
                f"REDIS_URL is set, but Redis at {self.url} cannot be reached ({error}); "
                "the sign-in limit is counted there. Start Redis, or unset REDIS_URL "
                "to count failed sign-ins in the database."
            ) from error

    def _key(self, pair: Pair) -> str:
        client, email = _columns(pair)
        return f"{self.PREFIX}{client} {email}"

    async def _run(self, pair: Pair, *commands: tuple) -> list:
        """These commands on the pair's sorted set, in one round trip; 503 while Redis is away."""
        from redis.exceptions import RedisError

        try:
            async with self.redis.pipeline(transaction=True) as pipe:
                for name, *args in commands:
                    getattr(pipe, name)(self._key(pair), *args)
                return await pipe.execute()
        except RedisError as error:
            log.error("the sign-in limit could not reach Redis: %s", error)
            raise ApiError(503, UNAVAILABLE) from error

    async def blocked(self, pair: Pair) -> bool:
        horizon = self.clock() - self.window
        _removed, count = await self._run(pair, ("zremrangebyscore", "-inf", horizon), ("zcard",))
        return count >= self.limit

    async def failed(self, pair: Pair) -> None:
        now = self.clock()
        await self._run(
            pair,
            ("zadd", {uuid.uuid4().hex: now}),
            ("zremrangebyscore", "-inf", now - self.window),
            ("expire", int(self.window) + 1),
        )

    async def succeeded(self, pair: Pair) -> None:
        await self._run(pair, ("delete",))

    async def close(self) -> None:
        await self.redis.aclose()


async def start_limit(redis_url: str, db: Database) -> SignInLimit:
    if not redis_url:
        return DatabaseLimit(db)
    limit = RedisLimit(redis_url)
    await limit.start()
    log.info("failed sign-ins are counted in Redis at %s", redis_url)
    return limit
