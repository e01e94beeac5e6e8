"""Reading one uploaded file (multipart/form-data, field `file`) without taking the client's word
for its size: the body is read through a counter that stops at the limit (413), and Starlette
spools the file to disk past 1 MB, so an upload never costs more memory than that."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

from starlette.datastructures import FormData, UploadFile
from starlette.formparsers import MultiPartException, MultiPartParser
from starlette.requests import Request

from app.http.errors import ApiError

FIELD = "file"
MULTIPART = "multipart/form-data"
# What an upload may be refused with: not multipart (400, 415), too large (413), no usable file (422).
UPLOAD = (400, 413, 415, 422)
# Room for the multipart boundaries and part headers around the file itself.
MULTIPART_OVERHEAD = 64 * 1024


def refuse_file(status: int, message: str) -> ApiError:
    return ApiError(status, message, {FIELD: message})


@dataclass(frozen=True)
class UploadLimit:
    """What is uploaded, in the shop's words ("image", "CSV file"), and how large it may be."""

    noun: str
    max_bytes: int
    advice: str = ""  # what to do about a file too large

    def too_large(self) -> ApiError:
        size = self.max_bytes
        limit = f"{size / 1024**2:.3g} MB" if size >= 1024**2 else f"{size / 1024:.3g} KB"
        return ApiError(413, f"The {self.noun} is larger than {limit}{self.advice}")


async def _capped(stream: AsyncIterator[bytes], upload: UploadLimit) -> AsyncIterator[bytes]:
    """The request body, chunk by chunk, refused with 413 as soon as it passes the limit."""
    size = 0
    async for chunk in stream:
        size += len(chunk)
        if size > upload.max_bytes + MULTIPART_OVERHEAD:
            raise upload.too_large()
        yield chunk


async def read_form(request: Request, upload: UploadLimit) -> FormData:
    """The multipart form, its file spooled; the caller closes it."""
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != MULTIPART:
        raise ApiError(415, f"Send the {upload.noun} as multipart/form-data, in the field `{FIELD}`")
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > upload.max_bytes + MULTIPART_OVERHEAD:
        raise upload.too_large()
    parser = MultiPartParser(request.headers, _capped(request.stream(), upload), max_files=1, max_fields=10)
    try:
        return await parser.parse()
    except MultiPartException as error:
        raise ApiError(400, f"The upload is not valid multipart/form-data: {error.message}") from None


def the_file(form: FormData, upload: UploadLimit, missing: str) -> UploadFile:
    """The form's file; 422 with `missing` when there is none, 413 when it is too large."""
    found = form.get(FIELD)
    if not isinstance(found, UploadFile):
        raise refuse_file(422, missing)
    if found.size and found.size > upload.max_bytes:
        raise upload.too_large()
    return found
