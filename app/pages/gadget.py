"""The gadget store demo: /gadget-shop."""
from __future__ import annotations

from sqlalchemy.orm import Session

from db.queries import gadget

from .render import Page, page_route


def gadget_shop(session: Session, path: dict, query: dict) -> Page:
    """Every section from the function its /api/gadget-store/... list answers with."""
    return Page("GadgetShop", {
        "carousel": gadget.main_carousel(session),
        "banners": gadget.two_banners(session),
        "featuredCategories": gadget.featured_categories(session),
        "topPicks": gadget.top_picks(session),
        "mostViewed": gadget.most_viewed(session),
        "blogs": gadget.blog_lists(session),
    }, meta={
        "description": "Headphones, laptops, smart watches, cameras, speakers and gaming gear: top picks, "
                       "the most viewed gadgets and savings of up to 80%, with buying guides on our blog.",
        "canonical": "/gadget-shop",
    })


routes = [page_route("/gadget-shop", gadget_shop)]
