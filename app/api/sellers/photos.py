"""POST /api/seller/photos: a seller uploads a photo of a copy they sell (multipart field `file`),
through the back office's own image upload (app/api/images.py: PNG, JPEG or WebP by content, the
shop's size limit, a generated name, an audit entry in the upload's transaction). The `path` it
answers goes in an offer's `photos`; the offer takes only the seller's own uploads
(db/seller_portal/photos.py). The staff's POST /api/media stays the back office's (403 for a seller)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from app.api.images import image_upload, receive_image
from app.api.sellers.guard import SELLER, seller_writer


@image_upload(SELLER)
async def upload_photo(request: Request) -> JSONResponse:
    """Upload a photo of a copy (multipart field `file`): PNG, JPEG or WebP by content; 201 {path, url, width, height}."""
    account = await seller_writer(request)
    return await receive_image(request, account.email, noun="photo")


routes = [Route("/api/seller/photos", upload_photo, methods=["POST"])]
