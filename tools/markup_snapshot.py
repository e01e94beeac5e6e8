"""Snapshot every page's server-rendered markup, to show a refactor changed none of it.

    python -m tools.markup_snapshot OUT_DIR        # crawl a freshly seeded shop, one file per page
    diff -r BEFORE_DIR AFTER_DIR                   # what changed

It seeds a new SQLite shop, signs in as the administrator and follows every same-site link from
the storefronts, the sitemap and the back office (at most LIMIT pages). What differs between two
runs of an unchanged tree is masked: hashed asset names, per-answer nonces and CSRF tokens, and
the clock (dates and times drawn at seeding, relative to now)."""

from __future__ import annotations

import re
import sys
import tempfile
from collections import deque
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from starlette.testclient import TestClient

from app.main import create_app
from app.settings import Settings
from db.engine import make_engine, make_sessionmaker
from db.migrate import upgrade
from db.seed import seed

LIMIT = 400
START = [
    "/",
    "/admin",
    "/admin/orders",
    "/admin/products",
    "/admin/sellers",
    "/admin/staff",
    "/admin/account",
    "/booklists",
    "/search?q=physics",
    "/cart",
    "/checkout",
    "/login",
    "/no-such-page",
]
SKIP = ("/api/", "/build/", "/media/", "/logout", "/favicon")
MASKS = [
    (re.compile(r"(/build/[\w/.-]*?)-[A-Z0-9]{8}(\.\w+)"), r"\1-HASH\2"),
    (re.compile(r'nonce="[^"]*"'), 'nonce="NONCE"'),
    (re.compile(r'("csrfToken"\s*:\s*")[^"]*'), r"\1TOKEN"),
    (re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?"), "DATETIME"),
    (re.compile(r"\d{4}-\d{2}-\d{2}"), "DATE"),
    (re.compile(r"\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{4}"), "DATE"),
    (re.compile(r"\b\d{2}:\d{2} UTC"), "TIME UTC"),
    (re.compile(r"sha256-[A-Za-z0-9+/=]+"), "sha256-HASH"),
]
LINK = re.compile(r'href="(/[^"#]*)"')


def masked(text: str) -> str:
    for pattern, replacement in MASKS:
        text = pattern.sub(replacement, text)
    return text


def file_name(path: str) -> str:
    return re.sub(r"[^\w.-]+", "_", path.strip("/")) or "index"


def crawl(out: Path) -> int:
    folder = Path(tempfile.mkdtemp(prefix="markup-"))
    url = f"sqlite:///{folder / 'shop.db'}"
    upgrade(url)
    engine = make_engine(url)
    with make_sessionmaker(engine)() as session, session.begin():
        seed(session, folder / "media")
    engine.dispose()
    settings = Settings(
        database_url=url,
        media_dir=folder / "media",
        ssr_pool_size=1,
        seed=False,
        admin_email="admin@studentbooks.test",
        admin_password="correct horse battery staple",
        demo=True,
        public_url="http://127.0.0.1:8000",
    )
    out.mkdir(parents=True, exist_ok=True)
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as client:
        token = client.get("/api/auth/csrf").json()["csrfToken"]
        client.post(
            "/api/auth/callback/credentials",
            data={
                "csrfToken": token,
                "email": settings.admin_email,
                "password": settings.admin_password,
                "callbackUrl": "/admin",
                "json": "true",
            },
        )
        queue, seen = deque(START), set(START)
        sitemap = client.get("/sitemap.xml").text
        for loc in re.findall(r"<loc>([^<]+)</loc>", sitemap)[:150]:
            path = urlsplit(loc).path
            if path not in seen:
                seen.add(path)
                queue.append(path)
        count = 0
        while queue and count < LIMIT:
            path = queue.popleft()
            response = client.get(path, follow_redirects=False)
            if "text/html" not in response.headers.get("content-type", ""):
                continue
            count += 1
            (out / f"{file_name(path)}.html").write_text(f"{response.status_code} {path}\n{masked(response.text)}")
            for link in LINK.findall(response.text):
                target = urljoin(path, link.replace("&amp;", "&"))
                if target not in seen and not target.startswith(SKIP):
                    seen.add(target)
                    queue.append(target)
    return count


if __name__ == "__main__":
    print(f"{crawl(Path(sys.argv[1]))} pages written to {sys.argv[1]}")
