"""What the benchmarks share: a seeded database, a running server, page props, formatting."""

from __future__ import annotations

import gzip
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "static" / "build"


def kb(n: int) -> str:
    return f"{n / 1024:.1f} KB"


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 9))


def median(values) -> float:
    return statistics.median(values)


@contextmanager
def seeded_database():
    """A fresh SQLite database with the demo data, removed afterwards."""
    from db.engine import make_engine, make_sessionmaker
    from db.migrate import upgrade
    from db.seed import seed

    folder = Path(tempfile.mkdtemp(prefix="sb-bench-"))
    url = f"sqlite:///{folder / 'bench.db'}"
    upgrade(url)
    engine = make_engine(url)
    with make_sessionmaker(engine)() as session, session.begin():
        seed(session, folder / "media")
    engine.dispose()
    try:
        yield url, folder / "media"
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def server_process(url: str, media: Path, port: int = 8765, module: str = "app", **env):
    """A server on loopback (`python -m module`, the shop's own by default): (its process, its base
    URL), stopped afterwards."""
    with socket.socket() as probe:
        if probe.connect_ex(("127.0.0.1", port)) == 0:  # the figures would be another server's
            raise RuntimeError(f"port {port} is taken by another server; stop it first")
    environment = {
        **os.environ,
        "DATABASE_URL": url,
        "MEDIA_DIR": str(media),
        "PORT": str(port),
        "HOST": "127.0.0.1",
        "SEED": "0",
        **env,
    }
    process = subprocess.Popen(
        [sys.executable, "-m", module], cwd=ROOT, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            try:
                httpx.get(base + "/robots.txt", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.2)
        yield process, base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:  # a machine busy with other work: its figures are taken
            process.kill()
            process.wait()


@contextmanager
def running_server(url: str, media: Path, port: int = 8765, **env):
    with server_process(url, media, port, **env) as (_, base):
        yield base


# The administrator the benchmarks' servers are started with (ADMIN_EMAIL, ADMIN_PASSWORD).
ADMIN_EMAIL = "bench@studentbooks.test"
ADMIN_PASSWORD = "bench-admin-password"
ADMIN_ENV = {"ADMIN_EMAIL": ADMIN_EMAIL, "ADMIN_PASSWORD": ADMIN_PASSWORD}


def signed_in(base: str, timeout: float = 10) -> httpx.Client:
    """A client signed in as that administrator, sending the session's CSRF token on writes."""
    client = httpx.Client(base_url=base, timeout=timeout)
    token = client.get("/api/auth/csrf").json()["csrfToken"]
    response = client.post(
        "/api/auth/callback/credentials",
        data={
            "csrfToken": token,
            "email": ADMIN_EMAIL,
            "password": ADMIN_PASSWORD,
            "callbackUrl": "/admin",
            "json": "true",
        },
    )
    response.raise_for_status()
    client.headers["X-CSRF-Token"] = client.get("/api/auth/csrf").json()["csrfToken"]
    return client


def page_json(base: str, path: str) -> str:
    """The exact document the server renders for a page (its props as JSON)."""
    return json.dumps(httpx.get(base + path, headers={"Accept": "application/json"}).json(), ensure_ascii=False)


def table(rows: list[list[str]], header: list[str]) -> str:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    line = lambda r: "  ".join(str(c).ljust(w) for c, w in zip(r, widths))  # noqa: E731
    return "\n".join([line(header), line(["-" * w for w in widths]), *map(line, rows)])
