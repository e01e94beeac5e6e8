"""Cached pages answered before routing: an ASGI layer in front of the application.

A cached hit used to walk the middleware, the router's every route, the endpoint, the version check
and a Response object for bytes that were ready long before. Here a GET or HEAD whose page is in the
cache, while the change log was read lately, is answered from the page's prebuilt messages
(app/caching/page_cache.py): one scan of the request headers, one lookup, two sends. A signed-in
shopper gets the same answer as a guest (DESIGN.md: a cached page is everyone's, the personal parts
come from /api/me after hydration), so a session cookie changes nothing here: a route that answers
a session differently must not be a cached one (admin and account pages never are). Anything else goes on to the application, and an answer that depends on a session (or sets
a cookie) and says nothing of caching is marked `private, no-store` on its way out.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.auth.sessions import SESSION_COOKIE
from app.caching.page_cache import page_key
from app.caching.shared_cache import PRIVATE
from app.http.negotiation import accepts_json
from app.rendering.server_timing import stamp

SESSION = SESSION_COOKIE.encode() + b"="
READS = frozenset({"GET", "HEAD"})
PRIVATE_HEADER = (b"cache-control", PRIVATE.encode())


class CachedPages:
    def __init__(self, app: ASGIApp):
        self.app = app
        self._services = None
        self._https = False  # whether the cached answers carry HSTS, which https requests need

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        accept = encoding = etag = b""
        personal = False
        for name, value in scope["headers"]:
            if name == b"cookie":
                personal = personal or SESSION in value
            elif name == b"accept":
                accept = value
            elif name == b"accept-encoding":
                encoding = value
            elif name == b"if-none-match":
                etag = value
        services = self._services or self._find(scope)
        if (
            scope["method"] in READS
            and services is not None
            and services.catalogue_version.fresh()
            and (self._https or scope["scheme"] != "https")
        ):
            page = services.page_cache.get(page_key(scope, accepts_json(accept.decode("latin-1"))))
            if page is not None:
                return await page.answer(encoding, etag).send(send, scope["method"] == "HEAD")
        stamp(scope)  # a page built for this request reports its time from here (app/rendering/server_timing.py)
        await self.app(scope, receive, _private_when_personal(send, personal))

    def _find(self, scope: Scope):
        """The services, once the lifespan has started them (app/services.py)."""
        self._services = getattr(scope["app"].state, "services", None)
        if self._services is not None:
            self._https = self._services.settings.public_url.startswith("https://")
        return self._services


def _private_when_personal(send: Send, personal: bool) -> Send:
    async def marked(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = message.get("headers", [])
            names = {name.lower() for name, _ in headers}
            if b"cache-control" not in names and (personal or b"set-cookie" in names):
                message["headers"] = [*headers, PRIVATE_HEADER]
        await send(message)

    return marked
