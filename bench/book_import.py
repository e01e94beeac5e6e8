"""The CSV import of books at catalogue size: a generated 100,000-row file (valid ISBNs, shared
authors, every level) imported into a fresh seeded database through POST /api/books/import, first
as a dry run and then applied. Prints rows/s of each, the server's peak memory (VmHWM), and the
median latency of storefront requests (uncached: a new query string each time) served while the
import runs, against the same requests with no import running.
Budget: during/idle median ratio ≥ 0.5 (i.e. at most twice as slow), no request over 1 s.
"""

from __future__ import annotations

import csv
import os
import random
import socket
import statistics
import tempfile
import threading
import time
from pathlib import Path

import httpx

from bench.common import ADMIN_ENV, running_server, seeded_database, signed_in, table

ROWS = 100_000
# Storefront requests measured with and without an import running: the book store's home, a
# product page and a search, each with a query string never asked before (a page cache miss).
STOREFRONT = ("/", "/product/1", "/product/search/physics")
IDLE_REQUESTS = 60
LATENCY_BUDGET = 0.5  # idle median / median during the import
MAX_LATENCY_MS = 1000
SUBJECTS = (
    "Mathematics",
    "Science",
    "English",
    "History",
    "Geography",
    "Physics",
    "Chemistry",
    "Biology",
    "Economics",
    "Computer Science",
)
KINDS = ("Workbook", "Textbook", "Guide", "Companion", "Reader", "Practice Book")
CATEGORIES = (
    "mathematics",
    "science",
    "english",
    "history-geography",
    "languages",
    "engineering",
    "medicine",
    "business-economics",
    "computer-science",
    "law",
    "fiction",
    "childrens-stories",
    "classics",
)
LEVELS = [f"Class {n}" for n in range(1, 13)] + [f"College year {n}" for n in range(1, 6)] + ["Ages 5-8", "Ages 12+"]
FIRST = ("Asha", "Vikram", "Meera", "Rahul", "Sara", "Tom", "Li", "Ana", "Omar", "Nina", "Ivan", "Zoe")
LAST = ("Rao", "Sen", "Iyer", "Khan", "Patel", "Smith", "Chen", "Garcia", "Haddad", "Novak", "Berg", "Moss")


def generated_csv(path: Path, rows: int = ROWS) -> int:
    """A books CSV of `rows` new books (979-10 ISBNs, which the seed never uses); its size in bytes."""
    from db import isbn
    from db.admin.book_import import COLUMNS

    r = random.Random("bench-book-import")
    authors = [f"{first} {middle}. {last}" for first in FIRST for last in LAST for middle in "ABCDEFGHIJKLMN"]
    with open(path, "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file, lineterminator="\r\n")
        file.write("\ufeff")
        writer.writerow(COLUMNS)
        for n in range(rows):
            subject = r.choice(SUBJECTS)
            level = r.choice(LEVELS)
            writer.writerow(
                [
                    isbn.make("979", f"10{n:07d}"),
                    f"{level} {subject} {r.choice(KINDS)} {n}",
                    "; ".join(r.sample(authors, r.choice((1, 1, 2, 3)))),
                    "Brightpath Education",
                    r.choice(("1st", "2nd", "3rd")),
                    r.randint(2005, 2025),
                    r.choice(("Paperback", "Paperback", "Hardcover", "Spiral")),
                    r.randint(48, 900),
                    "English",
                    level,
                    subject,
                    r.choice(CATEGORIES),
                    f"{r.randint(199, 9999) / 100:.2f}",
                    r.randint(0, 200),
                    r.choice(("yes", "yes", "no")),
                ]
            )
    return path.stat().st_size


def server_pid(port: int) -> int | None:
    """The process listening on the port (running_server keeps its Popen to itself), from /proc."""
    inodes = {
        line.split()[9]
        for name in ("/proc/net/tcp", "/proc/net/tcp6")
        if Path(name).exists()
        for line in Path(name).read_text().splitlines()[1:]
        if line.split()[1].endswith(f":{port:04X}") and line.split()[3] == "0A"
    }  # 0A: LISTEN
    sockets = {f"socket:[{inode}]" for inode in inodes}
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                if any(os.readlink(fd) in sockets for fd in (proc / "fd").iterdir()):
                    return int(proc.name)
            except OSError:
                continue
    return None


def peak_memory_mb(pid: int | None) -> str:
    if pid is None:
        return "?"
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return f"{int(line.split()[1]) / 1024:.0f} MB"
    return "?"


class Storefront:
    """Times storefront requests, each URL new (?b=N), one after another, until stopped."""

    def __init__(self, base: str):
        self.client = httpx.Client(base_url=base, timeout=30)
        self.counter = 0

    def one(self) -> float:
        self.counter += 1
        path = STOREFRONT[self.counter % len(STOREFRONT)]
        started = time.perf_counter()
        response = self.client.get(f"{path}?b={self.counter}")
        elapsed = (time.perf_counter() - started) * 1000
        response.raise_for_status()
        return elapsed

    def during(self, busy: threading.Event) -> list[float]:
        times = []
        while not busy.is_set():
            times.append(self.one())
            time.sleep(0.05)  # a shopper's pace, not a flood
        return times


def imported(
    client: httpx.Client, path: Path, dry_run: bool, storefront: Storefront
) -> tuple[float, list[float], dict]:
    """Seconds the import took, the storefront latencies meanwhile, and the report's counts."""
    finished = threading.Event()
    latencies: list[float] = []
    watcher = threading.Thread(target=lambda: latencies.extend(storefront.during(finished)))
    watcher.start()
    started = time.perf_counter()
    with open(path, "rb") as file:
        response = client.post(
            "/api/books/import",
            files={"file": (path.name, file, "text/csv")},
            data={"dryRun": "true" if dry_run else "false"},
        )
    seconds = time.perf_counter() - started
    finished.set()
    watcher.join()
    response.raise_for_status()
    report = response.json()
    return seconds, latencies, {key: report[key] for key in ("created", "updated", "unchanged", "errors")}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run(port: int | None = None) -> str:
    port = port or free_port()
    folder = Path(tempfile.mkdtemp(prefix="sb-bench-import-"))
    path = folder / "books.csv"
    size = generated_csv(path)
    rows = []
    with seeded_database() as (url, media):
        env = {**ADMIN_ENV, "SSR_POOL_SIZE": "1"}
        with running_server(url, media, port=port, **env) as base:
            pid = server_pid(port)
            client = signed_in(base, timeout=600)
            storefront = Storefront(base)
            for _ in range(10):
                storefront.one()  # warm up
            peak_before = peak_memory_mb(pid)
            for label, dry_run in (("dry run", True), ("apply", False)):
                # The no-import figure is taken just before each import: the machine's load drifts.
                idle = [storefront.one() for _ in range(IDLE_REQUESTS)]
                seconds, during, counts = imported(client, path, dry_run, storefront)
                idle_median, during_median = statistics.median(idle), statistics.median(during)
                ratio = idle_median / during_median
                ok = ratio >= LATENCY_BUDGET and max(during) <= MAX_LATENCY_MS
                rows.append(
                    [
                        label,
                        f"{ROWS / seconds:,.0f} rows/s ({seconds:.1f} s)",
                        ", ".join(f"{k} {v:,}" for k, v in counts.items() if v),
                        f"{idle_median:.1f} ms",
                        f"{during_median:.1f} ms",
                        f"{max(during):.0f} ms",
                        str(len(during)),
                        f"{ratio:.2f}",
                        "ok" if ok else "OVER BUDGET",
                    ]
                )
            peak = peak_memory_mb(pid)
            client.close()
            storefront.client.close()
    path.unlink()
    folder.rmdir()
    return (
        f"Book import: {ROWS:,} rows ({size / 1024**2:.1f} MB) into the seeded database; storefront "
        f"{', '.join(STOREFRONT)} uncached, one at a time; server peak memory (VmHWM) {peak_before} before "
        f"the imports, {peak} after\n"
        + table(
            rows,
            [
                "import",
                "speed",
                "report",
                "median, no import",
                "median during",
                "max during",
                "requests",
                "ratio",
                f"budget ≥{LATENCY_BUDGET}, ≤{MAX_LATENCY_MS} ms",
            ],
        )
    )


if __name__ == "__main__":
    print(run())
