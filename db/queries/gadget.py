"""The gadget store (Product.shop and content shop "gadget")."""

from __future__ import annotations

from functools import partial

from sqlalchemy.orm import Session

from db.queries import content
from db.queries.sections import Section, cards_of, section_cards

SHOP = "gadget"
SECTION_SIZE = 8

SECTIONS = {
    # Featured gadgets first, then the best rated.
    "topPicks": Section(SHOP, "featured_first", SECTION_SIZE),
    # We do not count page views; the most reviewed gadgets are the most looked at.
    "mostViewed": Section(SHOP, "most_reviewed", SECTION_SIZE),
}

main_carousel = partial(content.carousel, shop=SHOP)
featured_categories = partial(content.featured_categories, shop=SHOP, slot="featured")
two_banners = partial(content.banners, shop=SHOP, slot="two-banners")
blog_lists = partial(content.blogs, shop=SHOP)
top_picks = partial(section_cards, section=SECTIONS["topPicks"])
most_viewed = partial(section_cards, section=SECTIONS["mostViewed"])


def page(session: Session) -> dict:
    """Every section from the function its /api/gadget-store/... list answers with."""
    cards = cards_of(session, SECTIONS)
    return {
        "carousel": main_carousel(session),
        "banners": two_banners(session),
        "featuredCategories": featured_categories(session),
        "topPicks": cards["topPicks"],
        "mostViewed": cards["mostViewed"],
        "blogs": blog_lists(session),
    }
