"""The demo storefronts' GET lists of SPEC.md §7 (market-1 lives in its own module).

Each path answers the db.queries function the storefront page calls too, so a section and its
API list always agree. Paths are spelled exactly as SPEC.md §7 writes them ("lasest", "sailed").
"""
from __future__ import annotations

import re
from functools import partial
from typing import Callable

from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from db.queries import fashion, furniture, gadget, gift, grocery, healthbeauty, shared

from ..services import services_of
from .errors import ApiError
from .lists import list_response, list_route, shape_list

LISTS: dict[str, Callable[[Session], list]] = {
    # Fashion
    "/api/fashion-shop-2/products": fashion.products,
    "/api/fashion-shop-2/feature-products": fashion.featured_products,
    "/api/fashion-shop-2/sale-products": fashion.sale_products,
    "/api/fashion-shop-2/lasest-products": fashion.latest_products,
    "/api/fashion-shop-2/best-week-products": fashion.best_week_products,
    "/api/fashion-shop-2/popular-products": fashion.popular_products,
    "/api/fashion-shop-2/blogs": fashion.blogs,
    "/api/fashion-store/deal-of-the-week": fashion.deal_of_the_week,
    "/api/fashion-store/hot-deals": fashion.hot_deals,
    "/api/fashion-store/flash-deals": fashion.flash_deals,
    "/api/fashion-store/new-arrivals": fashion.latest_products,
    "/api/fashion-store/trending-items": fashion.trending_items,
    "/api/fashion-store/service-list": fashion.service_list,
    # Furniture
    "/api/furniture-shop/navigation": furniture.navigation,
    "/api/furniture-shop/top-new-products": furniture.top_new_products,
    "/api/furniture-shop/top-selling-products": furniture.top_selling_products,
    "/api/furniture-shop/all-products": furniture.all_products,
    # Gadget store
    "/api/gadget-store/main-carousel": gadget.main_carousel,
    "/api/gadget-store/top-picks-list": gadget.top_picks,
    "/api/gadget-store/most-viewed": gadget.most_viewed,
    "/api/gadget-store/featured-categories": gadget.featured_categories,
    "/api/gadget-store/two-banners": gadget.two_banners,
    "/api/gadget-store/blog-lists": gadget.blog_lists,
    # Gift shop
    "/api/gift-shop-navigation": gift.navigation,
    "/api/gift-shop/popular-products": gift.popular_products,
    "/api/gift-shop/top-sailed-products": gift.top_selling_products,
    "/api/gift-shop/all-products": gift.all_products,
    "/api/gift-shop/service-list": gift.service_list,
    "/api/gift-shop/top-categories": gift.top_categories,
    # Grocery one
    "/api/grocery1/navigation": grocery.grocery1_navigation,
    "/api/grocery1/popular-products": grocery.popular_products,
    "/api/grocery1/trending-products": grocery.top_selling_products,
    "/api/grocery1/all-products": grocery.all_products,
    "/api/grocery1/services": grocery.grocery1_services,
    # Grocery sections (grocery two)
    **{
        f"/api/grocery-{key}/products": partial(grocery.grocery2_section, key=key)
        for key in grocery.GROCERY2_SECTIONS
    },
    "/api/grocery-section9/testimonial-list": grocery.grocery2_testimonials,
    "/api/grocery-section2/services": grocery.grocery2_services,
    "/api/grocery-section3/shop-by-category": grocery.shop_by_category,
    "/api/grocery-section6/card-list": grocery.grocery2_offer_cards,
    "/api/grocery-navigation": grocery.grocery2_navigation,
    # Grocery three
    "/api/grocery3/top-sailed-products": grocery.top_selling_products,
    "/api/grocery3/all-products": grocery.all_products,
    "/api/grocery3/offer-products": grocery.grocery3_offer_products,
    # Health and beauty
    "/api/healthbeauty/navigation": healthbeauty.navigation,
    "/api/healthbeauty/top-new-products": healthbeauty.top_new_products,
    "/api/healthbeauty/all-products": healthbeauty.all_products,
    "/api/healthbeauty/services": healthbeauty.services,
}

# Ids are 32-bit integers in every database we run on; a bigger number names no product (and
# would overflow the driver's parameter instead of answering 404).
MAX_ID = 2**31 - 1


def product_param(request: Request) -> int | None:
    """The optional `?product=ID`: 422 when it is not a whole number."""
    raw = request.query_params.get("product")
    if raw is None or raw.strip() == "":
        return None
    if not re.fullmatch(r"-?[0-9]{1,20}", raw.strip()):
        raise ApiError(422, "product must be a product id", {"product": "must be a whole number"})
    return int(raw)


def product_list_route(path: str, query: Callable[[Session, int | None], list]) -> Route:
    """A list that is general without parameters and about one product with `?product=ID`."""

    async def endpoint(request: Request) -> JSONResponse:
        product_id = product_param(request)
        if product_id is not None and not 1 <= product_id <= MAX_ID:
            raise ApiError(404, "No such product")
        try:
            records = await services_of(request).db.read(query, product_id)
        except shared.UnknownProduct:
            raise ApiError(404, "No such product")
        return list_response(*shape_list(request, records))

    return Route(path, endpoint, methods=["GET"])


routes = [
    *(list_route(path, query) for path, query in LISTS.items()),
    product_list_route("/api/frequently-bought-products", shared.frequently_bought),
    product_list_route("/api/related-products", shared.related_products),
]
