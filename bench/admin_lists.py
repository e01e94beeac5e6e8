"""The admin product list API with a big catalogue: a fresh seeded SQLite database gets 1,000 and
then 10,000 extra products (bulk inserted), and a signed-in administrator times
GET /api/products?q=...&sort=-price&page=2&per_page=25 (search + sort + page, in SQL).
Budget: under 50 ms median at 10,000 products."""

from __future__ import annotations

import datetime as dt
import random
import statistics
import time
from decimal import Decimal

import httpx

from bench.common import ADMIN_ENV, running_server, seeded_database, signed_in, table

SIZES = (1_000, 10_000)
REQUESTS = 30
WARM_UP = 3
BUDGET_MS = 50.0
QUERY = {"q": "physics", "sort": "-price", "page": "2", "per_page": "25"}
SUBJECTS = (
    "Physics",
    "Chemistry",
    "Biology",
    "History",
    "Geography",
    "Economics",
    "Poetry",
    "Algebra",
    "Statistics",
    "Philosophy",
)
KINDS = ("Workbook", "Guide", "Companion", "Handbook", "Reader", "Atlas", "Primer", "Course")
LEVELS = ("Class 6", "Class 8", "Class 10", "Class 12", "First Year", "Advanced", "Essential")


def add_products(url: str, count: int, start: int) -> None:
    """`count` more products spread over the existing categories and brands, in one bulk insert."""
    from sqlalchemy import insert, select

    from db.engine import make_engine, make_sessionmaker
    from db.models import Brand, Category, Product
    from db.search.index import reindex

    r = random.Random(f"bench-admin-lists-{start}")
    now = dt.datetime.now(dt.UTC)
    engine = make_engine(url)
    with make_sessionmaker(engine)() as session, session.begin():
        categories = list(session.scalars(select(Category.id)))
        brands = [None, *session.scalars(select(Brand.id))]
        rows = []
        for n in range(start, start + count):
            title = f"{r.choice(LEVELS)} {r.choice(SUBJECTS)} {r.choice(KINDS)} {n}"
            rows.append(
                {
                    "title": title,
                    "slug": f"bench-{n}",
                    "shop": "books",
                    "description": "",
                    "category_id": r.choice(categories),
                    "brand_id": r.choice(brands),
                    "price": Decimal(r.randint(199, 9999)) / 100,
                    "discount": r.choice((0, 0, 10, 20)),
                    "stock": r.randint(0, 50),
                    "status": "",
                    "colors": [],
                    "images": [],
                    "published": r.random() > 0.1,
                    "featured": r.random() > 0.9,
                    "created_at": now,
                }
            )
        ids = session.scalars(insert(Product).returning(Product.id), rows).all()
        # A bulk INSERT is no ORM flush: the search index (which the product list searches) is told.
        reindex(session.connection(), ids)
    engine.dispose()


def timed(client: httpx.Client) -> tuple[list[float], int]:
    """Milliseconds per request (after a warm-up), and the matching total the server reported."""
    times, total = [], 0
    for i in range(WARM_UP + REQUESTS):
        started = time.perf_counter()
        response = client.get("/api/products", params=QUERY)
        elapsed = (time.perf_counter() - started) * 1000
        response.raise_for_status()
        total = int(response.headers["x-total-count"])
        if i >= WARM_UP:
            times.append(elapsed)
    return times, total


def run(port: int = 8767) -> str:
    rows = []
    with seeded_database() as (url, media):
        added = 0
        env = {**ADMIN_ENV, "SSR_POOL_SIZE": "1"}
        with running_server(url, media, port=port, **env) as base:
            client = signed_in(base)
            for size in SIZES:
                add_products(url, size - added, added)
                added = size
                times, total = timed(client)
                median = statistics.median(times)
                p90 = statistics.quantiles(times, n=10)[-1]
                rows.append(
                    [
                        f"+{size:,}",
                        f"{total:,}",
                        f"{median:.1f} ms",
                        f"{p90:.1f} ms",
                        f"{BUDGET_MS:.0f} ms",
                        "ok" if median < BUDGET_MS else "OVER BUDGET",
                    ]
                )
            client.close()
    query = "&".join(f"{k}={v}" for k, v in QUERY.items())
    return f"admin list API: GET /api/products?{query} ({REQUESTS} requests, signed in)\n" + table(
        rows, ["extra products", "matching", "median", "p90", "budget", "verdict"]
    )


if __name__ == "__main__":
    print(run())
