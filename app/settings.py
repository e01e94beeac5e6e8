"""All configuration, read from the environment once, with safe defaults for `make run`."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from db import config
from db.config import ROOT


def _flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    return default if value is None else value.strip().lower() not in ("0", "false", "no", "off", "")


def _int(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


def _float(name: str, default: float) -> float:
    return float(os.environ.get(name, default))


@dataclass(frozen=True)
class Settings:
    database_url: str = field(default_factory=config.database_url)
    media_dir: Path = field(default_factory=config.media_dir)
    media_url: str = field(default_factory=lambda: os.environ.get("MEDIA_URL", "/media/"))
    # The largest image an administrator may upload (POST /api/media answers 413 beyond it).
    media_max_bytes: int = field(default_factory=lambda: _int("MEDIA_MAX_BYTES", 5 * 1024 * 1024))
    # The largest CSV file of books an administrator may import (POST /api/books/import answers 413
    # beyond it); 100,000 books are about 15 MB.
    book_import_max_bytes: int = field(default_factory=lambda: _int("BOOK_IMPORT_MAX_BYTES", 50 * 1024 * 1024))
    build_dir: Path = field(default_factory=lambda: Path(os.environ.get("BUILD_DIR", ROOT / "static" / "build")))
    static_dir: Path = ROOT / "static"
    host: str = field(default_factory=lambda: os.environ.get("HOST", "127.0.0.1"))
    port: int = field(default_factory=lambda: _int("PORT", 8000))
    # The address the shop is reached at, for canonical links and the sitemap (never the Host
    # header: cached pages are shared by every visitor).
    public_url: str = field(
        default_factory=lambda: os.environ.get(
            "PUBLIC_URL", f"http://{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
        )
    )
    # Demo mode: a first-time visitor's cart starts with SPEC §3's demo cart.
    demo: bool = field(default_factory=lambda: _flag("DEMO", True))
    # Server processes on one port (`python -m app` forks them; each is a whole server).
    workers: int = field(default_factory=lambda: max(1, _int("WORKERS", 1)))
    # Renderer: pool size per process (default: the processes together have one V8 instance per
    # core), per-render limits, recycling.
    ssr_pool_size: int = field(
        default_factory=lambda: _int("SSR_POOL_SIZE", max(1, (os.cpu_count() or 1) // max(1, _int("WORKERS", 1))))
    )
    ssr_timeout_sec: float = field(default_factory=lambda: _float("SSR_TIMEOUT_SEC", 2.0))
    ssr_max_memory: int = field(default_factory=lambda: _int("SSR_MAX_MEMORY_MB", 256) * 1024 * 1024)
    ssr_recycle_after: int = field(default_factory=lambda: _int("SSR_RECYCLE_AFTER", 5000))
    page_cache_ttl: int = field(default_factory=lambda: _int("PAGE_CACHE_TTL_SEC", 300))
    page_cache_entries: int = field(default_factory=lambda: _int("PAGE_CACHE_ENTRIES", 1000))
    page_cache_mb: int = field(default_factory=lambda: _int("PAGE_CACHE_MB", 64))
    # Values cached pages' loaders keep between misses, at most (db/queries/remembered.py): a card
    # with what its keys are read from is 1-2 KB, so a crawler's walk through the catalogue stays
    # within some 30 MB. 0 keeps none: every miss reads its page whole (bench/search.py measures a
    # search's own work so).
    kept_reads: int = field(default_factory=lambda: max(0, _int("KEPT_READS", 20_000)))
    # How long a server trusts its last read of the catalogue's change log (writes here read it at once).
    catalogue_version_ttl: float = field(default_factory=lambda: _float("CATALOGUE_VERSION_TTL", 0.25))
    # Shared caches in front (app/caching/shared_cache.py): seconds they may keep an anonymous page, seconds
    # more they may serve it stale while revalidating, and where to POST the keys to purge.
    shared_cache_max_age: int = field(default_factory=lambda: _int("SHARED_CACHE_MAX_AGE", 10))
    shared_cache_stale: int = field(default_factory=lambda: _int("SHARED_CACHE_STALE", 60))
    purge_url: str = field(default_factory=lambda: os.environ.get("PURGE_URL", ""))
    # Sign-in: the administrator `make run` creates, and session lifetimes.
    admin_email: str = field(default_factory=lambda: os.environ.get("ADMIN_EMAIL", "admin@studentbooks.test"))
    admin_password: str = field(default_factory=lambda: os.environ.get("ADMIN_PASSWORD", "studentbooks-admin"))
    session_idle_sec: int = field(default_factory=lambda: _int("SESSION_IDLE_SEC", 2 * 3600))
    session_absolute_sec: int = field(default_factory=lambda: _int("SESSION_ABSOLUTE_SEC", 7 * 24 * 3600))
    secure_cookies: bool = field(default_factory=lambda: _flag("SECURE_COOKIES", False))
    # Several instances on one database (README "Running several instances"): where failed sign-ins
    # are counted (Redis when set, else the database), where uploads are kept ("folder" or
    # "database"), and the proxies whose X-Forwarded-For/-Proto are believed (addresses or CIDRs).
    redis_url: str = field(default_factory=lambda: os.environ.get("REDIS_URL", ""))
    media_store: str = field(default_factory=lambda: os.environ.get("MEDIA_STORE", "folder").strip().lower())
    trusted_proxies: str = field(default_factory=lambda: os.environ.get("TRUSTED_PROXIES", ""))
    # Seed an empty database with the demo data on start.
    seed: bool = field(default_factory=lambda: _flag("SEED", True))
    # Mail (app/mail/): SMTP_URL (smtp://host:port, smtp://user:password@host:587?starttls=1,
    # smtps://user:password@host:465) turns delivery on; without it mail stays in the outbox.
    smtp_url: str = field(default_factory=lambda: os.environ.get("SMTP_URL", ""))
    mail_from: str = field(
        default_factory=lambda: os.environ.get("MAIL_FROM", "Student Books <shop@studentbooks.test>")
    )
    # The retry backoff (1 s, 5 s, 30 s, 2 min, 10 min, then hourly) times this factor, and how long a
    # sender may hold a message before another process takes it over (tests shorten both).
    mail_retry_scale: float = field(default_factory=lambda: _float("MAIL_RETRY_SCALE", 1.0))
    mail_lease_sec: float = field(default_factory=lambda: _float("MAIL_LEASE_SEC", 60.0))
    # Money (app/payments/): the one currency of prices, orders, mails and payments; Stripe takes cards
    # when both of its keys are set (STRIPE_API_BASE points its SDK elsewhere, as the tests do at
    # localstripe; STRIPE_JS_URL is the Stripe.js the checkout page loads); an order nobody paid for
    # by card is cancelled after PAYMENT_TIMEOUT_MINUTES, looked for every PAYMENT_SWEEP_SEC.
    shop_currency: str = field(default_factory=config.shop_currency)
    stripe_secret_key: str = field(default_factory=lambda: os.environ.get("STRIPE_SECRET_KEY", ""))
    stripe_publishable_key: str = field(default_factory=lambda: os.environ.get("STRIPE_PUBLISHABLE_KEY", ""))
    stripe_webhook_secret: str = field(default_factory=lambda: os.environ.get("STRIPE_WEBHOOK_SECRET", ""))
    stripe_api_base: str = field(default_factory=lambda: os.environ.get("STRIPE_API_BASE", ""))
    stripe_js_url: str = field(default_factory=lambda: os.environ.get("STRIPE_JS_URL", "https://js.stripe.com/v3/"))
    payment_timeout_minutes: float = field(default_factory=lambda: _float("PAYMENT_TIMEOUT_MINUTES", 30.0))
    payment_sweep_sec: float = field(default_factory=lambda: _float("PAYMENT_SWEEP_SEC", 30.0))
