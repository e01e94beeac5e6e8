"""Writes to back-office accounts (staff, one's own two-factor sign-in, the shop's settings): the
writer's session with its CSRF token, one transaction per write, and its refusals as 404, 409 or
422 like every admin write (admin_writes.refusal). None of them changes what a storefront shows,
so unlike admin_writes.run_write they announce no catalogue change."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy.exc import IntegrityError
from starlette.requests import Request

from app.api.admin_writes import refusal
from app.auth import sessions
from app.services import services_of
from db.admin import Conflict, Invalid, NotFound


async def writer(request: Request) -> sessions.AuthSession:
    """The writing session: signed in (401), allowed this path (403), with its CSRF token (403)."""
    signed_in = await sessions.require_admin(request)
    await sessions.require_csrf(request)
    return signed_in


async def account_write(request: Request, fn: Callable, *args: Any) -> Any:
    try:
        return await services_of(request).db.write(fn, *args)
    except (NotFound, Conflict, Invalid, IntegrityError) as error:
        raise refusal(error) from error
