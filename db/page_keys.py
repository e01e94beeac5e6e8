"""Invalidation keys: the names under which a cached page records what it shows, and under which a
write publishes what it changed (db/catalogue_changes.py). A cached page is dropped when a
published key is one of its own, and only then (or when its time slot ends).

Keys are short ASCII words without spaces: they also travel in the `Surrogate-Key` header for
caches in front of the server.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable

from db import levels

# Published by a write that cannot say what it changed (a bulk import): every page goes.
EVERYTHING = "*"
# Held by a page that cannot say what it shows (a route nobody declared): any write drops it.
ANY_CHANGE = "any"
# Search results pages: which products match, their order, the facets' counts. A price change
# (a used copy's too) publishes it whole, not only the keys of the books it moves: a results page
# depends on the price of every book its term matches, not of the cards it shows (its price facet
# counts them, its price sorts order them), and a page with a filter chosen reads past the first
# CAP matches (db/search/found.py: the filters are part of the query), so a price change can bring
# in a book the page never listed. Keyed finer, a page would hold a key per match, hundreds to a
# catalogue's worth: too many for the cache's index and its Surrogate-Key header (folded to
# `products`, which every product write purges), so every search page goes, as before.
SEARCH = "search"
# What a search term finds, and how its words rank what it finds: the index's documents (every
# product's searched text), which products are published, the vocabulary and the synonyms.
# Published with SEARCH by the writes that change them; a price, rating or stock change publishes
# SEARCH (and the product's own key) alone. No page holds it: a search page's loader keeps what
# its term finds under it (db/queries/kept_searches.py), and each found product's figures under its product key.
SEARCH_WORDS = "search-words"
# Every book shelf: the level pages (/books/class-9 ...) and the author pages. Published by a
# write that cannot say which shelves its books are on (the CSV import); a book's own write
# publishes its shelves' keys (`shelf`, `author`).
SHELVES = "shelves"
# How many books each level holds, which every level page's class switcher and the home print.
LEVELS = "levels"
# Lists of categories by name (search facets, the market's category sections).
CATEGORIES = "categories"
# Lists of brands (the market's top brands and category brands, fashion's deals of the week).
BRANDS = "brands"
# Lists of sellers' shops (the market's category sections).
SELLERS = "sellers"
# School booklists: the finder and each list's page.
BOOKLISTS = "booklists"
# Pages print a stock count only when it is low: a product page from 10 down ("only 3 left",
# components/shop/product/BuyBox.jsx), a booklist below the quantity an item lists (at most 99).
# A sale that leaves more than this in stock changes no page (the props' count, used as the
# quantity picker's limit, may lag: the checkout checks the stock itself).
STOCK_SHOWN_BELOW = 100
# Coarse stand-ins for every product key and every stock key, where a header must stay short.
PRODUCTS = "products"
STOCK = "stock"


def product(product_id: int) -> str:
    """Everything a card or a product page shows of one product, its stock count aside."""
    return f"p:{product_id}"


def stock(product_id: int) -> str:
    """A product's count in stock, which changes with every sale: only the pages that print it."""
    return f"stock:{product_id}"


def offers(product_id: int) -> str:
    """The offers a product page lists (every seller's, with condition, note and stock)."""
    return f"offers:{product_id}"


def reviews(product_id: int) -> str:
    """The published reviews a product page lists."""
    return f"reviews:{product_id}"


def shelf(level_kind: str, level_number: int | None = None) -> str:
    """One level page's books (`shelf:class-9`, `shelf:college`, `shelf:stories`), their facets
    and counts: a school book's class is its level's first number, college and story books have
    one page each."""
    return "shelf:" + levels.Level(level_kind, level_number or 0, level_number or 0).url.removeprefix("/books/")


def author(author_id: int) -> str:
    """One author page's books (/author/{slug}), their facets and count."""
    return f"author:{author_id}"


def storefront(shop: str) -> str:
    """Which of a storefront's goods (Product.shop) its home's lists hold, and in what order."""
    return f"shop:{shop}"


def content(shop: str) -> str:
    """A content shop's records (navigation, banners, slides, tiles with their figures, deals...)."""
    return f"content:{shop}"


def category(category_id: int) -> str:
    """A category's name as the cards of its products show it."""
    return f"category:{category_id}"


def brand(brand_id: int) -> str:
    """A brand's name as its products' pages show it."""
    return f"brand:{brand_id}"


def seller(seller_id: int) -> str:
    """A seller's shop name as its products' pages show it."""
    return f"seller:{seller_id}"


def related(shop: str) -> str:
    """The "related products" of a storefront's product pages: the rest of its shop, best rated first."""
    return f"related:{shop}"


def related_in(category_id: int) -> str:
    """The "related products" drawn from one category, best rated first."""
    return f"related:c{category_id}"


def coarse(key: str) -> str:
    """The stand-in of a key in a shortened header: every product key becomes `products`."""
    if key.startswith("p:"):
        return PRODUCTS
    if key.startswith("stock:"):
        return STOCK
    return key


class Holders:
    """Which entries of a cache hold each key: a change drops the entries that hold one of its
    keys (the page cache's pages, app/caching/page_cache.py; the reads loaders keep,
    db/queries/remembered.py)."""

    def __init__(self) -> None:
        self._by_key: dict[str, set[Hashable]] = defaultdict(set)

    def add(self, entry: Hashable, keys: Iterable[str]) -> None:
        for key in keys:
            self._by_key[key].add(entry)

    def discard(self, entry: Hashable, keys: Iterable[str]) -> None:
        for key in keys:
            entries = self._by_key.get(key)
            if entries is not None:
                entries.discard(entry)
                if not entries:
                    del self._by_key[key]

    def holding(self, keys: Iterable[str]) -> set[Hashable]:
        """The entries that hold any of these keys."""
        return set().union(*(self._by_key.get(key, ()) for key in keys))

    def clear(self) -> None:
        self._by_key.clear()
