"""A cached page is encoded as requests need it: the request that builds it waits only for a fast
encoding of the one it takes (or none), and the best brotli (and gzip, once made) is made after
that answer has gone out, off the event loop, and kept for the hits; every encoding is counted in
the cache's bytes. Decoded, every answer is the page's own bytes."""

from __future__ import annotations

import asyncio
import concurrent.futures
import gzip

import brotli

from app.caching.page_cache import BROTLI_QUALITY, GZIP_LEVEL, CachedPage, PageCache

BODY = b"<!doctype html><p>" + b"A storefront page. " * 200 + b"</p>"


def test_a_page_makes_the_encoding_a_request_takes_fast_and_keeps_it():
    page = CachedPage.build(BODY, "text/html")
    assert page.brotli is None and page.gzipped is None and page.size == len(BODY)
    assert page.answer(b"", b"").body == BODY  # a client asking for no encoding costs none
    assert page.brotli is None and page.gzipped is None

    answer = page.answer(b"gzip, deflate, br", b"")
    assert answer.body == brotli.compress(BODY, quality=BROTLI_QUALITY[False])
    assert brotli.decompress(answer.body) == BODY and page.gzipped is None
    assert page.answer(b"br", b"") is answer  # made once, then kept

    answer = page.answer(b"gzip", b"")
    assert gzip.decompress(answer.body) == BODY
    headers = dict(answer.headers)
    assert headers[b"content-encoding"] == b"gzip" and headers[b"content-length"] == str(len(answer.body)).encode()
    assert headers[b"etag"] == page.etag
    assert page.answer(b"gzip", b"") is answer
    assert page.size == len(BODY) + len(page.brotli.body) + len(answer.body)


def test_the_best_encodings_replace_the_fast_ones_and_later_ones_are_made_best():
    page = CachedPage.build(BODY, "text/html")
    fast = page.answer(b"gzip", b"")
    page.take_best(page.best_encodings())
    assert page.brotli.body == brotli.compress(BODY, quality=BROTLI_QUALITY[True])
    assert gzip.decompress(page.gzipped.body) == BODY and page.gzipped is not fast
    assert len(page.gzipped.body) == len(gzip.compress(BODY, GZIP_LEVEL[True])) < len(fast.body)
    assert dict(page.brotli.headers)[b"content-encoding"] == b"br"

    later = CachedPage.build(BODY, "text/html")
    later.take_best(later.best_encodings())
    assert later.gzipped is None  # no gzip client came: none is made
    assert len(later.answer(b"gzip", b"").body) == len(gzip.compress(BODY, GZIP_LEVEL[True]))


def test_the_cache_counts_each_encoding_while_it_holds_the_page():
    pages = PageCache(max_entries=10)
    kept, dropped = CachedPage.build(BODY, "text/html"), CachedPage.build(BODY + b"!", "text/html")
    pages.put(("/kept",), kept)
    pages.put(("/dropped",), dropped)
    assert pages.bytes == len(BODY) * 2 + 1
    kept.answer(b"br", b"")
    kept.answer(b"gzip", b"")
    assert pages.bytes == kept.size + dropped.size

    async def compress_both():
        pages.compress_later(kept)
        pages.compress_later(dropped)
        await pages.compressed()

    # In a thread of its own: a browser test before it in this process leaves Playwright's loop
    # running on the main thread, where asyncio.run() refuses to start another.
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, compress_both()).result()
    assert kept.best and dropped.best
    assert pages.bytes == kept.size + dropped.size
    pages.clear()
    dropped.answer(b"gzip", b"")  # a page no longer held grows nothing
    assert pages.bytes == 0
