"""The demo data: catalogue facts the storefronts search for, pictures, and money that adds up."""

from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import selectinload

from db.engine import make_engine, make_sessionmaker
from db.migrate import upgrade
from db.models import (
    Banner,
    Blog,
    Brand,
    CarouselSlide,
    Category,
    Customer,
    Deal,
    Earning,
    NavigationGroup,
    NavigationItem,
    Offer,
    OfferCard,
    Order,
    PackagePayment,
    Payout,
    PayoutRequest,
    Product,
    RefundRequest,
    Review,
    Seller,
    Service,
    ShowcaseCategory,
)
from db.models import Testimonial as ClientTestimonial  # pytest would try to collect a "Test…" class
from db.seed import is_empty, seed

NOW = dt.datetime(2026, 3, 15, 9, 30, tzinfo=dt.UTC)
SVG = "{http://www.w3.org/2000/svg}svg"
ICONS = {"truck", "money", "return", "secure", "support", "feedback", "gift", "clock"}
CENT = Decimal("0.01")


def seeded_database(folder: Path):
    """A migrated SQLite file seeded at NOW; returns (sessionmaker, media folder, engine)."""
    url = f"sqlite:///{folder / 'seed.db'}"
    upgrade(url)
    engine = make_engine(url)
    sessions = make_sessionmaker(engine)
    with sessions() as session:
        assert is_empty(session)
        seed(session, folder / "media", now=NOW)
        session.commit()
    return sessions, folder / "media", engine


@pytest.fixture(scope="module")
def seeded(tmp_path_factory):
    sessions, media, engine = seeded_database(tmp_path_factory.mktemp("seed"))
    yield sessions, media
    engine.dispose()


@pytest.fixture
def session(seeded):
    with seeded[0]() as session:
        yield session


@pytest.fixture
def media(seeded) -> Path:
    return seeded[1]


def cents(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def parse_svg(path: Path) -> ET.Element:
    root = ET.parse(path).getroot()
    assert root.tag == SVG, path
    for attribute in ("width", "height", "viewBox"):
        assert root.get(attribute), f"{path} has no {attribute}"
    return root


# --- catalogue -------------------------------------------------------------------------------


def test_is_empty_before_and_after_seeding(session, tmp_path):
    assert not is_empty(session)
    url = f"sqlite:///{tmp_path / 'empty.db'}"
    upgrade(url)
    engine = make_engine(url)
    with make_sessionmaker(engine)() as fresh:
        assert is_empty(fresh)
    engine.dispose()


def test_catalogue_size_and_shops(session):
    counts = dict(session.execute(select(Product.shop, func.count()).group_by(Product.shop)).all())
    assert 330 <= sum(counts.values()) <= 400
    assert set(counts) == {"books", "market", "grocery", "fashion", "gadget", "furniture", "healthbeauty", "gift"}
    assert counts["books"] >= 110 and counts["market"] >= 55 and counts["grocery"] >= 55
    unpublished = session.scalars(select(Product).where(Product.published.is_(False))).all()
    assert 3 <= len(unpublished) <= 8 and {p.shop for p in unpublished} == {"books"}


def test_grocery_search_terms_exist(session):
    titles = set(session.scalars(select(Product.title).where(Product.shop == "grocery")))
    assert {"Onion", "Potato", "Grapes", "Red Onion", "Baby Potato", "Green Grapes", "Tomato"} <= titles
    names = set(session.scalars(select(Category.name)))
    assert {"Vegetables", "Breakfast", "Frozen", "Organic", "Canned Food", "Coffee & Snacks", "Sauces & Jems"} <= names
    assert session.scalar(select(Category.slug).where(Category.name == "Vegetables")) == "vegetables"


def test_book_category_tree(session):
    tops = session.scalars(
        select(Category)
        .where(Category.name.in_(["School Books", "College Books", "Story Books"]))
        .options(selectinload(Category.children))
    ).all()
    assert len(tops) == 3
    for top in tops:
        assert top.level == 1 and len(top.children) == 5
        assert all(child.level == 2 for child in top.children)
    books = session.scalars(select(Product).where(Product.shop == "books")).all()
    assert all(b.author for b in books)
    # Three boxed sets at the demo cart's price (SPEC §3: 250, qty 1); every other book is priced like one.
    bundles = [b for b in books if b.price == Decimal("250.00")]
    assert len(bundles) == 3 and all(b.discount == 0 and b.published and b.stock >= 100 for b in bundles)
    assert all(Decimal("4.99") <= b.price <= Decimal("89.00") for b in books if b not in bundles)
    assert sum(b.featured for b in books) == 12
    assert any(b.stock == 0 for b in books)


def test_market_brands_and_categories(session):
    cars = session.scalars(select(Product).join(Category).where(Category.slug == "cars")).all()
    assert len(cars) >= 8 and all(car.brand_id for car in cars)
    assert session.scalar(select(Category.parent_id).where(Category.slug == "cars")) == session.scalar(
        select(Category.id).where(Category.name == "Automotive")
    )
    for slug in ("mobiles", "optics-watches"):
        goods = session.scalars(select(Product).join(Category).where(Category.slug == slug)).all()
        assert len(goods) >= 12 and all(g.brand_id for g in goods)
    assert session.scalar(select(func.count()).select_from(Brand)) >= 15
    assert max(session.scalars(select(Product.discount).where(Product.shop == "market"))) >= 50


def test_furniture_colours_and_status(session):
    furniture = session.scalars(select(Product).where(Product.shop == "furniture")).all()
    assert len(furniture) >= 15
    assert all(len(p.colors) == 4 and all(c.startswith("#") and len(c) == 7 for c in p.colors) for p in furniture)
    statuses = Counter(p.status for p in furniture)
    assert set(statuses) == {"New", ""} and statuses["New"] >= len(furniture) // 4


def test_slugs_unique_and_products_complete(session):
    products = session.scalars(select(Product)).all()
    assert len({p.slug for p in products}) == len(products)
    with_seller = sum(p.seller_id is not None for p in products)
    assert 0.78 <= with_seller / len(products) <= 0.92
    oldest = min(p.created_at for p in products)
    assert dt.timedelta(days=150) < NOW - oldest <= dt.timedelta(days=200)
    for shop in {p.shop for p in products}:
        assert any(p.featured for p in products if p.shop == shop)


def test_ratings_are_averages_of_published_reviews(session):
    published = defaultdict(list)
    for review in session.scalars(select(Review).where(Review.published.is_(True))):
        published[review.product_id].append(review.rating)
    products = session.scalars(select(Product)).all()
    for product in products:
        ratings = published[product.id]
        expected = cents(Decimal(sum(ratings)) / len(ratings)) if ratings else Decimal("0.00")
        assert product.rating == expected and product.review_count == len(ratings), product.title
    fractional = [p for p in products if p.rating != p.rating.to_integral_value()]
    assert len(fractional) > len(products) // 2
    hidden = session.scalar(select(func.count()).select_from(Review).where(Review.published.is_(False)))
    assert hidden > 0


# --- pictures ------------------------------------------------------------------------------------


def test_every_product_has_three_svg_pictures(session, media):
    for product in session.scalars(select(Product)):
        assert len(product.images) == 3
        for path in product.images:
            assert not path.startswith("/")
            parse_svg(media / path)


def test_other_pictures_exist_and_parse(session, media):
    paths = [
        *session.scalars(select(Category.banner)),
        *session.scalars(select(Brand.logo)),
        *session.scalars(select(Seller.image)),
        *session.scalars(select(Customer.image)),
        *session.scalars(select(CarouselSlide.image)),
        *session.scalars(select(Banner.image)),
        *session.scalars(select(Blog.image)),
        *session.scalars(select(ClientTestimonial.photo)),
        *session.scalars(select(ShowcaseCategory.image)),
        *session.scalars(select(OfferCard.image)),
        *session.scalars(select(Deal.image)),
    ]
    assert all(paths)
    for path in paths:
        parse_svg(media / path)
    assert parse_svg(media / session.scalar(select(Customer.image))).get("width") == "96"


def test_book_cover_shows_its_title(session, media):
    book = session.scalar(select(Product).where(Product.title == "The Lantern Keeper of Ashford"))
    root = parse_svg(media / book.images[0])
    assert root.get("viewBox") == "0 0 300 400"
    text = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert "Lantern" in text and book.author in text


# --- sales and money -----------------------------------------------------------------------------


def load_orders(session) -> list[Order]:
    return session.scalars(select(Order).options(selectinload(Order.lines), selectinload(Order.history))).all()


def test_orders_add_up(session):
    orders = load_orders(session)
    assert 400 <= len(orders) <= 460
    # Every line travels in its seller's shipment, which stands where its order stands.
    for order in orders:
        assert {line.shipment.seller_id for line in order.lines} == {line.seller_id for line in order.lines}
        assert {line.shipment.order_id for line in order.lines} == {order.id}
    # Each line was bought from its product's listing (the New offer it was created as).
    prices = {o.id: o for o in session.scalars(select(Offer))}
    for order in orders:
        assert 1 <= len(order.lines) <= 4
        assert order.total == sum(line.amount for line in order.lines)
        for line in order.lines:
            offer = prices[line.offer_id]
            assert offer.product_id == line.product_id and offer.condition == line.condition == "New"
            assert line.unit_price == cents(offer.price * (100 - offer.discount) / 100)
            assert line.amount == line.unit_price * line.qty
            assert line.seller_id == offer.seller_id and line.title == offer.product.title


def test_order_status_history(session):
    orders = load_orders(session)
    path = ["Pending", "Processing", "Delivered"]
    for order in orders:
        steps = [h.to_status for h in order.history]
        assert steps == path[: len(steps)] and steps[-1] == order.status
        assert order.history[0].from_status is None and order.history[0].created_at == order.created_at
        times = [h.created_at for h in order.history]
        assert times == sorted(times) and times[-1] <= NOW
        if order.status == "Delivered":
            assert order.payment_status in ("Success", "Refunded", "Partly refunded")
        if order.status == "Pending":
            assert order.payment_status == "Pending"
    statuses = Counter(o.status for o in orders)
    assert statuses["Delivered"] > len(orders) * 0.7 and statuses["Pending"] and statuses["Processing"]


def test_both_dashboard_periods_have_orders(session):
    times = list(session.scalars(select(Order.created_at)))
    recent = sum(NOW - t <= dt.timedelta(days=30) for t in times)
    previous = sum(dt.timedelta(days=30) < NOW - t <= dt.timedelta(days=60) for t in times)
    assert recent >= 60 and previous >= 60
    assert max(NOW - t for t in times) > dt.timedelta(days=100)


def test_each_delivered_seller_line_has_one_sale_earning(session):
    sales = session.scalars(select(Earning).where(Earning.refund_request_id.is_(None))).all()
    by_line = Counter(e.order_line_id for e in sales)
    rates = {s.id: s.package.commission_rate for s in session.scalars(select(Seller))}
    lines = {line.id: (line, order) for order in load_orders(session) for line in order.lines}
    expected = {lid for lid, (line, order) in lines.items() if order.status == "Delivered" and line.seller_id}
    assert set(by_line) == expected and set(by_line.values()) == {1}
    for earning in sales:
        line, order = lines[earning.order_line_id]
        assert earning.seller_id == line.seller_id and earning.order_id == order.id
        assert earning.commission_rate == rates[line.seller_id]
        assert earning.admin_commission == cents(line.amount * earning.commission_rate)
        assert earning.seller_earning + earning.admin_commission == line.amount
        assert earning.created_at == order.history[-1].created_at


def test_accepted_refunds_have_one_reversal(session):
    refunds = session.scalars(select(RefundRequest).options(selectinload(RefundRequest.order_line))).all()
    assert 20 <= len(refunds) <= 30
    assert {r.status for r in refunds} == {"Pending", "Processing", "Accepted"}
    reversals = {
        e.refund_request_id: e for e in session.scalars(select(Earning).where(Earning.refund_request_id.is_not(None)))
    }
    for refund in refunds:
        line = refund.order_line
        assert Decimal("0") < refund.amount <= line.amount
        if refund.status != "Accepted":
            assert refund.id not in reversals and refund.decided_at is None
            continue
        reversal = reversals[refund.id]
        assert refund.decided_at and reversal.created_at == refund.decided_at
        assert (reversal.seller_id, reversal.order_id, reversal.order_line_id) == (
            line.seller_id,
            line.order_id,
            line.id,
        )
        assert reversal.admin_commission == -cents(refund.amount * reversal.commission_rate)
        assert reversal.seller_earning == -(refund.amount + reversal.admin_commission)
        assert reversal.seller_earning < 0 and reversal.admin_commission <= 0
    assert any(r.amount < r.order_line.amount for r in refunds)


def test_accepted_payout_requests_are_paid_once(session):
    requests = session.scalars(select(PayoutRequest)).all()
    assert 20 <= len(requests) <= 50  # a few dozen, as a shop of this size has
    assert {r.status for r in requests} == {"Processing", "Accepted", "Rejected"}
    payouts = session.scalars(select(Payout)).all()
    paid = Counter(p.payout_request_id for p in payouts)
    assert set(paid.values()) == {1}
    by_request = {p.payout_request_id: p for p in payouts}
    for request in requests:
        assert Decimal("0") < request.amount <= request.balance_at_request
        if request.status == "Accepted":
            payout = by_request[request.id]
            assert (payout.amount, payout.seller_id, payout.created_at) == (
                request.amount,
                request.seller_id,
                request.decided_at,
            )
            assert payout.payment_method in {"Stripe", "PayPal", "Payoneer", "Visa Card", "Cash"}
        else:
            assert request.id not in by_request
        if request.status == "Processing":
            assert request.decided_at is None


def seller_events(session) -> dict[int, list[tuple[dt.datetime, Decimal]]]:
    events = defaultdict(list)
    for earning in session.scalars(select(Earning)):
        events[earning.seller_id].append((earning.created_at, earning.seller_earning))
    for payout in session.scalars(select(Payout)):
        events[payout.seller_id].append((payout.created_at, -payout.amount))
    return events


def balance_at(events: list[tuple[dt.datetime, Decimal]], when: dt.datetime) -> Decimal:
    return sum((delta for t, delta in events if t <= when), Decimal("0"))


def test_seller_balances_never_go_negative(session):
    for seller_id, events in seller_events(session).items():
        balance = Decimal("0")
        for _, delta in sorted(events, key=lambda e: e[0]):
            balance += delta
            assert balance >= 0, seller_id


def test_payout_requests_match_the_balance_of_their_moment(session):
    events = seller_events(session)
    for request in session.scalars(select(PayoutRequest)):
        assert request.balance_at_request == balance_at(events[request.seller_id], request.created_at)
        if request.status == "Processing":
            assert request.amount <= balance_at(events[request.seller_id], NOW)


def test_sellers_and_package_payments(session):
    sellers = session.scalars(select(Seller)).all()
    assert 15 <= len(sellers) <= 25
    assert 1 <= sum(not s.published for s in sellers) <= 3
    assert {s.package.name for s in sellers} == {"Silver", "Gold", "Premium"}
    per_seller = Counter()
    for payment in session.scalars(select(PackagePayment)):
        per_seller[payment.seller_id] += 1
        assert payment.amount == payment.package.price
    assert set(per_seller) == {s.id for s in sellers} and max(per_seller.values()) <= 3


# --- storefront content --------------------------------------------------------------------------


def test_services(session):
    per_shop = Counter()
    for service in session.scalars(select(Service)):
        per_shop[service.shop] += 1
        assert service.icon in ICONS and service.subtitle
        assert (service.subtitle2 is not None) == (service.shop == "grocery2")
    assert per_shop == dict.fromkeys(("market", "grocery1", "grocery2", "healthbeauty", "gift", "fashion", "books"), 4)
    titles = set(session.scalars(select(Service.title)))
    assert {"Fast Delivery", "Money Guarantee", "365 Days", "Payment", "Online Support"} <= titles


def test_navigation_nests_and_links_to_searches(session):
    groups = session.scalars(select(NavigationGroup)).all()
    shops = Counter(g.shop for g in groups)
    assert shops["grocery1"] == 2 and shops["books"] == 3
    assert {"grocery2", "furniture", "healthbeauty", "gift"} <= set(shops)
    for item in session.scalars(select(NavigationItem)):
        assert item.href.startswith("/product/search/") and " " not in item.href
    grocery1 = [g for g in groups if g.shop == "grocery1"]
    tops = [item for g in grocery1 for item in g.items]
    assert all(item.parent_id is None for item in tops)
    assert sum(bool(item.children) for item in tops) >= 2
    assert any(child.children for item in tops for child in item.children)
    assert "/product/search/Coffee%20%26%20Snacks" in {item.href for item in tops}


def test_showcases_offers_and_deals(session):
    slots = Counter((s.shop, s.slot) for s in session.scalars(select(ShowcaseCategory)))
    assert slots == {
        ("market", "top"): 6,
        ("market", "bottom"): 8,
        ("gadget", "featured"): 6,
        ("gift", "top"): 4,
        ("grocery2", "shop-by-category"): 6,
        ("books", "top"): 3,
    }
    cards = Counter((c.shop, c.slot) for c in session.scalars(select(OfferCard)))
    assert cards == {("grocery2", "card-list"): 3, ("grocery3", "offer-products"): 3}
    deals = session.scalars(select(Deal)).all()
    assert Counter(d.kind for d in deals) == {"week": 3, "hot": 3}
    assert all(d.brand_id for d in deals if d.kind == "week")
    assert all(d.product_id and NOW < d.expires_at <= NOW + dt.timedelta(days=11) for d in deals if d.kind == "hot")
    assert Counter(s.shop for s in session.scalars(select(CarouselSlide))) == {"market": 3, "gadget": 3, "books": 3}
    banners = session.scalars(select(Banner)).all()
    assert Counter((b.shop, b.slot) for b in banners) == {
        ("gadget", "two-banners"): 2,
        ("market", "promo"): 2,
        ("books", "promo"): 2,
    }
    assert any("80%" in b.title for b in banners) and any("0% Interest" in b.title for b in banners)
    assert Counter(b.shop for b in session.scalars(select(Blog))) == {"gadget": 3, "fashion": 3}
    assert session.scalar(select(func.count()).select_from(ClientTestimonial)) == 4


# --- determinism ---------------------------------------------------------------------------------


def catalogue_fingerprint(session) -> list[tuple]:
    return session.execute(
        select(
            Product.slug, Product.title, Product.price, Product.discount, Product.rating, Product.seller_id
        ).order_by(Product.id)
    ).all()


def ledger_fingerprint(session) -> list[tuple]:
    return (
        session.execute(select(Order.created_at, Order.total, Order.status).order_by(Order.id)).all()
        + session.execute(select(PayoutRequest.amount, PayoutRequest.status).order_by(PayoutRequest.id)).all()
    )


def test_seeding_twice_gives_the_same_data(session, media, tmp_path):
    sessions, other_media, engine = seeded_database(tmp_path)
    with sessions() as other:
        assert catalogue_fingerprint(other) == catalogue_fingerprint(session)
        assert ledger_fingerprint(other) == ledger_fingerprint(session)
        picture = session.scalar(select(Product.images).limit(1))[0]
    engine.dispose()
    assert (other_media / picture).read_bytes() == (media / picture).read_bytes()
