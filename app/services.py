"""What the application holds for its lifetime: settings, database, renderer, caches."""
from __future__ import annotations

import logging
from dataclasses import dataclass, field

from starlette.requests import Request

from db.migrate import upgrade
from db.queries import media
from db.queries.cart import demo_cart

from .cache import AnswerHeaders, PageCache
from .database import Database
from .document import DocumentRenderer
from .media_store import MediaStore, media_store
from .page_changes import CatalogueVersion
from .security import HSTS, NOTHING, SecurityHeaders
from .settings import Settings
from .shared_cache import PurgeReporter, SharedCaching
from .sign_in_limit import SignInLimit, start_limit
from .ssr import Renderer

log = logging.getLogger("studentbooks")


@dataclass
class Services:
    settings: Settings
    db: Database
    renderer: Renderer
    documents: DocumentRenderer
    page_cache: PageCache
    catalogue_version: CatalogueVersion
    sign_in_limit: SignInLimit  # failed sign-ins, counted for every instance (app/sign_in_limit.py)
    media: MediaStore  # where uploads are kept (MEDIA_STORE)
    # The demo cart's items (real products at 250), found once at start-up; empty outside demo mode.
    demo_cart: list[dict] = field(default_factory=list)

    @property
    def client_config(self) -> dict:
        """Configuration the browser needs, embedded in every page."""
        return {"mediaUrl": self.settings.media_url, "demo": self.settings.demo, "demoCart": self.demo_cart}

    async def catalogue_written(self) -> None:
        """Call after a write that changed the catalogue, so this server shows it at once."""
        await self.catalogue_version.catch_up()


def answer_headers(settings: Settings) -> AnswerHeaders:
    """What cached answers carry besides their own headers: the security headers the middleware
    adds to every answer (baked in, as the fast path does not pass through it), and how shared
    caches may keep them."""
    https = settings.public_url.startswith("https://")
    security = SecurityHeaders(None, https=https).common + ([(b"strict-transport-security", HSTS.encode())] if https else [])
    return AnswerHeaders(security, SharedCaching(settings.shared_cache_max_age, settings.shared_cache_stale),
                         NOTHING.encode())


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
    pages = PageCache(settings.page_cache_entries, answer_headers(settings), settings.page_cache_ttl,
                      settings.page_cache_mb * 1024 * 1024)
    version = CatalogueVersion(db.sessions, pages, settings.catalogue_version_ttl, PurgeReporter(settings.purge_url).report)
    version.start(settings.database_url)
    return Services(
        settings=settings,
        db=db,
        renderer=renderer,
        documents=DocumentRenderer(settings.build_dir / "manifest.json", settings.public_url, settings.media_url),
        page_cache=pages,
        catalogue_version=version,
        sign_in_limit=sign_in_limit,
        media=media_kept,
        demo_cart=db.read_sync(demo_cart) if settings.demo else [],
    )


def prepare_data(settings: Settings, db: Database) -> None:
    """Seed an empty database (never one that has data) and make sure the administrator exists."""
    from db.seed import is_empty, seed

    from .auth import ensure_admin

    settings.media_dir.mkdir(parents=True, exist_ok=True)
    if settings.seed and db.read_sync(is_empty):
        log.info("seeding the empty database with demo data")
        db.write_sync(seed, settings.media_dir)
    db.write_sync(ensure_admin, settings.admin_email, settings.admin_password)


async def stop(services: Services) -> None:
    await services.catalogue_version.stop()
    await services.sign_in_limit.close()
    await services.renderer.close()
    services.db.dispose()


def services_of(request: Request) -> Services:
    return request.app.state.services
