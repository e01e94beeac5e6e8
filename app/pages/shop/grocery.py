"""The three grocery storefronts (/grocery1, /grocery2, /grocery3).

Every section is the list its SPEC.md §7 endpoint answers (app/api/shop/storefronts.py): the pages
read the same db.queries.grocery sections, so a section and its API list never disagree.
"""

from __future__ import annotations

from app.pages.shop.storefront import home_route
from db.queries import grocery

routes = [
    home_route(
        "/grocery1",
        "Grocery1",
        grocery.grocery1_page,
        "Order fresh vegetables, fruits, breakfast, frozen and organic groceries online: "
        "popular and trending products at everyday low prices, delivered to your door.",
    ),
    home_route(
        "/grocery2",
        "Grocery2",
        grocery.grocery2_page,
        "Fresh vegetables, top rated groceries, the best deals of the day and new arrivals: "
        "shop groceries by category with fast delivery and secure payment.",
    ),
    home_route(
        "/grocery3",
        "Grocery3",
        grocery.grocery3_page,
        "Grocery offers on grapes, organic food, coffee and snacks, our best-selling groceries "
        "and the whole range of fresh and pantry products in one place.",
    ),
]
