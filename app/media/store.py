"""Where uploaded images are kept, and /media/<path>, which serves them.

MEDIA_STORE=folder (the default, one machine): files in the media folder (app/media/images.py).
MEDIA_STORE=database: rows of `media_file`, so every instance on the database serves every upload;
the upload and its audit entry commit in one transaction. Files already in the folder (the demo
data's images, uploads from before the switch) keep being served: a path the database does not
hold is looked up in the folder.

Drawn covers (db/covers.py) are kept the same way by `keep_drawn`, called in the writer's own
transaction (the CSV import's, `python -m app.media.covers`): rows of that transaction in the
database, or files in the folder written at once. Their paths are named by their content, so a
cover kept twice is kept once, and a file left by a transaction that then rolled back is harmless.
"""

from __future__ import annotations

import hashlib
import os
import queue
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Protocol

from sqlalchemy import event, insert, select
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from app.database import Database
from app.http.static import MEDIA_CACHE, MediaFiles
from app.media.images import remove, store
from db.covers import SVG_TYPE, DrawnCover
from db.models import MediaFile

STORES = ("folder", "database")

Record = Callable[[Session], None]  # what else the upload's transaction writes (its audit entry)


@dataclass(frozen=True)
class StoredImage:
    content: bytes
    content_type: str
    etag: str


class MediaStore(Protocol):
    async def save(self, file: BinaryIO, path: str, content_type: str, record: Record) -> None:
        """Keep the upload under `path`: it exists exactly when `record` has committed."""

    async def find(self, path: str) -> StoredImage | None:
        """The image at `path` when this store serves it itself (None: look in the folder)."""

    def keep_drawn(self, session: Session, covers: list[DrawnCover]) -> None:
        """Keep these drawn covers (in `session`'s transaction where the store is the database)."""


def write_drawn(folder: Path, covers: list[DrawnCover]) -> int:
    """The covers not yet in the folder, written; how many. Each is created exclusively and written
    in one call (a file of a cover's name already holds that cover); a failed write leaves no file."""
    written, made = 0, set()
    for cover in {cover.path: cover for cover in covers}.values():
        target = folder / cover.path
        if target.parent not in made:
            target.parent.mkdir(parents=True, exist_ok=True)
            made.add(target.parent)
        try:
            file = open(target, "xb")  # noqa: SIM115 (closed below, removed when the write fails)
        except FileExistsError:
            continue
        try:
            with file:
                file.write(cover.content)
        except BaseException:
            target.unlink(missing_ok=True)
            raise
        written += 1
    return written


DRAWN_WRITER = "drawn_cover_writer"


class DrawnWriter:
    """A thread writing drawn covers into the folder, batch by batch, while the import goes on."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.queue: queue.SimpleQueue[list[DrawnCover] | None] = queue.SimpleQueue()
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, name="drawn-covers", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while (covers := self.queue.get()) is not None:
            if self.error is None:
                try:
                    write_drawn(self.folder, covers)
                except BaseException as error:  # raised in the transaction's thread, at its commit
                    self.error = error

    def finish(self) -> None:
        self.queue.put(None)
        self.thread.join()
        if self.error is not None:
            raise self.error


def _drawn_written(session: Session, *_args) -> None:
    """Before the transaction commits (or once it rolled back): every cover it kept is written."""
    writer = session.info.pop(DRAWN_WRITER, None)
    if writer is not None:
        writer.finish()


class FolderMedia:
    def __init__(self, db: Database, folder: Path):
        self.db, self.folder = db, folder

    async def save(self, file: BinaryIO, path: str, content_type: str, record: Record) -> None:
        await run_in_threadpool(store, self.folder, file, path)
        try:
            await self.db.write(record)
        except BaseException:
            remove(self.folder, path)  # no record, no file
            raise

    async def find(self, path: str) -> StoredImage | None:
        return None

    def keep_drawn(self, session: Session, covers: list[DrawnCover]) -> None:
        """Handed to a writer thread of the transaction's own (creating thousands of files costs
        more than the import's statements, and overlaps them there), which it waits for."""
        writer = session.info.get(DRAWN_WRITER)
        if writer is None:
            writer = session.info[DRAWN_WRITER] = DrawnWriter(self.folder)
            event.listen(session, "before_commit", _drawn_written, once=True)
            event.listen(session, "after_rollback", _drawn_written, once=True)
        writer.queue.put(covers)


def _read_all(file: BinaryIO) -> bytes:
    file.seek(0)
    return file.read()


def stored_image(session: Session, path: str) -> StoredImage | None:
    found = session.execute(select(MediaFile.content, MediaFile.content_type).where(MediaFile.path == path)).first()
    if found is None:
        return None
    # A path names one upload forever (its name is random), so the path is a strong validator.
    return StoredImage(found.content, found.content_type, '"' + hashlib.sha256(path.encode()).hexdigest()[:32] + '"')


class DatabaseMedia:
    def __init__(self, db: Database):
        self.db = db

    async def save(self, file: BinaryIO, path: str, content_type: str, record: Record) -> None:
        content = await run_in_threadpool(_read_all, file)  # at most MEDIA_MAX_BYTES

        def keep(session: Session) -> None:
            session.add(MediaFile(path=path, content_type=content_type, content=content))
            record(session)

        await self.db.write(keep)

    async def find(self, path: str) -> StoredImage | None:
        return await self.db.read(stored_image, path)

    def keep_drawn(self, session: Session, covers: list[DrawnCover]) -> None:
        unique = {cover.path: cover for cover in covers}
        kept = set(session.scalars(select(MediaFile.path).where(MediaFile.path.in_(unique))))
        rows = [
            {"path": path, "content_type": SVG_TYPE, "content": cover.content}
            for path, cover in unique.items()
            if path not in kept
        ]
        if rows:
            session.execute(insert(MediaFile), rows)


def media_store(kind: str, db: Database, folder: Path) -> MediaStore:
    if kind == "database":
        return DatabaseMedia(db)
    if kind == "folder":
        return FolderMedia(db, folder)
    raise ValueError(f"MEDIA_STORE is {kind!r}: use one of {', '.join(STORES)}")


def image_response(request: Request, image: StoredImage) -> Response:
    headers = {"ETag": image.etag, "Cache-Control": MEDIA_CACHE, "X-Content-Type-Options": "nosniff"}
    if image.etag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    return Response(image.content, media_type=image.content_type, headers=headers)


def media_endpoint(folder: Path) -> Callable[[Request], Awaitable[Response]]:
    """GET/HEAD /media/{path}: from the configured store, else from the media folder."""
    files = MediaFiles(directory=folder, check_dir=False)

    async def serve_media(request: Request) -> Response:
        path = request.path_params["path"]
        image = await request.app.state.services.media.find(path) if path else None
        if image is not None:
            return image_response(request, image)
        # As StaticFiles reads its mount's path: the file system's separators, `..` resolved
        # (and refused outside the folder by its lookup).
        return await files.get_response(os.path.normpath(os.path.join(*path.split("/"))), request.scope)

    return serve_media
