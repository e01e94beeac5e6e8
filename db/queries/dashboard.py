"""The dashboard's sales chart: sales and orders per UTC day, from the real orders and payments.

Sales are paid money, as the dashboard's Sales card counts it (db/queries/admin.py): the succeeded
charges less the succeeded refunds (table `payment`), each on the day it succeeded; an order nobody
has paid for yet sells nothing. Orders are counted on the day they were placed, whatever their
status. The cards cover the last 30 x 24 hours; the chart covers whole calendar days (today so far
and the 29 before), so the two totals differ by the hours of the oldest day.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from sqlalchemy import case, func, select
from sqlalchemy.orm import Session

from db.models import Order, Payment
from db.models.base import utcnow
from db.queries.products import money

DEFAULT_DAYS = 30
MAX_DAYS = 366

# Money taken, net: a succeeded charge adds its amount, a succeeded refund takes its amount off, and
# a charge still open, failed or cancelled counts nothing. Summed over the payments dated in a period.
paid_money = func.sum(
    case(
        (Payment.status != "succeeded", 0),
        (Payment.kind == "refund", -Payment.amount),
        else_=Payment.amount,
    )
)
# When a payment's money moved: a succeeded payment is final (db/payments.py never changes it again),
# so its last change is the moment it succeeded (a cash order placed last month and collected today
# is today's money).
paid_at = Payment.updated_at


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
    {date: "YYYY-MM-DD", sales: paid money, orders: count}; a quiet day answers 0 and 0."""
    days = max(1, min(int(days), MAX_DAYS))
    today = (now or utcnow()).astimezone(dt.UTC).date()
    first = today - dt.timedelta(days=days - 1)
    since = dt.datetime.combine(first, dt.time.min, tzinfo=dt.UTC)
    until = dt.datetime.combine(today + dt.timedelta(days=1), dt.time.min, tzinfo=dt.UTC)
    ordered = utc_day(session, Order.created_at).label("day")
    orders = session.execute(
        select(ordered, func.count(Order.id))
        .where(Order.created_at >= since, Order.created_at < until)
        .group_by(ordered)
    )
    count_by_day = {as_date(d): count for d, count in orders}
    paid = utc_day(session, paid_at).label("day")
    payments = session.execute(select(paid, paid_money).where(paid_at >= since, paid_at < until).group_by(paid))
    sales_by_day = {as_date(d): total for d, total in payments}
    series = []
    for offset in range(days):
        date = first + dt.timedelta(days=offset)
        sales = Decimal(sales_by_day.get(date) or 0)
        series.append({"date": date.isoformat(), "sales": money(sales), "orders": int(count_by_day.get(date, 0))})
    return series
