"""What crawlers read besides the pages: robots.txt, sitemap.xml and the favicon."""

from __future__ import annotations

from xml.sax.saxutils import escape

from sqlalchemy import select
from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, Response
from starlette.routing import Route

from app.services import services_of
from app.settings import ROOT
from db.models import Product
from db.queries.book_pages import author_slugs, level_counts
from db.queries.book_records import author_url

STOREFRONT_PATHS = (
    "/",
    "/market-1",
    "/grocery1",
    "/grocery2",
    "/grocery3",
    "/gadget-shop",
    "/fashion-shop",
    "/furniture-shop",
    "/healthbeauty-shop",
    "/gift-shop",
)


def published_product_ids(session: Session) -> list[int]:
    return list(session.scalars(select(Product.id).where(Product.published.is_(True)).order_by(Product.id)))


def book_paths(session: Session) -> list[str]:
    """The level pages that hold books, and the pages of authors with a published book."""
    return [
        *(level["url"] for level in level_counts(session) if level["count"]),
        *(author_url(slug) for slug in author_slugs(session)),
    ]


async def robots(request: Request) -> Response:
    base = services_of(request).settings.public_url.rstrip("/")
    body = f"User-agent: *\nDisallow: /admin\nDisallow: /api/\nDisallow: /login\nDisallow: /checkout\nSitemap: {base}/sitemap.xml\n"
    return PlainTextResponse(body)


async def sitemap(request: Request) -> Response:
    base = services_of(request).settings.public_url.rstrip("/")
    ids = await services_of(request).db.read(published_product_ids)
    books = await services_of(request).db.read(book_paths)
    paths = [*STOREFRONT_PATHS, *books, *(f"/product/{i}" for i in ids)]
    urls = "".join(f"<url><loc>{escape(base + p)}</loc></url>" for p in paths)
    xml = f'<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{urls}</urlset>'
    return Response(xml, media_type="application/xml")


async def favicon(request: Request) -> Response:
    return FileResponse(ROOT / "static" / "favicon.svg", headers={"Cache-Control": "public, max-age=86400"})


routes = [Route("/robots.txt", robots), Route("/sitemap.xml", sitemap), Route("/favicon.svg", favicon)]
