"""The themed demo storefronts with a side menu: furniture, health & beauty, gift shop.

Each page's props come in one database session from the same db/queries sections the
/api/furniture-shop/..., /api/healthbeauty/... and /api/gift-shop/... lists answer with
(app/api/shop/storefronts.py), so a section and its list never disagree. The theme follows the
path (pages/themes.py); the title is the store's own (SPEC.md §1).
"""

from __future__ import annotations

from app.pages.shop.storefront import home_route
from db.queries import furniture, gift, healthbeauty

routes = [
    home_route(
        "/furniture-shop",
        "FurnitureShop",
        furniture.page,
        "Furniture for every room: sofas, chairs, beds, tables and lighting, the newest designs "
        "and best sellers, each in a choice of colours.",
    ),
    home_route(
        "/healthbeauty-shop",
        "HealthBeautyShop",
        healthbeauty.page,
        "Health and beauty online: skincare, makeup, hair care, vitamins and fragrance, "
        "with fast delivery, a money-back guarantee and secure payment.",
    ),
    home_route(
        "/gift-shop",
        "GiftShop",
        gift.page,
        "Gifts for every occasion: toys, flowers, teddy bears, greeting cards and gift boxes, "
        "popular picks and best sellers with fast delivery.",
    ),
]
