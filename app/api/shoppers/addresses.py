"""A signed-in shopper's saved addresses: GET and POST /api/me/addresses, PATCH and DELETE
/api/me/addresses/{id}. Writes carry the session's CSRF token; another shopper's address is 404."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.api.address_form import AddressChanges, SavedAddress
from app.api.contract import JSON_BODY, contract
from app.api.shoppers.me import private
from app.api.shoppers.records import AddressRecord
from app.api.validation import read_json
from app.api.writes import write
from app.auth import sessions
from app.services import services_of
from db import addresses
from db.models import AuthSession

SHOPPER = (401, 403)


async def shopper_writing(request: Request) -> AuthSession:
    auth = await sessions.require_shopper(request)
    await sessions.require_csrf(request)
    return auth


@contract(returns=list[AddressRecord], refusals=SHOPPER)
async def list_addresses(request: Request) -> Response:
    """The shopper's saved addresses, the default first."""
    auth = await sessions.require_shopper(request)
    return private(await services_of(request).db.read(addresses.list_addresses, auth.user.id))


@contract(body=SavedAddress, returns=AddressRecord, status=201, refusals=(*SHOPPER, 409, *JSON_BODY))
async def add_address(request: Request) -> Response:
    """Save an address (the first one saved is the default; `isDefault` makes this one the default)."""
    auth = await shopper_writing(request)
    form = await read_json(request, SavedAddress)
    fields = form.model_dump(exclude={"isDefault"})
    return private(await write(request, addresses.add_address, auth.user.id, fields, form.isDefault), 201)


@contract(body=AddressChanges, returns=AddressRecord, refusals=(*SHOPPER, 404, *JSON_BODY))
async def change_address(request: Request) -> Response:
    """Change the fields sent; `isDefault: true` makes it the default."""
    auth = await shopper_writing(request)
    form = await read_json(request, AddressChanges)
    address_id = request.path_params["id"]
    record = await write(
        request, addresses.change_address, auth.user.id, address_id, form.fields(), bool(form.isDefault)
    )
    return private(record)


@contract(returns=None, status=204, refusals=(*SHOPPER, 404))
async def delete_address(request: Request) -> Response:
    """Delete the address (when it was the default, the newest other one becomes the default)."""
    auth = await shopper_writing(request)
    await write(request, addresses.delete_address, auth.user.id, request.path_params["id"])
    return Response(status_code=204, headers={"Cache-Control": "private, no-store"})


routes = [
    Route("/api/me/addresses", list_addresses, methods=["GET"]),
    Route("/api/me/addresses", add_address, methods=["POST"]),
    Route("/api/me/addresses/{id:int}", change_address, methods=["PATCH"]),
    Route("/api/me/addresses/{id:int}", delete_address, methods=["DELETE"]),
]
