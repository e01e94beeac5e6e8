"""The sign-in limit counts across instances: failed sign-ins spread over two apps on one database
(or one Redis, with REDIS_URL) lock the (address, email) pair out on both, as ten on one app would.
Failures age out of the window and are pruned; a server told to count in a Redis it cannot reach
does not start."""

from __future__ import annotations

import contextlib
import datetime as dt
import uuid

import pytest
from conftest import ADMIN_EMAIL, make_settings, sign_in
from sqlalchemy import func, select
from starlette.testclient import TestClient

from app.auth.sign_in_limit import LIMIT, DatabaseLimit, RedisLimit, RedisUnavailable
from app.main import create_app
from db.models import SignInFailure

REDIS_URL = "redis://127.0.0.1:6379/0"


@contextlib.contextmanager
def two_instances(settings, **overrides):
    shared = make_settings(settings.database_url, settings.media_dir, **overrides)
    with (
        TestClient(create_app(shared), base_url="http://127.0.0.1") as first,
        TestClient(create_app(shared), base_url="http://127.0.0.1") as second,
    ):
        yield first, second


def failures_stored(client: TestClient) -> int:
    return client.app.state.services.db.read_sync(lambda s: s.scalar(select(func.count()).select_from(SignInFailure)))


def fail_across(instances: tuple[TestClient, ...], email: str) -> None:
    for attempt in range(LIMIT):
        assert sign_in(instances[attempt % len(instances)], email=email, password="guess").status_code == 401


def test_failures_spread_over_two_instances_lock_the_pair_out_on_both(settings):
    with two_instances(settings) as (first, second):
        fail_across((first, second), ADMIN_EMAIL)
        for instance in (first, second):
            assert sign_in(instance, password="guess").status_code == 429
            assert sign_in(instance).status_code == 429, "even the right password waits out the window"
        assert failures_stored(first) == LIMIT


def test_a_successful_sign_in_forgets_the_pairs_failures_on_every_instance(settings):
    with two_instances(settings) as (first, second):
        for instance in (first, second) * 2:
            assert sign_in(instance, password="guess").status_code == 401
        assert sign_in(first).status_code == 200
        assert failures_stored(second) == 0


def test_failures_age_out_of_the_window_and_are_pruned(settings):
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        db = client.app.state.services.db
        now = [dt.datetime(2026, 1, 1, tzinfo=dt.UTC)]
        limit = DatabaseLimit(db, limit=3, window=dt.timedelta(minutes=10), clock=lambda: now[0])
        pair = ("203.0.113.9", "a@b.c")

        async def scenario() -> list:
            for _ in range(3):
                await limit.failed(pair)
            seen = [await limit.blocked(pair)]
            now[0] += dt.timedelta(minutes=10, seconds=1)
            seen.append(await limit.blocked(pair))
            await limit.failed(("203.0.113.10", "other@b.c"))  # a new failure clears the aged ones
            return seen

        assert client.portal.call(scenario) == [True, False]  # on the app's own event loop
        assert failures_stored(client) == 1


@pytest.fixture
def redis_available():
    redis = pytest.importorskip("redis")
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
    except redis.RedisError:
        pytest.skip(f"no Redis answers at {REDIS_URL}")


def test_with_redis_the_failures_are_counted_there_across_instances(settings, redis_available):
    email = f"nobody-{uuid.uuid4().hex}@example.com"  # a pair no other run shares
    with two_instances(settings, redis_url=REDIS_URL) as (first, second):
        assert isinstance(first.app.state.services.sign_in_limit, RedisLimit)
        fail_across((first, second), email)
        for instance in (first, second):
            assert sign_in(instance, email=email, password="guess").status_code == 429
        assert sign_in(first, email=f"other-{email}", password="guess").status_code == 401
        assert failures_stored(first) == 0


def test_a_server_told_to_count_in_an_unreachable_redis_does_not_start(settings):
    pytest.importorskip("redis")
    unreachable = make_settings(settings.database_url, settings.media_dir, redis_url="redis://127.0.0.1:9/0")
    with (
        pytest.raises(RedisUnavailable, match="REDIS_URL is set, but Redis at redis://127.0.0.1:9/0 cannot be reached"),
        TestClient(create_app(unreachable)),
    ):
        pass
