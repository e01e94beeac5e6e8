"""`python -m db.restore FILE [--replace]`: put a backup made by `python -m db.backup` back.

Stop the server first. The database file named by DATABASE_URL and the MEDIA_DIR folder receive
the backup's copies: the database is unpacked beside its target, checked with SQLite's
integrity_check, then moved into place in one rename, so a failed restore leaves the old file as
it was. An existing database is replaced only with --replace. The next start migrates the restored
database to the newest schema if the backup is older.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import sys
import tarfile
from pathlib import Path, PurePosixPath

from db import config
from db.backup import DATABASE_MEMBER, MANIFEST_MEMBER, MEDIA_MEMBER, BackupError, integrity, sqlite_path


def _safe_member(name: str) -> PurePosixPath:
    path = PurePosixPath(name)
    if path.is_absolute() or ".." in path.parts:
        raise BackupError(f"The backup holds an unsafe path: {name}")
    return path


def restore(file: Path, url: str, media_dir: Path, *, replace: bool = False) -> dict:
    target = sqlite_path(url)
    if target.exists() and target.stat().st_size > 0 and not replace:
        raise BackupError(f"{target} exists; stop the server and run again with --replace to overwrite it")
    target.parent.mkdir(parents=True, exist_ok=True)
    unpacked = target.with_name(target.name + ".restoring")
    try:
        tar = tarfile.open(file, "r:gz")  # noqa: SIM115 (entered below: only opening it is a bad-backup error)
    except (OSError, tarfile.TarError) as error:
        raise BackupError(f"{file} is not a backup made by db.backup: {error}") from None
    with tar:
        try:
            manifest = json.load(tar.extractfile(MANIFEST_MEMBER))
            with tar.extractfile(DATABASE_MEMBER) as source, open(unpacked, "wb") as copy:
                shutil.copyfileobj(source, copy)
        except (KeyError, ValueError, TypeError):
            raise BackupError(f"{file} is not a backup made by db.backup (no manifest or database)") from None
        if (result := integrity(unpacked)) != "ok":
            unpacked.unlink()
            raise BackupError(f"The backup's database failed SQLite's integrity check: {result}")
        media = 0
        for member in tar.getmembers():
            path = _safe_member(member.name)
            if path.parts[:1] != (MEDIA_MEMBER,) or not member.isfile():
                continue
            destination = Path(media_dir).joinpath(*path.parts[1:])
            destination.parent.mkdir(parents=True, exist_ok=True)
            with tar.extractfile(member) as source, open(destination, "wb") as out:
                shutil.copyfileobj(source, out)
            media += 1
    # The old database's write-ahead log belongs to the old file: it must not be replayed on the new one.
    for suffix in ("-wal", "-shm"):
        Path(str(target) + suffix).unlink(missing_ok=True)
    unpacked.replace(target)
    return {**manifest, "media_restored": media}


def main(argv: list[str]) -> int:
    args = [a for a in argv if a != "--replace"]
    if len(args) != 1 or args[0].startswith("-"):
        print("usage: python -m db.restore FILE [--replace]   (writes DATABASE_URL and MEDIA_DIR)", file=sys.stderr)
        return 2
    try:
        manifest = restore(Path(args[0]), config.database_url(), config.media_dir(), replace="--replace" in argv)
    except (BackupError, sqlite3.Error, OSError) as error:
        print(f"restore failed: {error}", file=sys.stderr)
        return 1
    print(
        f"restored the backup taken at {manifest['taken_at']} (schema {manifest['schema_revision']}) and "
        f"{manifest['media_restored']} media files"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
