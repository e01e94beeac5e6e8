"""Administrator writes as REST on the list paths: an `Area` is one list's POST, and GET, PATCH and
DELETE of one record, each a plain function of db/admin/* run in ONE transaction.

Every write needs an administrator session (401) and its X-CSRF-Token (403); its body is checked
by the area's pydantic form (422 with per-field errors); it runs with its audit entry, and a
refusal there (db.admin.NotFound, Conflict, Invalid) is 404, 409 or 422 with nothing written.
Writes that touch the catalogue record the invalidation keys of what they changed in that
transaction (db/catalogue_changes.py); this server then reads them at once and drops the cached pages
that show it, so storefront pages show the change on the next request.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from app.api.contract import ADMIN, ADMIN_WRITE, Contract
from app.api.validation import read_json
from app.api.writes import refusal, write
from app.auth import roles
from app.auth.sessions import require_admin, require_csrf
from app.http.errors import ApiError
from app.services import services_of
from db.admin import Conflict, Invalid, NotFound
from db.models import AuthSession


async def writer(request: Request) -> AuthSession:
    """Who is writing: an administrator with this session's CSRF token."""
    auth = await require_admin(request)
    await require_csrf(request)
    return auth


async def administrator(request: Request) -> str:
    """Who is writing, as the audit log names them."""
    return (await writer(request)).user.email


async def run_write(request: Request, fn: Callable, *args: Any) -> Any:
    """A catalogue write: one transaction, its refusals as 4xx, then this server shows the change."""
    result = await write(request, fn, *args)
    await services_of(request).catalogue_written()
    return result


async def run_read(request: Request, fn: Callable, *args: Any) -> Any:
    try:
        return await services_of(request).db.read(fn, *args)
    except NotFound as error:
        raise refusal(error) from error


def missing_media(request: Request, form: BaseModel, fields: tuple[str, ...]) -> dict[str, str]:
    """Media paths the form names that are not in the media folder (never uploaded, or removed)."""
    folder = Path(services_of(request).settings.media_dir).resolve()
    errors = {}
    for name in fields:
        if name not in form.model_fields_set:
            continue
        value = getattr(form, name)
        paths = value if isinstance(value, list) else [value] if value else []
        for path in paths:
            file = (folder / path).resolve()
            if not file.is_relative_to(folder) or not file.is_file():
                errors[name] = "This image is not in the media folder; upload it again"
    return errors


@dataclass(frozen=True)
class Area:
    """One area's REST routes: POST on the list path, GET/PATCH/DELETE on `{path}/{id}`; each
    answers the area's `record` (app/api/records*.py), and each carries its contract."""

    path: str
    what: str  # in the shop's words, for messages
    changes: type[BaseModel]
    form: type[BaseModel] | None = None
    create: Callable | None = None
    read: Callable | None = None
    update: Callable | None = None
    delete: Callable | None = None
    media: tuple[str, ...] = ()
    record: Any = None
    # Fields of `changes` only an owner may send (app/auth/roles.py), and why: a seller's new package
    # is a package payment.
    owners_fields: tuple[str, ...] = ()
    owners_because: str = roles.ONLY_OWNERS
    # A change that must talk to a payment provider between transactions (cancelling an order,
    # refunding to a card): called first with (request, actor, id, changes); it answers the record,
    # or None to leave the change to `update`.
    through_provider: Callable[..., Awaitable[dict | None]] | None = None

    async def _body(self, request: Request, model: type[BaseModel]) -> BaseModel:
        body = await read_json(request, model)
        if not body.model_fields_set:
            raise ApiError(422, "Send at least one field to change", {"body": "Nothing to change"})
        if errors := missing_media(request, body, self.media):
            raise ApiError(422, "Please correct the highlighted fields", errors)
        return body

    async def create_endpoint(self, request: Request) -> JSONResponse:
        actor = await administrator(request)
        form = await self._body(request, self.form)
        record = await run_write(request, self.create, actor, form)
        return JSONResponse(record, status_code=201, headers={"Location": f"{self.path}/{record['id']}"})

    async def read_endpoint(self, request: Request) -> JSONResponse:
        await require_admin(request)
        return JSONResponse(await run_read(request, self.read, request.path_params["id"]))

    async def update_endpoint(self, request: Request) -> JSONResponse:
        auth = await writer(request)
        changes = await self._body(request, self.changes)
        if auth.user.role != roles.OWNER and not changes.model_fields_set.isdisjoint(self.owners_fields):
            raise ApiError(403, self.owners_because)
        record_id = request.path_params["id"]
        if self.through_provider is not None:
            try:
                record = await self.through_provider(request, auth.user.email, record_id, changes)
            except (NotFound, Conflict, Invalid) as error:
                raise refusal(error) from error
            if record is not None:
                await services_of(request).catalogue_written()
                return JSONResponse(record)
        return JSONResponse(await run_write(request, self.update, auth.user.email, record_id, changes))

    async def delete_endpoint(self, request: Request) -> Response:
        actor = await administrator(request)
        await run_write(request, self.delete, actor, request.path_params["id"])
        return Response(status_code=204)

    def routes(self) -> list[Route]:
        one = self.path + "/{id:int}"
        endpoints = (
            (
                self.create,
                self.path,
                self.create_endpoint,
                "POST",
                f"Create a {self.what}",
                Contract(
                    body=self.form, returns=self.record, status=201, headers=("Location",), refusals=(*ADMIN_WRITE, 409)
                ),
            ),
            (
                self.read,
                one,
                self.read_endpoint,
                "GET",
                f"One {self.what} as its admin form or view shows it",
                Contract(returns=self.record, refusals=(*ADMIN, 404)),
            ),
            (
                self.update,
                one,
                self.update_endpoint,
                "PATCH",
                f"Change some fields of a {self.what}",
                Contract(body=self.changes, returns=self.record, refusals=(*ADMIN_WRITE, 404, 409)),
            ),
            (
                self.delete,
                one,
                self.delete_endpoint,
                "DELETE",
                f"Delete a {self.what}",
                Contract(status=204, refusals=(*ADMIN, 404, 409)),
            ),
        )
        return [
            Route(path, _documented(endpoint, doc, declared), methods=[method])
            for fn, path, endpoint, method, doc, declared in endpoints
            if fn
        ]


def _documented(method: Callable, doc: str, declared: Contract) -> Callable:
    """A bound method as an endpoint of its own, with a summary and contract for /openapi.json."""

    async def endpoint(request: Request) -> Response:
        return await method(request)

    endpoint.__doc__ = doc
    endpoint.contract = declared
    return endpoint
