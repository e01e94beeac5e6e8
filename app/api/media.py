"""POST /api/media: an administrator uploads an image (multipart/form-data, field `file`).

Answers 201 {"path", "url", "width", "height"}: `path` is what a record stores (relative to the
media folder), `url` is where the /media mount (or MEDIA_URL's host) serves it. 401 without an
administrator session, 403 without the session's CSRF token, 415 for a body that is not multipart,
413 beyond MEDIA_MAX_BYTES, 422 for anything that is not a PNG, JPEG or WebP image by content.

The body is read through a counter that stops at the size limit, and Starlette spools the file
to disk past 1 MB, so an upload never costs more memory than that, whatever the client sends.
"""
from __future__ import annotations

from typing import AsyncIterator

from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData, UploadFile
from starlette.formparsers import MultiPartException, MultiPartParser
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from db import audit
from db.models.base import utcnow
from db.queries.media import media_url

from ..auth import require_admin, require_csrf
from ..media import ImageInfo, NotAnImage, inspect_image, remove, store, upload_path
from ..services import services_of
from .errors import ApiError

FIELD = "file"
# Room for the multipart boundaries and part headers around the file itself.
MULTIPART_OVERHEAD = 64 * 1024


def too_large(max_bytes: int) -> ApiError:
    limit = f"{max_bytes / 1024 ** 2:.3g} MB" if max_bytes >= 1024 ** 2 else f"{max_bytes / 1024:.3g} KB"
    return ApiError(413, f"The image is larger than {limit}")


async def capped(stream: AsyncIterator[bytes], limit: int, max_bytes: int) -> AsyncIterator[bytes]:
    """The request body, chunk by chunk, refused with 413 as soon as it passes `limit` bytes."""
    size = 0
    async for chunk in stream:
        size += len(chunk)
        if size > limit:
            raise too_large(max_bytes)
        yield chunk


def refuse_file(status: int, message: str) -> ApiError:
    return ApiError(status, message, {FIELD: message})


async def read_form(request: Request, max_bytes: int) -> FormData:
    """The multipart form, its file spooled; the caller closes it."""
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "multipart/form-data":
        raise ApiError(415, f"Send the image as multipart/form-data, in the field `{FIELD}`")
    limit = max_bytes + MULTIPART_OVERHEAD
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise too_large(max_bytes)
    parser = MultiPartParser(request.headers, capped(request.stream(), limit, max_bytes), max_files=1, max_fields=10)
    try:
        return await parser.parse()
    except MultiPartException as error:
        raise ApiError(400, f"The upload is not valid multipart/form-data: {error.message}")


def the_file(form: FormData, max_bytes: int) -> UploadFile:
    upload = form.get(FIELD)
    if not isinstance(upload, UploadFile):
        raise refuse_file(422, "Choose an image to upload")
    if not upload.size:
        raise refuse_file(422, "The file is empty")
    if upload.size > max_bytes:
        raise too_large(max_bytes)
    return upload


def record_upload(session: Session, actor: str, path: str, info: ImageInfo, size: int, filename: str | None) -> None:
    # entity_id is the generated name (the path is longer than the column allows).
    name = path.rsplit("/", 1)[-1].split(".", 1)[0]
    audit.record(session, actor, "create", "media", name, after={
        "path": path, "contentType": info.kind.content_type, "bytes": size,
        "width": info.width, "height": info.height, "originalName": (filename or "")[:200],
    })


async def upload_image(request: Request) -> JSONResponse:
    """Upload an image (multipart field `file`): PNG, JPEG or WebP by content; 201 {path, url, width, height}."""
    signed_in = await require_admin(request)
    await require_csrf(request)
    services = services_of(request)
    settings = services.settings
    form = await read_form(request, settings.media_max_bytes)
    try:
        upload = the_file(form, settings.media_max_bytes)
        try:
            info = await run_in_threadpool(inspect_image, upload.file)
        except NotAnImage as error:
            raise refuse_file(422, str(error))
        path = upload_path(info.kind, utcnow())
        await run_in_threadpool(store, settings.media_dir, upload.file, path)
    finally:
        await form.close()
    try:
        await services.db.write(record_upload, signed_in.user.email, path, info, upload.size, upload.filename)
    except BaseException:
        # No audit entry, no file: an upload exists exactly when its record does.
        remove(settings.media_dir, path)
        raise
    url = media_url(path)
    return JSONResponse({"path": path, "url": url, "width": info.width, "height": info.height},
                        status_code=201, headers={"Location": url})


routes = [Route("/api/media", upload_image, methods=["POST"])]
