"""The fashion demo: /fashion-shop, one page for both fashion families of SPEC.md §7 (the
"fashion shop 2" product sections and the "fashion store" deals)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from app.pages.render import Page, page_route
from app.pages.shop.storefront import shop_meta
from db.queries import fashion


def fashion_shop(session: Session, path: dict, query: dict) -> Page:
    """Every section from the sections its /api/fashion-shop-2/... or /api/fashion-store/... lists
    answer with, the product sections read together. "Latest products" and "new arrivals" are one
    list, shown once."""
    cards = fashion.product_sections(session)
    deals = fashion.running_deals(session)  # both kinds in one statement
    return Page(
        "FashionShop",
        {
            "dealsOfTheWeek": fashion.deal_of_the_week(session, deals),
            "services": fashion.service_list(session),
            "hotDeals": fashion.hot_deals(session, deals),
            "flashDeals": cards["flashDeals"],
            "featured": cards["featured"],
            "newArrivals": cards["newArrivals"],
            "onSale": cards["onSale"],
            "popular": cards["popular"],
            "trending": cards["trending"],
            "bestOfTheWeek": cards["bestOfTheWeek"],
            "products": cards["products"],
            # "Show all" is a link to ?show=all, so it works without JavaScript too.
            "showAllProducts": query.get("show") == "all",
            "blogs": fashion.blogs(session),
        },
        meta=shop_meta(
            "/fashion-shop",
            "Clothing, shoes and accessories for men, women and kids: brand deals of the week, "
            "hot deals, flash sales, new arrivals, trending styles and fashion tips.",
        ),
    )


routes = [page_route("/fashion-shop", fashion_shop)]
