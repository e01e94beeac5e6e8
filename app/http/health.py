"""GET /healthz: whether this instance can serve, for the load balancer in front (deploy/).

200 {"status": "ok"} when the database answers a trivial query, 503 {"status": "unavailable"}
otherwise, so a balancer stops sending shoppers to an instance that would only fail them. Never
cached (an old "ok" would hide an outage), and no detail of the failure is shown to whoever asks.
"""

from __future__ import annotations

import logging

from sqlalchemy import text
from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from app.services import services_of

log = logging.getLogger("studentbooks")
NOT_KEPT = {"Cache-Control": "no-store"}


def _database_answers(session: Session) -> None:
    session.execute(text("SELECT 1"))


async def healthz(request: Request) -> JSONResponse:
    try:
        await services_of(request).db.read(_database_answers)
    except Exception:  # any failure to reach the database means: do not send shoppers here
        log.warning("health check: the database does not answer", exc_info=True)
        return JSONResponse({"status": "unavailable"}, status_code=503, headers=NOT_KEPT)
    return JSONResponse({"status": "ok"}, headers=NOT_KEPT)


routes = [Route("/healthz", healthz, methods=["GET", "HEAD"])]
