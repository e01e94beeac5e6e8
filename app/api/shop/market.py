"""The market storefront's GET lists (SPEC.md §7, /api/market-1/...), spelled exactly as SPEC.md
writes them. Each answers the db.queries.market function the /market-1 page calls too."""

from __future__ import annotations

from app.api.lists import list_route
from app.api.records import ProductCard
from app.api.shop.records import BottomCategory, CarouselSlide, Service, TopBrand, TopCategory
from db.queries import market

# path -> (the db.queries.market function answering it, the record it lists; str: names)
MARKET_LISTS = {
    "main-carousel": (market.main_carousel, CarouselSlide),
    "flash-deals": (market.flash_deals, ProductCard),
    "top-categories": (market.top_categories, TopCategory),
    "big-discounts": (market.big_discounts, ProductCard),
    "toprated-product": (market.toprated_product, ProductCard),
    "toprated-brand": (market.toprated_brand, TopBrand),
    "new-arrivals": (market.new_arrivals, ProductCard),
    "car-brand-list": (market.car_brand_list, str),
    "car-list": (market.car_list, ProductCard),
    "mobile-brand-list": (market.mobile_brand_list, str),
    "mobile-shop-list": (market.mobile_shop_list, str),
    "mobile-list": (market.mobile_list, ProductCard),
    "optics/watch-brands": (market.optics_watch_brands, str),
    "optics/watch-shops": (market.optics_watch_shops, str),
    "optics-list": (market.optics_list, ProductCard),
    "bottom-categories": (market.bottom_categories, BottomCategory),
    "get-more-items": (market.get_more_items, ProductCard),
    "get-service-list": (market.get_service_list, Service),
}

routes = [list_route(f"/api/market-1/{path}", query, record) for path, (query, record) in MARKET_LISTS.items()]
