"""The dashboard's sales chart data (db/queries/dashboard.py) and the /admin page's props: sales are
money paid (succeeded charges less succeeded refunds, on the day each succeeded), orders are
counted on the day they were placed; the Sales card counts the same money."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from decimal import Decimal

import pytest
from shoppers import checkout
from sqlalchemy import select

from db.engine import make_engine, make_sessionmaker
from db.models import Customer, Order, Payment
from db.queries.dashboard import sales_series

NOW = dt.datetime(2026, 3, 10, 15, 30, tzinfo=dt.UTC)
UTC = dt.UTC


@pytest.fixture
def db_session(settings):
    engine = make_engine(settings.database_url)
    with make_sessionmaker(engine)() as session:
        yield session
    engine.dispose()


def place(session, when: dt.datetime, total: str, paid: dt.datetime | None = None, status="succeeded") -> Order:
    """An order placed at `when`; with `paid`, its charge of the total, in `status` since then."""
    customer = session.scalar(select(Customer).limit(1))
    order = Order(
        customer=customer,
        status="Pending",
        payment_method="Cash",
        payment_status="Success" if status == "succeeded" and paid else "Pending",
        billing_address="1 Test Street",
        total=Decimal(total),
        created_at=when,
    )
    session.add(order)
    session.flush()
    if paid:
        money(session, order, "charge", total, paid, status)
    return order


def money(session, order: Order, kind: str, amount: str, when: dt.datetime, status: str = "succeeded") -> None:
    session.add(
        Payment(
            order_id=order.id,
            provider="cash",
            kind=kind,
            status=status,
            amount=Decimal(amount),
            currency="USD",
            message="",
            created_at=order.created_at,
            updated_at=when,
        )
    )


def test_days_are_utc_calendar_days_filled_with_zeros(db_session):
    # Far from the seeded orders (which are dated around the real today).
    today_first = dt.datetime(2026, 3, 10, 0, 0, tzinfo=UTC)
    place(db_session, today_first, "10.10", paid=today_first)  # today, first second
    place(db_session, dt.datetime(2026, 3, 10, 15, 0, tzinfo=UTC), "5.05", paid=NOW)  # today
    last_second = dt.datetime(2026, 3, 9, 23, 59, 59, tzinfo=UTC)
    place(db_session, last_second, "7.00", paid=last_second)  # yesterday, last second
    refunded = place(db_session, dt.datetime(2026, 3, 8, 22, 30, tzinfo=UTC), "2.50", paid=NOW - dt.timedelta(days=2))
    money(db_session, refunded, "refund", "1.25", NOW - dt.timedelta(days=1))  # given back yesterday
    first_day = dt.datetime(2026, 3, 4, 12, 0, tzinfo=UTC)
    place(db_session, first_day, "99.99", paid=first_day)  # first day of a 7-day window
    # Placed before the window, its cash collected on its first day: sold then, ordered before.
    place(db_session, dt.datetime(2026, 3, 1, 9, 0, tzinfo=UTC), "20.00", paid=first_day)
    # Placed in the window and never paid, or its charge declined or still open: no sale.
    place(db_session, dt.datetime(2026, 3, 5, 9, 0, tzinfo=UTC), "50.00")
    place(db_session, dt.datetime(2026, 3, 6, 9, 0, tzinfo=UTC), "60.00", paid=NOW, status="failed")
    place(db_session, dt.datetime(2026, 3, 6, 10, 0, tzinfo=UTC), "70.00", paid=NOW, status="requires_action")
    before = dt.datetime(2026, 3, 3, 23, 59, tzinfo=UTC)
    place(db_session, before, "1000.00", paid=before)  # the day before it: left out
    tomorrow = dt.datetime(2026, 3, 11, 0, 0, tzinfo=UTC)
    place(db_session, tomorrow, "1000.00", paid=tomorrow)  # tomorrow: left out
    db_session.flush()

    series = sales_series(db_session, days=7, now=NOW)
    assert [day["date"] for day in series] == [f"2026-03-{d:02d}" for d in range(4, 11)]
    by_date = {day["date"]: (day["sales"], day["orders"]) for day in series}
    assert by_date == {
        "2026-03-04": (119.99, 1),
        "2026-03-05": (0.0, 1),
        "2026-03-06": (0.0, 2),
        "2026-03-07": (0.0, 0),
        "2026-03-08": (2.5, 1),
        "2026-03-09": (5.75, 1),
        "2026-03-10": (15.15, 2),
    }


def test_the_window_is_bounded(db_session):
    assert len(sales_series(db_session, days=0, now=NOW)) == 1
    assert len(sales_series(db_session, days=10_000, now=NOW)) == 366
    assert len(sales_series(db_session, now=NOW)) == 30


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, settings) -> str:
    if request.param == "postgresql":
        return request.getfixturevalue("seeded_postgres")[0]
    return settings.database_url


def test_the_seeded_orders_add_up_on_both_databases(database_url):
    """The database's own day grouping agrees with grouping the payments' and orders' UTC dates in Python."""
    engine = make_engine(database_url)
    with make_sessionmaker(engine)() as session:
        latest = session.scalar(select(Order.created_at).order_by(Order.created_at.desc()).limit(1))
        series = sales_series(session, days=30, now=latest)
        expected = defaultdict(lambda: [Decimal("0"), 0])
        for created_at in session.scalars(select(Order.created_at)):
            expected[created_at.astimezone(UTC).date().isoformat()][1] += 1
        for paid_at, kind, amount in session.execute(
            select(Payment.updated_at, Payment.kind, Payment.amount).where(Payment.status == "succeeded")
        ):
            expected[paid_at.astimezone(UTC).date().isoformat()][0] += -amount if kind == "refund" else amount
    engine.dispose()
    assert series[-1]["date"] == latest.astimezone(UTC).date().isoformat()
    assert sum(day["orders"] for day in series) > 0 and sum(day["sales"] for day in series) > 0
    for day in series:
        sales, orders = expected.get(day["date"], (Decimal("0"), 0))
        assert (day["sales"], day["orders"]) == (float(sales), orders), day["date"]


def test_sales_count_money_paid_not_orders_placed(admin_client):
    """A cash order adds to the orders at once, to the sales when its cash is collected; a refund
    paid back takes its amount off again."""

    def figures():
        cards = {c["id"]: c["amount1"] for c in admin_client.get("/api/dashboard-cards").json()}
        today = admin_client.get("/admin", headers={"Accept": "application/json"}).json()["props"]["salesSeries"][-1]
        return Decimal(str(cards["sales"])), cards["orders"], Decimal(str(today["sales"])), today["orders"]

    sales, orders, sales_today, orders_today = figures()
    order_no = checkout(admin_client, paymentMethod="Cash")
    assert figures() == (sales, orders + 1, sales_today, orders_today + 1)

    assert admin_client.patch(f"/api/orders/{order_no}", json={"status": "Processing"}).status_code == 200
    collected = admin_client.post(f"/api/orders/{order_no}/cash-collected")
    assert collected.status_code == 200, collected.text
    total = Decimal(str(collected.json()["amount"]))
    assert figures() == (sales + total, orders + 1, sales_today + total, orders_today + 1)

    line = collected.json()["lines"][0]
    refund = admin_client.post("/api/refund-requests", json={"orderLineId": line["id"], "amount": 1.5})
    assert refund.status_code == 201, refund.text
    for status in ("Processing", "Accepted"):
        moved = admin_client.patch(f"/api/refund-requests/{refund.json()['id']}", json={"status": status})
        assert moved.status_code == 200, moved.text
    given_back = Decimal("1.50")
    assert figures() == (sales + total - given_back, orders + 1, sales_today + total - given_back, orders_today + 1)


def test_the_dashboard_props_carry_the_series(admin_client):
    response = admin_client.get("/admin", headers={"Accept": "application/json"})
    assert response.status_code == 200
    props = response.json()["props"]
    assert len(props["salesSeries"]) == 30
    assert set(props["salesSeries"][0]) == {"date", "sales", "orders"}
    assert props["session"]["user"]["role"] == "owner"


def test_a_refused_page_still_names_itself_to_the_client_router(client):
    # The router renders the page with no session, and its guard puts the sign-in form in place.
    response = client.get("/admin", headers={"Accept": "application/json"})
    assert response.status_code == 401
    body = response.json()
    assert body["message"] and body["page"] == "AdminDashboard"
    assert body["props"] == {"session": None}
    assert "cards" not in body["props"]  # nothing of the dashboard leaks
    # A browser's own request is sent to sign in.
    page = client.get("/admin", follow_redirects=False)
    assert page.status_code == 302 and page.headers["location"] == "/login?callbackUrl=%2Fadmin"
