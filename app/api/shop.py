"""The market storefront's GET lists (SPEC.md §7, /api/market-1/...), spelled exactly as SPEC.md
writes them. Each answers the db.queries.market function the /market-1 page calls too."""
from __future__ import annotations

from db.queries import market

from .lists import list_route

MARKET_LISTS = {
    "main-carousel": market.main_carousel,
    "flash-deals": market.flash_deals,
    "top-categories": market.top_categories,
    "big-discounts": market.big_discounts,
    "toprated-product": market.toprated_product,
    "toprated-brand": market.toprated_brand,
    "new-arrivals": market.new_arrivals,
    "car-brand-list": market.car_brand_list,
    "car-list": market.car_list,
    "mobile-brand-list": market.mobile_brand_list,
    "mobile-shop-list": market.mobile_shop_list,
    "mobile-list": market.mobile_list,
    "optics/watch-brands": market.optics_watch_brands,
    "optics/watch-shops": market.optics_watch_shops,
    "optics-list": market.optics_list,
    "bottom-categories": market.bottom_categories,
    "get-more-items": market.get_more_items,
    "get-service-list": market.get_service_list,
}

routes = [list_route(f"/api/market-1/{path}", query) for path, query in MARKET_LISTS.items()]
