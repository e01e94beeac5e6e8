"""The themed demo storefronts with a side menu: furniture, health & beauty, gift shop.

Each loader builds every section in one database session from the same db/queries functions
the /api/furniture-shop/..., /api/healthbeauty/... and /api/gift-shop/... lists answer with
(app/api/storefronts.py), so a section and its list never disagree. The theme follows the
path (pages/themes.py); the title is the store's own (SPEC.md §1).
"""
from __future__ import annotations

from db.queries import furniture, gift, healthbeauty

from .render import shop_page_route

routes = [
    shop_page_route("/furniture-shop", "FurnitureShop", {
        "navigation": furniture.navigation,
        "topNewProducts": furniture.top_new_products,
        "topSellingProducts": furniture.top_selling_products,
        "allProducts": furniture.all_products,
    }, "Furniture for every room: sofas, chairs, beds, tables and lighting, the newest designs "
       "and best sellers, each in a choice of colours."),
    shop_page_route("/healthbeauty-shop", "HealthBeautyShop", {
        "navigation": healthbeauty.navigation,
        "topNewProducts": healthbeauty.top_new_products,
        "allProducts": healthbeauty.all_products,
        "services": healthbeauty.services,
    }, "Health and beauty online: skincare, makeup, hair care, vitamins and fragrance, "
       "with fast delivery, a money-back guarantee and secure payment."),
    shop_page_route("/gift-shop", "GiftShop", {
        "navigation": gift.navigation,
        "topCategories": gift.top_categories,
        "popularProducts": gift.popular_products,
        "topSoldProducts": gift.top_selling_products,
        "allProducts": gift.all_products,
        "services": gift.service_list,
    }, "Gifts for every occasion: toys, flowers, teddy bears, greeting cards and gift boxes, "
       "popular picks and best sellers with fast delivery."),
]
