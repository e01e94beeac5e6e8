"""Catalogue pages: search results and the product page (with its schema.org JSON-LD)."""

from __future__ import annotations

from urllib.parse import quote

from sqlalchemy.orm import Session
from starlette.exceptions import HTTPException

from app.pages.heads import SHELF_CRUMBS, book_title, crumbs, page_title, shorten, with_breadcrumbs
from app.pages.render import Page, page_route
from app.pages.search_params import search_request
from db.models.offers import NEW
from db.money import Currency
from db.queries.content import search_url
from db.queries.product_page import UnknownProduct, product_page
from db.queries.search import search


def search_page(session: Session, path: dict, query: dict) -> Page:
    request = search_request(path["term"], query)
    results = search(session, request)
    canonical = "/product/search/" + quote(request.term, safe="")
    described = (
        f"{results['total']} results for “{request.term}” at Student Books"
        if results["total"]
        else f"No results for “{request.term}” at Student Books"
    )
    return Page(
        "Search",
        results,
        meta={
            "title": page_title(f"Search: {shorten(request.term, 36)}"),
            "description": described + ": compare prices, ratings and discounts and buy online.",
            "canonical": canonical,
            # Search results are not pages of their own for an index (the shelves and books are);
            # their links are followed.
            "robots": "noindex, follow",
        },
    )


# schema.org's BookFormatType has Paperback and Hardcover (besides e-books and audiobooks): a
# spiral-bound book has soft covers, so it is a Paperback; a board book's pages are stiff board,
# so it is closest to a Hardcover.
BOOK_FORMATS = {"Paperback": "Paperback", "Hardcover": "Hardcover", "Spiral": "Paperback", "Board book": "Hardcover"}
# inLanguage wants an IETF BCP 47 code; a language we have no code for is given by its name.
LANGUAGE_CODES = {
    "English": "en",
    "Hindi": "hi",
    "French": "fr",
    "German": "de",
    "Spanish": "es",
    "Mandarin": "zh",
    "Sanskrit": "sa",
    "Tamil": "ta",
    "Bengali": "bn",
    "Marathi": "mr",
}


def book_json_ld(book: dict) -> dict:
    """What schema.org's Book adds to a product: ISBN, authors (their pages), publisher, format..."""
    data = {
        "@type": "Book",
        "author": [{"@type": "Person", "name": a["name"], "url": a["url"]} for a in book["authors"]],
        "bookFormat": "https://schema.org/" + BOOK_FORMATS.get(book["format"], "Paperback"),
        "inLanguage": LANGUAGE_CODES.get(book["language"], book["language"]),
    }
    optional = {
        "isbn": book["isbn"],
        "publisher": book["publisher"] and {"@type": "Organization", "name": book["publisher"]},
        "numberOfPages": book["pages"],
        "bookEdition": book["edition"],
        "datePublished": book["year"] and str(book["year"]),
    }
    data.update({key: value for key, value in optional.items() if value})
    return data


AVAILABILITY = {True: "https://schema.org/InStock", False: "https://schema.org/OutOfStock"}


def offer_json_ld(offer: dict, url: str, currency: Currency) -> dict:
    """One seller's copies in one condition, as schema.org's Offer (new, or any used grade)."""
    return {
        "@type": "Offer",
        "url": url,
        "price": f"{offer['price']:.2f}",
        "priceCurrency": currency.code,
        "itemCondition": "https://schema.org/" + ("NewCondition" if offer["condition"] == NEW else "UsedCondition"),
        "availability": AVAILABILITY[offer["stock"] > 0],
        "seller": {"@type": "Organization", "name": offer["seller"]["name"]},
    }


def product_json_ld(product: dict, offers: list[dict], currency: Currency) -> dict:
    """A book is a schema.org Book, anything else a Product; its offers (new and used, by every
    seller) an AggregateOffer in the shop's currency."""
    url = f"/product/{product['id']}"
    prices = [offer["price"] for offer in offers]
    data = {
        "@context": "https://schema.org",
        "@type": "Product",
        "name": product["title"],
        "image": product["imgGroup"],
        "description": product.get("description") or product["title"],
        "offers": {
            "@type": "AggregateOffer",
            "offerCount": len(offers),
            "priceCurrency": currency.code,
            "availability": AVAILABILITY[product["stock"] > 0],
            "offers": [offer_json_ld(offer, url, currency) for offer in offers],
        },
    }
    # A product whose every seller is suspended has no offer, and so no price range.
    if prices:
        data["offers"] |= {"lowPrice": f"{min(prices):.2f}", "highPrice": f"{max(prices):.2f}"}
    if product.get("book"):
        data.update(book_json_ld(product["book"]))
    else:
        # sku, category and brand are a Product's properties, not a Book's.
        data.update({"sku": str(product["id"]), "category": product["category"]})
        if product.get("brand"):
            data["brand"] = {"@type": "Brand", "name": product["brand"]}
    if product["reviewCount"]:
        data["aggregateRating"] = {
            "@type": "AggregateRating",
            "ratingValue": product["rating"],
            "reviewCount": product["reviewCount"],
        }
    return data


def product_page_loader(session: Session, path: dict, query: dict, *, currency: Currency) -> Page:
    try:
        props = product_page(session, path["id"])
    except UnknownProduct:
        raise HTTPException(404) from None
    product = props["product"]
    book = product.get("book")
    url = f"/product/{product['id']}"
    meta = {
        "title": book_title(product["title"], [a["name"] for a in book["authors"]])
        if book
        else page_title(product["title"]),
        "description": (product.get("description") or product["title"])[:155],
        "canonical": url,
        "image": product["imgUrl"],
        "json_ld": [product_json_ld(product, props["offers"], currency)],
    }
    props, meta = with_breadcrumbs(props, meta, product_trail(product, url))
    return Page("Product", props, meta=meta)


def product_trail(product: dict, url: str) -> list[dict]:
    """A book: Home › its shelf (Class 9) › its subject on that shelf › the book. Anything else:
    Home › its category's search › the product."""
    book = product.get("book")
    if not book:
        return crumbs((product["category"], search_url(product["category"])), (product["title"], url))
    level = book["level"]
    shelf = (SHELF_CRUMBS.get(level["kind"]) or f"Class {level['from']}", level["url"])
    subject = book.get("subject")
    if not subject:
        return crumbs(shelf, (product["title"], url))
    return crumbs(shelf, (subject, f"{level['url']}?subject={quote(subject, safe='')}"), (product["title"], url))


routes = [
    page_route("/product/search/{term:path}", search_page),
    page_route("/product/{id:int}", product_page_loader, priced=True),
]
