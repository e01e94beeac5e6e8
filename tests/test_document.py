"""The document around every page: head tags, props JSON that hostile data cannot break out of."""

from __future__ import annotations

import json
import re

from app.pages.themes import theme_for
from app.rendering.document import DESCRIPTION, TITLE, script_json

HOSTILE = "</script><script>alert(1)</script><!-- \u2028\u2029 & >"


def page_json(html: str) -> str:
    return re.search(r'<script id="__PAGE__" type="application/json">(.*?)</script>', html, re.S).group(1)


def test_script_json_cannot_end_the_script_element():
    text = str(script_json({"title": HOSTILE}))
    assert "</script" not in text.lower()
    assert "<!--" not in text
    assert "\u2028" not in text and "\u2029" not in text
    assert json.loads(text) == {"title": HOSTILE}


def test_theme_is_chosen_by_path_as_spec_section_2_says():
    for path in ("/", "/grocery1", "/grocery2", "/grocery3", "/gadget-shop", "/fashion-shop", "/market-1"):
        assert theme_for(path) == "DEFAULT"
    assert theme_for("/furniture-shop") == "FURNITURE"
    assert theme_for("/healthbeauty-shop") == "HEALTH"
    assert theme_for("/gift-shop") == "GIFT"


def test_document_head_carries_title_description_social_tags_and_media_url(client):
    html = client.get("/no-such-page").text  # a page with the document's own description
    assert html.startswith("<!DOCTYPE html>")
    assert '<html lang="en" dir="ltr" data-theme="DEFAULT">' in html
    # Issue 26: a page has a title of its own; the home keeps SPEC §1's (it pinned the one title
    # of every page before: tests/test_page_heads.py holds each page kind's).
    assert "<title>Page not found | Student Books</title>" in html
    assert "browse and buy" in DESCRIPTION.lower()
    assert re.search(r'<meta name="description" content="[^"]*[Bb]rowse and buy', html)
    assert '<meta name="media-url" content="/media/">' in html
    assert json.loads(page_json(html))["config"]["mediaUrl"] == "/media/"
    home = client.get("/").text
    assert f"<title>{TITLE}</title>" in home
    assert f'<meta property="og:title" content="{TITLE}">' in home
    assert f'<meta name="twitter:title" content="{TITLE}">' in home
    market = client.get("/market-1").text
    assert "<title>Market | Student Books</title>" in market and '<meta property="og:title"' in market


def test_nothing_is_loaded_from_another_host(client):
    html = client.get("/").text
    # The canonical link names the shop's own address; nothing else may carry a host.
    without_canonical = re.sub(r'<link rel="canonical" href="[^"]*">', "", html)
    assert not re.search(r'(src|href)="(https?:)?//', without_canonical)


def page_scripts(html: str) -> dict:
    """The scripts the document's loader requests once the first frame is painted."""
    return json.loads(
        re.search(r'<script id="__SCRIPTS__" type="application/json">(.*?)</script>', html, re.S).group(1)
    )


def test_scripts_are_the_hashed_client_entry_and_the_page_chunk(client):
    html = client.get("/market-1").text
    scripts = page_scripts(html)
    assert re.fullmatch(r"/build/client-[A-Z0-9]+\.js", scripts["entry"])
    preloads = scripts["preload"]
    assert any(re.search(r"/build/chunks/Market1-[A-Z0-9]+\.js$", p) for p in preloads)
    assert len(preloads) == len(set(preloads))
    # No script blocks the first paint: the only script elements are data and the small loader.
    assert '<script type="module"' not in html and 'rel="modulepreload"' not in html
    assert "requestAnimationFrame" in html
    for url in [scripts["entry"], *preloads]:
        response = client.get(url, headers={"Accept-Encoding": "br"})
        assert response.status_code == 200
        assert "immutable" in response.headers["cache-control"]


def test_hostile_product_title_does_not_break_out_of_the_props(client):
    from sqlalchemy import update

    from db.models import Product

    services = client.app.state.services
    services.db.write_sync(lambda s: s.execute(update(Product).where(Product.shop == "market").values(title=HOSTILE)))
    services.catalogue_version.refresh()
    html = client.get("/market-1").text
    props = page_json(html)
    assert "</script" not in props.lower() and "<!--" not in props
    assert HOSTILE in json.dumps(json.loads(props), ensure_ascii=False)
    # The markup shows the title as text, escaped, and no injected script element exists.
    assert "&lt;/script&gt;&lt;script&gt;alert(1)" in html
    assert "<script>alert(1)</script>" not in html


def test_fonts_are_self_hosted_open_sans(client):
    html = client.get("/").text
    font = re.search(r"url\((/build/fonts/open-sans-400-[0-9a-f]+\.woff2)\)", html).group(1)
    response = client.get(font)
    assert response.status_code == 200 and response.content[:4] == b"wOF2"


def test_robots_and_favicon(client):
    assert "Sitemap:" in client.get("/robots.txt").text
    assert client.get("/favicon.svg").headers["content-type"].startswith("image/svg")
