"""WORKERS=N: several server processes on one port and one database. On SQLite, a burst of
checkouts and administrator edits from many connections never meets "database is locked" (write
transactions take the lock as they begin and wait their turn), every order answered 201 is kept,
the ledger holds, and a change made through one process shows on the pages of every other."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time

import httpx
import pytest
from conftest import start_server
from traffic import Load, admin_client, stocked_products

from app.settings import ROOT


@pytest.fixture
def two_workers(tmp_path, seeded_sqlite):
    db_file = tmp_path / "shop.db"
    shutil.copyfile(seeded_sqlite[0], db_file)
    server, base = start_server(db_file, seeded_sqlite[1], WORKERS="2")
    yield server, base, db_file
    server.terminate()
    server.wait(timeout=15)


def worker_processes(server: subprocess.Popen) -> str:
    """The server's worker processes, as ps lists them (the first may answer before the second is up)."""
    for _ in range(50):
        found = subprocess.run(
            ["ps", "-ww", "--ppid", str(server.pid), "-o", "pid=,args="], capture_output=True, text=True
        ).stdout
        if found.count("--multiprocessing-fork") >= 2:
            break
        time.sleep(0.1)
    return found


def test_two_processes_serve_a_burst_of_writes_without_losing_one(two_workers):
    server, base, db_file = two_workers
    assert worker_processes(server).count("--multiprocessing-fork") == 2
    load = Load(base, stocked_products(db_file), limit=60)
    try:
        load.start(checkout_threads=6)
        load.wait_for(orders=120, edits=10, timeout=60)
    finally:
        load.stop()
    assert load.errors == []  # no 5xx, no "database is locked"
    assert len(load.orders) >= 120 and load.edits >= 10
    ledger = subprocess.run(
        [sys.executable, "-m", "db.ledger_check", f"sqlite:///{db_file}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ledger.returncode == 0, ledger.stdout + ledger.stderr


def test_a_change_through_one_process_shows_on_every_process_within_a_second(two_workers):
    _, base, db_file = two_workers
    product = stocked_products(db_file, 1)[0][0]
    for _ in range(6):  # cache the page in both processes (each connection lands on either)
        assert httpx.get(f"{base}/product/{product}").status_code == 200
    admin = admin_client(base)
    assert admin.patch(f"/api/products/{product}", json={"name": "Renamed Across Processes"}).status_code == 200
    admin.close()
    time.sleep(1.0)
    pages = [httpx.get(f"{base}/product/{product}").text for _ in range(8)]  # a new connection each
    assert all("Renamed Across Processes" in page for page in pages)


def test_write_transactions_of_two_processes_take_turns_on_sqlite(tmp_path):
    """Two processes' read-then-write transactions (two Database handles on one file) never
    interleave: each reads what the other committed, so no update is lost."""
    import threading

    from sqlalchemy import text

    from app.database import Database

    url = f"sqlite:///{tmp_path / 'counter.db'}"
    first, second = Database(url), Database(url)
    first.write_sync(
        lambda s: (
            s.execute(text("CREATE TABLE counter (n INTEGER)")) and s.execute(text("INSERT INTO counter VALUES (0)"))
        )
    )

    def add_one(session):
        n = session.execute(text("SELECT n FROM counter")).scalar()
        time.sleep(0.02)  # another process's transaction gets every chance to slip in here
        session.execute(text("UPDATE counter SET n = :n"), {"n": n + 1})

    def add(database):
        for _ in range(10):
            database.write_sync(add_one)

    threads = [threading.Thread(target=add, args=(database,)) for database in (first, second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert first.read_sync(lambda s: s.execute(text("SELECT n FROM counter")).scalar()) == 20
    first.dispose()
    second.dispose()
