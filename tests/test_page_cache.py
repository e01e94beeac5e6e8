"""Anonymous storefront pages are cached by path and catalogue version, compressed once."""

from __future__ import annotations

import time

from sqlalchemy import select

from db.models import Product


def test_cached_page_is_served_compressed_with_an_etag(client):
    first = client.get("/market-1", headers={"Accept-Encoding": "br"})
    assert first.status_code == 200 and first.headers["content-encoding"] == "br"
    etag = first.headers["etag"]
    again = client.get("/market-1", headers={"Accept-Encoding": "gzip"})
    assert again.headers["etag"] == etag and again.headers["content-encoding"] == "gzip"
    assert client.get("/market-1", headers={"If-None-Match": etag}).status_code == 304


def test_the_same_url_answers_props_as_json_for_client_navigation(client):
    response = client.get("/market-1", headers={"Accept": "application/json"})
    data = response.json()
    assert data["page"] == "Market1" and data["theme"] == "DEFAULT"
    assert "Accept" in response.headers["vary"]


def test_a_catalogue_write_changes_the_cached_page(client):
    services = client.app.state.services
    before = client.get("/market-1")

    def rename_market_products(session):
        for product in session.scalars(select(Product).where(Product.shop == "market")):
            product.title = "Renamed " + product.title

    services.db.write_sync(rename_market_products)
    # Another server's write is seen within the version's short trust period.
    time.sleep(services.settings.catalogue_version_ttl + 0.05)
    after = client.get("/market-1")
    assert after.headers["etag"] != before.headers["etag"]
    assert "Renamed " in after.text and "Renamed " not in before.text


def test_catalogue_version_counts_each_writing_transaction_once(client):
    from db import catalogue_version

    db = client.app.state.services.db
    start = db.read_sync(catalogue_version.current)

    def two_changes(session):
        products = session.scalars(select(Product).limit(2)).all()
        products[0].stock += 1
        session.flush()
        products[1].stock += 1

    db.write_sync(two_changes)
    assert db.read_sync(catalogue_version.current) == start + 1


def test_a_burst_of_misses_renders_the_page_once(client):
    import asyncio

    services = client.app.state.services
    renders = []
    original = services.renderer.render

    async def counting(name, page_json):
        renders.append(name)
        await asyncio.sleep(0.05)  # hold the render open while the others arrive
        return await original(name, page_json)

    services.renderer.render = counting

    async def burst():
        import httpx

        transport = httpx.ASGITransport(app=client.app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
            return await asyncio.gather(*(http.get("/grocery3?burst=1") for _ in range(8)))

    responses = client.portal.call(burst)
    assert [r.status_code for r in responses] == [200] * 8
    assert len({r.headers["etag"] for r in responses}) == 1
    assert renders == ["Grocery3"]


def test_the_cache_keeps_to_its_byte_budget_dropping_the_least_recently_used():
    from app.caching.page_cache import CachedPage, PageCache

    pages = PageCache(max_entries=100, max_bytes=3 * 1600)
    bodies = {n: bytes(range(256)) * 4 + str(n).encode() for n in range(5)}  # about 1.3 KB held each (body, brotli)

    def page(body: bytes) -> CachedPage:
        built = CachedPage.build(body, "text/html")
        built.answer(b"br", b"")
        return built

    assert all(1200 < page(body).size <= 1600 for body in bodies.values())
    for n, body in bodies.items():
        pages.put((f"/{n}",), page(body))
        pages.get(("/0",))  # the first page stays in use
    assert pages.bytes <= 3 * 1600 and len(pages) == 3
    assert pages.get(("/0",)) is not None and pages.get(("/4",)) is not None
    assert pages.get(("/1",)) is None and pages.get(("/2",)) is None
    pages.clear()
    assert pages.bytes == 0


def test_a_body_names_its_etag_and_a_document_unique_to_its_build_a_token_of_its_own():
    from app.caching.page_cache import CachedPage

    body = b'{"page":"Home","props":{}}'
    # The same props answered twice: the same ETag, so a client's copy is still good (a 304).
    assert CachedPage.build(body, "application/json").etag == CachedPage.build(body, "application/json").etag
    # A document carries its build's own nonce: no other build makes its bytes, and none shares its ETag.
    tags = {CachedPage.build(body, "text/html", unique=True).etag for _ in range(3)}
    assert len(tags) == 3 and all(tag.startswith(b'"') and tag.endswith(b'"') and len(tag) == 26 for tag in tags)
