"""The owner's actions on a customer's shopper account: POST /api/customer-accounts/{id}/password-reset
mails a new reset link, PATCH /api/customer-accounts/{id} `{"disabled": true|false}` disables (signed
out at once) or enables it. `{id}` is the customer's; owners only (app/auth/roles.py); both answer
the customer's record and are in the audit log."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, StrictBool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from app.api.admin_writes import administrator
from app.api.catalogue.records import CustomerRecord
from app.api.contract import ADMIN_WRITE, contract
from app.api.validation import read_json
from app.api.writes import write
from db.admin import customer_accounts


class AccountChange(BaseModel):
    model_config = ConfigDict(extra="forbid")
    disabled: StrictBool


@contract(returns=CustomerRecord, refusals=(401, 403, 404, 409))
async def password_reset(request: Request) -> Response:
    """Mail the customer's account a new password-reset link (its earlier links stop working)."""
    actor = await administrator(request)
    return JSONResponse(await write(request, customer_accounts.send_password_reset, actor, request.path_params["id"]))


@contract(body=AccountChange, returns=CustomerRecord, refusals=(*ADMIN_WRITE, 404, 409))
async def change_account(request: Request) -> Response:
    """Disable the customer's account (its sessions end at once) or enable it again."""
    actor = await administrator(request)
    form = await read_json(request, AccountChange)
    return JSONResponse(
        await write(request, customer_accounts.set_disabled, actor, request.path_params["id"], form.disabled)
    )


routes = [
    Route("/api/customer-accounts/{id:int}/password-reset", password_reset, methods=["POST"]),
    Route("/api/customer-accounts/{id:int}", change_account, methods=["PATCH"]),
]
