"""What each cached page shows, as invalidation keys (db/page_keys.py), found when it is built.

Every product a page shows is found by walking its props (a product record is a dict with an `id`
and a `price`; a link `/product/{id}` names one too), whatever shape its loader gives them; the
category each card names comes from one query. The lists a write can reorder or refill are
declared here per route: a storefront home holds its shop's lists and its content shop's records.
A cached route nobody declared holds `any`, so any write drops it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from db import page_keys as keys
from db.models import Booklist, BooklistItem, Product

PRODUCT_LINK = re.compile(r"/product/(\d{1,18})")


def products_in(props: Any) -> set[int]:
    """The ids of every product record and product link in a page's props. (A loop rather than a
    recursion, and the link pattern tried only on strings that start like one: a storefront's
    props hold over a thousand values, walked on every miss.)"""
    found: set[int] = set()
    ahead = [props]
    while ahead:
        value = ahead.pop()
        if isinstance(value, dict):
            # An offer's record (db/queries/offers.py) has an id and a price too: its id is no product's.
            if isinstance(value.get("id"), int) and "price" in value and "buyBox" not in value:
                found.add(value["id"])
            ahead.extend(value.values())
        elif isinstance(value, list):
            ahead.extend(value)
        elif isinstance(value, str) and value.startswith("/product/") and (link := PRODUCT_LINK.fullmatch(value)):
            found.add(int(link.group(1)))
    return found


def _on_booklists():
    return (
        select(BooklistItem.product_id)
        .join(Booklist, Booklist.id == BooklistItem.booklist_id)
        .where(Booklist.published.is_(True))
    )


@dataclass(frozen=True)
class Shows:
    """What a route's pages show besides the products in their props."""

    lists: tuple[str, ...] = ()
    # A product page: its own product's stock count, reviews, brand, seller and related lists.
    own_product: bool = False
    # Prints the stock of every product it lists ("only 2 in stock" on a booklist).
    stock: bool = False
    # Totals over every product on a published booklist (the finder).
    booklisted: bool = False
    # A shelf page: the key of its own shelf, from its path and props (a level, an author).
    shelf: Callable[[dict, Any], str] | None = None

    def found(self, path_params: dict, props: Any, read: dict[int, Any]) -> tuple[set[str], list[int]]:
        """The page's keys from its props and the rows its loader read (db/queries/shown.py), and
        the products it shows that the loader did not read so (a bare link): `unread_keys` reads
        those, and the finder's booklisted books, when there are any (`reads_more`)."""
        ids = products_in(props)
        found = {*self.lists, *(keys.product(product_id) for product_id in ids)}
        if self.shelf is not None:
            found.add(self.shelf(path_params, props))
        own = path_params.get("id") if self.own_product else None
        for product_id in ids:
            if (row := read.get(product_id)) is not None:
                found.update(self._row_keys(row, own))
        return found, [product_id for product_id in ids if product_id not in read]

    def reads_more(self, unread: list[int]) -> bool:
        return bool(unread) or self.booklisted

    def unread_keys(self, session: Session, path_params: dict, unread: list[int]) -> set[str]:
        condition = Product.id.in_(unread)
        if self.booklisted:
            condition = or_(condition, Product.id.in_(_on_booklists()))
        rows = session.execute(
            select(Product.id, Product.shop, Product.category_id, Product.brand_id, Product.seller_id).where(condition)
        )
        own = path_params.get("id") if self.own_product else None
        return {key for row in rows for key in self._row_keys(row, own)}

    def _row_keys(self, row: Any, own: int | None) -> set[str]:
        """What one product's row says a page showing it holds."""
        found = {keys.product(row.id), keys.category(row.category_id)}
        if self.stock or self.booklisted:
            found.add(keys.stock(row.id))
        if row.id == own:
            found.update(
                (
                    keys.stock(row.id),
                    keys.reviews(row.id),
                    keys.offers(row.id),
                    keys.related(row.shop),
                    keys.related_in(row.category_id),
                )
            )
            if row.brand_id is not None:
                found.add(keys.brand(row.brand_id))
            if row.seller_id is not None:
                found.add(keys.seller(row.seller_id))
        return found


def storefront(shop: str, content: str, *more: str) -> Shows:
    """A storefront home: the lists of its goods (Product.shop) and its content shop's records."""
    return Shows((keys.storefront(shop), keys.content(content), *more))


def level_shelf(kind: str) -> Shows:
    """A level page: its books with their facets, the names its category facet prints, and how
    many books every level holds (its class switcher). `shelves` is what a write that cannot name
    a book's shelves publishes (db/catalogue_changes.py)."""
    return Shows(
        (keys.SHELVES, keys.LEVELS, keys.CATEGORIES), shelf=lambda path, _props: keys.shelf(kind, path.get("number"))
    )


# An author's page: their books with their facets (db/queries/book_pages.py names the author's id).
AUTHOR_SHELF = Shows((keys.SHELVES, keys.CATEGORIES), shelf=lambda _path, props: keys.author(props["author"]["id"]))

# Route path -> what its pages show. A storefront's lists and content are named in db/queries.
SHOWN: dict[str, Shows] = {
    "/": storefront("books", "books", keys.LEVELS),  # its "Shop by class" counts
    "/market-1": storefront("market", "market", keys.BRANDS, keys.SELLERS, keys.CATEGORIES),
    "/grocery1": storefront("grocery", "grocery1"),
    "/grocery2": storefront("grocery", "grocery2"),
    "/grocery3": storefront("grocery", "grocery3"),
    "/gadget-shop": storefront("gadget", "gadget"),
    "/fashion-shop": storefront("fashion", "fashion", keys.BRANDS),
    "/furniture-shop": storefront("furniture", "furniture"),
    "/healthbeauty-shop": storefront("healthbeauty", "healthbeauty"),
    "/gift-shop": storefront("gift", "gift"),
    "/product/search/{term:path}": Shows((keys.SEARCH, keys.CATEGORIES)),
    "/product/{id:int}": Shows(own_product=True),
    "/author/{slug}": AUTHOR_SHELF,
    "/books/class-{number:int}": level_shelf("class"),
    "/books/college": level_shelf("college"),
    "/books/stories": level_shelf("age"),
    "/booklists": Shows((keys.BOOKLISTS,), booklisted=True),
    "/booklists/{slug}": Shows((keys.BOOKLISTS,), stock=True),
    # The cart lives in the browser: these pages show no data of the shop.
    "/cart": Shows(),
    "/checkout": Shows(),
    # A shopper's pages before sign-in: forms only, nothing of the shop's data.
    "/account/sign-in": Shows(),
    "/account/sign-up": Shows(),
    "/account/reset": Shows(),
}
UNDECLARED = Shows((keys.ANY_CHANGE,))


def shown_by(path: str) -> Shows:
    return SHOWN.get(path, UNDECLARED)
