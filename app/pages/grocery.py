"""The three grocery storefronts (/grocery1, /grocery2, /grocery3).

Every section is the list its SPEC.md §7 endpoint answers (app/api/storefronts.py): the loaders
call the same db.queries.grocery functions, so a section and its API list never disagree.
"""
from __future__ import annotations

from sqlalchemy.orm import Session

from db.queries import grocery

from .render import Page, page_route


def grocery1(session: Session, path: dict, query: dict) -> Page:
    return Page("Grocery1", {
        "navigation": grocery.grocery1_navigation(session),
        "popularProducts": grocery.popular_products(session),
        "trendingProducts": grocery.top_selling_products(session),
        "allProducts": grocery.all_products(session),
        "services": grocery.grocery1_services(session),
    }, meta={
        "description": "Order fresh vegetables, fruits, breakfast, frozen and organic groceries online: "
                       "popular and trending products at everyday low prices, delivered to your door.",
        "canonical": "/grocery1",
    })


def grocery2_product_sections(session: Session) -> list[dict]:
    """Sections 4, 5, 7 and 8: [{key, title, subtitle, products}] in section order."""
    titles = grocery.grocery2_section_titles()
    return [
        {"key": key, **titles[key], "products": grocery.grocery2_section(session, key)}
        for key in grocery.GROCERY2_SECTIONS
    ]


def grocery2(session: Session, path: dict, query: dict) -> Page:
    return Page("Grocery2", {
        "navigation": grocery.grocery2_navigation(session),
        "services": grocery.grocery2_services(session),
        "shopByCategory": grocery.shop_by_category(session),
        "productSections": grocery2_product_sections(session),
        "offerCards": grocery.grocery2_offer_cards(session),
        "testimonials": grocery.grocery2_testimonials(session),
    }, meta={
        "description": "Fresh vegetables, top rated groceries, the best deals of the day and new arrivals: "
                       "shop groceries by category with fast delivery and secure payment.",
        "canonical": "/grocery2",
    })


def grocery3(session: Session, path: dict, query: dict) -> Page:
    return Page("Grocery3", {
        "topSoldProducts": grocery.top_selling_products(session),
        "allProducts": grocery.all_products(session),
        "offerProducts": grocery.grocery3_offer_products(session),
    }, meta={
        "description": "Grocery offers on grapes, organic food, coffee and snacks, our best-selling groceries "
                       "and the whole range of fresh and pantry products in one place.",
        "canonical": "/grocery3",
    })


routes = [
    page_route("/grocery1", grocery1),
    page_route("/grocery2", grocery2),
    page_route("/grocery3", grocery3),
]
