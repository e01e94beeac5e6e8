"""Reading and validating request bodies and query parameters with pydantic; failures are 422
with per-field errors."""

from __future__ import annotations

from typing import Annotated, TypeVar

from pydantic import AfterValidator, BaseModel, ValidationError
from pydantic_core import from_json
from starlette.requests import Request

from app.http.errors import ApiError
from db.admin.customers import EMAIL
from db.admin.forms import Text

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
    # pydantic's parser, not json.loads: it also refuses what JSON allows but text cannot hold (a
    # lone surrogate "\ud800", which no database or answer could encode) and NaN.
    try:
        data = from_json(body or b"null", allow_inf_nan=False)
    except ValueError:
        raise ApiError(422, "The request body is not valid JSON", {"body": "Not valid JSON"}) from None
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise ApiError(422, "Please correct the highlighted fields", field_errors(error)) from None


def read_query(request: Request, model: type[M]) -> M:
    """The query parameters as `model`; a parameter sent empty (`?page=`) counts as left out."""
    given = {name: value for name, value in request.query_params.items() if value.strip()}
    try:
        return model.model_validate(given)
    except ValidationError as error:
        raise ApiError(422, "Some parameters cannot be used", field_errors(error)) from None


def _email_address(value: str) -> str:
    if not EMAIL.match(value):
        raise ValueError("Enter an email address like name@example.com")
    return value.lower()


# A shopper's email as the shopper API takes it: one line, at most 254 characters, of the shape
# name@example.com, lower-cased (the accounts' and customers' emails are compared lower-cased).
EmailAddress = Annotated[Text(3, 254), AfterValidator(_email_address)]
