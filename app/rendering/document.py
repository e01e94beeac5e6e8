"""The HTML document around a rendered page (templates/document.html) and the props JSON in it."""

from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from app.http.security import PagePolicy
from app.settings import ROOT

TITLE = "Student Books | Online Book Store | Admin Panel"
DESCRIPTION = (
    "Browse and buy school, college and story books and other items online at Student Books: "
    "fast delivery, secure payment and easy returns."
)

# Characters that could end a <script> element or start an HTML comment inside it, and the
# line separators that old JavaScript parsers took for line ends.
_JSON_ESCAPES = (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("\u2028", "\\u2028"), ("\u2029", "\\u2029"))


# React's renderToString cannot write into <head>, so the resource hints it emits lead the markup:
# the preload of the picture marked fetchPriority="high", the page's largest paint. In the head,
# ahead of the fonts and the scripts, the browser requests that picture first.
_LEADING_HINTS = re.compile(r'(?:<link rel="preload"[^>]*/>)+')


def title_of(meta: dict | None) -> str:
    """A page's own title, or SPEC §1's (the home page, the back office, a page that names none)."""
    return (meta or {}).get("title") or TITLE


def breadcrumb_list(crumbs: list[dict], base_url: str) -> dict:
    """schema.org's BreadcrumbList of a page's crumbs ({label, href}, the last one the page itself),
    every address absolute."""
    return {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        "itemListElement": [
            {"@type": "ListItem", "position": i, "name": crumb["label"]}
            | ({"item": absolute(crumb["href"], base_url)} if crumb.get("href") else {})
            for i, crumb in enumerate(crumbs, start=1)
        ],
    }


def absolute(url: str, base_url: str) -> str:
    """An address of this site made absolute with PUBLIC_URL (one already absolute is kept)."""
    return base_url + url if url.startswith("/") and not url.startswith("//") else url


def compact_json(value: Any) -> str:
    """The page's JSON, as compact as json.dumps(ensure_ascii=False, separators=(",", ":")) writes
    it, by orjson: a storefront's props took 0.3-0.7 ms through the json module, 0.03 ms here."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:  # what orjson refuses (a lone surrogate, a huge int) json still writes
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def safe_in_script(text: str) -> Markup:
    """JSON text made safe inside <script type="application/json">, whatever the data holds."""
    for (
        character,
        escape,
    ) in _JSON_ESCAPES:  # five str.replace passes: translate() took milliseconds on a storefront's props
        text = text.replace(character, escape)
    return Markup(text)


def script_json(value: Any) -> Markup:
    return safe_in_script(compact_json(value))


class DocumentRenderer:
    def __init__(self, manifest_path: Path, public_url: str, media_url: str, stripe_js_url: str = ""):
        self.public_url = public_url.rstrip("/")
        self.manifest = json.loads(manifest_path.read_text())
        env = Environment(loader=FileSystemLoader(ROOT / "templates"), autoescape=select_autoescape(["html"]))
        env.filters["script_json"] = script_json
        self.template = env.get_template("document.html")
        # The one inline script, allowed by its hash (app/http/security.py): byte for byte what is served.
        self.loader = (ROOT / "templates" / "load_scripts.js").read_text()
        self.policy = PagePolicy([self.loader], media_url, stripe_js_url)

    def render(
        self,
        page: dict,
        *,
        nonce: str,
        page_json: str | None = None,
        html: str = "",
        css: str = "",
        css_ids: str = "",
        meta: dict | None = None,
    ) -> str:
        """`page_json`: the page as compact_json already encoded it (for the V8 render), so a
        storefront's props are encoded once per miss, not twice."""
        return self.shell(page, nonce=nonce, page_json=page_json, meta=meta).fill(html, css, css_ids)

    def shell(self, page: dict, *, nonce: str, page_json: str | None = None, meta: dict | None = None) -> Shell:
        """The document but what V8 writes into it (`Shell.fill`): made while V8 renders, it is
        off the waiting path of a miss."""
        # A page's own title, or SPEC §1's (the home page and the back office keep it); addresses
        # absolute with PUBLIC_URL, never the Host header (cached pages are shared by everyone).
        meta = {"description": DESCRIPTION, **(meta or {})}
        meta["title"] = title_of(meta)
        for key in ("canonical", "image"):
            if meta.get(key):
                meta[key] = absolute(meta[key], self.public_url)
        if meta.get("breadcrumbs"):
            meta["json_ld"] = [*(meta.get("json_ld") or []), breadcrumb_list(meta["breadcrumbs"], self.public_url)]
        text = self.template.render(
            page=page,
            page_json=safe_in_script(page_json if page_json is not None else compact_json(page)),
            theme=page["theme"],
            hints=Markup(_HINTS),
            styles=Markup(_STYLES),
            markup=Markup(_MARKUP),
            meta=meta,
            nonce=nonce,
            loader=Markup(self.loader),
            entry=self.manifest["entry"],
            preload=list(dict.fromkeys([*self.manifest["preload"], *self.manifest["pages"].get(page["page"], [])])),
            stylesheets=self.manifest["css"],
            fonts=self.manifest["fonts"],
        )
        head, rest = text.split(_HINTS)
        middle, rest = rest.split(_STYLES)
        body, tail = rest.split(_MARKUP)
        return Shell(head, middle, body, tail, str(Markup.escape(nonce)))


# Where V8's answer goes in a Shell's document, in the template's order. A NUL never comes out of
# compact_json or Jinja's escaping of a page's data, and the random part makes a stand-in no page
# could hold by chance: split, the document is exactly the four pieces around them.
_HINTS, _STYLES, _MARKUP = (f"\0{name}-{secrets.token_hex(8)}\0" for name in ("hints", "styles", "markup"))


@dataclass(frozen=True)
class Shell:
    """A document made but for what V8 writes: the resource hints, the critical CSS and the markup."""

    head: str  # up to the hints
    middle: str  # from the hints to the critical CSS
    body: str  # from the critical CSS to the markup
    tail: str  # after the markup
    nonce: str  # escaped

    def fill(self, html: str = "", css: str = "", css_ids: str = "") -> str:
        hints = _LEADING_HINTS.match(html)
        hints = hints.group() if hints else ""
        closed = css.replace("</", "<\\/")  # a style element ends at the first "</"
        styles = (
            f'<style data-emotion="css {Markup.escape(css_ids)}" nonce="{self.nonce}">{closed}</style>\n' if css else ""
        )
        return "".join((self.head, hints, self.middle, styles, self.body, html[len(hints) :], self.tail))
