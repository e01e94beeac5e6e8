"""The search page's ranking measured against judged queries (tests/search_judgements.json): the mean
nDCG@10 over the seeded catalogue, on SQLite and on PostgreSQL, holds at the level the ranking reaches
(bench/relevance.py computes it; `python -m bench search` prints it at scale too)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from sqlalchemy import select

from bench.relevance import judgements, measure, search_page
from db.engine import make_engine, make_sessionmaker
from db.models import Book, Category, Product

# The mean nDCG@10 the ranking reaches over the judged set (never lower than 0.90): a change that
# ranks worse fails here, with the worst queries and what they answered.
LEVEL = {"sqlite": 0.971, "postgresql": 0.971}
KINDS = {
    "exact title",
    "partial title",
    "author",
    "surname",
    "subject",
    "class",
    "isbn-13",
    "isbn-10",
    "typo, one edit",
    "typo, two edits",
    "plural",
    "synonym",
    "two words",
    "no answer",
}


@pytest.fixture(params=["sqlite", "postgresql"])
def session(request, db_file):
    """A session on the seeded catalogue: a private SQLite copy, then the worker's seeded PostgreSQL."""
    url = f"sqlite:///{db_file}" if request.param == "sqlite" else request.getfixturevalue("seeded_postgres")[0]
    engine = make_engine(url)
    with make_sessionmaker(engine)() as session:
        yield session
    engine.dispose()


def test_the_judged_set_covers_every_kind_of_query_and_names_published_products(session):
    judged = judgements()
    assert len(judged) >= 60 and {q.kind for q in judged} >= KINDS
    assert all(grade in (1, 2, 3) for q in judged for grade in q.grades.values())
    published = set(session.scalars(select(Product.title).where(Product.published.is_(True))))
    missing = {title for q in judged for title in q.grades} - published
    assert not missing, f"judged titles the seeded catalogue does not show: {sorted(missing)}"


def test_the_ranking_holds_its_ndcg_at_10_over_the_judged_queries(session):
    report = measure(search_page(session))
    dialect = session.get_bind().dialect.name
    print(report.describe())
    assert report.mean >= LEVEL[dialect] >= 0.90, report.describe()
    offered = {
        s.judged.q: (s.did_you_mean, s.judged.did_you_mean) for s in report.scored if s.judged.expects_did_you_mean
    }
    assert all(got == wanted for got, wanted in offered.values()), offered


def test_among_books_alike_the_title_the_words_make_more_of_ranks_above_a_better_rated_one(session):
    """The ranking at a million products (bench/search.py): many generated books share the answer's
    words ("Class 6 Law Handbook") and their random ratings broke the tie. "law handbook" is two
    thirds of "Company Law Handbook", half of a "Class N Law Handbook" rated 5 that sold no more."""
    law = session.scalar(select(Category).where(Category.slug == "law"))
    answer = session.scalar(select(Product).where(Product.title == "Company Law Handbook"))
    for grade in (6, 8):
        product = Product(
            title=f"Class {grade} Law Handbook",
            slug=f"class-{grade}-law-handbook",
            shop="books",
            author=answer.author,
            category=law,
            price=Decimal("9.99"),
            rating=Decimal("5.0"),
            review_count=answer.review_count + 10,
            units_sold=answer.units_sold,
            stock=5,
            images=[],
            colors=[],
        )
        product.book = Book(level_kind="class", level_from=grade, level_to=grade, format="Paperback")
        session.add(product)
    session.flush()
    titles, _ = search_page(session)("law handbook")
    assert titles[0] == "Company Law Handbook", titles
    assert set(titles[1:3]) == {"Class 6 Law Handbook", "Class 8 Law Handbook"}
