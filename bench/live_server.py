"""The shop as `python -m app` serves it, plus a file the live-traffic benchmark reads to count
renders: every 0.2 s the number of pages the page cache has built (LIVE_BUILDS_FILE)."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import uvicorn

from app.main import create_app
from app.settings import Settings


def count_builds(app, counter: Path) -> None:
    while True:
        time.sleep(0.2)
        services = getattr(app.state, "services", None)
        if services is not None:
            written = counter.with_suffix(".tmp")
            written.write_text(str(services.page_cache.builds))
            written.replace(counter)  # never read half-written


def main() -> None:
    settings = Settings()
    app = create_app(settings)
    threading.Thread(target=count_builds, args=(app, Path(os.environ["LIVE_BUILDS_FILE"])), daemon=True).start()
    uvicorn.run(app, host=settings.host, port=settings.port, log_level="warning", access_log=False)


if __name__ == "__main__":
    main()
