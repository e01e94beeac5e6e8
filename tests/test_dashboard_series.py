"""The dashboard's sales chart data (db/queries/dashboard.py) and the /admin page's props."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from decimal import Decimal

import pytest
from sqlalchemy import select

from db.engine import make_engine, make_sessionmaker
from db.models import Customer, Order
from db.queries.dashboard import sales_series

NOW = dt.datetime(2026, 3, 10, 15, 30, tzinfo=dt.UTC)
UTC = dt.UTC


@pytest.fixture
def db_session(settings):
    engine = make_engine(settings.database_url)
    with make_sessionmaker(engine)() as session:
        yield session
    engine.dispose()


def place(session, when: dt.datetime, total: str) -> None:
    customer = session.scalar(select(Customer).limit(1))
    session.add(
        Order(
            customer=customer,
            status="Pending",
            payment_method="Cash",
            payment_status="Pending",
            billing_address="1 Test Street",
            total=Decimal(total),
            created_at=when,
        )
    )


def test_days_are_utc_calendar_days_filled_with_zeros(db_session):
    # Far from the seeded orders (which are dated around the real today).
    place(db_session, dt.datetime(2026, 3, 10, 0, 0, tzinfo=UTC), "10.10")  # today, first second
    place(db_session, dt.datetime(2026, 3, 10, 15, 0, tzinfo=UTC), "5.05")  # today
    place(db_session, dt.datetime(2026, 3, 9, 23, 59, 59, tzinfo=UTC), "7.00")  # yesterday, last second
    place(db_session, dt.datetime(2026, 3, 8, 22, 30, tzinfo=UTC), "2.50")
    place(db_session, dt.datetime(2026, 3, 4, 12, 0, tzinfo=UTC), "99.99")  # first day of a 7-day window
    place(db_session, dt.datetime(2026, 3, 3, 23, 59, tzinfo=UTC), "1000.00")  # the day before it: left out
    place(db_session, dt.datetime(2026, 3, 11, 0, 0, tzinfo=UTC), "1000.00")  # tomorrow: left out
    db_session.flush()

    series = sales_series(db_session, days=7, now=NOW)
    assert [day["date"] for day in series] == [f"2026-03-{d:02d}" for d in range(4, 11)]
    by_date = {day["date"]: (day["sales"], day["orders"]) for day in series}
    assert by_date == {
        "2026-03-04": (99.99, 1),
        "2026-03-05": (0.0, 0),
        "2026-03-06": (0.0, 0),
        "2026-03-07": (0.0, 0),
        "2026-03-08": (2.5, 1),
        "2026-03-09": (7.0, 1),
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
    """The database's own day grouping agrees with grouping the orders' UTC dates in Python."""
    engine = make_engine(database_url)
    with make_sessionmaker(engine)() as session:
        latest = session.scalar(select(Order.created_at).order_by(Order.created_at.desc()).limit(1))
        series = sales_series(session, days=30, now=latest)
        expected = defaultdict(lambda: [Decimal("0"), 0])
        for created_at, total in session.execute(select(Order.created_at, Order.total)):
            day = expected[created_at.astimezone(UTC).date().isoformat()]
            day[0] += total
            day[1] += 1
    engine.dispose()
    assert series[-1]["date"] == latest.astimezone(UTC).date().isoformat()
    assert sum(day["orders"] for day in series) > 0
    for day in series:
        sales, orders = expected.get(day["date"], (Decimal("0"), 0))
        assert (day["sales"], day["orders"]) == (float(sales), orders), day["date"]


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
