"""Customer reviews, and the rating and review count each product derives from its published ones."""

from __future__ import annotations

import datetime as dt
import random
from decimal import ROUND_HALF_UP, Decimal

from db.models import Customer, Product, Review
from db.seed.common import random_time_between, rng

UNPUBLISHED_SHARE = 0.05

# Comments by kind of shop and by how the customer rated: 5, 4, 3 and "2 or less".
COMMENTS: dict[str, dict[int, tuple[str, ...]]] = {
    "books": {
        5: (
            "Clear explanations and loads of practice questions. Exactly what we needed.",
            "Could not put it down, finished it in two evenings!",
            "Excellent print quality and the chapters are very well organised.",
            "My daughter's grades improved after working through this. Highly recommended.",
            "Beautifully written. Already ordered a copy for a friend.",
        ),
        4: (
            "Very good book, a couple of typos but nothing serious.",
            "Solid content and arrived quickly. The index could be better.",
            "Enjoyed it a lot, the middle drags a little but the ending is great.",
            "Useful for revision, although the answers section is brief.",
        ),
        3: (
            "Decent, but I expected more worked examples.",
            "An okay read. Some parts were slow.",
            "Good content, but the binding feels a bit weak.",
        ),
        2: (
            "Pages arrived creased and the cover was scratched.",
            "Not what I expected from the description.",
            "Too basic for the level it claims to cover.",
        ),
    },
    "grocery": {
        5: (
            "Fresh and very well packed. Will order again.",
            "Great quality and delivered right on time.",
            "Tastes just like from the farmers' market!",
            "Excellent value for money, the whole family loved it.",
        ),
        4: (
            "Good quality, one item was slightly bruised.",
            "Fresh and tasty, delivery was a little late.",
            "Nice product, a bit pricier than the local shop.",
        ),
        3: (
            "Average quality this time, hope it is better next order.",
            "It was fine, nothing special.",
            "Okay, but the pack was smaller than I thought.",
        ),
        2: ("Not fresh when it arrived.", "Packaging was damaged and some of it went to waste."),
    },
    "goods": {
        5: (
            "Absolutely love it! Looks even better than in the photos.",
            "Top quality and super fast delivery. Five stars.",
            "Works perfectly, great value for the price.",
            "Exactly as described. The seller was very helpful.",
            "Bought it as a gift and they loved it.",
        ),
        4: (
            "Very nice, although the colour is slightly different from the picture.",
            "Good quality overall, packaging could be better.",
            "Happy with it, took a few days longer to arrive than expected.",
            "Great product, instructions could be clearer.",
        ),
        3: (
            "It's okay for the price.",
            "Does the job, but feels a little cheap.",
            "Average. Returned the first one, the replacement is fine.",
        ),
        2: (
            "Stopped working after two weeks.",
            "Quality is poor compared with the photos.",
            "Not worth the money, sadly.",
        ),
    },
}


def comment_pool(shop: str) -> dict[int, tuple[str, ...]]:
    return COMMENTS.get(shop, COMMENTS["goods"])


def review_count(r: random.Random, product: Product, now: dt.datetime) -> int:
    # Products listed in the last few days have had little time to collect reviews.
    if now - product.created_at < dt.timedelta(days=4):
        return r.randint(0, 1)
    return r.randint(2, 8)


def star_rating(r: random.Random, quality: float) -> int:
    return max(1, min(5, round(r.gauss(quality, 0.8))))


def average(ratings: list[int]) -> Decimal:
    if not ratings:
        return Decimal("0.00")
    return (Decimal(sum(ratings)) / len(ratings)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def build_reviews(products: list[Product], customers: list[Customer], now: dt.datetime) -> list[Review]:
    """Two to eight reviews for almost every product; sets each product's rating and review_count."""
    r = rng("reviews")
    reviews = []
    for product in products:
        # Each product has a quality most of its reviews agree on (mostly 3 to 5 stars).
        quality = r.uniform(3.2, 4.9)
        pool = comment_pool(product.shop)
        published_ratings = []
        for customer in r.sample(customers, review_count(r, product, now)):
            stars = star_rating(r, quality)
            published = r.random() >= UNPUBLISHED_SHARE
            reviews.append(
                Review(
                    product=product,
                    customer=customer,
                    rating=stars,
                    comment=r.choice(pool[max(stars, 2)]),
                    published=published,
                    created_at=random_time_between(r, product.created_at, now),
                )
            )
            if published:
                published_ratings.append(stars)
        product.rating = average(published_ratings)
        product.review_count = len(published_ratings)
    return reviews
