"""Search at scale: the seeded catalogue, then the same database with a million generated products
(bulk inserted, the index rebuilt, both timed), on SQLite and on PostgreSQL. For each size: median
and p95 of the search API (the search page's props, uncached), the search page (HTML, uncached),
suggestions, the book pages (/books/class-9..., uncached) and the uncached storefront homes and a
product page (the servers keep no reads between misses: each request reads its page whole, as the
first search for a term does), over 31 distinct terms that include typos and ISBNs. Budgets: each figure at the large size at most 2x its seeded figure;
suggestions median <= 10 ms and search API median <= 25 ms at 1,000,000 products; index build <= 2 min.

Beside the timings, how good the ranking is: the mean nDCG@10 of the judged queries
(tests/search_judgements.json, bench/relevance.py) over the seeded catalogue and over the grown one.
The generated products are judged by no one (they gain nothing), so the two are equal exactly when
the seeded answers stay on top of every query; the queries whose figure fell are listed.

The two sizes are measured side by side, by two servers (a copy of the seeded database is kept
before the products are added), each request asked of one and then of the other: others' work on
this shared machine comes and goes over the minutes a run takes, and would otherwise fall on one
size's figures and not on the other's.

`python -m bench search` (1,000,000), or `python -m bench search N` for another N;
`python -m bench search offers`: 100,000 books with 5 offers each (bench/offers.py), and what an
offer's price change drops from the page cache.
"""

from __future__ import annotations

import datetime as dt
import random
import statistics
import sys
import time
from decimal import Decimal
from urllib.parse import quote

import httpx

from bench.common import running_server, seeded_database, table
from bench.offers import dropped_pages, summarised, used_copies
from bench.relevance import DEPTH, Report, measure_database

TERMS = [
    "physics",
    "mathematics",
    "chemistry",
    "biology",
    "history",
    "geography",
    "english grammar",
    "french",
    "engineering",
    "medicine",
    "economics",
    "law",
    "computer science",
    "fantasy",
    "mystery",
    "classics",
    "phisics",
    "phsycs",
    "mathmatics",
    "chemisty",
    "histroy",
    "maths",
    "chem",
    "class 9 physics",
    "class 12 calculus",
    "workbook",
    "atlas",
    "dragon",
    "moon balloon",
]  # plus two ISBNs of seeded books, added at run time (hyphenated ISBN-13 and ISBN-10)
PREFIXES = ["ph", "phys", "mat", "chem", "his", "geo", "eng", "med", "fan", "mys", "cla", "wor", "dra", "at"]
HOMES = ["/", "/market-1", "/grocery1", "/gadget-shop", "/fashion-shop"]
# The book pages (a shelf read as a search reads its matches), plain, filtered and sorted.
BROWSE = [
    "/books/class-9",
    "/books/college",
    "/books/stories",
    "/books/class-9?format=Paperback&sort=price-asc",
    "/books/class-12?rating=4&in_stock=1",
]
ROUNDS = 5
BUILD_BUDGET_S = 120
GROWTH_BUDGET = 2.0

WORDS = {
    "subject": (
        "Physics",
        "Mathematics",
        "Chemistry",
        "Biology",
        "History",
        "Geography",
        "English",
        "French",
        "Economics",
        "Engineering",
        "Medicine",
        "Law",
        "Computer Science",
        "Statistics",
        "Algebra",
        "Calculus",
        "Literature",
        "Philosophy",
        "Accounting",
        "Sociology",
    ),
    "kind": (
        "Workbook",
        "Textbook",
        "Guide",
        "Companion",
        "Handbook",
        "Primer",
        "Reader",
        "Essentials",
        "Practice Papers",
        "Lab Manual",
        "Atlas",
        "Revision Notes",
        "Question Bank",
        "Made Simple",
    ),
    "story": (
        "Dragon",
        "Moon",
        "River",
        "Garden",
        "Castle",
        "Lantern",
        "Winter",
        "Orchard",
        "Harbour",
        "Forest",
        "Mirror",
        "Crown",
        "Storm",
        "Island",
        "Clockwork",
        "Shadow",
        "Letters",
        "Voyage",
        "Secret",
        "Summer",
    ),
    "first": (
        "Margaret",
        "Arthur",
        "Eleanor",
        "Rohan",
        "Beatrice",
        "Julian",
        "Meera",
        "Conrad",
        "Isla",
        "Vikram",
        "Harriet",
        "Tobias",
        "Anjali",
        "Edmund",
        "Lucinda",
        "Samir",
        "Rosalind",
        "Felix",
        "Celia",
        "Anand",
    ),
    "last": (
        "Whitfield",
        "Ashcombe",
        "Mehra",
        "Penrose",
        "Calloway",
        "Banerjee",
        "Hartley",
        "Iyer",
        "Fairbanks",
        "Lindqvist",
        "Sterling",
        "Rao",
        "Montague",
        "Okonkwo",
        "Blackwood",
        "Desai",
        "Harrington",
        "Kapoor",
    ),
}


def generate(url: str, count: int, offers: int = 1) -> float:
    """`count` generated books in bulk (a book row each, ISBNs in the 979 range the seed leaves
    alone), each with `offers` offers (its New listing and used copies, bench/offers.py), the
    search index rebuilt after; answers the seconds of the insert and of the build."""
    from sqlalchemy import insert, select, text

    from db import isbn
    from db.engine import make_engine
    from db.models import Book, Category, Product
    from db.search.index import rebuild

    r = random.Random("bench-search")
    now = dt.datetime.now(dt.UTC)
    engine = make_engine(url)
    started = time.perf_counter()
    with engine.begin() as connection:
        leaves = list(
            connection.scalars(
                select(Category.id).where(
                    Category.parent_id.is_not(None),
                    Category.slug.in_(
                        (
                            "mathematics",
                            "science",
                            "english",
                            "history-geography",
                            "languages",
                            "engineering",
                            "medicine",
                            "business-economics",
                            "computer-science",
                            "law",
                            "fiction",
                            "fantasy",
                            "classics",
                        )
                    ),
                )
            )
        )
        first_id = (connection.scalar(select(Product.id).order_by(Product.id.desc()).limit(1)) or 0) + 1
        batch = 20_000
        for start in range(0, count, batch):
            products, books = [], []
            for n in range(start, min(start + batch, count)):
                grade = r.randint(1, 12)
                title = (
                    f"Class {grade} {r.choice(WORDS['subject'])} {r.choice(WORDS['kind'])}"
                    if n % 3
                    else f"The {r.choice(WORDS['story'])} of the {r.choice(WORDS['story'])}"
                )
                products.append(
                    {
                        "id": first_id + n,
                        "title": title,
                        "slug": f"bench-search-{n}",
                        "shop": "books",
                        "author": f"{r.choice(WORDS['first'])} {r.choice(WORDS['last'])}",
                        "description": "",
                        "category_id": r.choice(leaves),
                        "price": Decimal(r.randint(199, 9999)) / 100,
                        "discount": r.choice((0, 0, 10, 20)),
                        "rating": Decimal(r.randint(0, 50)) / 10,
                        "review_count": r.randint(0, 40),
                        "stock": r.randint(0, 80),
                        "status": "",
                        "colors": [],
                        "images": [],
                        "published": r.random() > 0.05,
                        "featured": False,
                        "created_at": now,
                    }
                )
                books.append(
                    {
                        "product_id": first_id + n,
                        "isbn": isbn.make("979", f"{n:09d}"),
                        "format": "Paperback",
                        "language": "English",
                        "level_kind": "class",
                        "level_from": grade,
                        "level_to": grade,
                        "subject": None,
                        "publisher": "Bench Press",
                    }
                )
            connection.execute(insert(Product), products)
            connection.execute(insert(Book), books)
            if offers > 1:
                used_copies(connection, products, offers, r)
        if offers > 1:
            summarised(connection, first_id)
        if connection.dialect.name == "postgresql":
            # What follows a bulk load on PostgreSQL: the planner's statistics of the grown tables
            # (autovacuum would take them a minute later, while the figures are being measured).
            connection.execute(text("ANALYZE product"))
            connection.execute(text("ANALYZE book"))
    inserted = time.perf_counter() - started
    started = time.perf_counter()
    with engine.begin() as connection:
        rebuild(connection)
    built = time.perf_counter() - started
    engine.dispose()
    return inserted, built


def timed(clients: list[httpx.Client], paths: list[str], headers: dict | None = None) -> list[list[float]]:
    """Each path asked of each client in turn, ROUNDS times: the times per client."""
    times: list[list[float]] = [[] for _ in clients]
    for round_ in range(ROUNDS):
        for path in paths:
            # A query string of its own per request: every page is a cache miss.
            joiner = "&" if "?" in path else "?"
            for client, spent in zip(clients, times):
                started = time.perf_counter()
                response = client.get(f"{path}{joiner}bench={round_}", headers=headers or {})
                spent.append((time.perf_counter() - started) * 1000)
                response.raise_for_status()
    return times


def measure(bases: list[str], terms: list[str]) -> list[dict[str, list[float]]]:
    """The figures of each server (base URL), asked side by side."""
    searches = ["/product/search/" + quote(term, safe="") for term in terms]
    clients = [httpx.Client(base_url=base, timeout=60) for base in bases]
    try:
        for client in clients:
            client.get("/")  # warm the renderer
        kinds = {
            "search API": timed(clients, searches, {"Accept": "application/json"}),
            "search page": timed(clients, searches),
            "suggestions": timed(clients, [f"/api/search/suggest?q={quote(p)}" for p in PREFIXES]),
            "browse pages": timed(clients, BROWSE),
            "storefront homes": timed(clients, HOMES),
            "product page": timed(clients, ["/product/1", "/product/3", "/product/7"]),
        }
    finally:
        for client in clients:
            client.close()
    return [{kind: times[n] for kind, times in kinds.items()} for n in range(len(bases))]


def seeded_isbns(url: str) -> list[str]:
    from sqlalchemy import select

    from db import isbn
    from db.engine import make_engine
    from db.models import Book

    engine = make_engine(url)
    with engine.connect() as connection:
        numbers = list(connection.scalars(select(Book.isbn).where(Book.isbn.like("978%")).order_by(Book.isbn).limit(2)))
    engine.dispose()
    return [isbn.grouped(numbers[0]), isbn.to_isbn10(numbers[1])]


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def settle(url: str) -> float:
    """What follows a bulk load on PostgreSQL: VACUUM (ANALYZE) of the grown tables (their
    visibility map and hint bits set, their statistics taken), which autovacuum would otherwise
    start a minute later, while the figures are being measured. Answers its seconds."""
    from sqlalchemy import text

    from db.engine import make_engine

    engine = make_engine(url)
    started = time.perf_counter()
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        for grown in ("product", "book", "product_search"):
            connection.execute(text(f"VACUUM (ANALYZE) {grown}"))
    engine.dispose()
    return time.perf_counter() - started


def relevance(small: Report, large: Report, count: int) -> str:
    """The judged queries' nDCG@10 at both sizes, and those whose figure fell as the catalogue grew."""
    fell = [
        (before, after)
        for before, after in zip(small.scored, large.scored, strict=True)
        if after.score < before.score - 1e-9
    ]
    verdict = "ok: the seeded answers stay on top" if not fell else f"{len(fell)} queries fell"
    lines = [
        f"relevance: nDCG@{DEPTH} of {len(small.scored)} judged queries: seeded {small.mean:.4f}, "
        f"+{count:,} products {large.mean:.4f} ({verdict})"
    ]
    for before, after in sorted(fell, key=lambda pair: pair[1].score - pair[0].score)[:10]:
        lines.append(f"  {after.judged.q!r}: {before.score:.3f} -> {after.score:.3f}, first: {after.titles[:5]}")
    return "\n".join(lines)


# One V8 isolate each; and no reads kept between misses (app/settings.py kept_reads): a term asked
# again would otherwise find what it found before in memory, and every round but the first would
# time the kept matches instead of the search.
SERVER = {"SSR_POOL_SIZE": "1", "KEPT_READS": "0"}


def one_database(name: str, url: str, seeded_url: str, media, count: int, port: int, offers: int = 1) -> str:
    """`url` grown by `count` products (with `offers` offers each), measured beside `seeded_url`,
    its copy as seeded; with offers, what an offer's price change drops from the grown server's cache."""
    terms = TERMS + seeded_isbns(url)
    inserted, built = generate(url, count, offers)
    settled = f", settled (VACUUM ANALYZE) in {settle(url):.0f} s" if url.startswith("postgres") else ""
    judged = relevance(measure_database(seeded_url), measure_database(url), count)
    with (
        running_server(seeded_url, media, port=port, **SERVER) as small_base,
        running_server(url, media, port=port + 1, **SERVER) as large_base,
    ):
        small, large = measure([small_base, large_base], terms)
        dropped = dropped_pages(large_base, url) if offers > 1 else None
    rows = []
    for what in small:
        before, after = statistics.median(small[what]), statistics.median(large[what])
        ratio = after / before
        limit = {"suggestions": 10, "search API": 25}.get(what)
        ok = ratio <= GROWTH_BUDGET and (limit is None or after <= limit)
        rows.append(
            [
                what,
                f"{before:.1f} ms",
                f"{p95(small[what]):.1f} ms",
                f"{after:.1f} ms",
                f"{p95(large[what]):.1f} ms",
                f"{ratio:.2f}",
                f"≤{GROWTH_BUDGET:g}x" + (f", ≤{limit} ms" if limit else ""),
                "ok" if ok else "OVER BUDGET",
            ]
        )
    from db.search.found import CAP

    heading = (
        f"{name}: +{count:,} products{f' with {offers} offers each' if offers > 1 else ''} inserted in {inserted:.0f} s, index built in {built:.0f} s "
        f"(budget ≤ {BUILD_BUDGET_S} s: {'ok' if built <= BUILD_BUDGET_S else 'OVER BUDGET'}){settled}; "
        f"{len(terms)} terms x {ROUNDS} rounds, one request at a time, each of both sizes side by side; "
        f"a search reads at most {CAP} products"
    )
    return (
        heading
        + "\n"
        + table(rows, ["request", "seeded median", "p95", f"+{count:,} median", "p95", "ratio", "budget", "verdict"])
        + "\n"
        + judged
        + (f"\n{dropped}" if dropped else "")
    )


def sqlite_copy(url: str) -> str:
    """A copy of a SQLite database beside it (through SQLite's backup: whatever its WAL holds too)."""
    import sqlite3

    path = url.removeprefix("sqlite:///")
    copy = path.removesuffix(".db") + "-seeded.db"
    source, target = sqlite3.connect(path), sqlite3.connect(copy)
    try:
        source.backup(target)
    finally:
        source.close()
        target.close()
    return "sqlite:///" + copy


def postgres_copy() -> tuple[str, str, object] | None:
    """A seeded PostgreSQL database of its own, and a copy of it, where a server answers."""
    import os
    import tempfile
    from pathlib import Path

    from db.engine import make_engine, make_sessionmaker
    from db.migrate import upgrade
    from db.seed import seed

    server = os.environ.get("BENCH_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
    names = ("sb_bench_search", "sb_bench_search_seeded")
    try:
        import psycopg

        with psycopg.connect(server, autocommit=True, connect_timeout=2) as connection:
            for database in names:
                connection.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
            connection.execute(f'CREATE DATABASE "{names[0]}"')
    except Exception as error:  # no server: the SQLite figures stand alone
        print(f"(no PostgreSQL at {server}: {error})")
        return None
    url, seeded_url = (server.rsplit("/", 1)[0] + "/" + database for database in names)
    upgrade(url)
    media = Path(tempfile.mkdtemp(prefix="sb-bench-pg-")) / "media"
    engine = make_engine(url)
    with make_sessionmaker(engine)() as session, session.begin():
        seed(session, media)
    engine.dispose()
    with psycopg.connect(server, autocommit=True) as connection:  # nobody is connected to it now
        connection.execute(f'CREATE DATABASE "{names[1]}" TEMPLATE "{names[0]}"')
    return url, seeded_url, media


def run(count: int = 1_000_000, port: int = 8768, offers: int = 1) -> str:
    parts = []
    with seeded_database() as (url, media):
        parts.append(one_database("SQLite", url, sqlite_copy(url), media, count, port, offers))
    pg = postgres_copy()
    if pg:
        try:
            parts.append(one_database("PostgreSQL", *pg, count, port, offers))
        except Exception as error:  # a long run: the SQLite figures still stand
            parts.append(f"PostgreSQL: failed: {str(error)[:300]}")
    return "Search at scale\n" + "\n\n".join(parts)


if __name__ == "__main__":
    print(run(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000))
