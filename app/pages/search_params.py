"""The search and filter parameters of a page's URL (the search page and the book shelves alike),
read leniently: a page never refuses an odd parameter, it falls back to the default."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from db.models.books import FORMATS
from db.queries.search import LEVELS, PER_PAGE, SORTS, SearchRequest
from db.search.facets import CONDITIONS

MAX_TERM = 100
MAX_SUBJECT = 80  # the longest subject a book can have
SLUG = re.compile(r"[\w-]{1,140}")  # as long as Author.slug may be; no NUL, which PostgreSQL refuses in text


def price_param(raw: str | None) -> Decimal | None:
    try:
        value = Decimal(raw) if raw not in (None, "") else None
    except InvalidOperation:
        return None
    return value if value is not None and value.is_finite() and value >= 0 else None


def whole_param(raw: str | None, low: int, high: int) -> int | None:
    try:
        value = int(raw) if raw not in (None, "") else None
    except ValueError:
        return None
    return value if value is not None and low <= value <= high else None


def one_of(raw: str | None, choices) -> str | None:
    return raw if raw in choices else None


def search_request(term: str, query: dict) -> SearchRequest:
    """A page never refuses odd parameters: anything it cannot use falls back to the default."""
    sort = query.get("sort")
    return SearchRequest(
        term=term.strip()[:MAX_TERM],
        sort=sort if sort in SORTS else "relevance",
        category=(query.get("category") or None),
        min_price=price_param(query.get("min_price")),
        max_price=price_param(query.get("max_price")),
        min_rating=whole_param(query.get("rating"), 1, 5),
        author=query.get("author")
        if SLUG.fullmatch(query.get("author") or "")
        else None,  # search() drops a slug no author has
        level=one_of(query.get("level"), LEVELS),
        format=one_of(query.get("format"), FORMATS),
        subject=(query.get("subject") or "").strip()[:MAX_SUBJECT] or None,
        in_stock=query.get("in_stock") in ("1", "on", "true"),
        condition=one_of(query.get("condition"), CONDITIONS),
        page=whole_param(query.get("page"), 1, 10_000) or 1,
        per_page=PER_PAGE,
    )
