"""Suggestions as a shopper types in the header's search box: up to eight entries, grouped as
titles (with cover and price), authors and categories, all from the index's prefix match on the
last word (so "phys" already suggests physics books).

Each group reads a few dozen matches at most, whatever the catalogue's size: the first POOL
products with the words in their titles (the best sold and rated of them first), else anywhere;
the authors of the first POOL products with the words anywhere, whose names hold them."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from sqlalchemy import Select, func, literal, null, select, union_all
from sqlalchemy.orm import Session

from db.ledger import cents
from db.models import Author, BookAuthor, Category, Product
from db.queries.book_records import author_url
from db.queries.content import search_url
from db.queries.media import media_url
from db.queries.products import money
from db.search.backends import FIELDS, TITLE, words_param
from db.search.dialects import backend_for
from db.search.documents import words
from db.search.found import published
from db.search.terms import plan

MOST = 8
TITLES, AUTHORS, CATEGORIES = 5, 2, 2
MIN_TYPED = 2  # characters before anything is suggested
POOL = 40  # matching products looked at, per group


def _named(name: str, typed: list[str]) -> bool:
    """Every typed word starts a word of the name ("mar whit" names Margaret Whitfield)."""
    own = words(name, shortest=1)
    return all(any(word.startswith(t) for word in own) for t in typed)


class Statements(NamedTuple):
    """A suggestion's statements, built once (their parameter: the words, backends.WORDS)."""

    titled: Select  # the best titles of the first POOL products with the words in their titles
    anywhere: Select  # ...with the words anywhere
    names: Select  # the authors of those found anywhere, and every category


@lru_cache(maxsize=2)
def statements(dialect: str) -> Statements:
    backend = backend_for(dialect)

    def pool(fields) -> Select:
        """The first POOL products with the words in these fields (a few may be unpublished)."""
        return select(backend.first(fields, POOL, words_param()).c.product_id)

    def best(fields) -> Select:
        return (
            select(Product.id, Product.title, Product.price, Product.discount, Product.images)
            .where(Product.id.in_(pool(fields)), published(dialect))
            .order_by(Product.units_sold.desc(), Product.rating.desc(), Product.id)
            .limit(TITLES)
        )

    # The authors of the pooled published books, the most credited first, and every category in
    # the shop's order: both lists in one statement (each statement is a round trip).
    credited = (
        select(literal(0).label("kind"), Author.name, Author.slug, (-func.count()).label("rank"))
        .join(BookAuthor, BookAuthor.author_id == Author.id)
        .join(Product, Product.id == BookAuthor.book_id)
        .where(BookAuthor.book_id.in_(pool(FIELDS)), published(dialect))
        .group_by(Author.name, Author.slug)
    )
    listed = select(literal(1), Category.name, null(), Category.level)
    return Statements(best(TITLE), best(FIELDS), union_all(credited, listed).order_by("kind", "rank", "name"))


def suggest(session: Session, typed: str) -> dict:
    typed = typed.strip()
    empty = {"query": typed, "titles": [], "authors": [], "categories": [], "count": 0}
    if len(typed) < MIN_TYPED:
        return empty
    connection = session.connection()
    read = plan(connection, typed)
    if read.empty:
        return empty
    dialect = connection.dialect.name
    backend, statement = backend_for(dialect), statements(dialect)
    anywhere = backend.words_of(read, FIELDS)
    found = (
        connection.execute(statement.titled, backend.words_of(read, TITLE)).all()
        or connection.execute(statement.anywhere, anywhere).all()
    )  # no title has the words
    titles = [
        {
            "id": row.id,
            "title": row.title,
            "url": f"/product/{row.id}",
            "imgUrl": media_url(row.images[0]) if row.images else None,
            "price": money(cents(row.price * (100 - row.discount) / 100)),
        }
        for row in found
    ]
    credited, listed = [], []
    for kind, name, slug, _rank in connection.execute(statement.names, anywhere):
        (listed if kind else credited).append((name, slug))
    # The authors of the books found anywhere whose names hold the words (the words may be a title's).
    authors = [{"name": name, "url": author_url(slug)} for name, slug in credited if _named(name, read.words)][:AUTHORS]
    categories = [{"name": name, "url": search_url(name)} for name, _ in listed if _named(name, read.words)][
        :CATEGORIES
    ]
    # Up to eight in all: titles give way to the other groups first.
    titles = titles[: MOST - len(authors) - len(categories)]
    return {
        "query": typed,
        "titles": titles,
        "authors": authors,
        "categories": categories,
        "count": len(titles) + len(authors) + len(categories),
    }
