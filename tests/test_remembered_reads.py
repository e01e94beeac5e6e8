"""A cached page's loader keeps the shop's content between misses (db/queries/remembered.py): a
read is answered from memory until a write publishes one of its keys, everything is dropped by a
write that cannot say what it changed, a read that a change overtook is not kept, and a kept read
lasts no longer than a page. Only the sessions that build cached pages keep anything."""

from __future__ import annotations

import time

from sqlalchemy import event, select

from db.models import Banner
from db.page_keys import EVERYTHING, content
from db.queries.remembered import Remembered


class Reads:
    def __init__(self):
        self.count = 0

    def __call__(self, value="rows"):
        def read():
            self.count += 1
            return [value]

        return read


def test_a_read_is_kept_until_one_of_its_keys_is_published():
    store, reads = Remembered(ttl=60), Reads()
    keys = frozenset({content("books")})
    assert store.read("slides", keys, reads()) == ["rows"]
    assert store.read("slides", keys, reads("other")) == ["rows"] and reads.count == 1

    store.drop({content("market"), "p:1"})  # another shop's content, a product: kept
    assert store.read("slides", keys, reads("other")) == ["rows"] and reads.count == 1

    store.drop({content("books")})
    assert store.read("slides", keys, reads("new")) == ["new"] and reads.count == 2


def test_a_write_that_cannot_say_what_it_changed_drops_every_read():
    store, reads = Remembered(ttl=60), Reads()
    store.read("slides", frozenset({content("books")}), reads())
    store.read("levels", frozenset({"levels"}), reads())
    store.drop({EVERYTHING})
    assert len(store) == 0


def test_a_read_overtaken_by_a_change_is_answered_but_not_kept():
    store = Remembered(ttl=60)

    def read_while_a_change_is_applied():
        store.drop({"p:7"})  # any change applied meanwhile: what was read may predate it
        return ["before the change"]

    assert store.read("slides", frozenset({content("books")}), read_while_a_change_is_applied) == ["before the change"]
    assert len(store) == 0


def test_a_kept_read_lasts_no_longer_than_its_time_slot():
    store, reads = Remembered(ttl=0.05), Reads()
    store.read("slides", frozenset({content("books")}), reads())
    time.sleep(0.06)
    store.read("slides", frozenset({content("books")}), reads())
    assert reads.count == 2


def test_pages_keep_their_shops_content_and_the_api_reads_it_each_time(client):
    services = client.app.state.services
    engine = services.db.engine
    ran: list[str] = []
    listener = lambda conn, cursor, statement, *args: ran.append(statement)  # noqa: E731
    event.listen(engine, "before_cursor_execute", listener)
    try:
        client.get("/gadget-shop")
        assert any("FROM banner" in statement for statement in ran)  # the first miss reads it
        ran.clear()
        services.page_cache.clear()
        client.get("/gadget-shop")
        assert not any("FROM banner" in statement for statement in ran)  # the next one remembers it
        assert len(ran) == 1
        ran.clear()
        client.get("/api/gadget-store/main-carousel")
        assert any("FROM carousel_slide" in statement for statement in ran)  # the API reads it
    finally:
        event.remove(engine, "before_cursor_execute", listener)


def test_a_banner_edited_by_another_server_shows_on_the_next_miss(client):
    services = client.app.state.services
    first = client.get("/gadget-shop").text

    def retitle(session):
        banner = session.scalars(select(Banner).where(Banner.shop == "gadget").order_by(Banner.id)).first()
        banner.title = "A Banner Retitled Elsewhere"

    services.db.write_sync(retitle)
    services.catalogue_version.refresh()  # the change log, as this server reads it
    assert "A Banner Retitled Elsewhere" not in first
    assert "A Banner Retitled Elsewhere" in client.get("/gadget-shop").text
