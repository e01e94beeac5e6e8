"""What the storefront home pages show besides product lists: services, navigation, carousels,
banners, blogs, testimonials, category tiles, offer cards and deals."""

from __future__ import annotations

import datetime as dt
import random

from db.models import (
    Banner,
    Blog,
    CarouselSlide,
    Deal,
    NavigationGroup,
    NavigationItem,
    OfferCard,
    Product,
    Service,
    ShowcaseCategory,
    Testimonial,
)
from db.seed import books, emoji
from db.seed.catalogue import Catalogue
from db.seed.common import days_ago, rng, search_href, slugify
from db.seed.images import Media

# Service blurbs (SPEC §9) by icon name: title, subtitle, and the second line grocery2 shows.
SERVICES = {
    "truck": ("Fast Delivery", "Start from $10", "On all orders"),
    "money": ("Money Guarantee", "7 Days Back", "If goods have problems"),
    "return": ("365 Days", "For free return", "No questions asked"),
    "secure": ("Payment", "Secure system", "100% secure payment"),
    "support": ("Online Support", "24/7 daily", "Dedicated support"),
    "feedback": ("Positive Feedback", "97% positive", "From verified buyers"),
    "gift": ("Gift Wrapping", "Free on every order", "With a message card"),
    "clock": ("Quick Dispatch", "Same day before 2 pm", "Monday to Saturday"),
}
SHOP_SERVICES = {
    "market": ("truck", "money", "return", "secure"),
    "grocery1": ("truck", "return", "secure", "support"),
    "grocery2": ("truck", "money", "secure", "support"),
    "healthbeauty": ("truck", "money", "secure", "feedback"),
    "gift": ("truck", "gift", "secure", "support"),
    "fashion": ("truck", "money", "return", "secure"),
    "books": ("truck", "clock", "return", "support"),
}
# Only grocery2's service cards have a second line.
SERVICES_WITH_SECOND_LINE = ("grocery2",)

# Navigation trees: group label → items as (title, children). A title naming a category takes that
# category's icon; the others are search terms that match real product titles.
NAVIGATION: dict[str, tuple[tuple[str, tuple], ...]] = {
    "grocery1": (
        (
            "Top Categories",
            (
                (
                    "Vegetables",
                    (
                        ("Onion", (("Red Onion", ()),)),
                        ("Potato", (("Baby Potato", ()),)),
                        ("Tomato", ()),
                        ("Carrot", ()),
                    ),
                ),
                ("Fruits", (("Grapes", (("Green Grapes", ()),)), ("Apple", ()), ("Banana", ()), ("Mango", ()))),
                ("Breakfast", ()),
                ("Frozen", ()),
                ("Organic", ()),
            ),
        ),
        (
            "More",
            (
                ("Canned Food", ()),
                ("Coffee & Snacks", (("Coffee", ()), ("Tea", ()), ("Potato Chips", ()))),
                ("Sauces & Jems", ()),
                ("Dairy", ()),
            ),
        ),
    ),
    "grocery2": (
        (
            "Categories",
            (
                ("Vegetables", (("Onion", ()), ("Potato", ()), ("Tomato", ()))),
                ("Fruits", (("Grapes", ()), ("Mango", ()))),
                ("Breakfast", ()),
                ("Frozen", ()),
                ("Organic", ()),
                ("Canned Food", ()),
                ("Coffee & Snacks", ()),
                ("Sauces & Jems", ()),
                ("Dairy", ()),
            ),
        ),
    ),
    "furniture": (
        (
            "Categories",
            (
                ("Sofas", (("Loveseat", ()), ("Sectional", ()), ("Recliner", ()))),
                ("Chairs", (("Dining Chair", ()), ("Office Chair", ()))),
                ("Beds", ()),
                ("Tables", (("Dining Table", ()), ("Coffee Table", ()))),
                ("Lighting", (("Floor Lamp", ()), ("Pendant Light", ()))),
            ),
        ),
    ),
    "healthbeauty": (
        (
            "Categories",
            (
                ("Skincare", (("Serum", ()), ("Sunscreen", ()), ("Cleanser", ()))),
                ("Makeup", (("Lipstick", ()), ("Mascara", ()), ("Eyeshadow", ()))),
                ("Hair Care", ()),
                ("Vitamins", (("Multivitamin", ()), ("Collagen", ()))),
                ("Fragrance", ()),
            ),
        ),
    ),
    "gift": (
        (
            "Categories",
            (
                ("Toys", (("Puzzle", ()), ("Kite", ()))),
                ("Greeting Cards", (("Birthday", ()), ("Thank You", ()))),
                ("Flowers", (("Rose", ()), ("Tulip", ()), ("Sunflower", ()))),
                ("Teddy Bears", ()),
                ("Gift Boxes", ()),
            ),
        ),
        ("Popular Gifts", (("Chocolate", ()), ("Balloon", ()), ("Hamper", ()))),
    ),
    # The store's own: one group per top category, listing its subjects and genres.
    "books": tuple((top.name, tuple((child.name, ()) for child in top.children)) for top in books.CATEGORIES),
}

CAROUSELS = {
    # title, description, button text, search term, emojis for the illustration
    "market": (
        (
            "50% Off For Your First Shopping",
            "Sign up today and get half price on your first order of phones, watches, electronics and more.",
            "Shop Now",
            "Mobiles",
            ("1f4f1", "231a", "1f3a7"),
        ),
        (
            "Drive Home Your Dream Car",
            "Hybrid, electric and sports models from Toyota, Tesla, BMW and more.",
            "Shop Now",
            "Cars",
            ("1f697", "1f699", "26fd"),
        ),
        (
            "Timeless Watches & Sunglasses",
            "Casio, Fossil and Ray-Ban favourites at up to 40% off.",
            "Shop Now",
            "Optics & Watches",
            ("231a", "1f576", "1f453"),
        ),
    ),
    "gadget": (
        (
            "Noise Cancelling Headphones",
            "Shut out the world and hear every detail, now up to 30% off.",
            "Shop Now",
            "Headphones",
            ("1f3a7", "1f3b5", "1f50a"),
        ),
        (
            "Laptops for Work and Play",
            "Light ultrabooks, creator machines and gaming rigs with free delivery.",
            "Shop Now",
            "Laptops",
            ("1f4bb", "2328", "1f5b1"),
        ),
        (
            "Capture Every Moment",
            "Action, instant and full-frame cameras for every kind of storyteller.",
            "Shop Now",
            "Cameras",
            ("1f4f7", "1f4f9", "1f4f8"),
        ),
    ),
    "books": (
        (
            "Back to School Essentials",
            "Textbooks, workbooks and revision guides for classes 4 to 12.",
            "Shop School Books",
            "School Books",
            ("1f392", "1f4d0", "270f"),
        ),
        (
            "Textbooks for Every Degree",
            "Engineering, medicine, business, law and computer science titles.",
            "Shop College Books",
            "College Books",
            ("1f393", "1f4bb", "2696"),
        ),
        (
            "Stories Worth Staying Up For",
            "Mysteries, fantasy epics, classics and bedtime stories.",
            "Shop Story Books",
            "Story Books",
            ("1f4da", "1f409", "1f50d"),
        ),
    ),
}

BANNERS = {
    # (shop, slot): title, body, button text, search term, emojis
    ("gadget", "two-banners"): (
        ("Save up to 80%", "On selected laptops and accessories this week.", "Shop Now", "Laptops", ("1f4bb", "1f5b1")),
        ("Save up to 50%", "On smart watches and fitness bands.", "Shop Now", "Smart Watches", ("231a", "1f3c3")),
    ),
    ("market", "promo"): (
        (
            "12 Months 0% Interest",
            "Spread the cost of any phone or laptop over a year, with no interest.",
            "Shop Now",
            "Mobiles",
            ("1f4f1", "1f4b3"),
        ),
        (
            "Free Delivery on Bikes",
            "Every bike and scooter ships free this month.",
            "Shop Now",
            "Bikes",
            ("1f6b2", "1f6f4"),
        ),
    ),
    ("books", "promo"): (
        (
            "Buy 2, Get 1 Free on Story Books",
            "Mix and match fiction, fantasy, mysteries and classics.",
            "Shop Now",
            "Story Books",
            ("1f4da", "1f4d6"),
        ),
        (
            "College Textbooks up to 25% Off",
            "Save on the titles your course list asks for.",
            "Shop Now",
            "College Books",
            ("1f393", "1f4d3"),
        ),
    ),
}

BLOGS = {
    # title, description, search term, emojis
    "gadget": (
        (
            "How to Choose Noise Cancelling Headphones",
            "Over-ear or in-ear, active or passive: what really matters when you shop for quiet.",
            "Headphones",
            ("1f3a7", "1f3b6"),
        ),
        (
            "Five Laptops Students Love This Year",
            "Battery life, weight and price compared for lectures, labs and late-night essays.",
            "Laptops",
            ("1f4bb", "1f393"),
        ),
        (
            "Getting Started with Vlogging",
            "The camera, microphone and light you need for your first videos.",
            "Cameras",
            ("1f4f9", "1f3a4"),
        ),
    ),
    "fashion": (
        (
            "Denim Done Right: Jeans for Every Season",
            "From raw selvedge to relaxed fits, how to wear denim all year round.",
            "Jeans",
            ("1f456", "1f9e5"),
        ),
        (
            "Sneaker Care 101",
            "Keep your favourite pair looking new with five simple habits.",
            "Shoes",
            ("1f45f", "2728"),
        ),
        (
            "Accessories That Finish an Outfit",
            "Belts, scarves and bags that turn basics into a look.",
            "Accessories",
            ("1f45c", "1f9e3"),
        ),
    ),
}

TESTIMONIALS = (
    (
        "Jenny Alvarez",
        "The vegetables always arrive crisp and fresh. Ordering our weekly groceries here "
        "saves me hours every weekend.",
    ),
    ("Marcus Holt", "Great prices on breakfast basics and the delivery slots actually fit around my shifts."),
    ("Amelia Grant", "I love the organic range. Friendly support sorted out a missing item within minutes."),
    ("Raj Malhotra", "Fast, reliable and well packed. The fruit is better than at my local supermarket."),
)

SHOWCASES = {
    # (shop, slot): the category names the tiles show, in order
    ("market", "top"): ("Cars", "Mobiles", "Optics & Watches", "Electronics", "Fashion", "Bikes"),
    ("market", "bottom"): (
        "Automotive",
        "Mobiles",
        "Optics & Watches",
        "Electronics",
        "Fashion",
        "Bikes",
        "Home & Garden",
        "Music",
    ),
    ("gadget", "featured"): ("Headphones", "Smart Watches", "Laptops", "Cameras", "Speakers", "Gaming"),
    ("gift", "top"): ("Toys", "Flowers", "Teddy Bears", "Gift Boxes"),
    # "Upto N% off" is derived from the products when shown, so no subtitle is stored.
    ("grocery2", "shop-by-category"): ("Vegetables", "Fruits", "Breakfast", "Frozen", "Organic", "Dairy"),
    ("books", "top"): ("School Books", "College Books", "Story Books"),
}
# Tiles that carry an order-count line ("3k orders this week").
SHOWCASE_SUBTITLED = (("market", "top"),)

OFFER_CARDS = {
    # (shop, slot): title, subtitle, discount text, button text, background, search term, emoji
    ("grocery2", "card-list"): (
        ("Fresh Vegetables", "Up to 25% off this week", "", "Shop Now", "#FFF8E5", "Vegetables", "1f955"),
        ("Juicy Fruits", "Picked at peak ripeness", "", "Shop Now", "#E8F6EA", "Fruits", "1f347"),
        ("Breakfast Deals", "Start your day for less", "", "Shop Now", "#FCE9EC", "Breakfast", "1f95e"),
    ),
    ("grocery3", "offer-products"): (
        ("Fresh Grapes", "", "20% off", "Shop Now", "", "Grapes", "1f347"),
        ("Organic Favourites", "", "15% off", "Shop Now", "", "Organic", "1f951"),
        ("Coffee & Snacks", "", "25% off", "Shop Now", "", "Coffee & Snacks", "2615"),
    ),
}

WEEK_DEAL_BRANDS = (("Nike", "1f45f"), ("Adidas", "1f3c3"), ("Levi's", "1f456"))
HOT_DEAL_COUNT = 3


def positioned(rows: list) -> list:
    for position, row in enumerate(rows):
        row.position = position
    return rows


def services() -> list[Service]:
    rows = []
    for shop, icons in SHOP_SERVICES.items():
        rows += positioned(
            [
                Service(
                    shop=shop,
                    icon=icon,
                    title=SERVICES[icon][0],
                    subtitle=SERVICES[icon][1],
                    subtitle2=SERVICES[icon][2] if shop in SERVICES_WITH_SECOND_LINE else None,
                )
                for icon in icons
            ]
        )
    return rows


def navigation_item(
    group: NavigationGroup, title: str, children: tuple, icons: dict[str, str], position: int
) -> NavigationItem:
    """An item and, recursively, its children (up to two levels below the top item).

    Setting `group` on every item gives children their group_id at flush; the backref also puts them
    in the pending group's `items` list, which `settle` expires once they are written.
    """
    item = NavigationItem(group=group, title=title, href=search_href(title), icon=icons.get(title), position=position)
    item.children = [navigation_item(group, t, c, icons, n) for n, (t, c) in enumerate(children)]
    return item


def navigation(catalogue: Catalogue) -> list[NavigationGroup]:
    icons = {spec.name: spec.icon for spec in catalogue.specs.values()}
    groups = []
    for shop, tree in NAVIGATION.items():
        for position, (label, items) in enumerate(tree):
            group = NavigationGroup(shop=shop, label=label, position=position)
            for n, (title, children) in enumerate(items):
                navigation_item(group, title, children, icons, n)
            groups.append(group)
    return groups


def carousel(media: Media) -> list[CarouselSlide]:
    rows = []
    for shop, slides in CAROUSELS.items():
        rows += positioned(
            [
                CarouselSlide(
                    shop=shop,
                    title=title,
                    description=text,
                    button_text=button,
                    href=search_href(term),
                    image=media.banner(f"{shop}-carousel-{n}", 1200, 500, pictures),
                )
                for n, (title, text, button, term, pictures) in enumerate(slides, start=1)
            ]
        )
    return rows


def banners(media: Media) -> list[Banner]:
    rows = []
    for (shop, slot), entries in BANNERS.items():
        rows += positioned(
            [
                Banner(
                    shop=shop,
                    slot=slot,
                    title=title,
                    body=body,
                    button_text=button,
                    href=search_href(term),
                    image=media.banner(f"{shop}-{slot}-{n}", 600, 300, pictures),
                )
                for n, (title, body, button, term, pictures) in enumerate(entries, start=1)
            ]
        )
    return rows


def blogs(r: random.Random, media: Media, now: dt.datetime) -> list[Blog]:
    rows = []
    for shop, posts in BLOGS.items():
        rows += positioned(
            [
                Blog(
                    shop=shop,
                    title=title,
                    description=text,
                    href=search_href(term),
                    comments=r.randint(2, 48),
                    created_at=days_ago(now, r.uniform(3, 90)),
                    image=media.banner(f"{shop}-blog-{n}", 600, 400, pictures),
                )
                for n, (title, text, term, pictures) in enumerate(posts, start=1)
            ]
        )
    return rows


def testimonials(media: Media) -> list[Testimonial]:
    return positioned(
        [
            Testimonial(
                shop="grocery2",
                client_name=name,
                comment=comment,
                photo=media.avatar("testimonial", slugify(name), name),
            )
            for name, comment in TESTIMONIALS
        ]
    )


def showcases(r: random.Random, catalogue: Catalogue) -> list[ShowcaseCategory]:
    by_name = {category.name: category for category in catalogue.categories.values()}
    rows = []
    for (shop, slot), names in SHOWCASES.items():
        rows += positioned(
            [
                ShowcaseCategory(
                    shop=shop,
                    slot=slot,
                    category=by_name[name],
                    title=name,
                    image=by_name[name].banner,
                    subtitle=f"{r.randint(1, 9)}k orders this week" if (shop, slot) in SHOWCASE_SUBTITLED else "",
                )
                for name in names
            ]
        )
    return rows


def offer_cards(media: Media) -> list[OfferCard]:
    rows = []
    for (shop, slot), cards in OFFER_CARDS.items():
        rows += positioned(
            [
                OfferCard(
                    shop=shop,
                    slot=slot,
                    title=title,
                    subtitle=subtitle,
                    discount_offer=offer,
                    button_text=button,
                    bg_color=colour,
                    href=search_href(term),
                    image=media.banner(f"{shop}-{slot}-{n}", 400, 300, (picture,)),
                )
                for n, (title, subtitle, offer, button, colour, term, picture) in enumerate(cards, start=1)
            ]
        )
    return rows


def deals(r: random.Random, media: Media, catalogue: Catalogue, now: dt.datetime) -> list[Deal]:
    week = positioned(
        [
            Deal(
                shop="fashion",
                kind="week",
                brand=catalogue.brands[brand],
                off=r.choice((20, 30, 40, 50, 60)),
                image=media.banner(f"fashion-deal-week-{n}", 600, 400, (picture,)),
            )
            for n, (brand, picture) in enumerate(WEEK_DEAL_BRANDS, start=1)
        ]
    )
    products = r.sample([p for p in catalogue.in_shop("fashion") if p.published], HOT_DEAL_COUNT)
    hot = positioned(
        [
            Deal(
                shop="fashion",
                kind="hot",
                product=product,
                off=product.discount,
                expires_at=now + dt.timedelta(days=r.randint(1, 10), hours=r.randint(0, 23)),
                image=media.banner(f"fashion-deal-hot-{n}", 600, 400, (product_emoji(catalogue, product),)),
            )
            for n, product in enumerate(products, start=1)
        ]
    )
    return week + hot


def product_emoji(catalogue: Catalogue, product: Product) -> str:
    return emoji.for_product(product.title, catalogue.specs[product.category.slug].emoji)


def build_content(media: Media, catalogue: Catalogue, now: dt.datetime) -> list:
    r = rng("content")
    return [
        *services(),
        *navigation(catalogue),
        *carousel(media),
        *banners(media),
        *blogs(r, media, now),
        *testimonials(media),
        *showcases(r, catalogue),
        *offer_cards(media),
        *deals(r, media, catalogue, now),
    ]


def settle(session, rows: list) -> None:
    """After the flush that wrote them: reload navigation groups' `items`, which held children too."""
    for row in rows:
        if isinstance(row, NavigationGroup):
            session.expire(row, ["items"])
