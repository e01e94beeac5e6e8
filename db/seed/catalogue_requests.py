"""Catalogue requests as the demo shows them: the books shop's sellers asking for books the catalogue
lacks (ISBNs starting 979, which the seeded catalogue never uses), most waiting for staff, one refused."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from db import isbn
from db.models import CatalogueRequest, Seller

# (title, authors, publisher, condition, price, stock, note)
ASKED = (
    ("A Field Guide to School Chemistry", "Nandini Rao", "Riverbank Press", "Like New", "9.50", 2, ""),
    (
        "Stories from the Monsoon Coast",
        "Arjun Menon, Leela Das",
        "Harbour Books",
        "Very Good",
        "4.25",
        1,
        "Name written inside the cover.",
    ),
    (
        "Calculus for the First Year",
        "Peter Holm",
        "Northgate Academic",
        "Good",
        "12.00",
        3,
        "Highlighting in chapters 2 to 4.",
    ),
    ("The Little Book of Rivers", "Sara Quinn", "Pebble & Co", "New", "6.99", 5, ""),
)
REFUSED = ("Exam Answers 2026 (photocopied)", "Unknown", "", "Acceptable", "2.00", 10, "")
REFUSED_REASON = "We do not list photocopied material: only printed editions with an ISBN from their publisher."


def build_catalogue_requests(sellers: list[Seller], now: dt.datetime) -> list[CatalogueRequest]:
    requests = []
    for n, (title, authors, publisher, condition, price, stock, note) in enumerate((*ASKED, REFUSED)):
        request = CatalogueRequest(
            seller=sellers[n % len(sellers)],
            isbn=isbn.make("979", f"8{n:08d}"),
            title=title,
            authors=authors,
            publisher=publisher,
            condition=condition,
            price=Decimal(price),
            stock=stock,
            note=note,
            status="Pending",
            created_at=now - dt.timedelta(days=len(ASKED) - n, hours=3 * n),
        )
        if n == len(ASKED):
            request.status, request.reason = "Refused", REFUSED_REASON
            request.decided_by, request.decided_at = (
                "admin@studentbooks.test",
                request.created_at + dt.timedelta(hours=5),
            )
        requests.append(request)
    return requests
