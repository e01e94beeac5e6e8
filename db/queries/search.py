"""Catalogue search through the full-text index (db/search): words matched in titles, authors,
series, subjects, categories, publishers and descriptions, with word forms, the last word as a
prefix, synonyms and one-typo corrections; an ISBN (either form) finds its book exactly. A search
reads at most CAP products (db/search/found.py: the best tiers first), each as a narrow row; their
order, their pages and the facets are worked out from those rows, so a search costs about the same
with a million products as with a thousand. `more` says there were more than it read.

The book pages (db/queries/book_pages.py) list and count their shelves the same way, with no term.

Beside the results, the facets: each filter's choices with how many matches each would leave,
counted under every OTHER chosen filter (a visitor who chose "Paperback" still sees how many
hardcovers there are): with no filter chosen, every facet counts the results' own rows; a chosen
filter's facet counts the rows found without it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from db import isbn
from db.models import Author, Book, BookAuthor, Category, CategoryCount, Product
from db.models.offers import NEW
from db.queries.kept_searches import kept_found, kept_plan
from db.queries.products import cards_by_id
from db.search import facets
from db.search.corrected import did_you_mean
from db.search.facets import LEVELS
from db.search.found import Found, Hit, found, found_exactly, lowest_price_sql
from db.search.terms import Plan

SORTS = ("relevance", "price-asc", "price-desc", "rating", "newest")
PER_PAGE = 24
SUGGESTED_CATEGORIES = 8
CONTROL = re.compile(r"[\x00-\x1f\x7f]")
# The filters a visitor can choose, by the name a facet leaves its own out by.
FILTERS = ("category", "price", "min_rating", "author", "level", "format", "subject", "in_stock", "condition")


@dataclass(frozen=True)
class SearchRequest:
    term: str
    sort: str = "relevance"
    category: str | None = None  # a category slug
    min_price: Decimal | None = None
    max_price: Decimal | None = None
    min_rating: int | None = None
    author: str | None = None  # an author slug
    level: str | None = None  # one of LEVELS
    format: str | None = None  # one of db/models/books.py FORMATS
    subject: str | None = None  # a book's subject (the book pages offer it)
    in_stock: bool = False
    condition: str | None = None  # one of facets.CONDITIONS: the buy box is New, or a used copy is in stock
    page: int = 1
    per_page: int = PER_PAGE

    def chosen(self) -> list[str]:
        """The FILTERS this request sets."""
        price = self.min_price is not None or self.max_price is not None
        return [name for name in FILTERS if (price if name == "price" else bool(getattr(self, name)))]


def isbn_match(term: str):
    """The product whose ISBN the term is (ISBN-13 or -10, hyphens or spaces), or None."""
    found_isbn = isbn.parse_or_none(term) if isbn.looks_like_isbn(term) else None
    return Product.id.in_(select(Book.product_id).where(Book.isbn == found_isbn)) if found_isbn else None


def _paged(cards: list[dict], total: int, page: int, per_page: int) -> dict:
    return {
        "products": cards,
        "total": total,
        "page": page,
        "perPage": per_page,
        "pages": max(1, -(-total // per_page)),
    }


def level_condition(value: str):
    """The books of a level (one of LEVELS): a school book is for one class, (kind, from) is ix_book_level's prefix."""
    kind, number = LEVELS[value]
    if kind == "class":
        return (Book.level_kind == "class") & (Book.level_from == number)
    return Book.level_kind == kind


def conditions(request: SearchRequest, leave_out: str | None = None) -> list[Any]:
    """The request's filters but `leave_out`, as conditions on a found row (product and its book)."""
    chosen = set(request.chosen()) - {leave_out}
    where: list[Any] = []
    if "category" in chosen:
        parent = select(Category.id).where(Category.slug == request.category).scalar_subquery()
        where.append(
            Product.category_id.in_(
                select(Category.id).where(or_(Category.slug == request.category, Category.parent_id == parent))
            )
        )
    if "price" in chosen:
        if request.min_price is not None:
            where.append(lowest_price_sql() >= request.min_price)
        if request.max_price is not None:
            where.append(lowest_price_sql() <= request.max_price)
    if "min_rating" in chosen:
        where.append(Product.rating >= request.min_rating)
    if "author" in chosen:
        where.append(
            Product.id.in_(
                select(BookAuthor.book_id)
                .join(Author, Author.id == BookAuthor.author_id)
                .where(Author.slug == request.author)
            )
        )
    if "level" in chosen:
        where.append(level_condition(request.level))
    if "format" in chosen:
        where.append(Book.format == request.format)
    if "subject" in chosen:
        where.append(Book.subject == request.subject)
    if "in_stock" in chosen:
        where.append(Product.stock > 0)
    if "condition" in chosen:
        where.append(Product.condition == NEW if request.condition == "new" else Product.used_from.is_not(None))
    return where


@dataclass(frozen=True)
class Term:
    """A term as read once, to find under any conditions (the results' and each facet's)."""

    by_isbn: Any  # the condition of an ISBN's book, or None
    plan: Plan

    def finds(self, session: Session, where: Sequence[Any], ranked: bool = True) -> Found:
        if self.by_isbn is not None:
            return found_exactly(session, [self.by_isbn, *where])
        if not where and ranked:
            return kept_found(session, self.plan)
        return found(session, self.plan, where, ranked=ranked)


def read_term(session: Session, term: str) -> Term:
    term = CONTROL.sub("", term)  # PostgreSQL refuses NUL in text, and no title holds control characters
    if (by_isbn := isbn_match(term)) is not None:
        return Term(by_isbn, Plan([], []))
    return Term(None, kept_plan(session, term))


def featured_first(row: Hit) -> tuple:
    """A book page's "best match" (it has no term): the shop's featured books, best rated first."""
    return (not row.featured, -row.rating, -row.review_count, row.id)


def ordered(result: Found, sort: str, best=None) -> list[Hit]:
    """The found rows in the chosen order (ids break ties);
    by relevance (unless `best` is the key of another): Found.relevance's order."""
    if sort == "newest":  # the newest first, then the higher id
        return sorted(result.rows, key=lambda row: (row.created_at, row.id), reverse=True)
    key = {
        "relevance": best or result.relevance(),
        "price-asc": lambda row: (row.sale, row.id),
        "price-desc": lambda row: (-row.sale, row.id),
        "rating": lambda row: (-row.rating, -row.review_count, row.id),
    }[sort]
    return sorted(result.rows, key=key)


def popular_categories(session: Session) -> list[dict]:
    """Popular categories to offer when nothing matched: from the counts the database keeps."""
    total = func.sum(CategoryCount.products)
    rows_ = session.execute(
        select(Category.name, total)
        .join(CategoryCount, CategoryCount.category_id == Category.id)
        .group_by(Category.name)
        .having(total > 0)
        .order_by(total.desc(), Category.name)
        .limit(SUGGESTED_CATEGORIES)
    )
    return [{"term": name, "count": int(count)} for name, count in rows_]


def known_author(session: Session, request: SearchRequest) -> SearchRequest:
    if request.author and session.scalar(select(Author.id).where(Author.slug == request.author)) is None:
        return replace(request, author=None)  # an author nobody is: no filter, as any odd parameter
    return request


def listed_page(session: Session, result: Found, request: SearchRequest, best=None) -> dict:
    """One page of the found rows, in the request's order, as cards; `more` when the read was capped."""
    listed = ordered(result, request.sort, best)
    start = (request.page - 1) * request.per_page
    return {
        **_paged(
            cards_by_id(session, [row.id for row in listed[start : start + request.per_page]]),
            len(listed),
            request.page,
            request.per_page,
        ),
        "more": result.more,
        "sort": request.sort,
    }


def faceted(session: Session, request: SearchRequest, result: Found, finds, subjects: bool = False) -> dict:
    """The chosen filters and every facet: each chosen filter's facet counts what the other
    filters leave (`finds(conditions)`: the same search under them), the rest count the results.
    The subjects only where the page offers them (the book pages: on the search page the
    categories already name the subjects)."""
    results = facets.Tally.of(result.rows)
    without = {name: facets.Tally.of(finds(conditions(request, name)).rows) for name in request.chosen()}

    def tally(facet: str) -> facets.Tally:
        return without.get(facet, results)

    categories, authors = facets.named(session, tally("category"), tally("author"), request.author)
    return {
        "filters": {
            "category": request.category,
            "minPrice": None if request.min_price is None else float(request.min_price),
            "maxPrice": None if request.max_price is None else float(request.max_price),
            "minRating": request.min_rating,
            "author": request.author,
            "level": request.level,
            "format": request.format,
            "subject": request.subject,
            "inStock": request.in_stock,
            "condition": request.condition,
        },
        "categories": categories,
        "authors": authors,
        "levels": facets.level_choices(tally("level"), request.level),
        "formats": facets.values(tally("format").formats, request.format),
        "prices": facets.prices(tally("price")),
        "ratings": facets.ratings(tally("min_rating")),
        "inStock": tally("in_stock").in_stock,
        "conditions": facets.conditions(tally("condition")),
        **({"subjects": facets.values(tally("subject").subjects, request.subject)} if subjects else {}),
    }


def search(session: Session, request: SearchRequest) -> dict:
    request = known_author(session, request)
    term = read_term(session, request.term)
    result = term.finds(session, conditions(request))
    page = listed_page(session, result, request)
    nothing = page["total"] == 0
    return {
        "term": request.term,
        **page,
        **faceted(session, request, result, lambda where: term.finds(session, where, ranked=False)),
        "suggestions": popular_categories(session) if nothing else [],
        "didYouMean": did_you_mean(session, term.plan) if nothing else None,
    }
