"""The fashion demo: /fashion-shop, one page for both fashion families of SPEC.md §7 (the
"fashion shop 2" product sections and the "fashion store" deals)."""
from __future__ import annotations

from sqlalchemy.orm import Session

from db.queries import fashion

from .render import Page, page_route


def fashion_shop(session: Session, path: dict, query: dict) -> Page:
    """Every section from the function its /api/fashion-shop-2/... or /api/fashion-store/... list
    answers with. "Latest products" and "new arrivals" are one list (one function), shown once."""
    return Page("FashionShop", {
        "dealsOfTheWeek": fashion.deal_of_the_week(session),
        "services": fashion.service_list(session),
        "hotDeals": fashion.hot_deals(session),
        "flashDeals": fashion.flash_deals(session),
        "featured": fashion.featured_products(session),
        "newArrivals": fashion.latest_products(session),
        "onSale": fashion.sale_products(session),
        "popular": fashion.popular_products(session),
        "trending": fashion.trending_items(session),
        "bestOfTheWeek": fashion.best_week_products(session),
        "products": fashion.products(session),
        # "Show all" is a link to ?show=all, so it works without JavaScript too.
        "showAllProducts": query.get("show") == "all",
        "blogs": fashion.blogs(session),
    }, meta={
        "description": "Clothing, shoes and accessories for men, women and kids: brand deals of the week, "
                       "hot deals, flash sales, new arrivals, trending styles and fashion tips.",
        "canonical": "/fashion-shop",
    })


routes = [page_route("/fashion-shop", fashion_shop)]
