"""The carriers a shipped order can travel with, and where the shopper follows a parcel: each
carrier's public tracking page with the tracking number in its address (None: no page known)."""

from __future__ import annotations

from urllib.parse import quote

TRACKING_PAGES: dict[str, str | None] = {
    "USPS": "https://tools.usps.com/go/TrackConfirmAction?tLabels={}",
    "UPS": "https://www.ups.com/track?tracknum={}",
    "FedEx": "https://www.fedex.com/fedextrack/?trknbr={}",
    "DHL": "https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id={}",
    "India Post": "https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?consignment={}",
    "Royal Mail": "https://www.royalmail.com/track-your-item#/tracking-results/{}",
    "Other": None,
}
CARRIERS = tuple(TRACKING_PAGES)


def tracking_url(carrier: str | None, number: str | None) -> str | None:
    page = TRACKING_PAGES.get(carrier or "")
    return page.format(quote(number, safe="")) if page and number else None
