"""A write from the API: one transaction through the database's write path, and what the database
layer refuses (db.admin: NotFound, Conflict, Invalid, or a unique key lost to a simultaneous write)
answered as 404, 409 or 422 with its message."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy.exc import IntegrityError
from starlette.requests import Request

from app.http.errors import ApiError
from app.services import services_of
from db.admin import Conflict, Invalid, NotFound


def refusal(error: Exception) -> ApiError:
    if isinstance(error, NotFound):
        return ApiError(404, error.message)
    if isinstance(error, Conflict):
        return ApiError(409, error.message)
    if isinstance(error, Invalid):
        return ApiError(422, error.message, error.errors)
    # A unique constraint lost a race with a simultaneous write (two new "Honey" brands at once).
    return ApiError(409, "This change clashes with another made at the same moment; reload and try again")


async def write(request: Request, fn: Callable, *args: Any) -> Any:
    try:
        return await services_of(request).db.write(fn, *args)
    except (NotFound, Conflict, Invalid, IntegrityError) as error:
        raise refusal(error) from error
