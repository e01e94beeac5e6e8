"""The records the API answers, typed for /openapi.json: what the db.queries functions return
today, key for key. They are TypedDicts because those functions answer plain dicts; they describe,
they do not convert (the test suite checks answers against them, the hot path never does).

A key that is sometimes left out is NotRequired; a value that can be null is `X | None`; extra
keys are refused (`closed`), so a record that grows a key must say so here first.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal, NotRequired, TypeVar

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict

T = TypeVar("T")

# Money leaves the server as a JSON number with two decimals (db.queries.products.money).
Money = float
# A time in UTC as ISO 8601 (db.queries.admin.iso).
Timestamp = dt.datetime
# A media file's URL, or null when the record has no image (db.queries.media.media_url).
MediaUrl = str | None


def closed(record: type[T]) -> type[T]:
    """The record has exactly its declared keys (`additionalProperties: false`)."""
    return with_config(ConfigDict(extra="forbid"))(record)


@closed
class Refusal(TypedDict):
    """Every 4xx answer: what went wrong, and per field when the input was at fault."""

    message: str
    errors: NotRequired[dict[str, str]]


@closed
class PaymentState(TypedDict):
    """An order's latest charge as the shopper's page reads it (db/payments.py payment_answer)."""

    provider: str | None
    status: Literal["paid", "requires_action", "declined", "pending", "cancelled"]
    message: str
    clientSecret: str | None


@closed
class ProductCard(TypedDict):
    """A storefront product (db.queries.products.product_card); books add their ISBN and authors."""

    id: int
    slug: str
    title: str
    price: Money
    discount: int
    rating: float
    reviewCount: int
    imgUrl: MediaUrl
    imgGroup: list[MediaUrl]
    category: str
    unit: str | None
    stock: int
    offerCount: int
    usedFrom: Money | None
    author: NotRequired[str]
    isbn: NotRequired[str | None]
    authors: NotRequired[list[str]]
    status: NotRequired[str]
    productColors: NotRequired[list[str]]


JsonObject = dict[str, Any]


class LineCancellation(TypedDict):
    """A line its seller cancelled (db/line_cancel.py): when and why (null while it is not); and
    `cancelling` while its refund is with the card's provider."""

    cancelledAt: Timestamp | None
    cancelReason: str | None
    cancelling: bool
