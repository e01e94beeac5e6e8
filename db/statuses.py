"""Every status change the shop allows, written in one place: the moves of orders, shipments,
refund requests, payout requests and catalogue requests. Anything not listed here is refused (409) by the admin's writes."""

from __future__ import annotations

from db.models.offers import CATALOGUE_REQUEST_STATUSES
from db.models.sales import ORDER_STATUSES, REFUND_STATUSES, SHIPMENT_STATUSES
from db.models.sellers import PAYOUT_REQUEST_STATUSES

# An order is cancelled only while nobody has paid for it (db/payments.py cancel_order); a card order
# moves to Processing or Shipped only once paid, and a cash order is delivered by "Cash collected"
# (db/admin/orders.py).
ORDER_MOVES: dict[str, tuple[str, ...]] = {
    "Pending": ("Processing", "Cancelled"),
    "Processing": ("Shipped", "Delivered", "Cancelled"),
    "Shipped": ("Delivered",),
    "Delivered": (),
    "Cancelled": (),
}
# A seller's part of an order: shipped (or delivered by hand), then delivered; cancelled while not
# yet gone, its lines refunded (db/shipments.py).
SHIPMENT_MOVES: dict[str, tuple[str, ...]] = {
    "Processing": ("Shipped", "Delivered", "Cancelled"),
    "Shipped": ("Delivered",),
    "Delivered": (),
    "Cancelled": (),
}
REFUND_MOVES: dict[str, tuple[str, ...]] = {
    "Pending": ("Processing",),
    "Processing": ("Accepted",),
    "Accepted": (),
}
PAYOUT_REQUEST_MOVES: dict[str, tuple[str, ...]] = {
    "Processing": ("Accepted", "Rejected"),
    "Accepted": (),
    "Rejected": (),
}

# A seller's ask for an ISBN: decided once, either way (db/catalogue_requests.py).
CATALOGUE_REQUEST_MOVES: dict[str, tuple[str, ...]] = {
    "Pending": ("Accepted", "Refused"),
    "Accepted": (),
    "Refused": (),
}

assert set(ORDER_MOVES) == set(ORDER_STATUSES)
assert set(REFUND_MOVES) == set(REFUND_STATUSES)
assert set(SHIPMENT_MOVES) == set(SHIPMENT_STATUSES)
assert set(PAYOUT_REQUEST_MOVES) == set(PAYOUT_REQUEST_STATUSES)
assert set(CATALOGUE_REQUEST_MOVES) == set(CATALOGUE_REQUEST_STATUSES)


def refusal(what: str, current: str, wanted: str, moves: dict[str, tuple[str, ...]]) -> str | None:
    """Why `current` cannot become `wanted` (None when it can)."""
    allowed = moves[current]
    if wanted in allowed:
        return None
    if not allowed:
        return f"This {what} is {current}, which is final: it cannot become {wanted}"
    return f"A {what} that is {current} can only become {' or '.join(allowed)}, not {wanted}"
