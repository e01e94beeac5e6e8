"""The themed demo storefronts with a side menu: furniture, health & beauty, gift shop.

Each loader builds every section in one database session from the same db/queries functions
the /api/furniture-shop/..., /api/healthbeauty/... and /api/gift-shop/... lists answer with
(app/api/storefronts.py), so a section and its list never disagree. The theme follows the
path (pages/themes.py); the title is the store's own (SPEC.md §1).
"""
from __future__ import annotations

from sqlalchemy.orm import Session

from db.queries import furniture, gift, healthbeauty

from .render import Page, page_route


def furniture_shop(session: Session, path: dict, query: dict) -> Page:
    return Page("FurnitureShop", {
        "navigation": furniture.navigation(session),
        "topNewProducts": furniture.top_new_products(session),
        "topSellingProducts": furniture.top_selling_products(session),
        "allProducts": furniture.all_products(session),
    }, meta={
        "description": "Furniture for every room: sofas, chairs, beds, tables and lighting, the newest designs "
                       "and best sellers, each in a choice of colours.",
        "canonical": "/furniture-shop",
    })


def healthbeauty_shop(session: Session, path: dict, query: dict) -> Page:
    return Page("HealthBeautyShop", {
        "navigation": healthbeauty.navigation(session),
        "topNewProducts": healthbeauty.top_new_products(session),
        "allProducts": healthbeauty.all_products(session),
        "services": healthbeauty.services(session),
    }, meta={
        "description": "Health and beauty online: skincare, makeup, hair care, vitamins and fragrance, "
                       "with fast delivery, a money-back guarantee and secure payment.",
        "canonical": "/healthbeauty-shop",
    })


def gift_shop(session: Session, path: dict, query: dict) -> Page:
    return Page("GiftShop", {
        "navigation": gift.navigation(session),
        "topCategories": gift.top_categories(session),
        "popularProducts": gift.popular_products(session),
        "topSoldProducts": gift.top_selling_products(session),
        "allProducts": gift.all_products(session),
        "services": gift.service_list(session),
    }, meta={
        "description": "Gifts for every occasion: toys, flowers, teddy bears, greeting cards and gift boxes, "
                       "popular picks and best sellers with fast delivery.",
        "canonical": "/gift-shop",
    })


routes = [
    page_route("/furniture-shop", furniture_shop),
    page_route("/healthbeauty-shop", healthbeauty_shop),
    page_route("/gift-shop", gift_shop),
]
