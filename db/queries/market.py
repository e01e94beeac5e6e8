"""The market storefront /market-1 (Product.shop and content shop "market"): one function per
/api/market-1/ list of SPEC.md §7, and the page's props built from the same functions."""

from __future__ import annotations

from functools import lru_cache, partial

from sqlalchemy import Select, bindparam, func, literal_column, or_, select, true, union_all
from sqlalchemy.orm import Session

from db import page_keys as keys
from db.models import Brand, Category, Product, Seller
from db.queries import content
from db.queries.media import media_url
from db.queries.remembered import remembered
from db.queries.rows import read_rows
from db.queries.sections import Section, cards_of, section_cards

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

# The page's product sections by prop. Flash deals are the deepest discounts; big discounts the
# next deepest after them, so the page never shows a deal twice.
SECTIONS = {
    "flashDeals": Section(SHOP, "biggest_discount", FLASH_DEALS_SIZE, only=("on_sale",)),
    "topRated": Section(SHOP, "top_rated", TOP_RATED_SIZE),
    "newArrivals": Section(SHOP, "newest", NEW_ARRIVALS_SIZE),
    "bigDiscounts": Section(SHOP, "biggest_discount", BIG_DISCOUNTS_SIZE, offset=FLASH_DEALS_SIZE, only=("on_sale",)),
    "cars": Section(SHOP, "top_rated", CAR_LIST_SIZE, categories=(CARS,)),
    "mobiles": Section(SHOP, "top_rated", MOBILE_LIST_SIZE, categories=(MOBILES,)),
    "optics": Section(SHOP, "top_rated", OPTICS_LIST_SIZE, categories=(OPTICS,)),
    "moreItems": Section(SHOP, "catalogue", MORE_ITEMS_TO - MORE_ITEMS_FROM, offset=MORE_ITEMS_FROM),
}
flash_deals = partial(section_cards, section=SECTIONS["flashDeals"])
big_discounts = partial(section_cards, section=SECTIONS["bigDiscounts"])
toprated_product = partial(section_cards, section=SECTIONS["topRated"])
new_arrivals = partial(section_cards, section=SECTIONS["newArrivals"])
get_more_items = partial(section_cards, section=SECTIONS["moreItems"])
car_list = partial(section_cards, section=SECTIONS["cars"])
mobile_list = partial(section_cards, section=SECTIONS["mobiles"])
optics_list = partial(section_cards, section=SECTIONS["optics"])


def top_categories(session: Session) -> list[dict]:
    """The showcased top categories; a tile without a stored subtitle counts its products."""
    return [
        {
            "title": tile.title,
            "subtitle": tile.subtitle or f"{count} products",
            "categoryUrl": content.search_url(tile.category),
            "imgUrl": media_url(tile.image),
        }
        for tile, count, _biggest in content.showcase_with_figures(session, SHOP, "top")
    ]


def bottom_categories(session: Session) -> list[dict]:
    # categoryUrl is beyond SPEC.md §3's {name, imgUrl}: the tile needs somewhere real to go.
    return [
        {"name": tile.title, "imgUrl": media_url(tile.image), "categoryUrl": content.search_url(tile.category)}
        for tile in content.showcase(session, SHOP, "bottom")
    ]


# Featured brands that have market products, best average product rating first.
_AVERAGE = func.avg(Product.rating)
TOP_BRANDS = (
    select(Brand.logo, Brand.name)
    .join(Product, Product.brand_id == Brand.id)
    .where(Brand.featured == true(), Product.published == true(), Product.shop == SHOP)
    .group_by(Brand.id)
    .order_by(_AVERAGE.desc(), Brand.name)
    .limit(TOP_BRANDS_SIZE)
)


# What drops the market's lists of names, kept between misses (db/queries/remembered.py): its goods
# moving (published, brand, seller, category, rating: db/catalogue_changes.py's storefront key),
# the names themselves.
_LISTED = frozenset({keys.storefront(SHOP), keys.BRANDS})
_NAMED = frozenset({keys.storefront(SHOP), keys.BRANDS, keys.SELLERS, keys.CATEGORIES})


def toprated_brand(session: Session) -> list[dict]:
    return [
        {"imgUrl": media_url(logo), "title": name, "productUrl": content.search_url(name)}
        for logo, name in remembered(session, TOP_BRANDS, _LISTED, lambda: read_rows(session, TOP_BRANDS))
    ]


# --- Category sections: their brands and the shops selling them ---------------------------------

# The names a category section lists: brands, and the shop names of published sellers.
NAMES = {
    "brands": (Brand.name, (Brand, Product.brand_id == Brand.id)),
    "shops": (Seller.shop_name, (Seller, (Product.seller_id == Seller.id) & (Seller.published == true()))),
}


@lru_cache(maxsize=32)
def _names_statement(kinds: tuple[str, ...], slugs: tuple[str, ...]) -> Select:
    """(kind, slug, name) of every asked kind and category (a slug reaching its children), the
    name with the most published market products first, then by name."""
    root = Category.__table__.alias("root")
    reach = (
        select(Category.id, root.c.slug)
        .join(root, or_(Category.id == root.c.id, Category.parent_id == root.c.id))
        .where(root.c.slug.in_(slugs))
        .subquery()
    )
    counted = []
    for kind in kinds:
        name, join_on = NAMES[kind]
        counted.append(
            select(
                literal_column(f"'{kind}'").label("kind"),
                reach.c.slug,
                name.label("name"),
                func.count(Product.id).label("n"),
            )
            .select_from(Product)
            .join(reach, reach.c.id == Product.category_id)
            .join(*join_on)
            .where(Product.published == true(), Product.shop == SHOP)
            .group_by(reach.c.slug, name)
        )
    names = (counted[0] if len(counted) == 1 else union_all(*counted)).subquery()
    return select(names.c.kind, names.c.slug, names.c.name).order_by(
        names.c.kind, names.c.slug, names.c.n.desc(), names.c.name
    )


def category_names(
    session: Session, kinds: tuple[str, ...], slugs: tuple[str, ...]
) -> dict[tuple[str, str], list[str]]:
    """{(kind, slug): up to NAMES_SIZE names} for every asked kind ("brands", "shops") and category."""
    found: dict[tuple[str, str], list[str]] = {(kind, slug): [] for kind in kinds for slug in slugs}
    statement = _names_statement(kinds, slugs)
    for kind, slug, name in remembered(session, statement, _NAMED, lambda: read_rows(session, statement)):
        if len(listed := found[(kind, slug)]) < NAMES_SIZE:
            listed.append(name)
    return found


def category_brands(session: Session, slug: str) -> list[str]:
    return category_names(session, ("brands",), (slug,))[("brands", slug)]


def category_shops(session: Session, slug: str) -> list[str]:
    """Shop names of the published sellers who sell the category's products."""
    return category_names(session, ("shops",), (slug,))[("shops", slug)]


car_brand_list = partial(category_brands, slug=CARS)
mobile_brand_list = partial(category_brands, slug=MOBILES)
mobile_shop_list = partial(category_shops, slug=MOBILES)
optics_watch_brands = partial(category_brands, slug=OPTICS)
optics_watch_shops = partial(category_shops, slug=OPTICS)

CATEGORY_NAMES = select(Category.slug, Category.name).where(Category.slug.in_(bindparam("slugs", expanding=True)))


def category_sections(session: Session, cards: dict[str, list[dict]]) -> dict[str, dict]:
    """The cars, mobiles and optics sections: their search page, brands, shops and products (the
    cars section lists no shops)."""
    slugs = {"cars": CARS, "mobiles": MOBILES, "optics": OPTICS}
    titles = dict(
        remembered(
            session,
            CATEGORY_NAMES,
            frozenset({keys.CATEGORIES}),
            lambda: read_rows(session, CATEGORY_NAMES, {"slugs": list(slugs.values())}),
        )
    )
    names = category_names(session, ("brands", "shops"), tuple(slugs.values()))
    return {
        prop: {
            "url": content.search_url(titles.get(slug) or slug),
            "brands": names[("brands", slug)],
            "shops": names[("shops", slug)] if prop != "cars" else [],
            "products": cards[prop],
        }
        for prop, slug in slugs.items()
    }


def page(session: Session) -> dict:
    """Every prop of the /market-1 page, in one session: the product sections in one statement."""
    cards = cards_of(session, SECTIONS)
    return {
        "carousel": main_carousel(session),
        "flashDeals": cards["flashDeals"],
        "topCategories": top_categories(session),
        "topRated": cards["topRated"],
        "topBrands": toprated_brand(session),
        "newArrivals": cards["newArrivals"],
        "bigDiscounts": cards["bigDiscounts"],
        **category_sections(session, cards),
        "banners": promo_banners(session),
        "bottomCategories": bottom_categories(session),
        "moreItems": cards["moreItems"],
        "services": get_service_list(session),
    }
