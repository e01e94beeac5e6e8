"""The three grocery storefronts (/grocery1, /grocery2, /grocery3).

Every section is the list its SPEC.md §7 endpoint answers (app/api/storefronts.py): the pages
read the same db.queries.grocery functions, so a section and its API list never disagree.
"""
from __future__ import annotations

from sqlalchemy.orm import Session

from db.queries import grocery

from .render import shop_page_route


def grocery2_product_sections(session: Session) -> list[dict]:
    """Sections 4, 5, 7 and 8: [{key, title, subtitle, products}] in section order."""
    titles = grocery.grocery2_section_titles()
    return [
        {"key": key, **titles[key], "products": grocery.grocery2_section(session, key)}
        for key in grocery.GROCERY2_SECTIONS
    ]


routes = [
    shop_page_route("/grocery1", "Grocery1", {
        "navigation": grocery.grocery1_navigation,
        "popularProducts": grocery.popular_products,
        "trendingProducts": grocery.top_selling_products,
        "allProducts": grocery.all_products,
        "services": grocery.grocery1_services,
    }, "Order fresh vegetables, fruits, breakfast, frozen and organic groceries online: "
       "popular and trending products at everyday low prices, delivered to your door."),
    shop_page_route("/grocery2", "Grocery2", {
        "navigation": grocery.grocery2_navigation,
        "services": grocery.grocery2_services,
        "shopByCategory": grocery.shop_by_category,
        "productSections": grocery2_product_sections,
        "offerCards": grocery.grocery2_offer_cards,
        "testimonials": grocery.grocery2_testimonials,
    }, "Fresh vegetables, top rated groceries, the best deals of the day and new arrivals: "
       "shop groceries by category with fast delivery and secure payment."),
    shop_page_route("/grocery3", "Grocery3", {
        "topSoldProducts": grocery.top_selling_products,
        "allProducts": grocery.all_products,
        "offerProducts": grocery.grocery3_offer_products,
    }, "Grocery offers on grapes, organic food, coffee and snacks, our best-selling groceries "
       "and the whole range of fresh and pantry products in one place."),
]
