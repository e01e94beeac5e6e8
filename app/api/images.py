"""An image upload received, checked and kept: what the back office's POST /api/media and the seller
portal's POST /api/seller/photos share (each with its own guard in front).

The file is read through app/api/uploads.py (multipart field `file`, the size limit counted as the
body arrives), accepted only as a PNG, JPEG or WebP image by its content (app/media/images.py), kept
under a generated name by the configured media store, and recorded in the audit log in the same
transaction: an upload exists exactly when its audit entry does, which is how a record that names
an upload later knows it is one of the shop's, and whose (db/seller_portal/photos.py).
"""

from __future__ import annotations

import functools

from pydantic import BaseModel, Field
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse
from typing_extensions import TypedDict

from app.api.contract import contract
from app.api.records import closed
from app.api.uploads import MULTIPART, UPLOAD, UploadLimit, read_form, refuse_file, the_file
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


def image_upload(refusals: tuple[int, ...]):
    """The contract of an endpoint that takes one image (multipart field `file`) and answers it
    stored (201, its Location): the back office's and the seller portal's alike."""
    return contract(
        body=ImageUpload,
        body_media=MULTIPART,
        returns=UploadedImage,
        status=201,
        headers=("Location",),
        refusals=(*refusals, *UPLOAD),
    )


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


async def receive_image(request: Request, actor: str, noun: str = "image") -> JSONResponse:
    """The request's image kept for `actor`: 201 {path, url, width, height}; 415, 413 or 422 (the
    `noun`, "image" or "photo", names it in the messages) with nothing kept."""
    services = services_of(request)
    limit = UploadLimit(noun, services.settings.media_max_bytes)
    form = await read_form(request, limit)
    try:
        upload = the_file(form, limit, f"Choose {'an' if noun[0] in 'aeiou' else 'a'} {noun} to upload")
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
                record_upload, actor=actor, path=path, info=info, size=upload.size, filename=upload.filename
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
