"""The demo storefronts' GET lists of SPEC.md §7 (market-1 lives in its own module).

Each path answers the db.queries function the storefront page calls too, so a section and its
API list always agree. Paths are spelled exactly as SPEC.md §7 writes them ("lasest", "sailed").
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Annotated, Any

from pydantic import Field
from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from app.api.contract import LIST
from app.api.list_params import storefront_params
from app.api.lists import list_contract, list_response, list_route, shape_list
from app.api.records import ProductCard
from app.api.shop.records import (
    Banner,
    Blog,
    BrandDeal,
    CarouselSlide,
    CategoryTile,
    DiscountCategory,
    GiftCategory,
    HotDeal,
    NavigationGroup,
    OfferCard,
    OfferProduct,
    Service,
    Testimonial,
)
from app.api.validation import read_query
from app.http.errors import ApiError
from app.services import services_of
from db.queries import fashion, furniture, gadget, gift, grocery, healthbeauty, shared

# path -> (the db.queries function answering it, the record it lists)
LISTS: dict[str, tuple[Callable[[Session], list], Any]] = {
    # Fashion
    "/api/fashion-shop-2/products": (fashion.products, ProductCard),
    "/api/fashion-shop-2/feature-products": (fashion.featured_products, ProductCard),
    "/api/fashion-shop-2/sale-products": (fashion.sale_products, ProductCard),
    "/api/fashion-shop-2/lasest-products": (fashion.latest_products, ProductCard),
    "/api/fashion-shop-2/best-week-products": (fashion.best_week_products, ProductCard),
    "/api/fashion-shop-2/popular-products": (fashion.popular_products, ProductCard),
    "/api/fashion-shop-2/blogs": (fashion.blogs, Blog),
    "/api/fashion-store/deal-of-the-week": (fashion.deal_of_the_week, BrandDeal),
    "/api/fashion-store/hot-deals": (fashion.hot_deals, HotDeal),
    "/api/fashion-store/flash-deals": (fashion.flash_deals, ProductCard),
    "/api/fashion-store/new-arrivals": (fashion.latest_products, ProductCard),
    "/api/fashion-store/trending-items": (fashion.trending_items, ProductCard),
    "/api/fashion-store/service-list": (fashion.service_list, Service),
    # Furniture
    "/api/furniture-shop/navigation": (furniture.navigation, NavigationGroup),
    "/api/furniture-shop/top-new-products": (furniture.top_new_products, ProductCard),
    "/api/furniture-shop/top-selling-products": (furniture.top_selling_products, ProductCard),
    "/api/furniture-shop/all-products": (furniture.all_products, ProductCard),
    # Gadget store
    "/api/gadget-store/main-carousel": (gadget.main_carousel, CarouselSlide),
    "/api/gadget-store/top-picks-list": (gadget.top_picks, ProductCard),
    "/api/gadget-store/most-viewed": (gadget.most_viewed, ProductCard),
    "/api/gadget-store/featured-categories": (gadget.featured_categories, CategoryTile),
    "/api/gadget-store/two-banners": (gadget.two_banners, Banner),
    "/api/gadget-store/blog-lists": (gadget.blog_lists, Blog),
    # Gift shop
    "/api/gift-shop-navigation": (gift.navigation, NavigationGroup),
    "/api/gift-shop/popular-products": (gift.popular_products, ProductCard),
    "/api/gift-shop/top-sailed-products": (gift.top_selling_products, ProductCard),
    "/api/gift-shop/all-products": (gift.all_products, ProductCard),
    "/api/gift-shop/service-list": (gift.service_list, Service),
    "/api/gift-shop/top-categories": (gift.top_categories, GiftCategory),
    # Grocery one
    "/api/grocery1/navigation": (grocery.grocery1_navigation, NavigationGroup),
    "/api/grocery1/popular-products": (grocery.popular_products, ProductCard),
    "/api/grocery1/trending-products": (grocery.top_selling_products, ProductCard),
    "/api/grocery1/all-products": (grocery.all_products, ProductCard),
    "/api/grocery1/services": (grocery.grocery1_services, Service),
    # Grocery sections (grocery two)
    **{
        f"/api/grocery-{key}/products": (partial(grocery.grocery2_section, key=key), ProductCard)
        for key in grocery.GROCERY2_SECTIONS
    },
    "/api/grocery-section9/testimonial-list": (grocery.grocery2_testimonials, Testimonial),
    "/api/grocery-section2/services": (grocery.grocery2_services, Service),
    "/api/grocery-section3/shop-by-category": (grocery.shop_by_category, DiscountCategory),
    "/api/grocery-section6/card-list": (grocery.grocery2_offer_cards, OfferCard),
    "/api/grocery-navigation": (grocery.grocery2_navigation, NavigationGroup),
    # Grocery three
    "/api/grocery3/top-sailed-products": (grocery.top_selling_products, ProductCard),
    "/api/grocery3/all-products": (grocery.all_products, ProductCard),
    "/api/grocery3/offer-products": (grocery.grocery3_offer_products, OfferProduct),
    # Health and beauty
    "/api/healthbeauty/navigation": (healthbeauty.navigation, NavigationGroup),
    "/api/healthbeauty/top-new-products": (healthbeauty.top_new_products, ProductCard),
    "/api/healthbeauty/all-products": (healthbeauty.all_products, ProductCard),
    "/api/healthbeauty/services": (healthbeauty.services, Service),
}

# Ids are 32-bit integers in every database we run on; a bigger number names no product (and
# would overflow the driver's parameter instead of answering 404).
MAX_ID = 2**31 - 1


class AboutProduct(storefront_params(ProductCard)):
    product: Annotated[
        int | None, Field(description="A product id: the list for this product; 404 when no published product has it")
    ] = None


def product_list_route(path: str, query: Callable[[Session, int | None], list]) -> Route:
    """A list that is general without parameters and about one product with `?product=ID`."""

    @list_contract(ProductCard, AboutProduct, refusals=(404, *LIST))
    async def endpoint(request: Request) -> JSONResponse:
        params = read_query(request, AboutProduct)
        if params.product is not None and not 1 <= params.product <= MAX_ID:
            raise ApiError(404, "No such product")
        try:
            records = await services_of(request).db.read(query, params.product)
        except shared.UnknownProduct:
            raise ApiError(404, "No such product") from None
        return list_response(*shape_list(params, records))

    endpoint.__doc__ = query.__doc__
    return Route(path, endpoint, methods=["GET"])


routes = [
    *(list_route(path, query, record) for path, (query, record) in LISTS.items()),
    product_list_route("/api/frequently-bought-products", shared.frequently_bought),
    product_list_route("/api/related-products", shared.related_products),
]
