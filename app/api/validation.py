"""Reading and validating request bodies with pydantic; failures are 422 with per-field errors."""
from __future__ import annotations

import json
from typing import TypeVar

from pydantic import BaseModel, ValidationError
from starlette.requests import Request

from .errors import ApiError

M = TypeVar("M", bound=BaseModel)
MAX_BODY = 64 * 1024


def field_errors(error: ValidationError) -> dict[str, str]:
    errors: dict[str, str] = {}
    for item in error.errors():
        field = ".".join(str(part) for part in item["loc"]) or "body"
        message = item["msg"].removeprefix("Value error, ")
        errors.setdefault(field, message[0].upper() + message[1:])
    return errors


async def read_json(request: Request, model: type[M]) -> M:
    # Only JSON bodies: a cross-site HTML form cannot send one without a CORS preflight.
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise ApiError(415, "Send the request body as application/json")
    body = await request.body()
    if len(body) > MAX_BODY:
        raise ApiError(413, "The request is too large")
    try:
        data = json.loads(body or b"null")
    except (ValueError, UnicodeDecodeError):
        raise ApiError(422, "The request body is not valid JSON", {"body": "Not valid JSON"})
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise ApiError(422, "Please correct the highlighted fields", field_errors(error))
