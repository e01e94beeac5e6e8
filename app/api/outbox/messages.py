"""/api/outbox: the owner's outbox (app/auth/roles.py refuses staff with 403 before any of this runs).

GET /api/outbox is a list paged in SQL like the other big admin lists (and /api/outbox.csv its
export); GET /api/outbox/{id} one message; GET /api/outbox/{id}/html its HTML for the sandboxed
frame of its page; POST /api/outbox/{id}/send-again queues a failed or sent message again.

A mail's HTML is the shop's template filled with what shoppers typed (names, addresses): it is
served as untrusted, with a policy of its own that the security middleware leaves in place
(app/http/security.py adds only the headers an answer lacks). `sandbox` gives it an opaque origin
with no script, form or navigation; nothing loads but its inline styles and data: images; only
this origin's pages may frame it.
"""

from __future__ import annotations

from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from app.api.admin_writes import writer
from app.api.contract import ADMIN, contract
from app.api.outbox.records import OutboxMessageRecord, OutboxRow
from app.api.paged_lists import csv_route, paged_list_route
from app.auth.sessions import require_admin
from app.http.errors import ApiError
from app.services import services_of
from db import outbox
from db.queries.outbox import OUTBOX, message_html, message_view, outbox_record

HTML = "text/html; charset=utf-8"
MAIL_POLICY = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'"
MAIL_HEADERS = {"Content-Security-Policy": MAIL_POLICY, "X-Frame-Options": "SAMEORIGIN", "Cache-Control": "no-store"}


def no_such_message(message_id: int) -> ApiError:
    return ApiError(404, f"There is no message {message_id} in the outbox")


@contract(returns=OutboxMessageRecord, refusals=(*ADMIN, 404))
async def one_message(request: Request) -> Response:
    """One message: its headers, plain text, delivery attempts and where its HTML is served."""
    await require_admin(request)
    services, message_id = services_of(request), request.path_params["id"]
    view = await services.db.read(message_view, message_id, mail_from=services.settings.mail_from)
    if view is None:
        raise no_such_message(message_id)
    return JSONResponse(view)


@contract(returns=str, media_type=HTML, refusals=(*ADMIN, 404))
async def html_of_message(request: Request) -> Response:
    """A message's HTML as written, for a sandboxed frame: its own strict policy, never cached."""
    await require_admin(request)
    message_id = request.path_params["id"]
    html = await services_of(request).db.read(message_html, message_id)
    if html is None:
        raise no_such_message(message_id)
    return Response(html, media_type=HTML, headers=MAIL_HEADERS)


def resend(session: Session, actor: str, message_id: int, *, delivering: bool) -> dict | None:
    message = outbox.send_again(session, actor, message_id, delivering=delivering)
    return outbox_record(message) if message is not None else None


@contract(returns=OutboxRow, refusals=(*ADMIN, 404, 409))
async def send_again(request: Request) -> Response:
    """Queue a failed or sent message again, with the same Message-ID (409 while it is queued or being sent)."""
    actor = await writer(request)
    services, message_id = services_of(request), request.path_params["id"]
    if not 0 < message_id < 2**63:  # no database id is outside these
        raise no_such_message(message_id)
    try:
        record = await services.db.write(
            resend, actor.user.email, message_id, delivering=bool(services.settings.smtp_url)
        )
    except outbox.NotResendable as refused:
        raise ApiError(409, str(refused)) from None
    if record is None:
        raise no_such_message(message_id)
    return JSONResponse(record)


routes = [
    paged_list_route("/api/outbox", OUTBOX, OutboxRow, require_admin),
    csv_route("/api/outbox.csv", OUTBOX, require_admin),
    Route("/api/outbox/{id:int}", one_message, methods=["GET"]),
    Route("/api/outbox/{id:int}/html", html_of_message, methods=["GET"]),
    Route("/api/outbox/{id:int}/send-again", send_again, methods=["POST"]),
]
