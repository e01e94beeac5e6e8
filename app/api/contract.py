"""What an endpoint takes and answers, declared once beside it and read by /openapi.json.

The same pydantic models validate the request (read_json, read_query) and describe it, so the
published description cannot drift from what the server accepts:

    @contract(body=StaffInvite, returns=StaffRecord, status=201, refusals=(401, 403, 409, 422))
    async def invite(request): ...

`returns` is a pydantic model, a TypedDict record (app/api/records*.py), `list[...]` of either,
`str` for a text download, or None for an empty answer (204, redirects). `refusals` are the 4xx
statuses it may answer with the error record {"message", "errors"}; `answers` are other statuses
that answer a record of their own (an import refused with its report), or None for a redirect
(302: a form sent without JavaScript goes on to a page; documented with its Location). `headers` names answer
headers (openapi.HEADERS describes each), `media_type` is the answer's content type and
`body_media` the request body's (multipart/form-data for uploads).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

JSON = "application/json"

# The refusals most endpoints share, in the words of their cause.
JSON_BODY = (413, 415, 422)  # too large, not JSON, not valid (app/api/validation.py read_json)
ADMIN = (401, 403)  # no administrator session, or an account not allowed this
ADMIN_WRITE = (*ADMIN, *JSON_BODY)  # plus the session's CSRF token (403) and a JSON body
LIST = (422,)  # list parameters that cannot be used


@dataclass(frozen=True)
class Contract:
    body: type[BaseModel] | None = None
    query: type[BaseModel] | None = None
    returns: Any = None
    status: int = 200
    refusals: tuple[int, ...] = ()
    answers: Mapping[int, Any] = field(default_factory=dict)
    headers: tuple[str, ...] = ()
    media_type: str = JSON
    body_media: str = JSON


def contract(**declared: Any) -> Callable[[Callable], Callable]:
    def attach(endpoint: Callable) -> Callable:
        endpoint.contract = Contract(**declared)
        return endpoint

    return attach


def contract_of(endpoint: Callable) -> Contract | None:
    return getattr(endpoint, "contract", None)
