"""create_app(settings) -> Starlette: routes, middleware, lifespan."""
from __future__ import annotations

import contextlib
import logging

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.errors import ServerErrorMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route

from . import health
from . import services as lifetime
from .api import routes as api_routes
from .api.errors import body_of
from .fast_path import CachedPages
from .media_store import media_endpoint
from .pages import routes as page_routes
from .pages.errors import error_page
from .proxies import ForwardedHeaders, TrustedProxies
from .security import SecurityHeaders
from .settings import Settings
from .static import ImmutableStaticFiles

log = logging.getLogger("studentbooks")


def is_api(request: Request) -> bool:
    return request.url.path.startswith("/api/") or request.url.path == "/openapi.json"


async def http_error(request: Request, exc: HTTPException) -> Response:
    if is_api(request):
        return JSONResponse(body_of(exc), status_code=exc.status_code, headers=exc.headers)
    return await error_page(request, exc.status_code)


async def server_error(request: Request, exc: Exception) -> Response:
    # Answered inside the security headers' middleware (create_app); the exception then goes on up
    # (for the server's log, and test clients) through Starlette's outermost handler, which calls
    # this again: that answer is never sent, so it need not be logged or rendered twice.
    if getattr(exc, "answered", False):
        return Response(status_code=500)
    exc.answered = True
    log.exception("unexpected failure answering %s %s", request.method, request.url.path)
    if is_api(request):
        return JSONResponse({"message": "Internal server error"}, status_code=500)
    return await error_page(request, 500)


def create_app(settings: Settings | None = None) -> Starlette:
    settings = settings or Settings()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        app.state.services = await lifetime.start(settings)
        try:
            yield
        finally:
            await lifetime.stop(app.state.services)

    routes = [
        *health.routes,
        *api_routes.routes(),
        *page_routes.routes(),
        Mount("/build", ImmutableStaticFiles(directory=settings.build_dir, check_dir=False), name="build"),
        Route("/media/{path:path}", media_endpoint(settings.media_dir), methods=["GET", "HEAD"], name="media"),
    ]
    return Starlette(
        routes=routes,
        lifespan=lifespan,
        # A trusted proxy's client address and scheme first (app/proxies.py); then cached anonymous
        # pages are answered, with the security headers baked in (app/fast_path.py). An unexpected
        # failure is answered inside SecurityHeaders, so a 500 carries them too (Starlette's own
        # last-resort handler runs outside every middleware).
        middleware=[Middleware(ForwardedHeaders, proxies=TrustedProxies(settings.trusted_proxies)), Middleware(CachedPages),
                    Middleware(SecurityHeaders, https=settings.public_url.startswith("https://")),
                    Middleware(ServerErrorMiddleware, handler=server_error)],
        exception_handlers={HTTPException: http_error, Exception: server_error},
    )
