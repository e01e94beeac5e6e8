"""Instances on one PostgreSQL hear of each other's catalogue changes as they commit (LISTEN/NOTIFY):
a change published through one drops the other's cached page at once, though the other would not
read the change log by itself for an hour; and after its listening connection is cut, it listens
again and catches up."""

from __future__ import annotations

import contextlib
import time

import psycopg
from conftest import make_settings
from sqlalchemy import select
from starlette.testclient import TestClient

from app.main import create_app
from db import catalogue_version, page_keys
from db.engine import normalise_url
from db.models import Product

JSON = {"Accept": "application/json"}
# Neither instance reads the change log by itself during the test: only a notice can tell it.
QUIET = dict(catalogue_version_ttl=3600.0)
WAIT = 10.0  # a bound on waiting for the notice, not a speed measurement


@contextlib.contextmanager
def two_instances(url: str, media):
    with (
        TestClient(create_app(make_settings(url, media, **QUIET)), base_url="http://127.0.0.1") as writer,
        TestClient(create_app(make_settings(url, media, **QUIET)), base_url="http://127.0.0.1") as reader,
    ):
        yield writer.app.state.services, reader


def cached_product_page(reader: TestClient, services) -> tuple[str, int]:
    product_id = services.db.read_sync(
        lambda s: s.scalar(select(Product.id).where(Product.published.is_(True)).order_by(Product.id).limit(1))
    )
    page = f"/product/{product_id}"
    reader.get(page, headers=JSON)
    builds = reader.app.state.services.page_cache.builds
    assert reader.get(page, headers=JSON).status_code == 200
    assert reader.app.state.services.page_cache.builds == builds, "the page is served from the cache"
    return page, product_id


def publish_through(services, product_id: int) -> int:
    """A change to one product, committed through the writing instance; its id in the log."""

    def change(session):
        catalogue_version.publish(session, [page_keys.product(product_id)])

    services.db.write_sync(change)
    return services.db.read_sync(catalogue_version.current)


def rebuilt_once_heard(reader: TestClient, page: str, change: int) -> bool:
    version = reader.app.state.services.catalogue_version
    deadline = time.monotonic() + WAIT
    while version.seen < change and time.monotonic() < deadline:
        time.sleep(0.02)
    builds = reader.app.state.services.page_cache.builds
    reader.get(page, headers=JSON)
    return version.seen >= change and reader.app.state.services.page_cache.builds == builds + 1


def test_a_change_through_one_instance_drops_the_others_cached_page_at_once(seeded_postgres):
    url, media = seeded_postgres
    with two_instances(url, media) as (writer, reader):
        page, product_id = cached_product_page(reader, writer)
        change = publish_through(writer, product_id)
        assert rebuilt_once_heard(reader, page, change)


def test_an_instance_whose_listening_connection_is_cut_listens_again(seeded_postgres):
    url, media = seeded_postgres
    with two_instances(url, media) as (writer, reader):
        page, product_id = cached_product_page(reader, writer)
        database = normalise_url(url).rsplit("/", 1)[1]
        with psycopg.connect(url.rsplit("/", 1)[0] + "/" + database, autocommit=True) as admin:
            cut = admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = %s AND query = 'LISTEN page_change'",
                (database,),
            ).fetchall()
        assert len(cut) == 2  # both instances were listening
        change = publish_through(writer, product_id)
        assert rebuilt_once_heard(reader, page, change)
