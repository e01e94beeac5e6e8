"""A cached page's loader keeps the shop's content between misses (db/queries/remembered.py): a
read is answered from memory until a write publishes one of its keys, everything is dropped by a
write that cannot say what it changed, a read that a change overtook is not kept, and a kept read
lasts no longer than a page. Only the sessions that build cached pages keep anything."""

from __future__ import annotations

import time

from conftest import statements_of
from sqlalchemy import select

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
    store, reads = Remembered(ttl=60, max_entries=100), Reads()
    keys = frozenset({content("books")})
    assert store.read("slides", keys, reads()) == ["rows"]
    assert store.read("slides", keys, reads("other")) == ["rows"] and reads.count == 1

    store.drop({content("market"), "p:1"})  # another shop's content, a product: kept
    assert store.read("slides", keys, reads("other")) == ["rows"] and reads.count == 1

    store.drop({content("books")})
    assert store.read("slides", keys, reads("new")) == ["new"] and reads.count == 2


def test_a_write_that_cannot_say_what_it_changed_drops_every_read():
    store, reads = Remembered(ttl=60, max_entries=100), Reads()
    store.read("slides", frozenset({content("books")}), reads())
    store.read("levels", frozenset({"levels"}), reads())
    store.drop({EVERYTHING})
    assert len(store) == 0


def test_a_read_overtaken_by_a_change_is_answered_but_not_kept():
    store = Remembered(ttl=60, max_entries=100)

    def read_while_a_change_is_applied():
        store.drop({"p:7"})  # any change applied meanwhile: what was read may predate it
        return ["before the change"]

    assert store.read("slides", frozenset({content("books")}), read_while_a_change_is_applied) == ["before the change"]
    assert len(store) == 0


def test_a_kept_read_lasts_no_longer_than_its_time_slot():
    store, reads = Remembered(ttl=0.05, max_entries=100), Reads()
    store.read("slides", frozenset({content("books")}), reads())
    time.sleep(0.06)
    store.read("slides", frozenset({content("books")}), reads())
    assert reads.count == 2


def test_pages_keep_their_shops_content_and_the_api_reads_it_each_time(client):
    services = client.app.state.services
    services.catalogue_version.refresh()  # what the server's own start wrote is applied first
    _, ran = statements_of(client, "/gadget-shop")
    assert any("FROM banner" in statement for statement in ran)  # the first miss reads it
    for _ in range(3):  # measured again if a change applied meanwhile dropped what it kept
        services.page_cache.clear()
        _, ran = statements_of(client, "/gadget-shop")
        if len(ran) == 1:
            break
    assert not any("FROM banner" in statement for statement in ran)  # the next one remembers it
    assert len(ran) == 1
    _, ran = statements_of(client, "/api/gadget-store/main-carousel")
    assert any("FROM carousel_slide" in statement for statement in ran)  # the API reads it


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


def test_the_least_recently_used_value_goes_first_when_the_store_is_full():
    store = Remembered(ttl=60, max_entries=2)
    for name in ("a", "b"):
        store.keep(name, [name], frozenset({f"p:{name}"}), store.begun())
    store.get("a")  # used: "b" is now the least recent
    store.keep("c", ["c"], frozenset({"p:c"}), store.begun())
    assert store.get("b") is None and store.get("a") == ["a"] and store.get("c") == ["c"]
    store.drop({"p:b"})  # its key went with it: nothing else is touched
    assert len(store) == 2


def _statements(client, path: str) -> list[str]:
    response, ran = statements_of(client, path, headers={"Accept": "application/json"})
    assert response.status_code == 200
    return ran


def test_a_miss_after_a_price_change_reads_that_one_card_again_and_shows_its_price(client):
    from decimal import Decimal

    from db.models import Product

    services = client.app.state.services
    props = client.get("/", headers={"Accept": "application/json"}).json()["props"]
    changed = props["featured"][0]["id"]
    for price in ("61.23", "61.24", "61.23"):  # measured again if another change dropped what it kept
        services.catalogue_version.refresh()
        client.get("/", params={"warm": price})  # keeps the content and the cards
        services.db.write_sync(lambda s, price=price: setattr(s.get(Product, changed), "price", Decimal(price)))
        services.catalogue_version.refresh()
        ran = _statements(client, "/")
        if len(ran) == 2:
            break
    # Which products the sections hold, then the one card that changed, by its id alone.
    assert len(ran) == 2 and ran[1].count("?") == 1 and "product.id IN" in ran[1], ran
    after = client.get("/", headers={"Accept": "application/json"}).json()["props"]
    assert {card["price"] for card in after["featured"] if card["id"] == changed} == {float(price)}
    # The other cards are the ones the page showed before.
    assert [c for c in after["newest"] if c["id"] != changed] == [c for c in props["newest"] if c["id"] != changed]


def test_an_author_renamed_shows_on_the_kept_cards_of_their_books(client):
    from db.models import Author, BookAuthor

    services = client.app.state.services
    shelf = client.get("/books/class-9", headers={"Accept": "application/json"}).json()["props"]
    book = next(card for card in shelf["products"] if card.get("authors"))
    author_id = services.db.read_sync(
        lambda s: s.scalars(
            select(BookAuthor.author_id).where(BookAuthor.book_id == book["id"]).order_by(BookAuthor.position)
        ).first()
    )
    services.db.write_sync(lambda s: setattr(s.get(Author, author_id), "name", "Renamed Inkwell"))
    services.catalogue_version.refresh()
    after = client.get("/books/class-9", headers={"Accept": "application/json"}).json()["props"]
    assert "Renamed Inkwell" in next(card for card in after["products"] if card["id"] == book["id"])["authors"]


def test_a_kept_card_is_handed_out_as_a_copy(client):
    from db.queries.products import kept_cards

    services = client.app.state.services
    store = Remembered(ttl=60, max_entries=100)
    product_id = client.get("/", headers={"Accept": "application/json"}).json()["props"]["featured"][0]["id"]

    def read(session):
        return kept_cards(session, store, [product_id])[product_id]

    first = services.db.read_sync(read)
    first["title"] = "Changed by a caller"
    assert services.db.read_sync(read)["title"] != "Changed by a caller"


def test_a_brand_renamed_shows_on_the_markets_kept_lists_of_brands(client):
    from db.models import Brand

    services = client.app.state.services
    props = client.get("/market-1", headers={"Accept": "application/json"}).json()["props"]
    name = props["topBrands"][0]["title"]
    brand_id = services.db.read_sync(lambda s: s.scalars(select(Brand.id).where(Brand.name == name)).one())
    services.db.write_sync(lambda s: setattr(s.get(Brand, brand_id), "name", "Renamed Motorworks"))
    services.catalogue_version.refresh()
    after = client.get("/market-1", headers={"Accept": "application/json"}).json()["props"]
    assert "Renamed Motorworks" in [brand["title"] for brand in after["topBrands"]]
    listed = [name for section in ("cars", "mobiles", "optics") for name in after[section]["brands"]]
    assert name not in listed


def test_a_deals_product_retitled_shows_on_the_fashion_shops_kept_deals(client):
    from db.models import Deal, Product

    services = client.app.state.services
    client.get("/fashion-shop")
    product_id = services.db.read_sync(
        lambda s: s.scalars(select(Deal.product_id).where(Deal.shop == "fashion", Deal.product_id.is_not(None))).first()
    )
    services.db.write_sync(lambda s: setattr(s.get(Product, product_id), "title", "A Retitled Deal"))
    services.catalogue_version.refresh()
    assert "A Retitled Deal" in client.get("/fashion-shop").text


def test_a_product_pages_kept_lists_follow_their_products(client):
    """Which products a book page's lists hold is kept under the keys of its related lists and of
    each product they hold: a product of its category rated best enters, one unpublished leaves."""
    from db.models import Product

    services = client.app.state.services

    def related():
        props = client.get("/product/1", headers={"Accept": "application/json"}).json()["props"]
        return [card["id"] for card in props["related"]]

    before = related()
    outside = services.db.read_sync(
        lambda s: s.scalars(
            select(Product.id).where(
                Product.category_id == s.get(Product, 1).category_id,
                Product.published.is_(True),
                Product.id.not_in([1, *before]),
            )
        ).first()
    )
    assert outside is not None

    def rated_best(session):
        session.get(Product, outside).rating, session.get(Product, outside).review_count = 5, 10**6

    services.db.write_sync(rated_best)
    services.catalogue_version.refresh()
    after = related()
    assert after[0] == outside
    gone = after[1]
    services.db.write_sync(lambda s: setattr(s.get(Product, gone), "published", False))
    services.catalogue_version.refresh()
    assert gone not in related()


def test_a_server_told_to_keep_no_reads_reads_every_page_whole(settings):
    from dataclasses import replace

    from starlette.testclient import TestClient

    from app.main import create_app

    with TestClient(create_app(replace(settings, kept_reads=0)), base_url="http://127.0.0.1") as client:
        first = client.get("/product/search/math", params={"n": 1}, headers={"Accept": "application/json"})
        again = _statements(client, "/product/search/math?n=2")
        assert len(client.app.state.services.catalogue_version.remembered) == 0
        # The index read again (the titles, every field), and the cards.
        assert sum("_fts" in statement for statement in again) >= 2, again
        assert (
            client.get("/product/search/math", params={"n": 3}, headers={"Accept": "application/json"}).json()["props"][
                "products"
            ]
            == first.json()["props"]["products"]
        )
