"""The search page's filters with their counts, counted in one pass over the rows a search found
(found.py: at most a thousand or two narrow rows), each facet over the rows found under every
OTHER chosen filter (search.py hands each facet its tally). Only the authors and the categories'
names need the database: a book's credits are not in the row.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache

from sqlalchemy import CompoundSelect, Select, func, literal, select, union_all
from sqlalchemy.orm import Session

from db import levels, page_keys
from db.models import Author, BookAuthor, Category
from db.models.offers import NEW
from db.queries.remembered import remembered
from db.search.among import among, among_ids, listed_ids
from db.search.found import Hit

TOP_AUTHORS = 10
# What changes the names of some categories and the top authors of some books (kept by a cached
# page's loader, db/queries/remembered.py): a category's change, a book's credits, an author's name.
NAMES = frozenset({page_keys.CATEGORIES, page_keys.SEARCH_WORDS})
# A level filter's value is the last part of that level's browse page (db/levels.py): class-9,
# college, stories. Values -> (level kind, class number or 0), in the order the facet lists them.
LEVELS = {
    levels.Level(kind, n, n).url.rsplit("/", 1)[1]: (kind, n)
    for kind, n in [*(("class", n) for n in levels.CLASSES), ("college", 0), ("age", 0)]
}
LEVEL_LABELS = {"college": "College", "age": "Story books"}
# The price facet's buckets on the sale price: (label, min_price, max_price), bounds included as
# the min_price/max_price filter includes them, so a bucket's count is what choosing it shows
# (a book at exactly $10 is in both of its buckets, as either filter finds it).
PRICE_RANGES = [
    ("Under $10", None, Decimal(10)),
    ("$10 – $25", Decimal(10), Decimal(25)),
    ("$25 – $50", Decimal(25), Decimal(50)),
    ("$50 – $100", Decimal(50), Decimal(100)),
    ("$100 and over", Decimal(100), None),
]
RATINGS = (4, 3, 2, 1)
# The condition filter's choices (db/queries/search.py): its parameter value -> its label.
CONDITIONS = {"new": "New", "used": "Used"}


@dataclass
class Tally:
    """What the facets count, gathered from found rows."""

    ids: list[int] = field(default_factory=list)
    categories: Counter = field(default_factory=Counter)
    levels: Counter = field(default_factory=Counter)  # (kind, class number or 0)
    formats: Counter = field(default_factory=Counter)
    subjects: Counter = field(default_factory=Counter)
    sales: list[float] = field(default_factory=list)  # sorted
    ratings: list[float] = field(default_factory=list)  # sorted
    in_stock: int = 0
    new: int = 0  # the buy box is a New copy
    used: int = 0  # a used copy is in stock

    @classmethod
    def of(cls, rows: Sequence[Hit]) -> Tally:
        """Counted a column at a time (Counter and sorted walk a column in C: a search's few
        hundred rows are not a few thousand Python steps)."""
        if not rows:
            return cls()
        column = dict(zip(Hit._fields, zip(*rows)))
        levels: Counter = Counter()
        for (kind, number), n in Counter(zip(column["level_kind"], column["level_from"])).items():
            if kind is not None:  # a book: a school book is for one class
                levels[kind, number if kind == "class" else 0] += n
        # A product that is no book has no format or subject (None): only the books' are counted.
        formats, subjects = Counter(column["format"]), Counter(column["subject"])
        formats.pop(None, None)
        subjects.pop(None, None)
        return cls(
            ids=list(column["id"]),
            categories=Counter(column["category_id"]),
            levels=levels,
            formats=formats,
            subjects=subjects,
            sales=sorted(column["sale"]),
            ratings=sorted(column["rating"]),
            in_stock=sum(1 for stock in column["stock"] if stock > 0),
            new=column["condition"].count(NEW),
            used=sum(column["used"]),
        )


@lru_cache(maxsize=8)
def _names(dialect: str, categories: bool, authors: bool) -> Select | CompoundSelect:
    """The statement naming the facets' categories (parameter "categories") and top authors among
    some books ("books"), either or both: built once for each, as building it costs more Python
    than running it. The ids go as one parameter each (among.py): the same statement for any
    number of them, which PostgreSQL keeps prepared instead of planning a new one each time."""
    arms: list[Select] = []
    if categories:
        arms.append(
            select(literal("category").label("kind"), Category.slug, Category.name, Category.id.label("n")).where(
                among_ids(Category.id, "categories", dialect)
            )
        )
    if authors:
        top = (
            select(literal("author").label("kind"), Author.slug, Author.name, func.count().label("n"))
            .join(BookAuthor, BookAuthor.author_id == Author.id)
            .where(among_ids(BookAuthor.book_id, "books", dialect))
            .group_by(Author.slug, Author.name)
            .order_by(func.count().desc(), Author.name)
            .limit(TOP_AUTHORS)
            .subquery()
        )
        arms.append(select(top))
    both = union_all(*arms) if len(arms) > 1 else arms[0]
    listed = both.selected_columns
    return both.order_by(listed.kind, listed.n.desc(), listed.name)


def named(session: Session, categories: Tally, authors: Tally, chosen: str | None) -> tuple[list[dict], list[dict]]:
    """The categories' facet and the authors' (the TOP_AUTHORS with the most books among the
    rows, and the chosen one wherever it ranks), their names read in one statement."""
    connection = session.connection()  # Core statements: the ORM would only add its own work to each
    dialect = connection.dialect.name
    counts, ids = categories.categories, authors.ids
    rows = []
    if counts or ids:
        # Sorted: the same rows name the same statement, in whatever order the search found them.
        listed = {"categories": listed_ids(sorted(counts), dialect), "books": listed_ids(sorted(ids), dialect)}
        rows = remembered(
            session,
            ("named", listed["categories"], listed["books"]),
            NAMES,
            lambda: connection.execute(_names(dialect, bool(counts), bool(ids)), listed).all(),
        )
    category_facet = [
        {"slug": slug, "name": name, "count": counts[n]} for kind, slug, name, n in rows if kind == "category"
    ]
    author_facet = [{"slug": slug, "name": name, "count": n} for kind, slug, name, n in rows if kind == "author"]
    if chosen and all(row["slug"] != chosen for row in author_facet):
        # Below the top ten, the visitor's choice still shows (checked): its count is the results'.
        name = connection.scalar(select(Author.name).where(Author.slug == chosen))
        if name is not None:
            count = (
                connection.scalar(
                    select(func.count())
                    .select_from(BookAuthor)
                    .join(Author, Author.id == BookAuthor.author_id)
                    .where(Author.slug == chosen, among(BookAuthor.book_id, ids, dialect))
                )
                if ids
                else 0
            )
            author_facet.append({"slug": chosen, "name": name, "count": count})
    return sorted(category_facet, key=lambda c: (-c["count"], c["name"])), author_facet


def level_choices(tally: Tally, chosen: str | None) -> list[dict]:
    """Class 1-12, College and Story books, in that order, those with matches."""
    counts = tally.levels
    return [
        {
            "value": value,
            "label": f"Class {n}" if kind == "class" else LEVEL_LABELS[kind],
            "count": counts.get((kind, n), 0),
        }
        # The visitor's choice stays on the list (checked, with 0) when the other filters leave none of it.
        for value, (kind, n) in LEVELS.items()
        if counts.get((kind, n)) or value == chosen
    ]


def values(counts: Counter, chosen: str | None) -> list[dict]:
    """A book column's values (format, subject), the most common first."""
    facet = [{"value": value, "count": count} for value, count in sorted(counts.items(), key=lambda f: (-f[1], f[0]))]
    if chosen and chosen not in counts:
        facet.append({"value": chosen, "count": 0})  # still chosen (checked, with 0) when the other filters leave none
    return facet


def conditions(tally: Tally) -> list[dict]:
    """New (the buy box is a new copy) and Used (a used copy is in stock): a book may be both."""
    return [{"value": value, "label": label, "count": getattr(tally, value)} for value, label in CONDITIONS.items()]


def prices(tally: Tally) -> list[dict]:
    sales = tally.sales

    def inside(low, high) -> int:  # bounds included
        return (len(sales) if high is None else bisect_right(sales, high)) - (
            0 if low is None else bisect_left(sales, low)
        )

    return [
        {
            "label": label,
            "min": None if low is None else float(low),
            "max": None if high is None else float(high),
            "count": inside(low, high),
        }
        for label, low, high in PRICE_RANGES
    ]


def ratings(tally: Tally) -> list[dict]:
    """4 stars & up ... 1 star & up."""
    return [{"stars": stars, "count": len(tally.ratings) - bisect_left(tally.ratings, stars)} for stars in RATINGS]
