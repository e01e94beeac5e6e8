"""`make cluster`: several Student Books instances on one PostgreSQL database behind Debian's nginx,
on this machine, to try the shop as a fleet serves it (and for tests/test_cluster.py).

    DATABASE_URL  the PostgreSQL database (postgresql://127.0.0.1:5432/studentbooks_cluster,
                  created if absent); migrated, and seeded when empty, once before the instances start
    INSTANCES     how many instances (3), on ports PORT+1, PORT+2, ...
    PORT          where nginx listens (8000), on HOST (127.0.0.1)
    MEDIA_DIR     the folder the demo data's pictures are seeded into (data/cluster-media)

Every instance runs `python -m app` with MEDIA_STORE=database (an upload is served by all of them),
TRUSTED_PROXIES=127.0.0.1 (nginx's forwarded client address is believed, nobody else's) and
PUBLIC_URL set to nginx's address; any other setting in the environment (WORKERS, REDIS_URL,
SSR_POOL_SIZE, ...) reaches every instance. Logs go to a folder the script prints. Ctrl-C stops
everything.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import psycopg
from sqlalchemy.engine import make_url

from deploy.nginx import running_nginx, site

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE = "postgresql://127.0.0.1:5432/studentbooks_cluster"
# Generous: on a machine busy with other work an instance has been seen to take over a minute.
STARTUP_SECONDS = 180


@dataclass
class Instance:
    """One `python -m app` of the cluster."""

    port: int
    process: subprocess.Popen
    log: Path

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@dataclass
class Cluster:
    base: str  # nginx, where shoppers go
    instances: list[Instance]


def maintenance_url(url: str) -> str:
    """The same PostgreSQL server's `postgres` database, where databases are created and dropped."""
    return make_url(url).set(drivername="postgresql", database="postgres").render_as_string(hide_password=False)


def create_database(url: str) -> None:
    """Create the PostgreSQL database of `url` if the server has no database of that name."""
    target = make_url(url)
    with psycopg.connect(maintenance_url(url), autocommit=True) as connection:
        if connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", (target.database,)).fetchone() is None:
            connection.execute(f'CREATE DATABASE "{target.database}"')


def prepare(url: str, media: Path, **settings) -> None:
    """Migrate, seed if empty and create the administrator, once: instances starting together would
    otherwise all try it at the same moment (and two would create the same administrator)."""
    from app.__main__ import prepare as prepare_shop
    from app.settings import Settings

    prepare_shop(Settings(database_url=url, media_dir=media, **settings))


def instance_environment(
    url: str, media: Path, public_url: str, port: int, count: int, env: dict[str, str]
) -> dict[str, str]:
    environment = {**os.environ, **env}
    # Together the instances use one V8 isolate per core, unless told otherwise.
    processes = count * int(environment.get("WORKERS", "1"))
    environment.setdefault("SSR_POOL_SIZE", str(max(1, (os.cpu_count() or 1) // processes)))
    return {
        **environment,
        "DATABASE_URL": url,
        "MEDIA_DIR": str(media),
        "MEDIA_STORE": "database",
        "TRUSTED_PROXIES": "127.0.0.1",
        "PUBLIC_URL": public_url,
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "SEED": "0",
    }


def wait_until_healthy(instance: Instance, deadline: float) -> None:
    while time.monotonic() < deadline:
        if instance.process.poll() is not None:
            raise RuntimeError(f"the instance on port {instance.port} exited:\n" + instance.log.read_text()[-2000:])
        try:
            if httpx.get(instance.base + "/healthz", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"the instance on port {instance.port} was not healthy within {STARTUP_SECONDS} s")


@contextmanager
def running_cluster(
    url: str,
    media: Path,
    folder: Path,
    ports: list[int],
    port: int,
    host: str = "127.0.0.1",
    module: str = "app",
    **env: str,
) -> Iterator[Cluster]:
    """Instances on `ports` and nginx on host:port over an already prepared database, until the
    block ends. `env` adds settings for every instance; `module` is what each runs with `python -m`
    (the shop's own server, or a benchmark's wrapper of it)."""
    # The address shoppers use: nginx's, unless PUBLIC_URL names another (a name, https in front).
    public_url = {**os.environ, **env}.get("PUBLIC_URL") or f"http://{host}:{port}"
    instances: list[Instance] = []
    with ExitStack() as stack:
        for number, instance_port in enumerate(ports, 1):
            log = folder / f"instance-{number}.log"
            output = stack.enter_context(log.open("wb"))
            process = subprocess.Popen(
                [sys.executable, "-m", module],
                cwd=ROOT,
                stdout=output,
                stderr=subprocess.STDOUT,
                env=instance_environment(url, media, public_url, instance_port, len(ports), env),
            )
            instances.append(Instance(instance_port, process, log))
            stack.callback(instances[-1].stop)
        deadline = time.monotonic() + STARTUP_SECONDS
        for instance in instances:  # they start side by side
            wait_until_healthy(instance, deadline)
        balancer = cluster_site(ports, f"{host}:{port}")
        stack.enter_context(running_nginx(folder / "nginx", balancer, f"http://{host}:{port}"))
        yield Cluster(f"http://{host}:{port}", instances)


def cluster_site(ports: list[int], listen: str) -> str:
    """deploy/nginx-cluster.conf balancing over these instance ports, listening on `listen`."""
    examples = "".join(f"    server 127.0.0.1:{p} max_fails=2 fail_timeout=5s;\n" for p in (8001, 8002, 8003))
    ours = "".join(f"    server 127.0.0.1:{p} max_fails=2 fail_timeout=5s;\n" for p in ports)
    return site("nginx-cluster.conf", (examples, ours), ("listen 8000;", f"listen {listen};"))


def main() -> None:
    url = os.environ.get("DATABASE_URL", DEFAULT_DATABASE)
    if make_url(url).get_backend_name() != "postgresql":
        sys.exit("make cluster needs a PostgreSQL DATABASE_URL: instances on several machines cannot share SQLite")
    count = int(os.environ.get("INSTANCES", "3"))
    host, port = os.environ.get("HOST", "127.0.0.1"), int(os.environ.get("PORT", "8000"))
    media = Path(os.environ.get("MEDIA_DIR", ROOT / "data" / "cluster-media"))
    try:
        create_database(url)
    except psycopg.OperationalError as unreachable:
        sys.exit(f"no PostgreSQL server answers at {make_url(url).render_as_string()}: {unreachable}")
    prepare(url, media)
    folder = Path(tempfile.mkdtemp(prefix="studentbooks-cluster-"))
    ports = [port + n for n in range(1, count + 1)]
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # stopped like Ctrl-C
    try:
        with running_cluster(url, media, folder, ports, port, host) as cluster:
            print(
                f"Student Books cluster on {cluster.base}: {count} instances on ports "
                f"{', '.join(map(str, ports))} behind nginx, database {make_url(url).render_as_string()}\n"
                f"logs in {folder}; Ctrl-C stops everything",
                flush=True,
            )
            signal.pause()
    except KeyboardInterrupt:
        pass
    print("stopped", flush=True)


if __name__ == "__main__":
    main()
