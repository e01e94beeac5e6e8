"""Catalogue search through the full-text index (db/search): words matched in titles, authors,
series, subjects, categories, publishers and descriptions, with word forms, the last word as a
prefix, synonyms and one-typo corrections; an ISBN (either form) finds its book exactly. Results
are ranked, filtered, sorted and paged in SQL; a search that finds nothing offers "did you mean".

Beside the results, the facets: each filter's choices with how many matches each would leave,
counted under every OTHER chosen filter (a visitor who chose "Paperback" still sees how many
hardcovers there are). Each facet is one aggregate query over the matching set, never rows
counted in Python.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from decimal import Decimal

from sqlalchemy import Select, Subquery, and_, case, func, literal, select
from sqlalchemy.orm import Session

from .. import isbn, levels
from ..models import Author, Book, BookAuthor, Category, Product
from ..search.backends import backend_for
from ..search.documents import fold
from ..search.terms import Plan, did_you_mean, plan
from .products import CARD_LOADING, NEWEST, TOP_RATED, product_card

SORTS = ("relevance", "price-asc", "price-desc", "rating", "newest")
PER_PAGE = 24
SUGGESTED_CATEGORIES = 8
TOP_AUTHORS = 10
CONTROL = re.compile(r"[\x00-\x1f\x7f]")

# A level filter's value is the last part of that level's browse page (db/levels.py): class-9,
# college, stories. Values -> (level kind, class number or 0), in the order the facet lists them.
LEVELS = {
    levels.Level(kind, n, n).url.rsplit("/", 1)[1]: (kind, n)
    for kind, n in [*(("class", n) for n in levels.CLASSES), ("college", 0), ("age", 0)]
}
LEVEL_LABELS = {"college": "College", "age": "Story books"}
# The price facet's buckets on the sale price: (label, min_price, max_price), bounds included as
# the min_price/max_price filter includes them, so a bucket's count is what choosing it shows.
PRICE_RANGES = [
    ("Under $10", None, Decimal(10)),
    ("$10 – $25", Decimal(10), Decimal(25)),
    ("$25 – $50", Decimal(25), Decimal(50)),
    ("$50 – $100", Decimal(50), Decimal(100)),
    ("$100 and over", Decimal(100), None),
]
RATINGS = (4, 3, 2, 1)


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
    in_stock: bool = False
    page: int = 1
    per_page: int = PER_PAGE
    # Facets ignore their own filter: the format list counts every format under the other filters.
    ignore: tuple[str, ...] = field(default=())


def sale_price_sql():
    return Product.price * (100 - Product.discount) / 100


def isbn_match(term: str):
    """The product whose ISBN the term is (ISBN-13 or -10, hyphens or spaces), or None."""
    found = isbn.parse_or_none(term) if isbn.looks_like_isbn(term) else None
    return Product.id.in_(select(Book.product_id).where(Book.isbn == found)) if found else None


@dataclass
class Matching:
    """The products a term finds and how well: the query, its relevance order, the plan it was read with."""

    query: Select
    relevance: tuple
    plan: Plan


def matching(session: Session, term: str) -> Matching:
    term = CONTROL.sub("", term)  # PostgreSQL refuses NUL in text, and no title holds control characters
    published = select(Product).join(Category, Category.id == Product.category_id).where(Product.published.is_(True))
    if (by_isbn := isbn_match(term)) is not None:
        return Matching(published.where(by_isbn), (Product.id,), Plan([], []))
    connection = session.connection()
    read = plan(connection, term)
    if read.empty:
        return Matching(published.where(literal(False)), (Product.id,), read)
    backend = backend_for(connection.dialect.name)
    matched = backend.matches(read)
    in_titles = backend.matches(read, titles_only=True)
    tier = case(
        (func.lower(Product.title) == fold(term).strip(), 0),  # the exact title
        (Product.id.in_(select(in_titles.c.product_id)), 1),  # every word in the title
        else_=2,
    )
    query = published.join(matched, matched.c.product_id == Product.id)
    return Matching(query, (tier, matched.c.rank, *TOP_RATED), read)


def sort_order(sort: str, relevance: tuple) -> tuple:
    """The ORDER BY of one of SORTS: "relevance" is what the list calls its best match."""
    return {
        "relevance": relevance,
        "price-asc": (sale_price_sql().asc(), Product.id),
        "price-desc": (sale_price_sql().desc(), Product.id),
        "rating": TOP_RATED,
        "newest": NEWEST,
    }[sort]


def level_condition(value: str):
    """The books of a level (one of LEVELS): a school book is for one class, (kind, from) is ix_book_level's prefix."""
    kind, number = LEVELS[value]
    if kind == "class":
        return (Book.level_kind == "class") & (Book.level_from == number)
    return Book.level_kind == kind


def one_page(session: Session, query: Select, order: tuple, page: int, per_page: int) -> dict:
    """One page of a list of products as cards, with the total and the page count (search and the
    book shelves page the same way)."""
    total = session.scalar(select(func.count()).select_from(query.with_only_columns(Product.id).subquery())) or 0
    rows = query.options(*CARD_LOADING).order_by(*order).limit(per_page).offset((page - 1) * per_page)
    return {
        "products": [product_card(p) for p in session.scalars(rows).unique()],
        "total": total,
        "page": page,
        "perPage": per_page,
        "pages": max(1, -(-total // per_page)),
    }


def _filtered(query: Select, request: SearchRequest) -> Select:
    """The matching products under the request's filters, leaving out those in `request.ignore`.
    Book filters are IN subqueries, so the query keeps its joins whether or not a book filter is set."""
    def chosen(name: str) -> bool:
        return bool(getattr(request, name)) and name not in request.ignore

    if chosen("category"):
        parent = select(Category.id).where(Category.slug == request.category).scalar_subquery()
        query = query.where((Category.slug == request.category) | (Category.parent_id == parent))
    if "price" not in request.ignore:
        if request.min_price is not None:
            query = query.where(sale_price_sql() >= request.min_price)
        if request.max_price is not None:
            query = query.where(sale_price_sql() <= request.max_price)
    if chosen("min_rating"):
        query = query.where(Product.rating >= request.min_rating)
    if chosen("author"):
        by = select(BookAuthor.book_id).join(Author, Author.id == BookAuthor.author_id).where(Author.slug == request.author)
        query = query.where(Product.id.in_(by))
    if chosen("level"):
        query = query.where(Product.id.in_(select(Book.product_id).where(level_condition(request.level))))
    if chosen("format"):
        query = query.where(Product.id.in_(select(Book.product_id).where(Book.format == request.format)))
    if chosen("in_stock"):
        query = query.where(Product.stock > 0)
    return query


def _others(found: Matching, request: SearchRequest, facet: str) -> Subquery:
    """The matches under every chosen filter but `facet`'s own, with what the facets count by."""
    others = _filtered(found.query, replace(request, ignore=(facet,)))
    return others.with_only_columns(
        Product.id, Category.slug, Category.name, sale_price_sql().label("sale"), Product.rating, Product.stock,
    ).subquery()


def category_facets(session: Session, found: Matching, request: SearchRequest) -> list[dict]:
    """The categories of the matches, with counts, for the filter list."""
    matched = _others(found, request, "category")
    rows = session.execute(
        select(matched.c.slug, matched.c.name, func.count()).group_by(matched.c.slug, matched.c.name)
        .order_by(func.count().desc(), matched.c.name)
    )
    return [{"slug": slug, "name": name, "count": count} for slug, name, count in rows]


def author_facets(session: Session, found: Matching, request: SearchRequest) -> list[dict]:
    """The TOP_AUTHORS authors with the most matches (and the chosen one, wherever it ranks)."""
    matched = _others(found, request, "author")
    rows = session.execute(
        select(Author.slug, Author.name, func.count())
        .join(BookAuthor, BookAuthor.author_id == Author.id).join(matched, matched.c.id == BookAuthor.book_id)
        .group_by(Author.slug, Author.name).order_by(func.count().desc(), Author.name).limit(TOP_AUTHORS)
    )
    facet = [{"slug": slug, "name": name, "count": count} for slug, name, count in rows]
    if request.author and all(row["slug"] != request.author for row in facet):
        # Below the top ten, the visitor's choice still shows (checked): its count is the results'.
        chosen = session.execute(
            select(Author.name, func.count(matched.c.id))
            .join(BookAuthor, BookAuthor.author_id == Author.id).outerjoin(matched, matched.c.id == BookAuthor.book_id)
            .where(Author.slug == request.author).group_by(Author.name)
        ).first()
        if chosen:
            facet.append({"slug": request.author, "name": chosen[0], "count": chosen[1]})
    return facet


def level_facets(session: Session, found: Matching, request: SearchRequest) -> list[dict]:
    """Class 1-12, College and Story books, in that order, those with matches."""
    matched = _others(found, request, "level")
    number = case((Book.level_kind == "class", Book.level_from), else_=0)
    rows = session.execute(
        select(Book.level_kind, number, func.count())
        .join(matched, matched.c.id == Book.product_id).group_by(Book.level_kind, number)
    )
    counts = {(kind, n): count for kind, n, count in rows}
    return [
        {"value": value, "label": f"Class {n}" if kind == "class" else LEVEL_LABELS[kind], "count": counts.get((kind, n), 0)}
        # The visitor's choice stays on the list (checked, with 0) when the other filters leave none of it.
        for value, (kind, n) in LEVELS.items() if counts.get((kind, n)) or value == request.level
    ]


def format_facets(session: Session, found: Matching, request: SearchRequest) -> list[dict]:
    matched = _others(found, request, "format")
    rows = session.execute(
        select(Book.format, func.count()).join(matched, matched.c.id == Book.product_id)
        .group_by(Book.format).order_by(func.count().desc(), Book.format)
    )
    facet = [{"value": value, "count": count} for value, count in rows]
    if request.format and all(row["value"] != request.format for row in facet):
        facet.append({"value": request.format, "count": 0})  # still chosen, as on the level pages
    return facet


def price_facets(session: Session, found: Matching, request: SearchRequest) -> list[dict]:
    """PRICE_RANGES with their counts: one query, a conditional count per bucket (the bounds are
    shared, so a book at exactly $10 is in both of its buckets, as either filter finds it)."""
    matched = _others(found, request, "price")

    def inside(low, high):
        bounds = [*([matched.c.sale >= low] if low is not None else []), *([matched.c.sale <= high] if high is not None else [])]
        return func.count(case((and_(*bounds), 1)))

    counts = session.execute(select(*(inside(low, high) for _, low, high in PRICE_RANGES))).one()
    return [
        {"label": label, "min": None if low is None else float(low), "max": None if high is None else float(high), "count": count}
        for (label, low, high), count in zip(PRICE_RANGES, counts)
    ]


def rating_facets(session: Session, found: Matching, request: SearchRequest) -> list[dict]:
    """4 stars & up ... 1 star & up, each with its count: one query."""
    matched = _others(found, request, "min_rating")
    counts = session.execute(select(*(func.count(case((matched.c.rating >= stars, 1))) for stars in RATINGS))).one()
    return [{"stars": stars, "count": count} for stars, count in zip(RATINGS, counts)]


def in_stock_count(session: Session, found: Matching, request: SearchRequest) -> int:
    matched = _others(found, request, "in_stock")
    return session.scalar(select(func.count()).where(matched.c.stock > 0)) or 0


def suggestions(session: Session) -> list[dict]:
    """Popular categories to offer when nothing matched."""
    rows = session.execute(
        select(Category.name, func.count(Product.id)).join(Product, Product.category_id == Category.id)
        .where(Product.published.is_(True)).group_by(Category.name)
        .order_by(func.count(Product.id).desc(), Category.name).limit(SUGGESTED_CATEGORIES)
    )
    return [{"term": name, "count": count} for name, count in rows]


def search(session: Session, request: SearchRequest) -> dict:
    if request.author and session.scalar(select(Author.id).where(Author.slug == request.author)) is None:
        request = replace(request, author=None)  # an author nobody is: no filter, as any odd parameter
    found = matching(session, request.term)
    listed = one_page(session, _filtered(found.query, request), sort_order(request.sort, found.relevance),
                      request.page, request.per_page)
    nothing = listed["total"] == 0
    return {
        "term": request.term,
        **listed,
        "sort": request.sort,
        "filters": {
            "category": request.category,
            "minPrice": None if request.min_price is None else float(request.min_price),
            "maxPrice": None if request.max_price is None else float(request.max_price),
            "minRating": request.min_rating,
            "author": request.author,
            "level": request.level,
            "format": request.format,
            "inStock": request.in_stock,
        },
        "categories": category_facets(session, found, request),
        "authors": author_facets(session, found, request),
        "levels": level_facets(session, found, request),
        "formats": format_facets(session, found, request),
        "prices": price_facets(session, found, request),
        "ratings": rating_facets(session, found, request),
        "inStock": in_stock_count(session, found, request),
        "suggestions": suggestions(session) if nothing else [],
        "didYouMean": did_you_mean(session.connection(), found.plan) if nothing else None,
    }
