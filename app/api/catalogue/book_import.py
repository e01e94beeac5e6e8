"""Books by CSV: the import (POST /api/books/import), its progress, the export and the template.

POST /api/books/import takes multipart/form-data: the CSV in `file`, `dryRun` "true" (only report,
the default) or "false" (write), and optionally `progress`, an id the page chose so it can ask
GET /api/books/import/progress/{id} how many rows are checked (and covers drawn) while the import runs. It answers
the report {created, updated, unchanged, errors, covers, rows} (`covers`: the books given a drawn
cover, db/covers.py, kept by the media store): 200, or 422 (with `message` beside the
report) when an apply met rows with errors and so wrote nothing. A file that cannot be read as a
books CSV is 415 (not UTF-8 text) or 422 (no header of the books columns), a body beyond
BOOK_IMPORT_MAX_BYTES is 413, each with a message; a second apply while one runs is 409.

The upload is spooled to disk by Starlette past 1 MB and read from there line by line in a thread
of the import's own, so a 100,000-row file neither sits in memory twice nor holds the event loop;
that thread runs at a lower priority and steps aside for the GIL every few milliseconds, so the
storefront keeps answering meanwhile (bench/book_import.py measures it). The report goes out as
JSON a thousand rows at a time, written in a worker thread.

Progress lives in this process's memory (safe to lose): with several server instances, the page's
polls must reach the instance running the import (sticky sessions), or they answer 404.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import json
import os
import re
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, Field
from sqlalchemy.exc import IntegrityError
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route
from typing_extensions import TypedDict

from app.api.admin_writes import administrator
from app.api.contract import ADMIN, contract
from app.api.paged_lists import CSV, csv_chunks
from app.api.records import closed
from app.api.uploads import MULTIPART, UPLOAD, UploadLimit, read_form, refuse_file, the_file
from app.api.writes import refusal
from app.auth.sessions import SESSION_COOKIE, require_admin, token_hash
from app.database import Database
from app.http.errors import ApiError
from app.services import services_of
from db.admin.book_import import (
    TEMPLATE_RECORD,
    FileRefused,
    ImportRefused,
    ImportReport,
    exported_books,
    import_books,
)

T = TypeVar("T")
DRY_RUN = {"true": True, "false": False}
PROGRESS_ID = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
# Progress of a finished import is kept this long (the page's last poll may come after the answer).
PROGRESS_KEPT_SEC = 600
MAX_PROGRESS_ENTRIES = 1000
# The import is Python work that holds the GIL in its thread; a thread that only waits for the GIL
# gets it after up to 5 ms (sys.getswitchinterval), and a storefront request needs it a dozen
# times. So every WORK_SLICE of import work, the import sleeps PAUSE, leaving the GIL free at once
# (measured: the storefront's median stays within 2x; the import takes ~1.5x as long as unpaced);
# and its thread runs at a lower CPU priority (NICE), so on a busy machine the requests go first.
WORK_SLICE = 0.001
PAUSE = 0.001
NICE = 15
REPORT_ROWS_PER_CHUNK = 1000


# --- what is sent and answered ------------------------------------------------------------------


class BooksCsv(BaseModel):
    file: bytes = Field(description="The books CSV, UTF-8, with a header row of the books columns")
    dryRun: Literal[tuple(DRY_RUN)] = Field("true", description="true: only report; false: write")
    progress: Annotated[str, Field(pattern=PROGRESS_ID.pattern)] | None = Field(
        None, description="An id to ask GET /api/books/import/progress/{id} about while the import runs"
    )


@closed
class ReportRow(TypedDict):
    row: int
    isbn: str
    title: str
    action: Literal["created", "updated", "unchanged", "error"]
    errors: dict[str, str]


@closed
class ImportReportRecord(TypedDict):
    """What an import did (or, as a dry run, would do): the counts and a line per row."""

    created: int
    updated: int
    unchanged: int
    errors: int
    covers: int  # books given a drawn cover (they have no image of their own)
    rows: list[ReportRow]


@closed
class RefusedImport(ImportReportRecord):
    """An apply that met rows with errors, and so wrote nothing: why, and the report."""

    message: str


@closed
class ImportProgress(TypedDict):
    rows: int
    covers: int  # the drawn covers of the rows checked so far (a dry run: those it would draw)
    done: bool


# --- progress, in this process only --------------------------------------------------------------


@dataclass
class Progress:
    owner: str  # the hash of the session cookie that started the import: only it may read this
    rows: int = 0
    covers: int = 0
    done: bool = False
    started: float = field(default_factory=time.monotonic)
    _worked_since: float = field(default_factory=time.perf_counter)

    def checked(self, rows: int, covers: int) -> None:
        """Called by the import (in its own thread) as it goes: note the rows and covers, and now
        and then step aside so the event loop and the storefront's requests get the GIL without waiting."""
        self.rows, self.covers = rows, covers
        if time.perf_counter() - self._worked_since >= WORK_SLICE:
            time.sleep(PAUSE)
            self._worked_since = time.perf_counter()


RUNNING: dict[str, Progress] = {}
# One apply at a time per server: on SQLite a second would wait for the first's write lock.
APPLYING = asyncio.Lock()


def _owner(request: Request) -> str:
    return token_hash(request.cookies.get(SESSION_COOKIE, ""))


def track(request: Request, progress_id: str | None) -> Progress:
    """A progress entry for this import, listed under the page's id when it sent a usable one."""
    now = time.monotonic()
    for key in [key for key, entry in RUNNING.items() if now - entry.started > PROGRESS_KEPT_SEC]:
        RUNNING.pop(key, None)
    progress = Progress(_owner(request))
    if progress_id and PROGRESS_ID.match(progress_id) and len(RUNNING) < MAX_PROGRESS_ENTRIES:
        RUNNING[progress_id] = progress
    return progress


@contract(returns=ImportProgress, refusals=(401, 404))
async def import_progress(request: Request) -> Response:
    """How many rows of a running import (started with this `progress` id) are checked, and covers
    drawn, so far."""
    # No database here: on SQLite a running apply holds the write lock, and a poll must not wait.
    if not request.cookies.get(SESSION_COOKIE):
        raise ApiError(401, "Sign in as an administrator to continue")
    progress = RUNNING.get(request.path_params["id"])
    if progress is None or progress.owner != _owner(request):
        raise ApiError(404, "No import with this id runs on this server")
    return Response(
        json.dumps({"rows": progress.rows, "covers": progress.covers, "done": progress.done}),
        media_type="application/json",
        headers={"Cache-Control": "no-store"},
    )


# --- the upload ---------------------------------------------------------------------------------


def csv_limit(max_bytes: int) -> UploadLimit:
    return UploadLimit("file", max_bytes, "; split it into smaller files")


def dry_run_of(form: FormData) -> bool:
    value = str(form.get("dryRun", "true")).strip().lower()
    if value not in DRY_RUN:
        raise ApiError(422, "dryRun is true or false", {"dryRun": "Send true (only check) or false (import)"})
    return DRY_RUN[value]


async def in_own_thread(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """fn in a thread of its own at a lower CPU priority (a pool thread would keep the priority
    for the requests it serves later), awaited without holding the event loop."""

    def run() -> T:
        # Linux sets a nice value per thread; elsewhere the import runs at normal priority.
        with contextlib.suppress(AttributeError, OSError):
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)
        return fn(*args, **kwargs)

    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="book-import")
    try:
        return await asyncio.get_running_loop().run_in_executor(pool, run)
    finally:
        pool.shutdown(wait=False)  # the thread ends with its work (at once, unless cancelled)


def report_chunks(report: ImportReport, message: str | None) -> Iterator[str]:
    """The report as JSON, a thousand rows at a time: 100,000 rows make megabytes, which are
    written piece by piece in a worker thread (one json.dumps of the whole would hold the GIL for
    a long moment and sit in memory whole)."""
    head = ({"message": message} if message else {}) | report.counts()
    yield json.dumps(head, ensure_ascii=False)[:-1] + ', "rows": ['
    for start in range(0, len(report.rows), REPORT_ROWS_PER_CHUNK):
        records = report.row_records(start, start + REPORT_ROWS_PER_CHUNK)
        yield ("," if start else "") + json.dumps(records, ensure_ascii=False)[1:-1]
    yield "]}"


def report_response(report: ImportReport, status: int = 200, message: str | None = None) -> StreamingResponse:
    return StreamingResponse(
        report_chunks(report, message),
        status_code=status,
        media_type="application/json",
        headers={"Cache-Control": "no-store"},
    )


@contract(
    body=BooksCsv,
    body_media=MULTIPART,
    returns=ImportReportRecord,
    answers={422: RefusedImport},
    refusals=(*ADMIN, *UPLOAD, 409),
)
async def import_endpoint(request: Request) -> Response:
    """Import books from a CSV file (multipart `file`, `dryRun` true|false): a report per row; upsert by ISBN."""
    actor = await administrator(request)
    services = services_of(request)
    max_bytes = services.settings.book_import_max_bytes
    limit = csv_limit(max_bytes)
    form = await read_form(request, limit)
    try:
        upload = the_file(form, limit, "Choose a CSV file to import")
        dry_run = dry_run_of(form)
        progress = track(request, str(form.get("progress") or ""))
        try:
            if dry_run:
                report = await in_own_thread(
                    services.db.read_sync,
                    import_books,
                    actor,
                    upload.file,
                    apply=False,
                    progress=progress.checked,
                    keep_covers=services.media.keep_drawn,
                )
            elif APPLYING.locked():
                raise ApiError(409, "Another import is being written; try again when it has finished")
            else:
                async with APPLYING:
                    report = await in_own_thread(
                        services.db.write_sync,
                        import_books,
                        actor,
                        upload.file,
                        apply=True,
                        progress=progress.checked,
                        keep_covers=services.media.keep_drawn,
                    )
        except FileRefused as refused:
            raise refuse_file(refused.status, refused.message) from None
        except ImportRefused as refused:
            rows = refused.report.errors
            message = f"{rows:,} row{'s have' if rows != 1 else ' has'} errors, so nothing was imported"
            return report_response(refused.report, 422, message)
        except IntegrityError as error:
            raise refusal(error) from error
        finally:
            progress.done = True
    finally:
        await form.close()
    if not dry_run and (report.created or report.updated):
        await services.catalogue_written()
    return report_response(report)


# --- export and template ------------------------------------------------------------------------


def csv_download(chunks: Iterator[str], name: str) -> StreamingResponse:
    return StreamingResponse(
        chunks,
        media_type=CSV,
        headers={"Content-Disposition": f'attachment; filename="{name}.csv"', "Cache-Control": "no-store"},
    )


download = contract(returns=str, media_type=CSV, headers=("Content-Disposition",), refusals=ADMIN)


def exported(db: Database) -> Iterator[str]:
    """One read session for the whole export, open while the rows are streamed out."""
    with db.sessions() as session:
        yield from csv_chunks(exported_books(session))


@download
async def export_endpoint(request: Request) -> StreamingResponse:
    """CSV export of every book of the books shop, in the columns the import reads (UTF-8 with a byte order mark)"""
    await require_admin(request)
    return csv_download(exported(services_of(request).db), f"books-{dt.date.today().isoformat()}")


@download
async def template_endpoint(request: Request) -> StreamingResponse:
    """A CSV template for the import: the header and one example book"""
    await require_admin(request)
    return csv_download(csv_chunks(iter([TEMPLATE_RECORD])), "books-import-template")


routes = [
    Route("/api/books/import", import_endpoint, methods=["POST"]),
    Route("/api/books/import/progress/{id}", import_progress, methods=["GET"]),
    Route("/api/books/import-template.csv", template_endpoint, methods=["GET"]),
    Route("/api/books.csv", export_endpoint, methods=["GET"]),
]
