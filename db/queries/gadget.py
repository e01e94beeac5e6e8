"""The gadget store (Product.shop and content shop "gadget")."""
from __future__ import annotations

from functools import partial

from sqlalchemy.orm import Session

from ..models import Product
from . import content
from .products import TOP_RATED, cards, published_in

SHOP = "gadget"
SECTION_SIZE = 8

main_carousel = partial(content.carousel, shop=SHOP)
featured_categories = partial(content.featured_categories, shop=SHOP, slot="featured")
two_banners = partial(content.banners, shop=SHOP, slot="two-banners")
blog_lists = partial(content.blogs, shop=SHOP)


def top_picks(session: Session) -> list[dict]:
    """Featured gadgets first, then the best rated."""
    return cards(session, published_in(SHOP).order_by(Product.featured.desc(), *TOP_RATED), SECTION_SIZE)


def most_viewed(session: Session) -> list[dict]:
    """We do not count page views; the most reviewed gadgets are the most looked at."""
    most_reviewed = (Product.review_count.desc(), *TOP_RATED)
    return cards(session, published_in(SHOP).order_by(*most_reviewed), SECTION_SIZE)
