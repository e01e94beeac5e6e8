"""`python -m bench shoppers`: what shopper accounts cost (DESIGN.md budgets).

(a) GET /api/me/orders for an account with 200 orders (placed straight into the database): p50 and
p99 over some hundreds of sequential requests from one keep-alive client, the whole list and one
page of 10. Budget: p50 at most 5 ms.
(b) Signed-in shoppers browsing (wrk with a session cookie, over a storefront, a shelf, a search and
a product page) beside guests browsing the same pages, rounds alternating. Budget: at least 0.9 x
the guests' requests/s."""

from __future__ import annotations

import datetime as dt
import shutil
import time
from decimal import Decimal

import httpx
from sqlalchemy import select

from bench.cache import wrk_run
from bench.common import median, running_server, seeded_database, table
from bench.mail import percentile
from db.engine import make_engine, make_sessionmaker
from db.models import Customer, Order, OrderLine, OrderStatusChange, Product, User

ORDERS = 200
REQUESTS = 500
WARM_UP = 50
ROUNDS = 3
SECONDS = 3
CONNECTIONS = 16
PAGES = ["/", "/books/class-9", "/product/search/physics", "/product/{product}"]
SHOPPER = {"name": "Bench Shopper", "email": "bench.shopper@example.com", "password": "bench shopper password 1"}
BROWSE_LUA = """{cookie}
paths = {{{paths}}}
counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", paths[(counter % #paths) + 1])
end
"""


def sign_up(base: str) -> httpx.Client:
    client = httpx.Client(base_url=base, timeout=10)
    token = client.get("/api/auth/csrf").json()["csrfToken"]
    client.post("/api/me", json=SHOPPER, headers={"X-CSRF-Token": token}).raise_for_status()
    return client


def place_orders(url: str, email: str, count: int) -> int:
    """`count` orders of the account, one to three lines each, over the past months; answers a
    product of the book shop for the product page."""
    engine = make_engine(url)
    with make_sessionmaker(engine)() as session, session.begin():
        user = session.scalar(select(User).where(User.email == email))
        customer = Customer(name=user.name, email=user.email, phone="+1 555 0100 99")
        products = list(session.scalars(select(Product).where(Product.published.is_(True)).order_by(Product.id)))
        start = dt.datetime.now(dt.UTC) - dt.timedelta(days=count)
        for n in range(count):
            at = start + dt.timedelta(days=n, minutes=n)
            order = Order(
                customer=customer,
                account_id=user.id,
                status="Delivered" if n < count - 5 else "Pending",
                payment_method="Cash",
                payment_status="Success",
                billing_address="1 Loopback Lane, Localhost",
                total=Decimal(0),
                created_at=at,
            )
            for k in range(1 + n % 3):
                product = products[(n * 7 + k * 13) % len(products)]
                order.lines.append(
                    OrderLine(
                        product_id=product.id,
                        title=product.title,
                        unit_price=product.price,
                        qty=1 + k,
                        amount=product.price * (1 + k),
                    )
                )
            order.total = sum((line.amount for line in order.lines), Decimal(0))
            order.history.append(OrderStatusChange(from_status=None, to_status="Pending", created_at=at))
            session.add(order)
        book = session.scalar(select(Product.id).where(Product.shop == "books", Product.published.is_(True)).limit(1))
    engine.dispose()
    return book


def timed(client: httpx.Client, path: str) -> tuple[float, float, int]:
    """p50 and p99 (ms) of REQUESTS sequential GETs of `path`, and how many records it answers."""
    for _ in range(WARM_UP):
        client.get(path).raise_for_status()
    times = []
    for _ in range(REQUESTS):
        began = time.perf_counter()
        answer = client.get(path)
        times.append((time.perf_counter() - began) * 1000)
        answer.raise_for_status()
    return percentile(times, 50), percentile(times, 99), len(answer.json())


def browse(base: str, product: int, cookie: str | None) -> tuple[float, int]:
    paths = ", ".join(f'"{p.format(product=product)}"' for p in PAGES)
    header = f'wrk.headers["Cookie"] = "{cookie}"' if cookie else ""
    run = wrk_run(base + "/", BROWSE_LUA.format(cookie=header, paths=paths), seconds=SECONDS, connections=CONNECTIONS)
    return run.rate, run.errors


def run() -> str:
    with seeded_database() as (url, media), running_server(url, media, port=8767) as base:
        shopper = sign_up(base)
        product = place_orders(url, SHOPPER["email"], ORDERS)
        floor_p50, floor_p99, _ = timed(shopper, "/api/me")
        all_p50, all_p99, listed = timed(shopper, "/api/me/orders")
        page_p50, page_p99, _ = timed(shopper, "/api/me/orders?per_page=10")
        if listed != ORDERS:
            raise RuntimeError(f"the account lists {listed} orders, not {ORDERS}")
        lines = [
            f"GET /api/me/orders, an account of {ORDERS} orders, {REQUESTS} sequential requests (one keep-alive client)",
            table(
                [
                    [f"all {ORDERS}", f"{all_p50:.2f}", f"{all_p99:.2f}", "<= 5 ms", "ok" if all_p50 <= 5 else "OVER"],
                    ["page of 10", f"{page_p50:.2f}", f"{page_p99:.2f}", "<= 5 ms", "ok" if page_p50 <= 5 else "OVER"],
                    ["(GET /api/me: the floor)", f"{floor_p50:.2f}", f"{floor_p99:.2f}", "", ""],
                ],
                ["list", "p50 ms", "p99 ms", "budget p50", ""],
            ),
        ]
        if not shutil.which("wrk"):
            return "\n".join([*lines, "\nbrowsing: wrk is not installed (make bench installs it)"])
        cookie = f"sb_session={shopper.cookies['sb_session']}"
        for path in PAGES:  # every page cached, the V8 pool warm
            httpx.get(base + path.format(product=product)).raise_for_status()
        guests, shoppers, errors = [], [], 0
        for _ in range(ROUNDS):
            rate, failed = browse(base, product, None)
            guests.append(rate)
            errors += failed
            rate, failed = browse(base, product, cookie)
            shoppers.append(rate)
            errors += failed
        ratio = median(shoppers) / median(guests)
        lines += [
            "",
            f"Browsing {', '.join(PAGES)} (wrk -t1 -c{CONNECTIONS} {SECONDS}s, median of {ROUNDS} alternating rounds)",
            table(
                [
                    ["guests", f"{median(guests):,.0f}", ""],
                    [
                        "signed-in shoppers",
                        f"{median(shoppers):,.0f}",
                        f"{ratio:.2f}x (budget >= 0.9x) {'ok' if ratio >= 0.9 else 'UNDER'}",
                    ],
                ],
                ["visitors", "req/s", "vs guests"],
            ),
            f"errors: {errors}",
        ]
        return "\n".join(lines)
