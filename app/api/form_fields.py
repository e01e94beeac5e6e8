"""Bodies of endpoints that a plain HTML form posts (no JavaScript: application/x-www-form-urlencoded)
and a script posts too (the same fields as JSON, or as text/plain from a beacon): sign-in, sign-out
and accepting a staff invite. Capped at BODY_LIMIT; validated by the endpoint's pydantic model, so
one model checks and documents the fields (a 422 names the fields at fault)."""

from __future__ import annotations

import json
from typing import Annotated, Any, TypeVar
from urllib.parse import parse_qsl

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError
from starlette.requests import Request

from app.api.validation import field_errors
from app.http.errors import ApiError

BODY_LIMIT = 8 * 1024
FORM = "application/x-www-form-urlencoded"
M = TypeVar("M", bound=BaseModel)


class FormFields(BaseModel):
    """What every such form sends: its CSRF token, and `json=true` when a script posts it and wants
    a JSON answer rather than the redirect a plain form gets."""

    model_config = ConfigDict(extra="ignore", populate_by_name=True)
    csrfToken: str = ""
    # Only "true" (or "1") asks for JSON: a form's empty or odd value gets the plain answer.
    wants_json: Annotated[bool, BeforeValidator(lambda value: value in ("true", "1", True))] = Field(
        False, alias="json"
    )


async def capped_body(request: Request, limit: int = BODY_LIMIT) -> bytes:
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise ApiError(413, f"The request body is larger than {limit // 1024} KB")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ApiError(413, f"The request body is larger than {limit // 1024} KB")
        chunks.append(chunk)
    return b"".join(chunks)


async def read_fields(request: Request) -> dict[str, Any]:
    """The body's fields: a urlencoded form, or a JSON object (also sent as text/plain by beacons)."""
    body = await capped_body(request)
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    text = body.decode("utf-8", errors="replace")
    if content_type == FORM:
        return dict(parse_qsl(text, keep_blank_values=True))
    if content_type == "multipart/form-data":
        raise ApiError(415, "Send the form as application/x-www-form-urlencoded or JSON")
    if not text.strip():
        return {}
    try:
        fields = json.loads(text)
    except ValueError:
        raise ApiError(400, "The request body is neither a form nor JSON") from None
    if not isinstance(fields, dict):
        raise ApiError(400, "The request body must be a JSON object")
    return fields


def validated(model: type[M], fields: dict[str, Any]) -> M:
    try:
        return model.model_validate(fields)
    except ValidationError as error:
        raise ApiError(422, "Please correct the highlighted fields", field_errors(error)) from None


async def read_form(request: Request, model: type[M]) -> M:
    return validated(model, await read_fields(request))
