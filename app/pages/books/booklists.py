"""School booklists for shoppers: /booklists finds a school's list (by school name and class, a
plain GET form), /booklists/{slug} shows one list with every book's price and stock. Cached like
every storefront page; a list's stock and prices change with the catalogue version."""

from __future__ import annotations

from sqlalchemy.orm import Session
from starlette.exceptions import HTTPException

from app.pages.render import Page, page_route
from db.queries.admin_lists import CONTROL, MAX_Q
from db.queries.booklists import CLASSES, UnknownBooklist, booklist_page, find_booklists


def chosen_class(raw: str | None) -> int | None:
    """A page never refuses odd parameters: a class it cannot read means every class."""
    try:
        grade = int(raw) if raw else None
    except ValueError:
        return None
    return grade if grade in CLASSES else None


def booklists(session: Session, path: dict, query: dict) -> Page:
    # Control characters cannot be in what is searched (PostgreSQL refuses NUL in a query).
    q = " ".join(CONTROL.sub(" ", query.get("q") or "").split())[:MAX_Q]
    grade = chosen_class(query.get("class"))
    found = find_booklists(session, q, grade)
    return Page(
        "Booklists",
        {**found, "q": q, "grade": grade, "classes": list(CLASSES)},
        meta={
            "description": "Find your school's booklist at Student Books: every book your class needs for the year, "
            "with prices and stock, added to your cart in one click.",
            "canonical": "/booklists",
            # A search's results are the same lists: only the plain page is indexed.
            "robots": "noindex, follow" if query else None,
        },
    )


def booklist(session: Session, path: dict, query: dict) -> Page:
    try:
        props = booklist_page(session, path["slug"])
    except UnknownBooklist:
        raise HTTPException(404) from None
    return Page(
        "Booklist",
        {"booklist": props},
        meta={
            "description": f"The {props['classLabel']} booklist of {props['school']} for {props['academicYear']}: "
            f"{props['totals']['allCount']} books with prices and stock, added to your cart in one click.",
            "canonical": props["url"],
        },
    )


routes = [
    page_route("/booklists", booklists),
    page_route("/booklists/{slug}", booklist),
]
