"""`python -m db.backup FILE`: a consistent online backup of the SQLite database and the media,
taken while the shop serves.

The database is copied with SQLite's backup API in one step, which reads one snapshot (a write
that commits meanwhile is either wholly in the copy or not at all) without stopping writers in
WAL mode. The media folder is copied after that snapshot: uploads are new files that exist before
any row names them, so every image the copied rows name is in the copy (files uploaded later are
extra, and harmless). FILE is a gzip'd tar: `manifest.json`, `studentbooks.db`, `media/...`.

It reads DATABASE_URL and MEDIA_DIR like the server. For PostgreSQL use pg_dump (see the README).
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
import sys
import tarfile
import tempfile
from pathlib import Path

from sqlalchemy.engine import make_url

from db import config

DATABASE_MEMBER = "studentbooks.db"
MANIFEST_MEMBER = "manifest.json"
MEDIA_MEMBER = "media"


class BackupError(Exception):
    pass


def sqlite_path(url: str) -> Path:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or not parsed.database or parsed.database == ":memory:":
        raise BackupError(
            "db.backup copies an SQLite database file; for PostgreSQL use pg_dump (the README gives the command)"
        )
    return Path(parsed.database)


def integrity(path: Path) -> str:
    with sqlite3.connect(path) as connection:
        return connection.execute("PRAGMA integrity_check").fetchone()[0]


def snapshot(source: Path, target: Path) -> None:
    """One consistent copy of the live database (busy writers wait at most a few seconds)."""
    if not source.is_file():
        raise BackupError(f"There is no database at {source}")
    with sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=30) as live, sqlite3.connect(target) as copy:
        live.backup(copy, pages=-1)  # one step: one read transaction, one snapshot
    if (result := integrity(target)) != "ok":
        raise BackupError(f"The copy failed SQLite's integrity check: {result}")


def schema_revision(path: Path) -> str | None:
    with sqlite3.connect(path) as connection:
        try:
            return connection.execute("SELECT version_num FROM alembic_version").fetchone()[0]
        except sqlite3.Error:
            return None


def backup(url: str, media_dir: Path, file: Path) -> dict:
    """Write the backup to FILE (through a temporary file, so a failed backup leaves no half file)."""
    source = sqlite_path(url)
    file = Path(file)
    file.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="sb-backup-") as folder:
        copy = Path(folder) / DATABASE_MEMBER
        snapshot(source, copy)
        media_files = sorted(p for p in Path(media_dir).rglob("*") if p.is_file()) if Path(media_dir).is_dir() else []
        manifest = {
            "taken_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "schema_revision": schema_revision(copy),
            "database_bytes": copy.stat().st_size,
            "media_files": len(media_files),
        }
        (Path(folder) / MANIFEST_MEMBER).write_text(json.dumps(manifest, indent=2))
        partial = file.with_name(file.name + ".partial")
        with tarfile.open(partial, "w:gz") as tar:
            tar.add(Path(folder) / MANIFEST_MEMBER, arcname=MANIFEST_MEMBER)
            tar.add(copy, arcname=DATABASE_MEMBER)
            for path in media_files:
                tar.add(path, arcname=f"{MEDIA_MEMBER}/{path.relative_to(media_dir).as_posix()}")
        partial.replace(file)
    return manifest


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0].startswith("-"):
        print("usage: python -m db.backup FILE   (reads DATABASE_URL and MEDIA_DIR)", file=sys.stderr)
        return 2
    try:
        manifest = backup(config.database_url(), config.media_dir(), Path(argv[0]))
    except (BackupError, sqlite3.Error, OSError) as error:
        print(f"backup failed: {error}", file=sys.stderr)
        return 1
    print(
        f"backed up {manifest['database_bytes']:,} bytes of database and {manifest['media_files']} media files "
        f"(schema {manifest['schema_revision']}) to {argv[0]}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
