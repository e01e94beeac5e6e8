"""The dashboard's sales chart: sales and orders per UTC day, from the real orders.

Orders are counted whatever their status, as the dashboard's Sales and Orders cards count them
(db/queries/admin.py). The cards cover the last 30 x 24 hours; the chart covers whole calendar days
(today so far and the 29 before), so the two totals differ by the hours of the oldest day.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from db.models import Order
from db.models.base import utcnow
from db.queries.products import money

DEFAULT_DAYS = 30
MAX_DAYS = 366


def utc_day(session: Session, column: Any) -> Any:
    """The UTC calendar day of a timestamp column, grouped on by the database itself.

    SQLite stores the UTC wall-clock time, so date() is already the UTC day; PostgreSQL keeps
    timestamptz, whose date depends on the connection's time zone unless converted to UTC first.
    """
    if session.get_bind().dialect.name == "postgresql":
        return func.date(func.timezone("UTC", column))
    return func.date(column)


def as_date(value: dt.date | str) -> dt.date:
    """SQLite answers date() as text, PostgreSQL as a date."""
    return value if isinstance(value, dt.date) else dt.date.fromisoformat(value)


def sales_series(session: Session, days: int = DEFAULT_DAYS, now: dt.datetime | None = None) -> list[dict]:
    """One record per day of the last `days` days, oldest first, today (UTC) last:
    {date: "YYYY-MM-DD", sales: money, orders: count}; a day without orders answers 0 and 0."""
    days = max(1, min(int(days), MAX_DAYS))
    today = (now or utcnow()).astimezone(dt.UTC).date()
    first = today - dt.timedelta(days=days - 1)
    since = dt.datetime.combine(first, dt.time.min, tzinfo=dt.UTC)
    until = dt.datetime.combine(today + dt.timedelta(days=1), dt.time.min, tzinfo=dt.UTC)
    day = utc_day(session, Order.created_at).label("day")
    rows = session.execute(
        select(day, func.sum(Order.total), func.count(Order.id))
        .where(Order.created_at >= since, Order.created_at < until)
        .group_by(day)
    )
    by_day = {as_date(d): (total, count) for d, total, count in rows}
    series = []
    for offset in range(days):
        date = first + dt.timedelta(days=offset)
        total, count = by_day.get(date, (Decimal("0"), 0))
        series.append({"date": date.isoformat(), "sales": money(Decimal(total or 0)), "orders": int(count)})
    return series
