"""The Student Books home page / (Product.shop and content shop "books"): school, college and
story books from the catalogue."""
from __future__ import annotations

from functools import partial

from sqlalchemy.orm import Session

from ..models import Product
from . import content
from .book_pages import level_counts
from .media import media_url
from .products import NEWEST, TOP_RATED, cards, in_category, published_in, units_sold

SHOP = "books"
FEATURED_SIZE = 12
NEW_SIZE = 10
BEST_RATED_SIZE = 10
SHELF_SIZE = 10

home_carousel = partial(content.carousel, shop=SHOP)
services = partial(content.services, shop=SHOP)
promo_banners = partial(content.banners, shop=SHOP, slot="promo")


def books():
    return published_in(SHOP)


def featured_books(session: Session) -> list[dict]:
    return cards(session, books().where(Product.featured.is_(True)).order_by(*TOP_RATED), FEATURED_SIZE)


def new_books(session: Session) -> list[dict]:
    return cards(session, books().order_by(*NEWEST), NEW_SIZE)


def best_rated_books(session: Session) -> list[dict]:
    return cards(session, books().order_by(*TOP_RATED), BEST_RATED_SIZE)


def _describe(count: int, biggest_discount: int) -> str:
    text = f"{count} {'book' if count == 1 else 'books'}"
    return f"{text} · up to {biggest_discount}% off" if biggest_discount else text


def top_categories(session: Session) -> list[dict]:
    """The store's top categories (School, College, Story Books) as tiles, with what they hold now."""
    return [
        {
            "title": tile.title,
            "subtitle": _describe(count, biggest),
            "url": content.search_url(tile.category.name),
            "imgUrl": media_url(tile.image),
        }
        for tile, count, biggest in content.showcase_with_figures(session, SHOP, "top")
    ]


def shelves(session: Session) -> list[dict]:
    """A shelf per top category: its best sellers, the best rated first among equals."""
    return [
        {
            "title": tile.category.name,
            "url": content.search_url(tile.category.name),
            "products": cards(
                session,
                in_category(books(), tile.category.slug).order_by(units_sold().desc(), *TOP_RATED),
                SHELF_SIZE,
            ),
        }
        for tile in content.showcase(session, SHOP, "top")
    ]


def home(session: Session) -> dict:
    """Every prop of the home page, in one session."""
    return {
        "slides": home_carousel(session),
        "services": services(session),
        "categories": top_categories(session),
        # "Shop by class": Class 1-12, then college and story books, each with its count.
        "levels": level_counts(session),
        "featured": featured_books(session),
        "newest": new_books(session),
        "bestRated": best_rated_books(session),
        "shelves": shelves(session),
        "banners": promo_banners(session),
    }
