"""The composition: create_app(settings) -> Starlette (routes, middleware, lifespan), and the
services it holds for its lifetime, started and stopped here (app/services.py declares them)."""

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

from app.api import routes as api_routes
from app.auth.passwords import ensure_admin
from app.auth.sign_in_limit import start_limit
from app.caching.fast_path import CachedPages
from app.caching.page_cache import AnswerHeaders, PageCache
from app.caching.page_changes import CatalogueVersion
from app.caching.shared_cache import PurgeReporter, SharedCaching
from app.database import Database
from app.http import health
from app.http.errors import body_of
from app.http.proxies import ForwardedHeaders, TrustedProxies
from app.http.security import HSTS, NOTHING, SecurityHeaders
from app.http.static import ImmutableStaticFiles
from app.mail.mailer import Mailer
from app.mail.sender import MailSender
from app.mail.smtp import SmtpServer
from app.media.store import media_endpoint, media_store
from app.pages import routes as page_routes
from app.pages.errors import error_page
from app.payments.service import Payments
from app.rendering.document import DocumentRenderer
from app.rendering.v8 import Renderer
from app.services import Services
from app.settings import Settings
from db.migrate import upgrade
from db.queries import media
from db.queries.cart import demo_cart

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
        app.state.services = await start(settings)
        try:
            yield
        finally:
            await stop(app.state.services)

    # Pages before the API: the router tries each route in turn, and a page's miss walked the 200
    # API routes first (0.2 ms). No page path can match under /api or /openapi.json
    # (tests/test_routes_order.py), so each request still meets the route it met before.
    routes = [
        *health.routes,
        *page_routes.routes(),
        *api_routes.routes(),
        Mount("/build", ImmutableStaticFiles(directory=settings.build_dir, check_dir=False), name="build"),
        Route("/media/{path:path}", media_endpoint(settings.media_dir), methods=["GET", "HEAD"], name="media"),
    ]
    return Starlette(
        routes=routes,
        lifespan=lifespan,
        # A trusted proxy's client address and scheme first (app/http/proxies.py); then cached anonymous
        # pages are answered, with the security headers baked in (app/caching/fast_path.py). An unexpected
        # failure is answered inside SecurityHeaders, so a 500 carries them too (Starlette's own
        # last-resort handler runs outside every middleware).
        middleware=[
            Middleware(ForwardedHeaders, proxies=TrustedProxies(settings.trusted_proxies)),
            Middleware(CachedPages),
            Middleware(SecurityHeaders, https=settings.public_url.startswith("https://")),
            Middleware(ServerErrorMiddleware, handler=server_error),
        ],
        exception_handlers={HTTPException: http_error, Exception: server_error},
    )


def answer_headers(settings: Settings) -> AnswerHeaders:
    """What cached answers carry besides their own headers: the security headers the middleware
    adds to every answer (baked in, as the fast path does not pass through it), and how shared
    caches may keep them."""
    https = settings.public_url.startswith("https://")
    security = SecurityHeaders(None, https=https).common + (
        [(b"strict-transport-security", HSTS.encode())] if https else []
    )
    return AnswerHeaders(
        security, SharedCaching(settings.shared_cache_max_age, settings.shared_cache_stale), NOTHING.encode()
    )


async def start(settings: Settings) -> Services:
    media.configure(settings.media_url)
    upgrade(settings.database_url)
    db = Database(settings.database_url)
    media_kept = media_store(settings.media_store, db, settings.media_dir)
    prepare_data(settings, db)
    sign_in_limit = await start_limit(settings.redis_url, db)
    renderer = Renderer(
        settings.build_dir / "server.js",
        size=settings.ssr_pool_size,
        timeout_sec=settings.ssr_timeout_sec,
        max_memory=settings.ssr_max_memory,
        recycle_after=settings.ssr_recycle_after,
    )
    await renderer.start()
    pages = PageCache(
        settings.page_cache_entries,
        answer_headers(settings),
        settings.page_cache_ttl,
        settings.page_cache_mb * 1024 * 1024,
    )
    version = CatalogueVersion(
        db.sessions,
        pages,
        settings.catalogue_version_ttl,
        PurgeReporter(settings.purge_url).report,
        kept_reads=settings.kept_reads,
    )
    version.start(settings.database_url)
    mailer = start_mail(settings, db)
    payments = Payments(settings, db)
    payments.start_sweeping()
    return Services(
        settings=settings,
        db=db,
        renderer=renderer,
        documents=DocumentRenderer(
            settings.build_dir / "manifest.json", settings.public_url, settings.media_url, payments.stripe_js_url
        ),
        page_cache=pages,
        catalogue_version=version,
        sign_in_limit=sign_in_limit,
        media=media_kept,
        mail=mailer,
        payments=payments,
        demo_cart=db.read_sync(demo_cart) if settings.demo else [],
    )


def start_mail(settings: Settings, db: Database) -> Mailer:
    """Mail is written to the outbox by every write that tells of something; it is delivered by this
    process's sender only where SMTP_URL names a mail server (else it waits in the outbox)."""
    sender = None
    if settings.smtp_url:
        sender = MailSender(
            db,
            SmtpServer.parse(settings.smtp_url),
            settings.mail_from,
            lease_sec=settings.mail_lease_sec,
            retry_scale=settings.mail_retry_scale,
        )
        sender.start()
    mailer = Mailer(settings, sender)
    mailer.listen(db.write_sessions)
    return mailer


def prepare_data(settings: Settings, db: Database) -> None:
    """Seed an empty database (never one that has data) and make sure the administrator exists."""
    from db.seed import is_empty, seed  # the demo data is read only when a database is empty

    settings.media_dir.mkdir(parents=True, exist_ok=True)
    if settings.seed and db.read_sync(is_empty):
        log.info("seeding the empty database with demo data")
        db.write_sync(seed, settings.media_dir)
    db.write_sync(ensure_admin, settings.admin_email, settings.admin_password)


async def stop(services: Services) -> None:
    await services.payments.stop()
    if services.mail.sender is not None:
        await services.mail.sender.stop()
    await services.catalogue_version.stop()
    await services.sign_in_limit.close()
    await services.renderer.close()
    services.db.dispose()
