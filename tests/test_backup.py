"""`python -m db.backup` while the shop takes orders, and `python -m db.restore` into a fresh
folder: the restored shop is whole (integrity check, ledger check, every image its rows name)."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys

from conftest import start_server
from traffic import Load, stocked_products

from app.settings import ROOT


def run(module: str, *args: str, **env) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_backup_taken_under_write_load_restores_into_a_whole_shop(tmp_path, seeded_sqlite):
    live_db, live_media = tmp_path / "live" / "shop.db", tmp_path / "live" / "media"
    live_db.parent.mkdir()
    shutil.copyfile(seeded_sqlite[0], live_db)
    shutil.copytree(seeded_sqlite[1], live_media)
    server, base = start_server(live_db, live_media)
    try:
        load = Load(base, stocked_products(live_db)).start()
        load.wait_for(orders=10, edits=2)
        backup = run(
            "db.backup",
            str(tmp_path / "shop-backup.tar.gz"),
            DATABASE_URL=f"sqlite:///{live_db}",
            MEDIA_DIR=str(live_media),
        )
        load.wait_for(orders=len(load.orders) + 10)
        load.stop()
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert backup.returncode == 0, backup.stderr
    assert load.errors == [] and len(load.orders) >= 20  # the shop kept selling while it was backed up

    fresh_db, fresh_media = tmp_path / "fresh" / "shop.db", tmp_path / "fresh" / "media"
    restored = run(
        "db.restore",
        str(tmp_path / "shop-backup.tar.gz"),
        DATABASE_URL=f"sqlite:///{fresh_db}",
        MEDIA_DIR=str(fresh_media),
    )
    assert restored.returncode == 0, restored.stderr

    with sqlite3.connect(fresh_db) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        orders = {n for (n,) in connection.execute('SELECT id FROM "order"')}
        images = [json.loads(i) for (i,) in connection.execute("SELECT images FROM product")]
    # A snapshot from the middle of the burst: some of the orders, each of them whole (the ledger check).
    assert 0 < len(orders & set(load.orders)) < len(load.orders)
    ledger = run("db.ledger_check", f"sqlite:///{fresh_db}")
    assert ledger.returncode == 0, ledger.stdout + ledger.stderr
    named = {path for paths in images for path in paths}
    assert named and all((fresh_media / path).is_file() for path in named)


def test_restore_refuses_to_overwrite_a_database_unless_told_and_names_a_bad_file(tmp_path, seeded_sqlite):
    target = tmp_path / "shop.db"
    shutil.copyfile(seeded_sqlite[0], target)
    env = dict(DATABASE_URL=f"sqlite:///{target}", MEDIA_DIR=str(tmp_path / "media"))
    assert run("db.backup", str(tmp_path / "b.tar.gz"), **env).returncode == 0

    refused = run("db.restore", str(tmp_path / "b.tar.gz"), **env)
    assert refused.returncode == 1 and "--replace" in refused.stderr
    assert run("db.restore", str(tmp_path / "b.tar.gz"), "--replace", **env).returncode == 0

    (tmp_path / "not-a-backup.tar.gz").write_bytes(b"hello")
    bad = run("db.restore", str(tmp_path / "not-a-backup.tar.gz"), "--replace", **env)
    assert bad.returncode == 1 and "not a backup" in bad.stderr
    with sqlite3.connect(target) as connection:  # the failed restore left the database as it was
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)

    postgres = run("db.backup", str(tmp_path / "pg.tar.gz"), DATABASE_URL="postgresql://postgres@127.0.0.1/test")
    assert postgres.returncode == 1 and "pg_dump" in postgres.stderr
