"""The seeded pictures, drawn as SVG: book covers, goods with a twemoji, avatars, brand logos,
category tiles and banners. Files go under the media folder; callers store the relative path.

Colours are picked from a hash of the text a picture is about, so the same seed draws the same picture.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from db.covers import (
    SANS,
    SERIF,
    book_front,
    cover_face,
    digest,
    esc,
    hsl,
    hue_of,
    svg_document,
    text_lines,
    vertical_gradient,
)
from db.seed import emoji

TWEMOJI_DIR = Path(__file__).resolve().parents[2] / "node_modules" / "@twemoji" / "svg"


def nested(picture: str, x: float, y: float, size: float) -> str:
    """A twemoji's content (drawn on a 36 × 36 grid) scaled into a square of the picture."""
    return f'<svg x="{x:.0f}" y="{y:.0f}" width="{size:.0f}" height="{size:.0f}" viewBox="0 0 36 36">{picture}</svg>'


class EmojiLibrary:
    """Twemoji pictures read once per seeding run and inlined as nested <svg> elements."""

    def __init__(self, root: Path = TWEMOJI_DIR) -> None:
        self.root = root
        self._inner: dict[str, str] = {}

    def inner(self, code: str) -> str:
        if code not in self._inner:
            path = self.root / f"{code}.svg"
            if not path.exists():
                # A newer or older @twemoji/svg may lack a code point: draw the default instead.
                path = self.root / f"{emoji.DEFAULT}.svg"
            source = path.read_text(encoding="utf-8")
            self._inner[code] = source[source.index(">") + 1 : source.rindex("</svg>")]
        return self._inner[code]

    def place(self, code: str, x: float, y: float, size: float) -> str:
        return nested(self.inner(code), x, y, size)


class Media:
    """Writes pictures under the media folder and returns their paths relative to it."""

    def __init__(self, root: Path, emojis: EmojiLibrary | None = None) -> None:
        self.root = Path(root)
        self.emojis = emojis or EmojiLibrary()
        for folder in ("products", "avatars", "brands", "categories", "banners"):
            (self.root / folder).mkdir(parents=True, exist_ok=True)

    def write(self, relative: str, svg: str) -> str:
        (self.root / relative).write_text(svg, encoding="utf-8")
        return relative

    # Products -------------------------------------------------------------------------------

    def book_images(self, slug: str, title: str, author: str, category: str, blurb: str) -> list[str]:
        hue = hue_of(title)
        covers = (
            book_front(slug, title, author, category, hue),
            book_back(slug, title, author, blurb, hue),
            book_spine_view(slug, title, author, category, hue + 150),
        )
        return [self.write(f"products/{slug}-{n}.svg", svg) for n, svg in enumerate(covers, start=1)]

    def goods_images(self, slug: str, title: str, emoji_code: str) -> list[str]:
        hue = hue_of(title)
        picture = self.emojis.inner(emoji_code)
        views = (goods_plain(hue, picture), goods_dotted(slug, hue, picture), goods_striped(slug, hue, picture))
        return [self.write(f"products/{slug}-{n}.svg", svg) for n, svg in enumerate(views, start=1)]

    # People, brands, categories, banners ------------------------------------------------------

    def avatar(self, kind: str, key: int | str, name: str) -> str:
        initials = "".join(part[0] for part in name.replace(".", " ").split()[:2]).upper()
        body = (
            f'<circle cx="48" cy="48" r="48" fill="{hsl(hue_of(name), 55, 48)}"/>'
            f'<text x="48" y="61" font-size="36" font-weight="700" font-family="{SANS}" fill="#fff" '
            f'text-anchor="middle">{esc(initials)}</text>'
        )
        return self.write(f"avatars/{kind}-{key}.svg", svg_document(96, 96, body))

    def brand_logo(self, slug: str, name: str) -> str:
        hue = hue_of(name)
        size = min(36, int(300 / max(len(name), 1)))
        body = (
            f'<rect x="2" y="2" width="196" height="96" rx="14" fill="{hsl(hue, 60, 96)}" '
            f'stroke="{hsl(hue, 40, 80)}" stroke-width="2"/>'
            f'<text x="100" y="{52 + size // 3}" font-size="{size}" font-weight="800" font-family="{SANS}" '
            f'fill="{hsl(hue, 65, 32)}" text-anchor="middle" letter-spacing="1">{esc(name)}</text>'
            f'<rect x="70" y="78" width="60" height="4" rx="2" fill="{hsl(hue + 30, 70, 55)}"/>'
        )
        return self.write(f"brands/{slug}.svg", svg_document(200, 100, body))

    def category_tile(self, slug: str, name: str, emoji_code: str) -> str:
        hue, gid = hue_of(name), "g" + digest(slug)[:6]
        defs = vertical_gradient(gid, hsl(hue, 70, 92), hsl(hue + 30, 65, 80))
        body = (
            f'<rect width="400" height="300" fill="url(#{gid})"/>'
            f'<circle cx="200" cy="118" r="92" fill="#fff" fill-opacity="0.45"/>'
            f"{self.emojis.place(emoji_code, 130, 48, 140)}"
            f'<text x="200" y="262" font-size="28" font-weight="700" font-family="{SANS}" '
            f'fill="{hsl(hue, 50, 25)}" text-anchor="middle">{esc(name)}</text>'
        )
        return self.write(f"categories/{slug}.svg", svg_document(400, 300, body, defs))

    def banner(self, name: str, width: int, height: int, emoji_codes: tuple[str, ...]) -> str:
        """A text-free illustration (the page lays its own text over the left side)."""
        hue, gid = hue_of(name), "g" + digest(name)[:6]
        defs = vertical_gradient(gid, hsl(hue, 70, 62), hsl(hue + 40, 70, 42), diagonal=True)
        big = height * 0.7
        parts = [
            f'<rect width="{width}" height="{height}" fill="url(#{gid})"/>',
            f'<circle cx="{width * 0.68:.0f}" cy="{height * 0.5:.0f}" r="{height * 0.45:.0f}" fill="#fff" fill-opacity="0.14"/>',
            f'<circle cx="{width * 0.95:.0f}" cy="{height * 0.1:.0f}" r="{height * 0.3:.0f}" fill="#fff" fill-opacity="0.1"/>',
            self.emojis.place(emoji_codes[0], width * 0.68 - big / 2, height * 0.15, big),
        ]
        # Smaller companions to the right of the main picture, one high and one low.
        small = height * 0.28
        centre = min(width * 0.68 + big / 2 + small * 0.55, width - small * 0.6)
        for i, code in enumerate(emoji_codes[1:3]):
            parts.append(self.emojis.place(code, centre - small / 2, height * (0.08 + 0.55 * i), small))
        return self.write(f"banners/{name}.svg", svg_document(width, height, "".join(parts), defs))


# Book covers (300 × 400): the front is drawn by db/covers.py ------------------------------------


def barcode(seed: str, x: float, y: float) -> str:
    bars, cursor = [f'<rect x="{x - 8}" y="{y - 8}" width="96" height="66" fill="#fff"/>'], x
    for ch in digest(seed)[:20]:
        width = 1 + int(ch, 16) % 3
        bars.append(f'<rect x="{cursor}" y="{y}" width="{width}" height="44" fill="#111"/>')
        cursor += width + 2
    return "".join(bars)


def book_back(slug: str, title: str, author: str, blurb: str, hue: int) -> str:
    lines = textwrap.wrap(blurb, 34)[:9]
    body = (
        f'<rect width="300" height="400" fill="{hsl(hue, 35, 20)}"/>'
        + text_lines(
            textwrap.wrap(title, 28)[:2],
            150,
            52,
            17,
            22,
            f'font-family="{SERIF}" font-weight="700" fill="#fff" text-anchor="middle"',
        )
        + f'<line x1="40" y1="88" x2="260" y2="88" stroke="{hsl(hue, 50, 60)}" stroke-width="1"/>'
        + text_lines(lines, 32, 118, 14, 21, f'font-family="{SANS}" fill="{hsl(hue, 20, 88)}"')
        + f'<text x="32" y="366" font-size="13" font-style="italic" font-family="{SERIF}" '
        f'fill="{hsl(hue, 30, 75)}">{esc(author)}</text>' + barcode(slug, 190, 318)
    )
    return svg_document(300, 400, body)


def book_spine_view(slug: str, title: str, author: str, category: str, hue: int) -> str:
    """The front in an alternate colour with the spine showing down the left edge."""
    defs, face = cover_face(slug, title, author, category, hue)
    spine_title = title if len(title) <= 44 else title[:43] + "…"
    spine = (
        f'<rect x="0" y="0" width="26" height="400" fill="{hsl(hue, 45, 14)}"/>'
        f'<rect x="26" y="0" width="3" height="400" fill="#000" fill-opacity="0.25"/>'
        f'<text transform="translate(18 200) rotate(-90)" font-size="11" font-family="{SANS}" '
        f'fill="#fff" text-anchor="middle">{esc(spine_title)}</text>'
    )
    return svg_document(300, 400, face + spine, defs)


# Goods (400 × 400): three views of one emoji on a soft background ----------------------------------


def goods_plain(hue: int, picture: str) -> str:
    body = (
        f'<rect width="400" height="400" fill="{hsl(hue, 70, 94)}"/>'
        f'<circle cx="200" cy="200" r="150" fill="{hsl(hue, 70, 85)}"/>'
        f"{nested(picture, 90, 90, 220)}"
    )
    return svg_document(400, 400, body)


def goods_dotted(slug: str, hue: int, picture: str) -> str:
    pid = "d" + digest(slug)[:6]
    defs = (
        f'<pattern id="{pid}" width="24" height="24" patternUnits="userSpaceOnUse">'
        f'<circle cx="4" cy="4" r="2" fill="{hsl(hue + 40, 45, 80)}"/></pattern>'
    )
    body = (
        f'<rect width="400" height="400" fill="{hsl(hue + 40, 60, 95)}"/>'
        f'<rect width="400" height="400" fill="url(#{pid})"/>'
        f'<ellipse cx="200" cy="338" rx="100" ry="14" fill="#000" fill-opacity="0.08"/>'
        f"{nested(picture, 110, 120, 180)}"
    )
    return svg_document(400, 400, body, defs)


def goods_striped(slug: str, hue: int, picture: str) -> str:
    pid = "s" + digest(slug)[:6]
    defs = (
        f'<pattern id="{pid}" width="20" height="20" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
        f'<rect width="10" height="20" fill="{hsl(hue - 30, 55, 86)}"/></pattern>'
    )
    body = (
        f'<rect width="400" height="400" fill="{hsl(hue - 30, 55, 92)}"/>'
        f'<rect width="400" height="400" fill="url(#{pid})"/>'
        f'<g transform="rotate(-8 200 200)">{nested(picture, 70, 70, 260)}</g>'
    )
    return svg_document(400, 400, body, defs)
