"""The market storefront /market-1 (Product.shop and content shop "market"): one function per
/api/market-1/ list of SPEC.md §7, and the page's props built from the same functions."""
from __future__ import annotations

from functools import partial

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..models import Brand, Category, Product, Seller
from . import content
from .media import media_url
from .products import BIGGEST_DISCOUNT, CATALOGUE_ORDER, NEWEST, TOP_RATED, cards, in_category, published_in

SHOP = "market"

# The category sections, by category slug (a slug also reaches the category's children).
CARS = "cars"
MOBILES = "mobiles"
OPTICS = "optics-watches"

FLASH_DEALS_SIZE = 8
BIG_DISCOUNTS_SIZE = 9  # SPEC.md §9
TOP_RATED_SIZE = 4
TOP_BRANDS_SIZE = 6
NEW_ARRIVALS_SIZE = 6
CAR_LIST_SIZE = 6  # SPEC.md §9
MOBILE_LIST_SIZE = 9  # SPEC.md §9
OPTICS_LIST_SIZE = 9  # SPEC.md §9
NAMES_SIZE = 6  # brand and shop lists: SPEC.md §9 says 4 to 6 names
# "A slice of items 48 to 60 of a sample list" (SPEC.md §7): the market in catalogue order.
MORE_ITEMS_FROM, MORE_ITEMS_TO = 48, 60

main_carousel = partial(content.carousel, shop=SHOP)
get_service_list = partial(content.services, shop=SHOP)
promo_banners = partial(content.banners, shop=SHOP, slot="promo")


def market():
    return published_in(SHOP)


def on_sale():
    return market().where(Product.discount > 0)


def flash_deals(session: Session) -> list[dict]:
    """The deepest discounts of the market."""
    return cards(session, on_sale().order_by(*BIGGEST_DISCOUNT), FLASH_DEALS_SIZE)


def big_discounts(session: Session) -> list[dict]:
    """The next deepest discounts after the flash deals, so the page never shows a deal twice;
    still biggest discount first."""
    return cards(session, on_sale().order_by(*BIGGEST_DISCOUNT), BIG_DISCOUNTS_SIZE, offset=FLASH_DEALS_SIZE)


def toprated_product(session: Session) -> list[dict]:
    return cards(session, market().order_by(*TOP_RATED), TOP_RATED_SIZE)


def new_arrivals(session: Session) -> list[dict]:
    return cards(session, market().order_by(*NEWEST), NEW_ARRIVALS_SIZE)


def get_more_items(session: Session) -> list[dict]:
    return cards(session, market().order_by(*CATALOGUE_ORDER), MORE_ITEMS_TO - MORE_ITEMS_FROM, offset=MORE_ITEMS_FROM)


def top_categories(session: Session) -> list[dict]:
    """The showcased top categories; a tile without a stored subtitle counts its products."""
    return [
        {
            "title": tile.title,
            "subtitle": tile.subtitle or f"{count} products",
            "categoryUrl": content.search_url(tile.category.name),
            "imgUrl": media_url(tile.image),
        }
        for tile, count, _biggest in content.showcase_with_figures(session, SHOP, "top")
    ]


def bottom_categories(session: Session) -> list[dict]:
    # categoryUrl is beyond SPEC.md §3's {name, imgUrl}: the tile needs somewhere real to go.
    return [
        {"name": tile.title, "imgUrl": media_url(tile.image), "categoryUrl": content.search_url(tile.category.name)}
        for tile in content.showcase(session, SHOP, "bottom")
    ]


def toprated_brand(session: Session) -> list[dict]:
    """Featured brands that have market products, best average product rating first."""
    average = func.avg(Product.rating)
    rows = session.execute(
        select(Brand, average)
        .join(Product, Product.brand_id == Brand.id)
        .where(Brand.featured.is_(True), Product.published.is_(True), Product.shop == SHOP)
        .group_by(Brand.id)
        .order_by(average.desc(), Brand.name)
        .limit(TOP_BRANDS_SIZE)
    ).all()
    return [
        {"imgUrl": media_url(brand.logo), "title": brand.name, "productUrl": content.search_url(brand.name)}
        for brand, _ in rows
    ]


# --- Category sections: their products, brands and the shops selling them ------------------------


def _category_products(session: Session, slug: str, size: int) -> list[dict]:
    return cards(session, in_category(market(), slug).order_by(*TOP_RATED), size)


def _names_in_category(session: Session, name_column, join_on, slug: str) -> list[str]:
    """Distinct names (of brands or sellers' shops) of the category's published market products,
    the name with the most products first."""
    products = in_category(select(Product.id).where(Product.published.is_(True), Product.shop == SHOP), slug)
    count = func.count(Product.id)
    query = (
        select(name_column)
        .select_from(Product)
        .join(*join_on)
        .where(Product.id.in_(products))
        .group_by(name_column)
        .order_by(count.desc(), name_column)
        .limit(NAMES_SIZE)
    )
    return list(session.scalars(query))


def category_brands(session: Session, slug: str) -> list[str]:
    return _names_in_category(session, Brand.name, (Brand, Product.brand_id == Brand.id), slug)


def category_shops(session: Session, slug: str) -> list[str]:
    """Shop names of the published sellers who sell the category's products."""
    join_on = (Seller, (Product.seller_id == Seller.id) & Seller.published.is_(True))
    return _names_in_category(session, Seller.shop_name, join_on, slug)


car_brand_list = partial(category_brands, slug=CARS)
car_list = partial(_category_products, slug=CARS, size=CAR_LIST_SIZE)
mobile_brand_list = partial(category_brands, slug=MOBILES)
mobile_shop_list = partial(category_shops, slug=MOBILES)
mobile_list = partial(_category_products, slug=MOBILES, size=MOBILE_LIST_SIZE)
optics_watch_brands = partial(category_brands, slug=OPTICS)
optics_watch_shops = partial(category_shops, slug=OPTICS)
optics_list = partial(_category_products, slug=OPTICS, size=OPTICS_LIST_SIZE)


def category_name(session: Session, slug: str) -> str:
    return session.scalar(select(Category.name).where(Category.slug == slug)) or slug


def category_section(session: Session, slug: str, products: list[dict], brands: list[str], shops: list[str]) -> dict:
    return {"url": content.search_url(category_name(session, slug)), "brands": brands, "shops": shops, "products": products}


def page(session: Session) -> dict:
    """Every prop of the /market-1 page, in one session."""
    return {
        "carousel": main_carousel(session),
        "flashDeals": flash_deals(session),
        "topCategories": top_categories(session),
        "topRated": toprated_product(session),
        "topBrands": toprated_brand(session),
        "newArrivals": new_arrivals(session),
        "bigDiscounts": big_discounts(session),
        "cars": category_section(session, CARS, car_list(session), car_brand_list(session), []),
        "mobiles": category_section(
            session, MOBILES, mobile_list(session), mobile_brand_list(session), mobile_shop_list(session)
        ),
        "optics": category_section(
            session, OPTICS, optics_list(session), optics_watch_brands(session), optics_watch_shops(session)
        ),
        "banners": promo_banners(session),
        "bottomCategories": bottom_categories(session),
        "moreItems": get_more_items(session),
        "services": get_service_list(session),
    }
