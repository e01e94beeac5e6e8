"""What a page's head says of it: its own title (under 60 characters where possible) and its
breadcrumbs, shown on the page (props `breadcrumbs`) and read by crawlers as schema.org's
BreadcrumbList (meta `breadcrumbs`, made absolute by app/rendering/document.py). Nothing here
depends on the visitor: cached pages are shared by everyone."""

from __future__ import annotations

from typing import Any

SITE = "Student Books"
SUFFIX = f" | {SITE}"
MAX_TITLE = 60
# A shortened title keeps at least this much of itself before an author's name is dropped.
MIN_KEPT = 24
HOME = {"label": "Home", "href": "/"}
# A level page's crumb, in its own trail and in a book's (a class's is "Class 9").
SHELF_CRUMBS = {"college": "College books", "age": "Story books"}
# Where a subtitle starts: what is before it is the title a reader knows the book by.
_SUBTITLE_MARKS = (": ", " – ", " — ", " - ", " (")


def shorten(text: str, limit: int) -> str:
    """`text` within `limit` characters: without its subtitle if that is enough, else cut at a
    word with an ellipsis."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    for mark in _SUBTITLE_MARKS:
        head = text.split(mark, 1)[0].strip()
        if head != text and 8 <= len(head) <= limit:
            return head
    cut = text[: limit - 1]
    if " " in cut[limit // 2 :]:
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip(" ,.:;–—-(") + "…"


def page_title(main: str) -> str:
    """'{main} | Student Books', or `main` alone (shortened if it must be) when both do not fit."""
    main = " ".join(main.split())
    if len(main) + len(SUFFIX) <= MAX_TITLE:
        return main + SUFFIX
    return shorten(main, MAX_TITLE)


def unindexed(main: str) -> dict[str, str]:
    """The head of a shopper's own page (the cart, the checkout): a title of its own for the tab
    and the history, and noindex: it holds nothing for a search engine to find."""
    return {"title": page_title(main), "robots": "noindex"}


def _names(authors: list[str]) -> str:
    if len(authors) <= 2:
        return " and ".join(authors)
    return f"{authors[0]} et al."


def book_title(title: str, authors: list[str]) -> str:
    """'Class 9 Physics Fundamentals by A. Author | Student Books'. When that is too long the
    shop's name goes first, then the title is shortened (its subtitle, else at a word), and only
    a title that would keep too little of itself loses its author."""
    title = " ".join(title.split())
    if not authors:
        return page_title(title)
    by = f" by {_names(authors)}"
    if len(title) + len(by) + len(SUFFIX) <= MAX_TITLE:
        return title + by + SUFFIX
    if len(title) + len(by) <= MAX_TITLE:  # the book and its author say more than the shop's name
        return title + by
    room = MAX_TITLE - len(by)
    if room >= MIN_KEPT:
        return shorten(title, room) + by
    return page_title(title)


def crumbs(*trail: tuple[str, str | None]) -> list[dict[str, Any]]:
    """Home, then (label, href) pairs; the last is the page itself."""
    return [HOME, *({"label": label, "href": href} for label, href in trail)]


def with_breadcrumbs(props: dict, meta: dict, trail: list[dict]) -> tuple[dict, dict]:
    """The page's props and meta, both given its breadcrumbs (the visible trail, the JSON-LD)."""
    return {**props, "breadcrumbs": trail}, {**meta, "breadcrumbs": trail}
