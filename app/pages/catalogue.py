"""Catalogue pages: search results and the product page (with its schema.org JSON-LD)."""
from __future__ import annotations

from decimal import Decimal, InvalidOperation
from urllib.parse import quote

from sqlalchemy.orm import Session
from starlette.exceptions import HTTPException

from db.queries.product_page import UnknownProduct, product_page
from db.queries.search import PER_PAGE, SORTS, SearchRequest, search

from .render import Page, page_route

MAX_TERM = 100


def _decimal(raw: str | None) -> Decimal | None:
    try:
        value = Decimal(raw) if raw not in (None, "") else None
    except InvalidOperation:
        return None
    return value if value is not None and value.is_finite() and value >= 0 else None


def _whole(raw: str | None, low: int, high: int) -> int | None:
    try:
        value = int(raw) if raw not in (None, "") else None
    except ValueError:
        return None
    return value if value is not None and low <= value <= high else None


def search_request(term: str, query: dict) -> SearchRequest:
    """A page never refuses odd parameters: anything it cannot use falls back to the default."""
    sort = query.get("sort")
    return SearchRequest(
        term=term.strip()[:MAX_TERM],
        sort=sort if sort in SORTS else "relevance",
        category=(query.get("category") or None),
        min_price=_decimal(query.get("min_price")),
        max_price=_decimal(query.get("max_price")),
        min_rating=_whole(query.get("rating"), 1, 5),
        page=_whole(query.get("page"), 1, 10_000) or 1,
        per_page=PER_PAGE,
    )


def search_page(session: Session, path: dict, query: dict) -> Page:
    request = search_request(path["term"], query)
    results = search(session, request)
    canonical = "/product/search/" + quote(request.term, safe="")
    described = f"{results['total']} results for “{request.term}” at Student Books" if results["total"] else f"No results for “{request.term}” at Student Books"
    return Page("Search", results, meta={
        "description": described + ": compare prices, ratings and discounts and buy online.",
        "canonical": canonical,
        # Filtered and sorted variants are the same results: only the plain search is indexed.
        "robots": "noindex, follow" if query else None,
    })


def product_json_ld(product: dict, base_url: str = "") -> dict:
    sale = round(product["price"] * (100 - product["discount"]) / 100, 2)
    data = {
        "@context": "https://schema.org",
        "@type": "Product",
        "name": product["title"],
        "image": product["imgGroup"],
        "description": product.get("description") or product["title"],
        "sku": str(product["id"]),
        "category": product["category"],
        "offers": {
            "@type": "Offer",
            "url": f"/product/{product['id']}",
            "price": f"{sale:.2f}",
            "priceCurrency": "USD",
            "availability": "https://schema.org/InStock" if product["stock"] > 0 else "https://schema.org/OutOfStock",
        },
    }
    if product.get("brand"):
        data["brand"] = {"@type": "Brand", "name": product["brand"]}
    if product["reviewCount"]:
        data["aggregateRating"] = {"@type": "AggregateRating", "ratingValue": product["rating"], "reviewCount": product["reviewCount"]}
    return data


def product_page_loader(session: Session, path: dict, query: dict) -> Page:
    try:
        props = product_page(session, path["id"])
    except UnknownProduct:
        raise HTTPException(404) from None
    product = props["product"]
    return Page("Product", props, meta={
        "description": (product.get("description") or product["title"])[:155],
        "canonical": f"/product/{product['id']}",
        "json_ld": [product_json_ld(product)],
    })


routes = [
    page_route("/product/search/{term:path}", search_page),
    page_route("/product/{id:int}", product_page_loader),
]
