"""The demo storefronts' GET lists (SPEC.md §7, market-1 aside): status, record shapes (§3),
slice sizes (§9), the orders the section names promise, list parameters, and the figures that
are derived from the database (discounts, item counts, bought-together).

Expected figures are computed here with plain SQL on the same database file, not with the
application's query functions, so a wrong query cannot agree with itself.
"""

from __future__ import annotations

import datetime as dt
import shutil
import sqlite3
from urllib.parse import quote

import pytest
from conftest import make_settings
from starlette.testclient import TestClient

from app.main import create_app

PRODUCT = {"id", "title", "price", "discount", "rating", "imgUrl", "imgGroup", "category"}
NAVIGATION = {"category", "categoryItem"}
SERVICE = {"icon", "title", "subtitle"}
TWO_LINE_SERVICE = SERVICE | {"subtitle1", "subtitle2"}
BLOG = {"url", "comments", "createdAt", "imgUrl", "title", "description"}
WEEKLY_DEAL = {"brand", "off", "imgUrl", "url"}
HOT_DEAL = {"productName", "expireDate", "imgUrl", "url"}
CAROUSEL_SLIDE = {"title", "photoUrl", "description", "buttonText", "buttonLik"}
FEATURED_CATEGORY = {"title", "imgUrl", "url"}
BANNER = {"title", "body", "buttonText", "imgUrl", "url"}
GIFT_CATEGORY = {"title", "available", "imgUrl", "url"}
TESTIMONIAL = {"clientName", "comment", "photoUrl"}
SHOP_BY_CATEGORY = {"imgUrl", "title", "subtitle", "url"}
OFFER_CARD = {"title", "subtitle", "imgUrl", "shopUrl", "bgColor"}
OFFER_PRODUCT = {"title", "discountOffer", "imgUrl", "buttonText", "url"}

# Every storefront path of SPEC.md §7 but market-1's and the shared ones, spelled as there.
PATHS: dict[str, set[str]] = {
    "/api/fashion-shop-2/products": PRODUCT,
    "/api/fashion-shop-2/feature-products": PRODUCT,
    "/api/fashion-shop-2/sale-products": PRODUCT,
    "/api/fashion-shop-2/lasest-products": PRODUCT,
    "/api/fashion-shop-2/best-week-products": PRODUCT,
    "/api/fashion-shop-2/popular-products": PRODUCT,
    "/api/fashion-shop-2/blogs": BLOG,
    "/api/fashion-store/deal-of-the-week": WEEKLY_DEAL,
    "/api/fashion-store/hot-deals": HOT_DEAL,
    "/api/fashion-store/flash-deals": PRODUCT,
    "/api/fashion-store/new-arrivals": PRODUCT,
    "/api/fashion-store/trending-items": PRODUCT,
    "/api/fashion-store/service-list": SERVICE,
    "/api/furniture-shop/navigation": NAVIGATION,
    "/api/furniture-shop/top-new-products": PRODUCT,
    "/api/furniture-shop/top-selling-products": PRODUCT,
    "/api/furniture-shop/all-products": PRODUCT,
    "/api/gadget-store/main-carousel": CAROUSEL_SLIDE,
    "/api/gadget-store/top-picks-list": PRODUCT,
    "/api/gadget-store/most-viewed": PRODUCT,
    "/api/gadget-store/featured-categories": FEATURED_CATEGORY,
    "/api/gadget-store/two-banners": BANNER,
    "/api/gadget-store/blog-lists": BLOG,
    "/api/gift-shop-navigation": NAVIGATION,
    "/api/gift-shop/popular-products": PRODUCT,
    "/api/gift-shop/top-sailed-products": PRODUCT,
    "/api/gift-shop/all-products": PRODUCT,
    "/api/gift-shop/service-list": SERVICE,
    "/api/gift-shop/top-categories": GIFT_CATEGORY,
    "/api/grocery1/navigation": NAVIGATION,
    "/api/grocery1/popular-products": PRODUCT,
    "/api/grocery1/trending-products": PRODUCT,
    "/api/grocery1/all-products": PRODUCT,
    "/api/grocery1/services": SERVICE,
    "/api/grocery-section4/products": PRODUCT,
    "/api/grocery-section5/products": PRODUCT,
    "/api/grocery-section7/products": PRODUCT,
    "/api/grocery-section8/products": PRODUCT,
    "/api/grocery-section9/testimonial-list": TESTIMONIAL,
    "/api/grocery-section2/services": TWO_LINE_SERVICE,
    "/api/grocery-section3/shop-by-category": SHOP_BY_CATEGORY,
    "/api/grocery-section6/card-list": OFFER_CARD,
    "/api/grocery-navigation": NAVIGATION,
    "/api/grocery3/top-sailed-products": PRODUCT,
    "/api/grocery3/all-products": PRODUCT,
    "/api/grocery3/offer-products": OFFER_PRODUCT,
    "/api/healthbeauty/navigation": NAVIGATION,
    "/api/healthbeauty/top-new-products": PRODUCT,
    "/api/healthbeauty/all-products": PRODUCT,
    "/api/healthbeauty/services": SERVICE,
    "/api/frequently-bought-products": PRODUCT,
    "/api/related-products": PRODUCT,
}

# SPEC.md §9.
SLICES = {
    "/api/furniture-shop/all-products": 9,
    "/api/grocery-section4/products": 9,
    "/api/grocery-section5/products": 12,
    "/api/grocery-section7/products": 9,
    "/api/grocery-section8/products": 9,
}


@pytest.fixture(scope="module")
def shop_db(seeded_sqlite, tmp_path_factory):
    """One read-only copy of the seeded database for this module's many GETs."""
    folder = tmp_path_factory.mktemp("storefront-api")
    db_file = folder / "shop.db"
    shutil.copyfile(seeded_sqlite[0], db_file)
    return db_file, seeded_sqlite[1]


@pytest.fixture(scope="module")
def api(shop_db) -> TestClient:
    db_file, media = shop_db
    with TestClient(create_app(make_settings(f"sqlite:///{db_file}", media)), base_url="http://127.0.0.1") as client:
        yield client


@pytest.fixture(scope="module")
def sql(shop_db):
    connection = sqlite3.connect(shop_db[0])
    yield lambda query, *args: connection.execute(query, args).fetchall()
    connection.close()


def get_list(api: TestClient, path: str, **params) -> list:
    response = api.get(path, params=params)
    assert response.status_code == 200, (path, response.text)
    body = response.json()
    assert isinstance(body, list), path
    return body


def assert_shaped(path: str, records: list, keys: set[str]) -> None:
    assert records, f"{path} answered an empty list"
    for record in records:
        assert keys <= record.keys(), (path, keys - record.keys())
        if keys is PRODUCT:
            assert isinstance(record["id"], int) and isinstance(record["title"], str) and record["title"]
            assert isinstance(record["price"], (int, float)) and record["price"] >= 0
            assert isinstance(record["discount"], int) and 0 <= record["discount"] <= 90
            assert 0 <= record["rating"] <= 5
            assert isinstance(record["imgGroup"], list) and record["imgUrl"] == record["imgGroup"][0]
        if keys is NAVIGATION:
            assert isinstance(record["categoryItem"], list) and record["categoryItem"]
            assert {"icon", "title", "href"} <= record["categoryItem"][0].keys()


@pytest.mark.parametrize("path", list(PATHS))
def test_every_path_answers_an_array_of_spec_records(api, path):
    records = get_list(api, path)
    assert_shaped(path, records, PATHS[path])
    assert api.get(path).headers["X-Total-Count"] == str(len(records))


@pytest.mark.parametrize("path,size", SLICES.items())
def test_slice_sizes(api, path, size):
    assert len(get_list(api, path)) == size


def test_same_paths_and_shapes_on_every_database(any_client):
    for path, keys in PATHS.items():
        assert_shaped(path, get_list(any_client, path), keys)
    assert any_client.get("/api/related-products", params={"product": "abc"}).status_code == 422
    assert any_client.get("/api/related-products", params={"product": 2**40}).status_code == 404


# --- Orders the section names promise -------------------------------------------------------------


def published(sql, shop: str) -> list[tuple]:
    return sql(
        "SELECT id, rating, discount, created_at, review_count, status, featured, category_id "
        "FROM product WHERE shop = ? AND published",
        shop,
    )


def units_sold(sql, since: str | None = None) -> dict[int, int]:
    query = (
        'SELECT l.product_id, SUM(l.qty) FROM order_line l JOIN "order" o ON o.id = l.order_id '
        + ("WHERE o.created_at >= ? " if since else "")
        + "GROUP BY l.product_id"
    )
    return dict(sql(query, *([since] if since else [])))


def non_increasing(values: list) -> bool:
    return all(a >= b for a, b in zip(values, values[1:]))


@pytest.mark.parametrize(
    "path,shop",
    [
        ("/api/grocery1/popular-products", "grocery"),
        ("/api/grocery-section5/products", "grocery"),
        ("/api/gift-shop/popular-products", "gift"),
        ("/api/fashion-shop-2/popular-products", "fashion"),
    ],
)
def test_popular_is_by_rating(api, sql, path, shop):
    ratings = [p["rating"] for p in get_list(api, path)]
    assert non_increasing(ratings)
    assert ratings[0] == max(float(row[1]) for row in published(sql, shop))


@pytest.mark.parametrize(
    "path,shop",
    [
        ("/api/grocery1/trending-products", "grocery"),
        ("/api/grocery3/top-sailed-products", "grocery"),
        ("/api/gift-shop/top-sailed-products", "gift"),
        ("/api/furniture-shop/top-selling-products", "furniture"),
        ("/api/fashion-store/trending-items", "fashion"),
    ],
)
def test_top_selling_is_by_units_sold(api, sql, path, shop):
    sold = units_sold(sql)
    units = [sold.get(p["id"], 0) for p in get_list(api, path)]
    assert non_increasing(units)
    assert units[0] == max(sold.get(row[0], 0) for row in published(sql, shop)) > 0


@pytest.mark.parametrize(
    "path,shop",
    [
        ("/api/grocery-section8/products", "grocery"),
        ("/api/fashion-shop-2/lasest-products", "fashion"),
        ("/api/fashion-store/new-arrivals", "fashion"),
        ("/api/healthbeauty/top-new-products", "healthbeauty"),
    ],
)
def test_new_is_newest_first(api, sql, path, shop):
    created = {row[0]: row[3] for row in published(sql, shop)}
    dates = [created[p["id"]] for p in get_list(api, path)]
    assert non_increasing(dates)
    assert dates[0] == max(created.values())


@pytest.mark.parametrize(
    "path,shop",
    [
        ("/api/grocery-section7/products", "grocery"),
        ("/api/fashion-shop-2/sale-products", "fashion"),
    ],
)
def test_deals_are_by_discount(api, sql, path, shop):
    discounts = [p["discount"] for p in get_list(api, path)]
    assert non_increasing(discounts) and discounts[-1] > 0
    assert discounts[0] == max(row[2] for row in published(sql, shop))


def test_fresh_vegetables_section_holds_vegetables(api):
    products = get_list(api, "/api/grocery-section4/products")
    assert {p["category"] for p in products} == {"Vegetables"}
    assert non_increasing([p["rating"] for p in products])


def test_the_four_grocery2_sections_differ(api):
    sections = [tuple(p["id"] for p in get_list(api, f"/api/grocery-section{n}/products")) for n in (4, 5, 7, 8)]
    assert len(set(sections)) == 4


def test_furniture_top_new_puts_new_first(api, sql):
    products = get_list(api, "/api/furniture-shop/top-new-products")
    flags = [p.get("status") == "New" for p in products]
    assert flags[0] and flags == sorted(flags, reverse=True)
    new_in_shop = sum(row[5] == "New" for row in published(sql, "furniture"))
    assert sum(flags) == min(new_in_shop, len(products))
    assert all(len(p["productColors"]) == 4 for p in products if "productColors" in p)


def test_gadget_most_viewed_is_most_reviewed(api, sql):
    counts = [p["reviewCount"] for p in get_list(api, "/api/gadget-store/most-viewed")]
    assert non_increasing(counts)
    assert counts[0] == max(row[4] for row in published(sql, "gadget"))


def test_featured_products_come_first(api, sql):
    featured = {row[0] for row in published(sql, "fashion") if row[6]}
    ids = [p["id"] for p in get_list(api, "/api/fashion-shop-2/feature-products")]
    flags = [i in featured for i in ids]
    assert flags[0] and flags == sorted(flags, reverse=True)


def test_best_of_the_week_counts_only_the_last_seven_days(api, sql):
    since = (dt.datetime.now(dt.UTC) - dt.timedelta(days=7)).strftime("%Y-%m-%d %H:%M:%S")
    sold = units_sold(sql, since)
    units = [sold.get(p["id"], 0) for p in get_list(api, "/api/fashion-shop-2/best-week-products")]
    assert non_increasing(units)
    assert units[0] == max([sold.get(row[0], 0) for row in published(sql, "fashion")])


def test_blogs_carry_date_text(api):
    for blog in get_list(api, "/api/fashion-shop-2/blogs"):
        dt.datetime.strptime(blog["createdAt"], "%d %b %Y")


def test_hot_deals_link_to_their_product_and_expire_later(api):
    for deal in get_list(api, "/api/fashion-store/hot-deals"):
        assert deal["url"].startswith("/product/")
        assert dt.datetime.fromisoformat(deal["expireDate"]) > dt.datetime.now(dt.UTC)
        product = api.get(f"/api/related-products?product={deal['url'].rsplit('/', 1)[1]}")
        assert product.status_code == 200


# --- List parameters -------------------------------------------------------------------------------


def test_total_count_and_paging(api, sql):
    everything = get_list(api, "/api/grocery1/all-products")
    assert len(everything) == len(published(sql, "grocery"))
    response = api.get("/api/grocery1/all-products", params={"page": 2, "per_page": 5})
    assert response.headers["X-Total-Count"] == str(len(everything))
    assert response.json() == everything[5:10]


def test_search_and_sort(api):
    hits = get_list(api, "/api/gift-shop/all-products", q="teddy")
    assert hits and all("teddy" in (p["title"] + p["category"]).lower() for p in hits)
    by_price = get_list(api, "/api/gift-shop/all-products", sort="-price")
    assert [p["price"] for p in by_price] == sorted((p["price"] for p in by_price), reverse=True)
    titles = [s["title"] for s in get_list(api, "/api/grocery1/services", sort="title")]
    assert titles == sorted(titles, key=str.lower)


def test_bad_list_parameters_are_422(api):
    for params in ({"sort": "colour"}, {"per_page": "lots"}, {"page": 0}):
        response = api.get("/api/grocery3/all-products", params=params)
        assert response.status_code == 422 and response.json()["message"]


# --- Navigation and derived figures ----------------------------------------------------------------


def test_grocery1_navigation_nests_two_levels(api):
    groups = get_list(api, "/api/grocery1/navigation")
    items = [item for group in groups for item in group["categoryItem"]]
    grandchildren = [g for i in items for c in i.get("child", []) for g in c.get("child", [])]
    assert grandchildren and all({"icon", "title", "href"} <= g.keys() for g in grandchildren)


def test_navigation_follows_the_stored_tree(api, sql):
    stored = sql(
        "SELECT g.label, i.title FROM navigation_item i JOIN navigation_group g ON g.id = i.group_id "
        "WHERE g.shop = 'gift' AND i.parent_id IS NULL ORDER BY g.position, g.id, i.position, i.id"
    )
    served = [
        (g["category"], i["title"]) for g in get_list(api, "/api/gift-shop-navigation") for i in g["categoryItem"]
    ]
    assert served == stored


def category_products(sql, category_id: int) -> list[tuple[int, int]]:
    """(id, discount) of the published products of a category and its direct children."""
    return sql(
        "SELECT p.id, p.discount FROM product p JOIN category c ON c.id = p.category_id "
        "WHERE p.published AND (c.id = ? OR c.parent_id = ?)",
        category_id,
        category_id,
    )


def showcase_tiles(sql, shop: str, slot: str) -> list[tuple]:
    return sql(
        "SELECT s.title, s.category_id, c.name FROM showcase_category s JOIN category c ON c.id = s.category_id "
        "WHERE s.shop = ? AND s.slot = ? ORDER BY s.position, s.id",
        shop,
        slot,
    )


def test_shop_by_category_shows_the_real_biggest_discount(api, sql):
    tiles = get_list(api, "/api/grocery-section3/shop-by-category")
    stored = showcase_tiles(sql, "grocery2", "shop-by-category")
    assert [t["title"] for t in tiles] == [row[0] for row in stored]
    for tile, (_title, category_id, name) in zip(tiles, stored):
        biggest = max(discount for _id, discount in category_products(sql, category_id))
        assert tile["subtitle"] == f"Upto {biggest}% off"
        assert tile["url"] == "/product/search/" + quote(name, safe="")


def test_gift_top_categories_count_available_items(api, sql):
    tiles = get_list(api, "/api/gift-shop/top-categories")
    stored = showcase_tiles(sql, "gift", "top")
    assert [t["title"] for t in tiles] == [row[0] for row in stored]
    for tile, (_title, category_id, _name) in zip(tiles, stored):
        assert tile["available"] == f"{len(category_products(sql, category_id))} Available Items"


def test_grocery2_services_have_two_lines(api):
    services = get_list(api, "/api/grocery-section2/services")
    assert all(s["subtitle1"] == s["subtitle"] for s in services)


# --- Frequently bought together and related products -----------------------------------------------


def bought_together(sql) -> dict[int, dict[int, int]]:
    """product id -> {other product id: orders holding both}."""
    pairs = sql(
        "SELECT a.product_id, b.product_id, COUNT(DISTINCT a.order_id) FROM order_line a "
        "JOIN order_line b ON a.order_id = b.order_id AND a.product_id != b.product_id "
        "GROUP BY a.product_id, b.product_id"
    )
    together: dict[int, dict[int, int]] = {}
    for a, b, n in pairs:
        together.setdefault(a, {})[b] = n
    return together


def test_frequently_bought_with_a_product(api, sql):
    together = bought_together(sql)
    live = {row[0] for row in sql("SELECT id FROM product WHERE published")}
    product = max((p for p in together if p in live), key=lambda p: len(together[p]))
    products = get_list(api, "/api/frequently-bought-products", product=product)
    ids = [p["id"] for p in products]
    assert product not in ids and ids
    assert all(i in together[product] for i in ids)
    counts = [together[product][i] for i in ids]
    assert non_increasing(counts)
    assert counts[0] == max(n for other, n in together[product].items() if other in live)


def test_related_products_of_a_product(api, sql):
    product_id, shop, category_id = sql(
        "SELECT id, shop, category_id FROM product WHERE published AND shop = 'grocery' ORDER BY id LIMIT 1"
    )[0]
    category = sql("SELECT name FROM category WHERE id = ?", category_id)[0][0]
    shop_ids = {row[0] for row in published(sql, shop)}
    products = get_list(api, "/api/related-products", product=product_id)
    ids = [p["id"] for p in products]
    assert product_id not in ids and set(ids) <= shop_ids
    same = [p["category"] == category for p in products]
    assert same[0] and same == sorted(same, reverse=True)


def test_unknown_or_unpublished_products_are_404(api, sql):
    hidden = sql("SELECT id FROM product WHERE NOT published LIMIT 1")
    for path in ("/api/frequently-bought-products", "/api/related-products"):
        for product in ["999999", "-3", *(str(row[0]) for row in hidden)]:
            response = api.get(path, params={"product": product})
            assert response.status_code == 404 and response.json()["message"], (path, product)
        for product in ("abc", "1.5", "1e3"):
            response = api.get(path, params={"product": product})
            assert response.status_code == 422 and response.json()["message"], (path, product)


def test_navigation_tree_loads_in_one_query(shop_db):
    """The whole tree, grandchildren included, in one statement however many items it has."""
    from sqlalchemy import event

    from db.engine import make_engine, make_sessionmaker
    from db.queries.navigation import navigation_for

    engine = make_engine(f"sqlite:///{shop_db[0]}")
    statements = []
    event.listen(engine, "before_cursor_execute", lambda *args: statements.append(args[2]))
    with make_sessionmaker(engine)() as session:
        tree = navigation_for(session, "grocery1")
    engine.dispose()
    assert any("child" in child for group in tree for item in group["categoryItem"] for child in item.get("child", []))
    assert len([s for s in statements if s.lstrip().upper().startswith("SELECT")]) == 1


def test_category_figures_follow_the_catalogue(client, db_file):
    """A new sub-category's discounted product raises its parent's "Upto N% off" and count; an
    unpublished one changes neither."""
    from decimal import Decimal

    from sqlalchemy import select

    from db.engine import make_engine, make_sessionmaker
    from db.models import Category, Product, ShowcaseCategory

    def tile(path: str, title: str) -> dict:
        return next(t for t in get_list(client, path) if t["title"] == title)

    engine = make_engine(f"sqlite:///{db_file}")
    with make_sessionmaker(engine)() as session, session.begin():
        vegetables = session.scalar(
            select(ShowcaseCategory).where(
                ShowcaseCategory.shop == "grocery2", ShowcaseCategory.slot == "shop-by-category"
            )
        ).category
        toys = session.scalar(
            select(ShowcaseCategory).where(ShowcaseCategory.shop == "gift", ShowcaseCategory.slot == "top")
        ).category
        names = vegetables.name, toys.name
    before = tile("/api/gift-shop/top-categories", names[1])["available"]
    assert tile("/api/grocery-section3/shop-by-category", names[0])["subtitle"] != "Upto 77% off"

    with make_sessionmaker(engine)() as session, session.begin():
        for n, (parent, shop) in enumerate(((vegetables, "grocery"), (toys, "gift"))):
            child = Category(name=f"Test child {n}", slug=f"test-child-{n}", parent_id=parent.id, level=2)
            session.add(child)
            for published in (True, False):
                session.add(
                    Product(
                        title=f"Test {n} {published}",
                        slug=f"test-{n}-{published}",
                        shop=shop,
                        category=child,
                        price=Decimal("1.00"),
                        discount=77 if published else 88,
                        published=published,
                    )
                )
    engine.dispose()

    assert tile("/api/grocery-section3/shop-by-category", names[0])["subtitle"] == "Upto 77% off"
    count = int(before.split()[0])
    assert tile("/api/gift-shop/top-categories", names[1])["available"] == f"{count + 1} Available Items"
