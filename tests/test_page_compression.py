"""A cached page is stored with brotli only (what browsers take); its gzip answer is compressed by
the first request that takes gzip and not brotli, kept, and counted in the cache's bytes."""

from __future__ import annotations

import gzip

import brotli

from app.caching.page_cache import CachedPage, PageCache

BODY = b"<!doctype html><p>" + b"A storefront page. " * 200 + b"</p>"


def test_a_page_is_stored_with_brotli_and_compressed_with_gzip_when_first_asked():
    page = CachedPage.build(BODY, "text/html")
    assert page.gzipped is None and page.size == len(BODY) + len(page.brotli.body)
    assert brotli.decompress(page.answer(b"gzip, deflate, br", b"").body) == BODY
    assert page.gzipped is None  # a browser's request leaves it so

    answer = page.answer(b"gzip", b"")
    assert gzip.decompress(answer.body) == BODY
    headers = dict(answer.headers)
    assert headers[b"content-encoding"] == b"gzip" and headers[b"content-length"] == str(len(answer.body)).encode()
    assert headers[b"etag"] == page.etag
    assert page.answer(b"gzip", b"") is answer  # compressed once, then kept
    assert page.answer(b"", b"").body == BODY


def test_the_cache_counts_a_gzip_answer_while_it_holds_the_page():
    pages = PageCache(max_entries=10)
    kept, dropped = CachedPage.build(BODY, "text/html"), CachedPage.build(BODY + b"!", "text/html")
    pages.put(("/kept",), kept)
    pages.put(("/dropped",), dropped)
    held = pages.bytes
    kept.answer(b"gzip", b"")
    assert pages.bytes == held + len(kept.gzip.body) == kept.size + dropped.size
    pages.clear()
    dropped.answer(b"gzip", b"")  # a page no longer held grows nothing
    assert pages.bytes == 0
