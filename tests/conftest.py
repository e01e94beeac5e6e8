"""Shared fixtures: a seeded database (SQLite, and PostgreSQL where one answers), the app with
its renderer, a signed-in administrator, a live server and Debian's Chromium for browser tests."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from argon2 import PasswordHasher
from starlette.testclient import TestClient

from app.auth import passwords
from app.main import create_app
from app.settings import ROOT, Settings
from db.engine import make_engine, make_sessionmaker
from db.migrate import upgrade
from db.seed import seed

ADMIN_EMAIL = "admin@studentbooks.test"
ADMIN_PASSWORD = "correct horse battery staple"
# The suite builds its own settings: a variable of the caller's (PORT=18790 make test, DATABASE_URL,
# REDIS_URL...) must change neither the in-process apps nor the servers tests start, so every
# variable the shop reads (named in app/settings.py and db/config.py) is dropped before any test runs.
SHOP_VARIABLES = set(
    re.findall(
        r'"([A-Z][A-Z0-9_]{2,})"', (ROOT / "app" / "settings.py").read_text() + (ROOT / "db" / "config.py").read_text()
    )
)
for _name in SHOP_VARIABLES:
    os.environ.pop(_name, None)

# Passwords hashed in the tests' own processes use argon2id at its lightest (the servers tests start
# keep the real parameters): a test signs in or starts an app, and each of those checks a hash;
# at 80 ms a check that cost the suite minutes and tested nothing more.
passwords.HASHER = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)

TEST_POSTGRES_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
CHROMIUM = "/usr/bin/chromium"


def seed_database(url: str, media_dir: Path) -> None:
    upgrade(url)
    engine = make_engine(url)
    with make_sessionmaker(engine)() as session, session.begin():
        seed(session, media_dir)
    engine.dispose()


@pytest.fixture(scope="session")
def seeded_sqlite(tmp_path_factory) -> tuple[Path, Path]:
    """One seeded SQLite file and media folder per test session; tests get copies of the file."""
    folder = tmp_path_factory.mktemp("seeded")
    db_file, media = folder / "shop.db", folder / "media"
    seed_database(f"sqlite:///{db_file}", media)
    with sqlite3.connect(db_file) as connection:  # fold the WAL into the file before copying it
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return db_file, media


def make_settings(database_url: str, media_dir: Path, **overrides) -> Settings:
    values = dict(
        database_url=database_url,
        media_dir=media_dir,
        ssr_pool_size=1,
        seed=False,
        admin_email=ADMIN_EMAIL,
        admin_password=ADMIN_PASSWORD,
        demo=True,
    )
    values.update(overrides)
    return Settings(**values)


@pytest.fixture
def db_file(tmp_path, seeded_sqlite) -> Path:
    """A private copy of the seeded database: a test may write to it freely."""
    copy = tmp_path / "shop.db"
    shutil.copyfile(seeded_sqlite[0], copy)
    return copy


@pytest.fixture
def settings(db_file, seeded_sqlite) -> Settings:
    """Settings over a private database; the seeded media folder is shared (use `own_media` to write)."""
    return make_settings(f"sqlite:///{db_file}", seeded_sqlite[1])


@pytest.fixture
def own_media(settings, tmp_path) -> Settings:
    """Settings with a private, empty media folder, for tests that upload."""
    return make_settings(settings.database_url, tmp_path / "media")


@pytest.fixture
def client(settings) -> TestClient:
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as test_client:
        yield test_client


def another_browser(client: TestClient) -> TestClient:
    """A second cookie jar on the same running app (no second lifespan). It sends its requests
    through the first client's event loop: the app's locks and tasks belong to that loop, and a
    request on a loop of its own that had to wait for one of them would fail."""
    browser = TestClient(client.app, base_url="http://127.0.0.1")
    browser.portal = client.portal
    return browser


def sign_in(client: TestClient, email: str = ADMIN_EMAIL, password: str = ADMIN_PASSWORD) -> httpx.Response:
    """Sign in with credentials the way the /login page does; answers the callback's response."""
    token = client.get("/api/auth/csrf").json()["csrfToken"]
    return client.post(
        "/api/auth/callback/credentials",
        data={"csrfToken": token, "email": email, "password": password, "callbackUrl": "/admin", "json": "true"},
    )


def statements_of(client: TestClient, path: str, **request) -> tuple[httpx.Response, list[str]]:
    """The answer to a GET of `path` and the statements it ran (whitespace folded), but the change
    log's: a request that first applies a catalogue change reads it, whatever the page."""
    from sqlalchemy import event

    engine = client.app.state.services.db.engine
    ran: list[str] = []
    listener = lambda conn, cursor, statement, *args: ran.append(" ".join(statement.split()))  # noqa: E731
    event.listen(engine, "before_cursor_execute", listener)
    try:
        response = client.get(path, **request)
    finally:
        event.remove(engine, "before_cursor_execute", listener)
    return response, [statement for statement in ran if "FROM page_change" not in statement]


@pytest.fixture
def admin_client(client) -> TestClient:
    """A client signed in as the administrator, sending the session's CSRF token on writes."""
    response = sign_in(client)
    assert response.status_code == 200, response.text
    client.headers["X-CSRF-Token"] = client.get("/api/auth/csrf").json()["csrfToken"]
    return client


# --- PostgreSQL: one seeded database per test worker, where a server answers -------------------


def _postgres_available(url: str) -> bool:
    try:
        import psycopg

        with psycopg.connect(url, connect_timeout=2):
            return True
    except Exception:
        return False


def fresh_postgres(purpose: str) -> str:
    """The URL of a new, empty PostgreSQL database of this test worker for one purpose (dropped
    first if an earlier run left it); skips the test where no PostgreSQL server answers."""
    if not _postgres_available(TEST_POSTGRES_URL):
        pytest.skip(f"no PostgreSQL server answers at {TEST_POSTGRES_URL}")
    import psycopg

    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    # Two checkouts testing at once (a work tree beside main) must not drop each other's database.
    checkout = hashlib.sha1(str(Path(__file__).resolve().parent).encode()).hexdigest()[:6]
    name = f"sb_{purpose}_{checkout}_{worker}"
    with psycopg.connect(TEST_POSTGRES_URL, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')
    return TEST_POSTGRES_URL.rsplit("/", 1)[0] + "/" + name


@pytest.fixture(scope="session")
def seeded_postgres(tmp_path_factory) -> tuple[str, Path]:
    url = fresh_postgres("test")
    media = tmp_path_factory.mktemp("pg-media")
    seed_database(url, media)
    return url, media


@pytest.fixture
def postgres_admin_client(tmp_path) -> TestClient:
    """An administrator's client on a private, freshly seeded PostgreSQL database (for writes)."""
    url = fresh_postgres("write")
    seed_database(url, tmp_path / "media")
    with TestClient(create_app(make_settings(url, tmp_path / "media")), base_url="http://127.0.0.1") as test_client:
        assert sign_in(test_client).status_code == 200
        test_client.headers["X-CSRF-Token"] = test_client.get("/api/auth/csrf").json()["csrfToken"]
        yield test_client


@pytest.fixture(params=["sqlite", "postgresql"])
def any_client(request, settings) -> TestClient:
    """A client on SQLite and, in a second run of the test, on PostgreSQL. Read-only tests only:
    the PostgreSQL database is shared by the tests of one worker."""
    if request.param == "postgresql":
        url, media = request.getfixturevalue("seeded_postgres")
        settings = make_settings(url, media)
    with TestClient(create_app(settings), base_url="http://127.0.0.1") as test_client:
        yield test_client


# --- Browser tests: a live server and Debian's Chromium --------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_log(db_file: Path) -> Path:
    """Where the server started on `db_file` writes its log."""
    return db_file.with_name(db_file.name + ".log")


SERVER_LOGS: dict[str, Path] = {}  # each started server's address -> its log


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test that used a started server shows the end of that server's log."""
    report = yield
    if report.failed:
        for value in getattr(item, "funcargs", {}).values():
            if isinstance(value, str) and value in SERVER_LOGS:
                report.sections.append(
                    (f"server log ({value})", SERVER_LOGS[value].read_text(errors="replace")[-4000:])
                )
    return report


def start_server(db_file: Path, media: Path, **env) -> tuple[subprocess.Popen, str]:
    port = free_port()
    environment = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{db_file}",
        "MEDIA_DIR": str(media),
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "SEED": "0",
        "SSR_POOL_SIZE": "1",
        "ADMIN_EMAIL": ADMIN_EMAIL,
        "ADMIN_PASSWORD": ADMIN_PASSWORD,
        **env,
    }
    # The server's log (a 500's traceback goes there) is written to a file beside its database: a
    # pipe nobody reads fills after 64 KB of log, and the server then stops mid-write.
    log = server_log(db_file)
    with log.open("ab") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "app"], cwd=ROOT, env=environment, stdout=subprocess.DEVNULL, stderr=sink
        )
    base = f"http://127.0.0.1:{port}"
    SERVER_LOGS[base] = log
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("server exited: " + log.read_text(errors="replace")[-2000:])
        try:
            if httpx.get(base + "/robots.txt", timeout=1).status_code < 500:
                return process, base
        except httpx.HTTPError:
            time.sleep(0.2)
    process.kill()
    raise RuntimeError("server did not start in 30 s")


@pytest.fixture(scope="session")
def live_server(seeded_sqlite, tmp_path_factory) -> str:
    """A real server on loopback over a private copy of the seeded database."""
    folder = tmp_path_factory.mktemp("live")
    db_copy = folder / "shop.db"
    shutil.copyfile(seeded_sqlite[0], db_copy)
    process, base = start_server(db_copy, seeded_sqlite[1])
    yield base
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (make test installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--disable-quic",
            ],
        )
        yield browser
        browser.close()


class ConsoleLog(list):
    """Console errors and page errors a page printed: a hydration warning is a failure."""

    def errors(self) -> list[str]:
        return [m for m in self if not m.startswith("warning:") or "hydrat" in m.lower()]


CSP_WATCH = """document.addEventListener('securitypolicyviolation', (e) =>
  window.__reportPolicyViolation(`${e.violatedDirective} blocked ${e.blockedURI} ${e.sample || ''}`));"""


@pytest.fixture
def page_factory(browser):
    """open(viewport=None, **context options) -> (page, console log); closed after the test."""
    contexts = []
    violations: list[str] = []

    def open_page(width: int = 1280, height: int = 800, **options):
        context = browser.new_context(viewport={"width": width, "height": height}, **options)
        contexts.append(context)
        # Every page of every browser test is held to the Content-Security-Policy (app/http/security.py).
        context.expose_binding(
            "__reportPolicyViolation", lambda source, text: violations.append(f"{source['page'].url}: {text}")
        )
        context.add_init_script(CSP_WATCH)
        page = context.new_page()
        log = ConsoleLog()
        page.on("console", lambda m: log.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
        page.on("pageerror", lambda e: log.append(f"pageerror: {e}"))
        return page, log

    yield open_page
    for context in contexts:
        context.close()
    assert not violations, f"Content-Security-Policy violations: {violations}"
