"""Drawn book covers (300 × 400 SVG): the seeded books' fronts, and the cover a book without an
image gets from its title, authors, level and publisher (the CSV import, `python -m app.media.covers`).

Colours are picked from a hash of the title, so the same book draws the same cover. A drawn cover's
path is named by its content (covers/<hash>.svg, one folder: creating files in one folder is
cheaper than across many): the same drawing is kept once, and a path
names one picture forever, whichever store keeps it (app/media/store.py `keep_drawn`).
"""

from __future__ import annotations

import hashlib
import textwrap
from dataclasses import dataclass
from xml.sax.saxutils import escape

SVG_NS = "http://www.w3.org/2000/svg"
SVG_TYPE = "image/svg+xml"
SERIF = "Georgia, 'Times New Roman', serif"
SANS = "'Open Sans', Helvetica, Arial, sans-serif"
COVERS = "covers"  # the media folder (or path prefix) of drawn covers
TITLE_WIDTH = 14  # characters per title line
TITLE_LINES = 5  # a drawn cover's longest title, in lines (the seeded titles are short)
AUTHOR_CHARS = 30  # what fits on one line of the author's italic
PUBLISHER_CHARS = 36


def esc(text: str) -> str:
    """Escape text for element content and double-quoted attributes alike."""
    return escape(text, {'"': "&quot;", "'": "&apos;"})


def digest(text: str) -> str:
    return hashlib.md5(text.encode()).hexdigest()


def hue_of(text: str) -> int:
    return int(digest(text)[:8], 16) % 360


def hsl(hue: int, saturation: int, lightness: int) -> str:
    return f"hsl({hue % 360},{saturation}%,{lightness}%)"


def svg_document(width: int, height: int, body: str, defs: str = "") -> str:
    defs = f"<defs>{defs}</defs>" if defs else ""
    return f'<svg xmlns="{SVG_NS}" width="{width}" height="{height}" viewBox="0 0 {width} {height}">{defs}{body}</svg>'


def vertical_gradient(gid: str, top: str, bottom: str, diagonal: bool = False) -> str:
    x2, y2 = ("1", "1") if diagonal else ("0", "1")
    return (
        f'<linearGradient id="{gid}" x1="0" y1="0" x2="{x2}" y2="{y2}">'
        f'<stop offset="0" stop-color="{top}"/><stop offset="1" stop-color="{bottom}"/></linearGradient>'
    )


def text_lines(lines: list[str], x: float, y: float, size: int, leading: float, attrs: str) -> str:
    """Centred (or anchored by `attrs`) lines of text, one <text> per line."""
    return "".join(
        f'<text x="{x}" y="{y + i * leading:.0f}" font-size="{size}" {attrs}>{esc(line)}</text>'
        for i, line in enumerate(lines)
    )


# Book covers (300 × 400) -------------------------------------------------------------------------


def title_block(title: str | list[str], center_y: float) -> str:
    """The title in large serif lines (`title` as text, wrapped here, or as its lines)."""
    lines = title if isinstance(title, list) else textwrap.wrap(title, TITLE_WIDTH)
    size = {1: 36, 2: 34, 3: 30, 4: 26}.get(len(lines), 22)
    leading = size * 1.2
    top = center_y - leading * (len(lines) - 1) / 2
    return text_lines(
        lines, 150, top, size, leading, f'font-family="{SERIF}" font-weight="700" fill="#fff" text-anchor="middle"'
    )


def cover_face(
    slug: str, title: str | list[str], author: str, category: str, hue: int, footer: str = ""
) -> tuple[str, str]:
    """The front of a book: gradient, frame, category ribbon, title and author (and `footer`,
    drawn last). Returns (defs, body)."""
    gid = "c" + digest(slug + str(hue))[:6]
    defs = vertical_gradient(gid, hsl(hue, 55, 40), hsl(hue + 25, 60, 20))
    body = (
        f'<rect width="300" height="400" fill="url(#{gid})"/>'
        f'<rect x="14" y="14" width="272" height="372" fill="none" stroke="{hsl(hue, 60, 82)}" '
        f'stroke-opacity="0.6" stroke-width="2"/>'
        f'<rect x="0" y="42" width="300" height="32" fill="{hsl(hue + 180, 60, 55)}"/>'
        f'<text x="150" y="63" font-size="13" font-family="{SANS}" font-weight="700" fill="#fff" '
        f'text-anchor="middle" letter-spacing="2">{esc(category.upper())}</text>'
        f"{title_block(title, 200)}"
        f'<line x1="115" y1="300" x2="185" y2="300" stroke="{hsl(hue + 40, 80, 70)}" stroke-width="3"/>'
        f'<text x="150" y="352" font-size="18" font-style="italic" font-family="{SERIF}" '
        f'fill="{hsl(hue, 40, 90)}" text-anchor="middle">{esc(author)}</text>'
        f"{footer}"
    )
    return defs, body


def book_front(slug: str, title: str, author: str, category: str, hue: int) -> str:
    defs, face = cover_face(slug, title, author, category, hue)
    return svg_document(300, 400, face, defs)


def _cut(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[: chars - 1].rstrip() + "…"


def _wrapped(text: str, width: int) -> list[str]:
    """Words in lines of at most `width` characters (a longer word is cut): textwrap's lines for
    words without hyphens, at a fraction of its cost (an import draws a cover per book)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        while len(word) > width:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:width])
            word = word[width:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def _title_lines(title: str) -> list[str]:
    lines = _wrapped(title, TITLE_WIDTH) or [""]
    if len(lines) > TITLE_LINES:
        lines = lines[:TITLE_LINES]
        lines[-1] = _cut(lines[-1] + " …", TITLE_WIDTH)
    return lines


def _byline(authors: list[str]) -> str:
    names = [" ".join(name.split()) for name in authors if name.strip()]
    joined = ", ".join(names)
    if len(joined) > AUTHOR_CHARS and len(names) > 1:
        joined = names[0] + " et al."
    return _cut(joined, AUTHOR_CHARS)


def front_cover(title: str, authors: list[str], level: str, publisher: str) -> str:
    """A book's front in the seeded covers' style: the level on the ribbon (such as "Class 9",
    "College year 2", "Ages 6–8"), the title, the authors, and the publisher at the foot."""
    hue = hue_of(title)
    publisher = _cut(" ".join(publisher.split()), PUBLISHER_CHARS)
    footer = (
        f'<text x="150" y="376" font-size="11" font-family="{SANS}" fill="{hsl(hue, 35, 78)}" '
        f'text-anchor="middle" letter-spacing="1">{esc(publisher.upper())}</text>'
        if publisher
        else ""
    )
    defs, face = cover_face(title, _title_lines(title), _byline(authors), level, hue, footer)
    return svg_document(300, 400, face, defs)


@dataclass(frozen=True)
class DrawnCover:
    path: str  # relative to the media folder, as products' `images` hold it
    svg: str

    @property
    def content(self) -> bytes:
        return self.svg.encode()


def drawn_cover(title: str, authors: list[str], level: str, publisher: str) -> DrawnCover:
    svg = front_cover(title, authors, level, publisher)
    name = hashlib.sha256(svg.encode()).hexdigest()[:32]
    return DrawnCover(f"{COVERS}/{name}.svg", svg)


def is_drawn(path: str) -> bool:
    return path.startswith(COVERS + "/")


def needs_cover(images: list[str] | None) -> bool:
    """A book whose images are none, or only drawn covers: a drawn cover never replaces a real one."""
    return all(is_drawn(path) for path in images or ())
