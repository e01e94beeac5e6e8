"""Who is asking in the seller portal's API: a signed-in seller (401/403 otherwise,
app/auth/sessions.py require_seller), and for writes with the session's CSRF token. Every record
is then looked up within the seller's id, so another seller's answers 404."""

from __future__ import annotations

from dataclasses import dataclass

from starlette.requests import Request

from app.auth.sessions import require_csrf, require_seller
from app.http.errors import ApiError
from app.services import services_of
from db.seller_accounts import seller_suspended

# Refusals of the portal's reads and writes: no session (401), not a seller or a stale CSRF token (403).
SELLER = (401, 403)
SELLER_WRITE = (401, 403, 413, 415, 422)


@dataclass(frozen=True)
class SellerAccount:
    seller_id: int
    email: str


async def seller(request: Request) -> SellerAccount:
    auth = await require_seller(request)
    # Suspending ends the seller's sessions; a request already under way when it committed is
    # refused here too.
    if await services_of(request).db.read(seller_suspended, auth.user.seller_id):
        raise ApiError(403, "Your seller account is suspended. Contact the shop.")
    return SellerAccount(auth.user.seller_id, auth.user.email)


async def seller_writer(request: Request) -> SellerAccount:
    account = await seller(request)
    await require_csrf(request)
    return account
