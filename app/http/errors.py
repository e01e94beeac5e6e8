"""Errors as JSON `{"message": ...}` with the right status (422 adds per-field `errors`)."""

from __future__ import annotations

from starlette.exceptions import HTTPException


class ApiError(HTTPException):
    def __init__(self, status_code: int, message: str, errors: dict[str, str] | None = None):
        super().__init__(status_code, message)
        self.message = message
        self.errors = errors


def body_of(exc: HTTPException) -> dict:
    body = {"message": getattr(exc, "message", None) or exc.detail}
    if getattr(exc, "errors", None):
        body["errors"] = exc.errors
    return body
