"""The server killed with SIGKILL in the middle of a burst of checkouts and admin writes loses
nothing it answered 2xx for and leaves nothing half-written: on restart every answered order is
there whole, the database passes its integrity check and the ledger check, on SQLite and PostgreSQL."""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
from decimal import Decimal

import httpx
import pytest
from conftest import fresh_postgres, seed_database, start_server
from sqlalchemy import text
from traffic import Load

from app.settings import ROOT
from db.engine import make_engine


@pytest.fixture(params=["sqlite", "postgresql"])
def shop(request, tmp_path, seeded_sqlite):
    """(database URL, media folder, db_file for start_server) of a private seeded shop."""
    media = tmp_path / "media"
    if request.param == "sqlite":
        db_file = tmp_path / "shop.db"
        shutil.copyfile(seeded_sqlite[0], db_file)
        shutil.copytree(seeded_sqlite[1], media)
        return f"sqlite:///{db_file}", media, db_file
    url = fresh_postgres("crash")
    seed_database(url, media)
    return url, media, tmp_path / "unused.db"


def stocked(url: str, count: int = 6) -> list[tuple[int, float]]:
    engine = make_engine(url)
    with engine.connect() as connection:
        rows = connection.execute(
            text(
                "SELECT id, price, discount FROM product WHERE published AND stock >= 60 ORDER BY stock DESC, id LIMIT :n"
            ),
            {"n": count},
        ).all()
    engine.dispose()
    # SQLite answers a NUMERIC column of a text query as a float, PostgreSQL as a Decimal.
    return [
        (i, float((Decimal(str(price)) * (100 - discount) / 100).quantize(Decimal("0.01"))))
        for i, price, discount in rows
    ]


def test_sigkill_mid_burst_loses_no_answered_write_and_leaves_nothing_half_written(shop):
    url, media, db_file = shop
    server, base = start_server(db_file, media, DATABASE_URL=url)
    load = Load(base, stocked(url))
    try:
        load.start()
        load.wait_for(orders=15, edits=3)
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
    finally:
        load.stop()
        if server.poll() is None:
            server.kill()
    assert load.errors == []
    assert len(load.orders) >= 15 and load.prices

    # Restarted on the same database, the shop serves again.
    server, base = start_server(db_file, media, DATABASE_URL=url)
    try:
        assert httpx.get(base + "/", timeout=10).status_code == 200
    finally:
        server.terminate()
        server.wait(timeout=10)

    engine = make_engine(url)
    with engine.connect() as connection:
        if url.startswith("sqlite"):
            assert connection.execute(text("PRAGMA integrity_check")).scalar() == "ok"
        placed = {row.id: row.total for row in connection.execute(text('SELECT id, total FROM "order"'))}
        line_sums = {
            row.order_id: row.amount
            for row in connection.execute(
                text("SELECT order_id, sum(amount) AS amount FROM order_line GROUP BY order_id")
            )
        }
        [(edited, price)] = load.prices.items()
        stored_price = connection.execute(text("SELECT price FROM product WHERE id = :id"), {"id": edited}).scalar()
    engine.dispose()
    # Every order answered 201 is there, whole; no order lacks its lines.
    assert set(load.orders) <= set(placed)
    cents = lambda amount: Decimal(str(amount)).quantize(Decimal("0.01"))  # noqa: E731 (SQLite's floats, PostgreSQL's Decimals)
    assert all(order in line_sums and cents(line_sums[order]) == cents(total) for order, total in placed.items())
    # The last price edit answered 200 holds (or a later one that committed as the server died).
    assert Decimal(str(stored_price)) >= Decimal(str(price))
    ledger = subprocess.run(
        [sys.executable, "-m", "db.ledger_check", url], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert ledger.returncode == 0, ledger.stdout + ledger.stderr
