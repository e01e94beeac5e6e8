"""The Student Books home page / (Product.shop and content shop "books"): school, college and
story books from the catalogue."""

from __future__ import annotations

from functools import partial

from sqlalchemy.orm import Session

from db.queries import content
from db.queries.book_pages import level_counts
from db.queries.media import media_url
from db.queries.sections import Section, cards_of

SHOP = "books"
FEATURED_SIZE = 12
NEW_SIZE = 10
BEST_RATED_SIZE = 10
SHELF_SIZE = 10

home_carousel = partial(content.carousel, shop=SHOP)
services = partial(content.services, shop=SHOP)
promo_banners = partial(content.banners, shop=SHOP, slot="promo")

SECTIONS = {
    "featured": Section(SHOP, "top_rated", FEATURED_SIZE, only=("featured",)),
    "newest": Section(SHOP, "newest", NEW_SIZE),
    "bestRated": Section(SHOP, "top_rated", BEST_RATED_SIZE),
}


def shelf(slug: str) -> Section:
    """A top category's shelf: its best sellers, the best rated first among equals."""
    return Section(SHOP, "best_selling", SHELF_SIZE, categories=(slug,))


def _describe(count: int, biggest_discount: int) -> str:
    text = f"{count} {'book' if count == 1 else 'books'}"
    return f"{text} · up to {biggest_discount}% off" if biggest_discount else text


def home(session: Session) -> dict:
    """Every prop of the home page, in one session. The top categories (School, College, Story
    Books) are both tiles, with what they hold now, and shelves; every product list is read in
    one statement."""
    tiles = content.showcase_with_figures(session, SHOP, "top")
    cards = cards_of(session, {**SECTIONS, **{n: shelf(tile.category_slug) for n, (tile, *_) in enumerate(tiles)}})
    return {
        "slides": home_carousel(session),
        "services": services(session),
        "categories": [
            {
                "title": tile.title,
                "subtitle": _describe(count, biggest),
                "url": content.search_url(tile.category),
                "imgUrl": media_url(tile.image),
            }
            for tile, count, biggest in tiles
        ],
        # "Shop by class": Class 1-12, then college and story books, each with its count.
        "levels": level_counts(session),
        "featured": cards["featured"],
        "newest": cards["newest"],
        "bestRated": cards["bestRated"],
        "shelves": [
            {"title": tile.category, "url": content.search_url(tile.category), "products": cards[n]}
            for n, (tile, *_) in enumerate(tiles)
        ],
        "banners": promo_banners(session),
    }
