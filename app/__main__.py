"""`python -m app`: migrate, seed an empty database, and serve (HOST, PORT, DATABASE_URL override).

With WORKERS=N, N server processes share the port (uvicorn's workers). The database is migrated and
seeded here, once, before they start; each then starts its own V8 pool after the fork.
"""

import logging

import uvicorn

from app.main import create_app
from app.settings import Settings


def prepare(settings: Settings) -> None:
    from app.database import Database
    from app.main import prepare_data
    from db.migrate import upgrade

    upgrade(settings.database_url)
    database = Database(settings.database_url)
    try:
        prepare_data(settings, database)
    finally:
        database.dispose()


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    settings = Settings()
    print(
        f"Student Books on http://{settings.host}:{settings.port}  (admin: {settings.admin_email}, "
        f"{settings.workers} process{'es' if settings.workers > 1 else ''})",
        flush=True,
    )
    # Forwarded headers are read by the app, from TRUSTED_PROXIES only (app/http/proxies.py): uvicorn's
    # own reading (on by default, trusting 127.0.0.1) would rewrite the client before the app sees it.
    options = dict(host=settings.host, port=settings.port, log_level="info", access_log=False, proxy_headers=False)
    if settings.workers == 1:
        uvicorn.run(create_app(settings), **options)
        return
    prepare(settings)
    uvicorn.run("app.main:create_app", factory=True, workers=settings.workers, **options)


if __name__ == "__main__":
    main()
