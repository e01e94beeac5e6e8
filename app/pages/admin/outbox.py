"""The owner's outbox in the back office (app/auth/roles.py keeps staff out with the 403 page):
/admin/outbox lists every mail the shop wrote, its first page rendered from the URL's own query
like the other lists; /admin/outbox/{id} shows one message, its HTML in a sandboxed frame of
/api/outbox/{id}/html, which is why that page alone has a policy that lets it frame this origin
(app/http/security.py frames_own_answers)."""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.http.security import frames_own_answers
from app.pages.admin.shell import list_props, page
from app.services import services_of
from db.admin import NotFound
from db.models.outbox import MESSAGE_KINDS, MESSAGE_STATES
from db.queries.outbox import OUTBOX, message_view


def outbox_props(delivering: bool):
    def props(session: Session, params: Mapping[str, str]) -> dict:
        return {
            "list": list_props(session, OUTBOX, params),
            "kinds": list(MESSAGE_KINDS),
            "states": list(MESSAGE_STATES),
            "delivering": delivering,
        }

    return props


def message_props(mail_from: str):
    def props(session: Session, message_id: int) -> dict:
        view = message_view(session, message_id, mail_from=mail_from)
        if view is None:
            raise NotFound(f"There is no message {message_id} in the outbox")
        return {"message": view}

    return props


async def outbox(request: Request) -> Response:
    settings = services_of(request).settings
    return await page("AdminOutbox", "Outbox", outbox_props(bool(settings.smtp_url)))(request)


async def message(request: Request) -> Response:
    settings = services_of(request).settings
    response = await page("AdminOutboxMessage", "Message", message_props(settings.mail_from), by="id")(request)
    policy = response.headers.get("content-security-policy")
    # The message's document (not a 403 or 404 page; JSON for the client router carries no policy).
    if policy and response.status_code == 200:
        response.headers["content-security-policy"] = frames_own_answers(policy)
    return response


routes = [
    Route("/admin/outbox", outbox, methods=["GET", "HEAD"]),
    Route("/admin/outbox/{id:int}", message, methods=["GET", "HEAD"]),
]
