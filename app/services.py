"""What the application holds for its lifetime (settings, database, renderer, caches) and how a
request reaches it (`services_of`). Built and closed by app/main.py; every package may read it,
so it imports the packages' types for annotations only."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from starlette.requests import Request

from db import catalogue_version

if TYPE_CHECKING:
    from app.auth.sign_in_limit import SignInLimit
    from app.caching.page_cache import PageCache
    from app.caching.page_changes import CatalogueVersion
    from app.database import Database
    from app.mail.mailer import Mailer
    from app.media.store import MediaStore
    from app.payments.service import Payments
    from app.rendering.document import DocumentRenderer
    from app.rendering.v8 import Renderer
    from app.settings import Settings


@dataclass
class Services:
    settings: Settings
    db: Database
    renderer: Renderer
    documents: DocumentRenderer
    page_cache: PageCache
    catalogue_version: CatalogueVersion
    sign_in_limit: SignInLimit  # failed sign-ins, counted for every instance (app/auth/sign_in_limit.py)
    media: MediaStore  # where uploads are kept (MEDIA_STORE)
    mail: Mailer  # writes mail to the outbox with each write that tells of something (app/mail/)
    payments: Payments  # the checkout's payment providers and the unpaid orders' sweep (app/payments/)
    # The demo cart's items (real products at 250), found once at start-up; empty outside demo mode.
    demo_cart: list[dict] = field(default_factory=list)

    @property
    def client_config(self) -> dict:
        """Configuration the browser needs, embedded in every page."""
        return {
            "mediaUrl": self.settings.media_url,
            "demo": self.settings.demo,
            "demoCart": self.demo_cart,
            "payments": self.payments.client_config(),
        }

    async def catalogue_written(self) -> None:
        """Call after a write that may have changed the catalogue, so this server shows it at once.
        The log is read only when a write of this process committed a change to it since the last
        read began: a checkout that leaves every count as pages show it costs no read."""
        if catalogue_version.appended_since(self.catalogue_version.read_at):
            await self.catalogue_version.catch_up()


def services_of(request: Request) -> Services:
    return request.app.state.services
