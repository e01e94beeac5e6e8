"""POST /api/media: an administrator uploads an image (multipart/form-data, field `file`).

Answers 201 {"path", "url", "width", "height"}: `path` is what a record stores (relative to the
media folder), `url` is where /media (or MEDIA_URL's host) serves it. MEDIA_STORE says where it
is kept: the media folder, or the database (app/media/store.py). 401 without an
administrator session, 403 without the session's CSRF token, 415 for a body that is not multipart,
413 beyond MEDIA_MAX_BYTES, 422 for anything that is not a PNG, JPEG or WebP image by content
(app/api/images.py, shared with the seller portal's photos).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from app.api.contract import ADMIN
from app.api.images import image_upload, receive_image
from app.auth.sessions import require_admin, require_csrf


@image_upload(ADMIN)
async def upload_image(request: Request) -> JSONResponse:
    """Upload an image (multipart field `file`): PNG, JPEG or WebP by content; 201 {path, url, width, height}."""
    signed_in = await require_admin(request)
    await require_csrf(request)
    return await receive_image(request, signed_in.user.email)


routes = [Route("/api/media", upload_image, methods=["POST"])]
