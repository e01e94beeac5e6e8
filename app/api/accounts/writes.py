"""Who may write to back-office accounts (staff, the shop's settings):
a signed-in owner or staff member with the session's CSRF token. The writes go through
app/api/writes.py; none changes what a storefront shows, so unlike admin_writes.run_write they
announce no catalogue change."""

from __future__ import annotations

from starlette.requests import Request

from app.auth import sessions


async def writer(request: Request) -> sessions.AuthSession:
    """The writing session: signed in (401), allowed this path (403), with its CSRF token (403)."""
    signed_in = await sessions.require_admin(request)
    await sessions.require_csrf(request)
    return signed_in
