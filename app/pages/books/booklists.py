"""School booklists for shoppers: /booklists finds a school's list (by school name and class, a
plain GET form), /booklists/{slug} shows one list with every book's price and stock. Cached like
every storefront page; a list's stock and prices change with the catalogue version."""

from __future__ import annotations

from sqlalchemy.orm import Session
from starlette.exceptions import HTTPException

from app.pages.heads import MAX_TITLE, SUFFIX, crumbs, page_title, shorten, with_breadcrumbs
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
            "title": page_title("School booklists"),
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
    meta = {
        "title": booklist_title(props["school"], props["classLabel"], props["academicYear"]),
        "description": f"The {props['classLabel']} booklist of {props['school']} for {props['academicYear']}: "
        f"{props['totals']['allCount']} books with prices and stock, added to your cart in one click.",
        "canonical": props["url"],
    }
    trail = crumbs(("School booklists", "/booklists"), (f"{props['school']}, {props['classLabel']}", props["url"]))
    page_props, meta = with_breadcrumbs({"booklist": props}, meta, trail)
    return Page("Booklist", page_props, meta=meta)


def booklist_title(school: str, class_label: str, year: str) -> str:
    """'School — Class 8 booklist 2026-27 | Student Books'; a long school name is shortened
    (then the shop's name left out) rather than the class or the year."""
    what = f" — {class_label} booklist {year}"
    if len(school) + len(what) + len(SUFFIX) <= MAX_TITLE:
        return school + what + SUFFIX
    return shorten(school, max(MAX_TITLE - len(what), 12)) + what


routes = [
    page_route("/booklists", booklists),
    page_route("/booklists/{slug}", booklist),
]
