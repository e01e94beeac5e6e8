"""POST /api/media: an administrator uploads an image (multipart/form-data, field `file`).

Answers 201 {"path", "url", "width", "height"}: `path` is what a record stores (relative to the
media folder), `url` is where /media (or MEDIA_URL's host) serves it. MEDIA_STORE says where it
is kept: the media folder, or the database (app/media/store.py). 401 without an
administrator session, 403 without the session's CSRF token, 415 for a body that is not multipart,
413 beyond MEDIA_MAX_BYTES, 422 for anything that is not a PNG, JPEG or WebP image by content.

The body is read through a counter that stops at the size limit, and Starlette spools the file
to disk past 1 MB, so an upload never costs more memory than that, whatever the client sends.
"""

from __future__ import annotations

import functools

from pydantic import BaseModel, Field
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route
from typing_extensions import TypedDict

from app.api.contract import ADMIN, contract
from app.api.records import closed
from app.api.uploads import MULTIPART, UPLOAD, UploadLimit, read_form, refuse_file, the_file
from app.auth.sessions import require_admin, require_csrf
from app.media.images import ImageInfo, NotAnImage, inspect_image, upload_path
from app.services import services_of
from db import audit
from db.models.base import utcnow
from db.queries.media import media_url


class ImageUpload(BaseModel):
    file: bytes = Field(description="A PNG, JPEG or WebP image")


@closed
class UploadedImage(TypedDict):
    """`path` is what a record stores; `url` where it is served."""

    path: str
    url: str
    width: int
    height: int


def record_upload(session: Session, actor: str, path: str, info: ImageInfo, size: int, filename: str | None) -> None:
    # entity_id is the generated name (the path is longer than the column allows).
    name = path.rsplit("/", 1)[-1].split(".", 1)[0]
    audit.record(
        session,
        actor,
        "create",
        "media",
        name,
        after={
            "path": path,
            "contentType": info.kind.content_type,
            "bytes": size,
            "width": info.width,
            "height": info.height,
            "originalName": (filename or "")[:200],
        },
    )


@contract(
    body=ImageUpload,
    body_media=MULTIPART,
    returns=UploadedImage,
    status=201,
    headers=("Location",),
    refusals=(*ADMIN, *UPLOAD),
)
async def upload_image(request: Request) -> JSONResponse:
    """Upload an image (multipart field `file`): PNG, JPEG or WebP by content; 201 {path, url, width, height}."""
    signed_in = await require_admin(request)
    await require_csrf(request)
    services = services_of(request)
    settings = services.settings
    limit = UploadLimit("image", settings.media_max_bytes)
    form = await read_form(request, limit)
    try:
        upload = the_file(form, limit, "Choose an image to upload")
        if not upload.size:
            raise refuse_file(422, "The file is empty")
        try:
            info = await run_in_threadpool(inspect_image, upload.file)
        except NotAnImage as error:
            raise refuse_file(422, str(error)) from None
        path = upload_path(info.kind, utcnow())
        # An upload exists exactly when its audit entry does (app/media/store.py).
        await services.media.save(
            upload.file,
            path,
            info.kind.content_type,
            functools.partial(
                record_upload,
                actor=signed_in.user.email,
                path=path,
                info=info,
                size=upload.size,
                filename=upload.filename,
            ),
        )
    finally:
        await form.close()
    url = media_url(path)
    return JSONResponse(
        {"path": path, "url": url, "width": info.width, "height": info.height},
        status_code=201,
        headers={"Location": url},
    )


routes = [Route("/api/media", upload_image, methods=["POST"])]
