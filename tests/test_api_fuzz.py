"""Schemathesis against the live server, signed in as the administrator with the session's CSRF
token on every request: every /api operation of /openapi.json, with data generated from its
schemas (boundary and invalid values first, then random ones).

It must find no 5xx answer and no answer the document does not describe (status code, content
type, headers such as X-Total-Count, and the record's schema). Bounded to a few minutes: a few
cases per operation, a fixed seed (deterministic generation), on a fresh copy of the seeded shop.
One worker: the order of the writes, and so what each later case meets, is the same every run.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from conftest import ADMIN_EMAIL, ADMIN_PASSWORD, server_log, start_server

CHECKS = (
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_headers_conformance",
    "response_schema_conformance",
)
EXAMPLES_PER_OPERATION = 10
# Sign-out would end the session the run uses.
NOT_FUZZED = r"^/api/auth/signout"
RUN_TIMEOUT = 420  # seconds; the run takes about 2.5 minutes on this 2-core machine
# Ids the seeded shop has, so that a fair share of the cases reach a record rather than a 404.
CONFIG = """
[dictionaries.seeded-ids]
values = [1, 2, 3, 4, 5, 7, 10, 20, 40]

[parameters]
"path.id" = { dictionary = "seeded-ids", probability = 0.6 }
"body.categoryId" = { dictionary = "seeded-ids", probability = 0.5 }
"body.parentId" = { dictionary = "seeded-ids", probability = 0.5 }
"body.brandId" = { dictionary = "seeded-ids", probability = 0.5 }
"body.orderLineId" = { dictionary = "seeded-ids", probability = 0.5 }
"body.items[*].productId" = { dictionary = "seeded-ids", probability = 0.5 }
"body.items[*].id" = { dictionary = "seeded-ids", probability = 0.5 }
"""


@pytest.fixture
def server(tmp_path, seeded_sqlite):
    """The live server on a fresh copy of the seeded shop, and its log (where a 500's traceback
    goes), which a failure shows."""
    db_file, media = tmp_path / "shop.db", tmp_path / "media"
    shutil.copyfile(seeded_sqlite[0], db_file)
    shutil.copytree(seeded_sqlite[1], media)
    process, base = start_server(db_file, media)
    yield base, server_log(db_file)
    process.terminate()
    process.wait(timeout=10)


def signed_in(base: str) -> httpx.Client:
    """A client with the administrator's session, as the /login page signs in."""
    client = httpx.Client(base_url=base, timeout=10)
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
    assert response.status_code == 200, response.text
    return client


@pytest.mark.timeout(RUN_TIMEOUT + 60)
def test_schemathesis_finds_no_server_error_and_no_undocumented_answer(server, tmp_path):
    server, log = server
    admin = signed_in(server)
    csrf = admin.get("/api/auth/csrf").json()["csrfToken"]
    cookie = "; ".join(f"{name}={value}" for name, value in admin.cookies.items())
    config = tmp_path / "schemathesis.toml"
    config.write_text(CONFIG)
    command = [
        str(Path(sys.executable).with_name("st")),
        "--config-file",
        str(config),
        "run",
        f"{server}/openapi.json",
        "--checks",
        ",".join(CHECKS),
        "--header",
        f"Cookie: {cookie}",
        "--header",
        f"X-CSRF-Token: {csrf}",
        "--exclude-path-regex",
        NOT_FUZZED,
        "--phases",
        "coverage,fuzzing",
        "--max-examples",
        str(EXAMPLES_PER_OPERATION),
        "--generation-deterministic",
        "--workers",
        "1",
        "--request-timeout",
        "30",
        "--max-redirects",
        "0",
        "--no-color",
        "--output-truncate",
        "true",
    ]
    run = subprocess.run(command, capture_output=True, text=True, timeout=RUN_TIMEOUT, cwd=tmp_path)
    report = run.stdout + run.stderr
    assert run.returncode == 0, report[-20000:] + "\n--- server log ---\n" + log.read_text(errors="replace")[-8000:]
    # Cases did run, and every one passed.
    counts = re.search(r"(\d+) generated, (\d+) passed", report)
    assert counts and counts[1] == counts[2] and int(counts[1]) > 1000, report[-5000:]
    # The session lasted the whole run, so admin operations were tested past their 401.
    assert admin.get("/api/products", params={"per_page": 1}).status_code == 200
