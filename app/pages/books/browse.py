"""Browsing books: an author's page (/author/{slug}) and the level pages (/books/class-1 to
/books/class-12, /books/college, /books/stories), each with the search page's filters (and a
subject), a sort and pages in its URL."""

from __future__ import annotations

from sqlalchemy.orm import Session
from starlette.exceptions import HTTPException

from app.pages.heads import SHELF_CRUMBS, crumbs, page_title, with_breadcrumbs
from app.pages.render import Page, page_route
from app.pages.search_params import search_request
from db import levels
from db.queries.book_pages import UnknownAuthor, author_page, level_page
from db.queries.search import SearchRequest


def shelf_request(query: dict) -> SearchRequest:
    """The search page's parameters without a term (a page never refuses odd ones)."""
    return search_request("", query)


def _page(props: dict, title: str, crumb: str, description: str, query: dict) -> Page:
    """A page of books with its head and its breadcrumbs (Home › the page)."""
    meta = {
        "title": page_title(title),
        "description": description,
        "canonical": props["url"],
        # Filtered, sorted and later pages are the same books: only the plain page is indexed.
        "robots": "noindex, follow" if query else None,
    }
    props, meta = with_breadcrumbs(props, meta, crumbs((crumb, props["url"])))
    return Page("Books", props, meta=meta)


def _books(count: int) -> str:
    return f"{count} {'book' if count == 1 else 'books'}"


def level_loader(kind: str):
    def loader(session: Session, path: dict, query: dict) -> Page:
        number = path.get("number")
        if kind == "class" and number not in levels.CLASSES:
            raise HTTPException(404)
        props = level_page(session, kind, number, shelf_request(query))
        described = f"{props['title']} at Student Books: {_books(props['total'])} by subject and format, "
        crumb = SHELF_CRUMBS.get(kind) or f"Class {number}"
        return _page(props, props["title"], crumb, described + "with prices, ratings and fast delivery.", query)

    return loader


def author_loader(session: Session, path: dict, query: dict) -> Page:
    try:
        props = author_page(session, path["slug"], shelf_request(query))
    except UnknownAuthor:
        raise HTTPException(404) from None
    author = props["author"]
    described = (
        f"Books by {author['name']} at Student Books: {_books(author['books'])} with prices, ratings and fast delivery."
    )
    return _page(props, f"Books by {author['name']}", author["name"], described, query)


routes = [
    page_route("/author/{slug}", author_loader),
    page_route("/books/class-{number:int}", level_loader("class")),
    page_route("/books/college", level_loader("college")),
    page_route("/books/stories", level_loader("age")),
]
