"""Error pages: a real page with the right status (404, 500, ...), never cached."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from app.pages.heads import page_title
from app.pages.render import Page, respond

MESSAGES = {
    404: ("Page not found", "The page you are looking for does not exist or is no longer available."),
    500: ("Something went wrong", "We could not show this page. Please try again in a moment."),
}


async def error_page(request: Request, status: int) -> Response:
    title, message = MESSAGES.get(status, ("Something went wrong", "Your request could not be completed."))
    page = Page(
        "ErrorPage",
        {"status": status, "title": title, "message": message},
        status=status,
        meta={"title": page_title(title), "robots": "noindex"},
    )
    return await respond(request, page)
