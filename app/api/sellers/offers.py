"""/api/seller/offers: the signed-in seller's offers (list, add by ISBN, change, remove) and
/api/seller/catalogue-requests, what they asked the shop to list. An offer write is a catalogue
write: the book's pages show it at once (app/api/admin_writes.py run_write)."""

from __future__ import annotations

from typing import Literal

import anyio
from pydantic import BaseModel, Field
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from app.api.admin_writes import run_read, run_write
from app.api.contract import contract
from app.api.sellers.guard import SELLER, SELLER_WRITE, seller, seller_writer
from app.api.sellers.lists import seller_list_route
from app.api.sellers.records import CatalogueRequestAnswer, CatalogueRequestRecord, OfferImportReport, OfferRecord
from app.api.uploads import MULTIPART, UPLOAD, UploadLimit, read_form, refuse_file, the_file
from app.api.validation import read_json
from app.http.errors import ApiError
from app.services import services_of
from db.admin.book_import import FileRefused
from db.seller_portal.offer_import import OffersRefused, TooManyRows, import_offers
from db.seller_portal.offers import (
    OfferChanges,
    OfferForm,
    add_offer,
    catalogue_requests,
    change_offer,
    offer_view,
    remove_offer,
    sellers_offers,
)


@contract(
    body=OfferForm,
    returns=OfferRecord,
    status=201,
    answers={202: CatalogueRequestAnswer},
    refusals=(*SELLER_WRITE, 409),
)
async def add(request: Request) -> Response:
    """Offer copies of a book by its ISBN (ISBN-13 or ISBN-10). An ISBN the catalogue lacks is
    refused (422) asking for its title, authors and publisher; sent with them, it becomes a
    catalogue request for the shop's staff (202)."""
    account = await seller_writer(request)
    form = await read_json(request, OfferForm)
    made = await run_write(request, add_offer, account.email, account.seller_id, form)
    if "offer" in made:
        return JSONResponse(made["offer"], status_code=201)
    return JSONResponse(made, status_code=202)


@contract(returns=OfferRecord, refusals=(*SELLER, 404))
async def read(request: Request) -> Response:
    """One of the seller's offers (another seller's is not found)."""
    account = await seller(request)
    return JSONResponse(await run_read(request, offer_view, account.seller_id, request.path_params["id"]))


@contract(body=OfferChanges, returns=OfferRecord, refusals=(*SELLER_WRITE, 404, 409))
async def change(request: Request) -> Response:
    """Change an offer's price, stock, condition, note or photos (paths POST /api/seller/photos answered)."""
    account = await seller_writer(request)
    changes = await read_json(request, OfferChanges)
    offer_id = request.path_params["id"]
    return JSONResponse(await run_write(request, change_offer, account.email, account.seller_id, offer_id, changes))


@contract(returns=None, status=204, refusals=(*SELLER, 404))
async def remove(request: Request) -> Response:
    """Remove an offer (copies already sold keep their order lines)."""
    account = await seller_writer(request)
    await run_write(request, remove_offer, account.email, account.seller_id, request.path_params["id"])
    return Response(status_code=204)


@contract(returns=list[CatalogueRequestRecord], refusals=SELLER)
async def requests(request: Request) -> Response:
    """The seller's catalogue requests, newest first, with what the shop decided."""
    account = await seller(request)
    return JSONResponse(await run_read(request, catalogue_requests, account.seller_id))


class OfferImport(BaseModel):
    """The upload, as /openapi.json describes it."""

    file: bytes = Field(description="The offers CSV, UTF-8, with a header row: isbn, condition, price, stock, note")
    dryRun: Literal["true", "false"] = Field("true", description="true: only report; false: write")


IMPORT_LIMIT = UploadLimit("CSV file", 1024 * 1024, "; split it into smaller files")
DRY_RUN = {"true": True, "false": False}


@contract(
    body=OfferImport,
    body_media=MULTIPART,
    returns=OfferImportReport,
    answers={422: OfferImportReport},
    refusals=(*SELLER, *UPLOAD),
)
async def import_csv(request: Request) -> Response:
    """Offers from a CSV file (multipart `file` with columns isbn, condition, price, stock, note;
    `dryRun` true|false): what each row does (add, or update the seller's offer of that book in
    that condition) and its errors; an import writes every row, or none when any has an error (422)."""
    account = await seller_writer(request)
    form = await read_form(request, IMPORT_LIMIT)
    try:
        upload = the_file(form, IMPORT_LIMIT, "Choose a CSV file of offers")
        dry_run = DRY_RUN.get(str(form.get("dryRun", "true")).strip().lower())
        if dry_run is None:
            raise ApiError(422, "dryRun is true or false", {"dryRun": "Send true (only check) or false (import)"})
        services = services_of(request)
        run = services.db.read_sync if dry_run else services.db.write_sync
        try:
            report = await anyio.to_thread.run_sync(
                lambda: run(import_offers, account.email, account.seller_id, upload.file, not dry_run)
            )
        except FileRefused as refused:
            raise refuse_file(refused.status, refused.message) from None
        except TooManyRows as error:
            raise refuse_file(422, str(error)) from None
        except OffersRefused as refused:
            rows = refused.report["errors"]
            message = f"{rows:,} row{'s have' if rows != 1 else ' has'} errors, so nothing was imported"
            return JSONResponse({**refused.report, "message": message}, status_code=422)
    finally:
        await form.close()
    if report["applied"]:
        await services.catalogue_written()
    return JSONResponse(report)


routes = [
    Route("/api/seller/offers/import", import_csv, methods=["POST"]),
    seller_list_route("/api/seller/offers", sellers_offers, OfferRecord),
    Route("/api/seller/offers", add, methods=["POST"]),
    Route("/api/seller/offers/{id:int}", read, methods=["GET"]),
    Route("/api/seller/offers/{id:int}", change, methods=["PATCH"]),
    Route("/api/seller/offers/{id:int}", remove, methods=["DELETE"]),
    Route("/api/seller/catalogue-requests", requests, methods=["GET"]),
]
