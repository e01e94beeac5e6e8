"""Where uploaded images are kept, and /media/<path>, which serves them.

MEDIA_STORE=folder (the default, one machine): files in the media folder (app/media/images.py).
MEDIA_STORE=database: rows of `media_file`, so every instance on the database serves every upload;
the upload and its audit entry commit in one transaction. Files already in the folder (the demo
data's images, uploads from before the switch) keep being served: a path the database does not
hold is looked up in the folder.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Protocol

from sqlalchemy import select
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from app.database import Database
from app.http.static import MEDIA_CACHE, MediaFiles
from app.media.images import remove, store
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
