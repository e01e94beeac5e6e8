"""Where the database and the uploaded media are: DATABASE_URL and MEDIA_DIR, with the defaults of
`make run`. The database's own command-line tools (backup, restore, ledger_check, search) read them
here; the web application's settings (app/settings.py) build on the same functions."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def database_url() -> str:
    return os.environ.get("DATABASE_URL", f"sqlite:///{ROOT / 'data' / 'studentbooks.db'}")


def media_dir() -> Path:
    return Path(os.environ.get("MEDIA_DIR", ROOT / "data" / "media"))


def shop_currency() -> str:
    """SHOP_CURRENCY: the one currency of prices, orders, mails and payments (db/money.py)."""
    return os.environ.get("SHOP_CURRENCY", "USD").strip().upper() or "USD"
