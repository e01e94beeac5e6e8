"""Helpers every seed module shares: seeded randomness, money, slugs and relative dates."""

from __future__ import annotations

import datetime as dt
import random
import re
import unicodedata
from decimal import Decimal
from urllib.parse import quote

from db.ledger import cents

PAYMENT_METHODS = ("Stripe", "PayPal", "Payoneer", "Visa Card", "Cash")


def rng(topic: str) -> random.Random:
    """A generator of its own per topic, so changing one module's draws never shifts another's.

    A string seed is hashed with SHA-512 by `random`, so it is stable across runs and hash seeds.
    """
    return random.Random(f"student-books/{topic}")


def sale_price(price: Decimal, discount: int) -> Decimal:
    """What a customer pays for one unit: the price less its whole-percent discount."""
    return cents(price * (100 - discount) / 100)


def slugify(text: str) -> str:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower().replace("'", "")).strip("-")


class SlugRegistry:
    """Hands out slugs unique across one seeding run (a second "Honey" becomes "honey-2")."""

    def __init__(self) -> None:
        self._taken: set[str] = set()

    def take(self, text: str) -> str:
        base = slugify(text)
        slug, n = base, 1
        while slug in self._taken:
            n += 1
            slug = f"{base}-{n}"
        self._taken.add(slug)
        return slug


def search_href(term: str) -> str:
    """A storefront search link; the term is URL-encoded ("Coffee & Snacks" → Coffee%20%26%20Snacks)."""
    return "/product/search/" + quote(term, safe="")


def days_ago(now: dt.datetime, days: float) -> dt.datetime:
    """`now` less a number of days, to the whole second (stored times look like real ones)."""
    return now - dt.timedelta(seconds=int(days * 86400))


def random_time_between(r: random.Random, start: dt.datetime, end: dt.datetime) -> dt.datetime:
    span = max(0, int((end - start).total_seconds()))
    return start + dt.timedelta(seconds=r.randint(0, span))


def normalise_now(now: dt.datetime | None) -> dt.datetime:
    """Aware UTC, whole seconds: naive values are taken as UTC."""
    now = now or dt.datetime.now(dt.UTC)
    if now.tzinfo is None:
        now = now.replace(tzinfo=dt.UTC)
    return now.astimezone(dt.UTC).replace(microsecond=0)


def price_tag(r: random.Random, low: float, high: float) -> Decimal:
    """A shop-like price in [low, high]: ends in .99, .49 or .00."""
    whole = r.randint(int(low), max(int(low), int(high) - 1))
    price = Decimal(whole) + Decimal(r.choice(("0.99", "0.49", "0.00")))
    return min(max(price, Decimal(str(low))), Decimal(str(high)))


def stock_level(r: random.Random) -> int:
    # A few sold-out products fill the admin's "stock-out products" list.
    return 0 if r.random() < 0.05 else r.randint(3, 120)
