"""People and what they pay for: packages, sellers (with their package payments) and customers."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Collection
from dataclasses import dataclass
from decimal import Decimal

from db.models import Customer, Package, PackagePayment, Seller
from db.seed.common import PAYMENT_METHODS, days_ago, rng, slugify

FIRST_NAMES = (
    "Aarav",
    "Abigail",
    "Adrian",
    "Aisha",
    "Alice",
    "Amara",
    "Ana",
    "Arjun",
    "Ava",
    "Benjamin",
    "Caleb",
    "Camila",
    "Chen",
    "Chloe",
    "Clara",
    "Daniel",
    "David",
    "Diego",
    "Elena",
    "Elijah",
    "Emily",
    "Ethan",
    "Fatima",
    "Felix",
    "Gabriel",
    "Grace",
    "Hana",
    "Harper",
    "Isaac",
    "Isabella",
    "Jack",
    "James",
    "Julia",
    "Kai",
    "Leah",
    "Leo",
    "Lucas",
    "Lucy",
    "Mateo",
    "Mia",
    "Nadia",
    "Nathan",
    "Nina",
    "Noah",
    "Olivia",
    "Omar",
    "Oscar",
    "Priya",
    "Rahul",
    "Rosa",
    "Ruby",
    "Samuel",
    "Sara",
    "Sofia",
    "Tariq",
    "Thomas",
    "Victoria",
    "William",
    "Yusuf",
    "Zara",
)
LAST_NAMES = (
    "Adams",
    "Ahmed",
    "Alvarez",
    "Anderson",
    "Bailey",
    "Bennett",
    "Brooks",
    "Carter",
    "Chen",
    "Collins",
    "Cooper",
    "Das",
    "Evans",
    "Fernandes",
    "Foster",
    "Garcia",
    "Gupta",
    "Hall",
    "Hughes",
    "Ito",
    "Jensen",
    "Johnson",
    "Kim",
    "Kowalski",
    "Lee",
    "Lopez",
    "Mehta",
    "Miller",
    "Morgan",
    "Murphy",
    "Nakamura",
    "Nguyen",
    "Novak",
    "Okafor",
    "Park",
    "Patel",
    "Perez",
    "Reed",
    "Reyes",
    "Rossi",
    "Russell",
    "Santos",
    "Schmidt",
    "Shah",
    "Silva",
    "Singh",
    "Sullivan",
    "Taylor",
    "Thompson",
    "Turner",
    "Walker",
    "Ward",
    "Wilson",
    "Wright",
    "Young",
)
STREETS = (
    "Maple",
    "Oak",
    "Cedar",
    "Elm",
    "Willow",
    "Lakeview",
    "Hillcrest",
    "Park",
    "River",
    "Sunset",
    "Highland",
    "Chestnut",
    "Birch",
    "Meadow",
    "Spring",
    "Harbor",
    "Orchard",
    "Forest",
)
STREET_KINDS = ("Street", "Avenue", "Road", "Lane", "Drive", "Boulevard", "Court")
CITIES = (
    ("Springfield", "IL"),
    ("Portland", "OR"),
    ("Austin", "TX"),
    ("Madison", "WI"),
    ("Boulder", "CO"),
    ("Raleigh", "NC"),
    ("Savannah", "GA"),
    ("Burlington", "VT"),
    ("Ann Arbor", "MI"),
    ("Tucson", "AZ"),
    ("Salem", "MA"),
    ("Columbus", "OH"),
    ("Sacramento", "CA"),
    ("Richmond", "VA"),
    ("Boise", "ID"),
    ("Albany", "NY"),
)
EMAIL_DOMAINS = ("example.com", "example.org", "example.net")

PACKAGES = (
    # name, price, commission rate (the store's share of each sale)
    ("Silver", Decimal("49.00"), Decimal("0.1500")),
    ("Gold", Decimal("99.00"), Decimal("0.1000")),
    ("Premium", Decimal("199.00"), Decimal("0.0500")),
)

# shop name, owner, the storefront whose goods the seller lists, package, published, and the
# categories (slugs) it sells there: none named means any of that storefront's goods.
SELLERS = (
    ("Scholar's Corner", "Priya Raman", "books", "Premium", True, ()),
    ("Campus Reads", "Daniel Okafor", "books", "Gold", True, ()),
    ("Storytime Books", "Emma Lindqvist", "books", "Silver", True, ()),
    ("Auto Hub", "Marco Bellini", "market", "Premium", True, ("automotive", "cars", "bikes")),
    ("Motor Mile", "Grace Mensah", "market", "Silver", True, ("automotive", "cars", "bikes")),
    ("Phone Planet", "Aisha Khan", "market", "Gold", True, ("mobiles", "electronics")),
    ("Mobile Mania", "Arjun Mehta", "market", "Silver", True, ("mobiles", "electronics", "music")),
    ("Vision & Time", "Kenji Watanabe", "market", "Silver", True, ("optics-watches", "fashion")),
    ("Time Square Optics", "Isabella Rossi", "market", "Gold", True, ("optics-watches",)),
    ("Mega Mart", "Samuel Adeyemi", "market", "Premium", True, ()),
    ("City Bazaar", "Lucas Moreau", "market", "Gold", True, ()),
    ("Green Basket", "Sofia Martinez", "grocery", "Gold", True, ()),
    ("Fresh Farm Foods", "Liam O'Connor", "grocery", "Silver", True, ()),
    ("Chic Closet", "Chloe Dubois", "fashion", "Gold", True, ()),
    ("Gizmo Garage", "Ethan Clarke", "gadget", "Premium", True, ()),
    ("Urban Nest", "Hannah Weber", "furniture", "Silver", True, ()),
    ("Glow & Grace", "Maya Patel", "healthbeauty", "Gold", True, ()),
    ("Gift Galaxy", "Noah Fischer", "gift", "Silver", True, ()),
    # Awaiting approval: listed in the admin, selling nothing yet.
    ("Paper Trail", "Olivia Brooks", "books", "Silver", False, ()),
    ("Daily Bloom", "Rosa Alvarez", "gift", "Gold", False, ()),
)
CUSTOMER_COUNT = 80


@dataclass(frozen=True)
class Listing:
    """A seller and the categories it sells in its storefront (empty: all of them)."""

    seller: Seller
    categories: frozenset[str]

    def sells(self, category: str) -> bool:
        return not self.categories or category in self.categories


@dataclass
class People:
    packages: dict[str, Package]
    sellers: list[Seller]
    # Published sellers by the storefront whose goods they list; products are shared among them.
    sellers_by_shop: dict[str, list[Listing]]
    customers: list[Customer]
    payments: list[PackagePayment]


def phone(r: random.Random) -> str:
    # 555 numbers are reserved for fiction.
    return f"+1 555-{r.randint(100, 999)}-{r.randint(1000, 9999)}"


def street_address(r: random.Random) -> str:
    city, state = r.choice(CITIES)
    street = f"{r.randint(12, 9850)} {r.choice(STREETS)} {r.choice(STREET_KINDS)}"
    if r.random() < 0.25:
        street += f", Apt {r.randint(1, 40)}{r.choice('ABCD')}"
    return f"{street}, {city}, {state} {r.randint(10000, 99950)}"


def person_names(r: random.Random, count: int, exclude: Collection[str] = ()) -> list[str]:
    """`count` distinct full names, none of those in `exclude`."""
    names: list[str] = []
    seen = set(exclude)
    while len(names) < count:
        name = f"{r.choice(FIRST_NAMES)} {r.choice(LAST_NAMES)}"
        if name not in seen:
            seen.add(name)
            names.append(name)
    return names


def build_packages() -> dict[str, Package]:
    return {name: Package(name=name, price=price, commission_rate=rate) for name, price, rate in PACKAGES}


def build_sellers(r: random.Random, packages: dict[str, Package], now: dt.datetime) -> list[tuple[str, Listing]]:
    """Each seller with the storefront and categories it lists products in."""
    sellers = []
    for shop_name, owner, shop, package, published, categories in SELLERS:
        first, last = owner.lower().replace("'", "").split(" ", 1)
        seller = Seller(
            name=owner,
            email=f"{first}.{last}@{slugify(shop_name)}.example.com",
            phone=phone(r),
            shop_name=shop_name,
            package=packages[package],
            published=published,
            # Unpublished sellers signed up recently; the others before the catalogue was listed.
            created_at=days_ago(now, r.uniform(210, 600) if published else r.uniform(3, 40)),
        )
        sellers.append((shop, Listing(seller, frozenset(categories))))
    return sellers


def build_package_payments(r: random.Random, sellers: list[Seller], now: dt.datetime) -> list[PackagePayment]:
    """One to three payments a seller made for its package, the first on signing up."""
    payments = []
    for seller in sellers:
        paid_at = seller.created_at + dt.timedelta(hours=r.randint(1, 30))
        for _ in range(r.randint(1, 3)):
            if paid_at >= now:
                break
            payments.append(
                PackagePayment(
                    seller=seller,
                    package=seller.package,
                    amount=seller.package.price,
                    payment_method=r.choice(PAYMENT_METHODS),
                    created_at=paid_at,
                )
            )
            paid_at += dt.timedelta(days=r.randint(60, 150))
    return payments


def build_customers(r: random.Random, now: dt.datetime, exclude: set[str]) -> list[Customer]:
    customers = []
    for n, name in enumerate(person_names(r, CUSTOMER_COUNT, exclude), start=1):
        first, last = name.lower().split(" ", 1)
        customers.append(
            Customer(
                name=name,
                # The running number keeps two "Mia Chen"s from ever sharing an address.
                email=f"{first}.{last}{n}@{EMAIL_DOMAINS[n % len(EMAIL_DOMAINS)]}",
                phone=phone(r),
                # Everyone registered before the first seeded order (120 days back).
                created_at=days_ago(now, r.uniform(125, 540)),
            )
        )
    return customers


def build_people(now: dt.datetime) -> People:
    r = rng("people")
    packages = build_packages()
    listings = build_sellers(r, packages, now)
    sellers = [listing.seller for _, listing in listings]
    by_shop: dict[str, list[Listing]] = {}
    for shop, listing in listings:
        if listing.seller.published:
            by_shop.setdefault(shop, []).append(listing)
    customers = build_customers(r, now, exclude={s.name for s in sellers})
    return People(packages, sellers, by_shop, customers, build_package_payments(r, sellers, now))


def register_at_first_order(customers: list[Customer], orders) -> None:
    """A shopper's account dates from shortly before their first order (checkout creates it),
    so the dashboard's new-customer figures follow the orders; shoppers without orders keep
    their older sign-up dates."""
    first: dict[int, dt.datetime] = {}
    for order in orders:
        key = id(order.customer)
        first[key] = min(first.get(key, order.created_at), order.created_at)
    for n, customer in enumerate(customers):
        if id(customer) in first:
            customer.created_at = first[id(customer)] - dt.timedelta(hours=1 + n % 47)
