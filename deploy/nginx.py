"""Debian's nginx run in the foreground on loopback with one of deploy/'s site configurations: for
`make cluster`, the tests and the benchmarks. Everything it writes (pid, logs, temporary files,
the cache) stays in one folder, so it needs no root-owned paths and leaves nothing behind."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

DEPLOY = Path(__file__).resolve().parent
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


class NginxUnavailable(RuntimeError):
    """nginx is not installed here, or would not start with the configuration."""


def site(name: str, *replacements: tuple[str, str]) -> str:
    """deploy/<name> with each example value replaced by this run's."""
    text = (DEPLOY / name).read_text()
    for example, here in replacements:
        if example not in text:
            raise ValueError(f"deploy/{name} no longer has {example!r}")
        text = text.replace(example, here)
    return text


def main_config(folder: Path, site_text: str) -> Path:
    """The top-level nginx.conf around a site (which belongs in the `http` block)."""
    (folder / "site.conf").write_text(site_text)
    temp = " ".join(
        f"{kind}_temp_path {folder / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    config = folder / "nginx.conf"
    config.write_text(
        ("user root;\n" if os.geteuid() == 0 else "")  # the workers must reach this private folder
        + f"daemon off;\nworker_processes 1;\npid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'};\n"
        + f"events {{}}\nhttp {{\naccess_log off;\n{temp}\ninclude {folder / 'site.conf'};\n}}\n"
    )
    return config


@contextmanager
def running_nginx(folder: Path, site_text: str, base: str) -> Iterator[subprocess.Popen]:
    """nginx serving `site_text` until the block ends; `base` is where it listens, asked until it
    answers. Raises NginxUnavailable where nginx is missing or refuses to start."""
    if not Path(NGINX).exists():
        raise NginxUnavailable("nginx is not installed (`make nginx` installs nginx-light)")
    folder.mkdir(parents=True, exist_ok=True)
    config = main_config(folder, site_text)
    proxy = subprocess.Popen(
        [NGINX, "-c", str(config), "-p", str(folder), "-e", str(folder / "error.log")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        for _ in range(100):
            if proxy.poll() is not None:
                raise NginxUnavailable("nginx could not start: " + proxy.stderr.read().decode()[-500:])
            try:
                httpx.get(base + "/robots.txt", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        yield proxy
    finally:
        if proxy.poll() is None:
            proxy.terminate()
            proxy.wait(timeout=10)
