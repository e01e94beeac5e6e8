"""What a write changes, named as invalidation keys (db/page_keys.py).

Read from what a flush writes: the objects it adds, changes and deletes and, for a changed object,
the columns that changed. A product's new title shows on the pages that show the product; a new
discount also reorders its storefront's lists, the search results and, for a book, the shelves it
is on (its level page and its authors' pages); a sale that leaves it in stock changes only the
count its own page prints. Some keys need the database to be named (the content shops whose tiles
show a category, the books of an author, the products a customer reviewed, the shelves of a book
whose record the writer did not read): those are gathered while the transaction runs and named
once, at commit, a query each for the whole transaction.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import inspect, select
from sqlalchemy.orm import Session

from db import page_keys as keys
from db.models import (
    Author,
    Book,
    BookAuthor,
    Booklist,
    BooklistItem,
    Brand,
    Category,
    Customer,
    NavigationGroup,
    NavigationItem,
    Offer,
    Product,
    Review,
    SearchSynonym,
    Seller,
    ShowcaseCategory,
)
from db.models.content import ShopContent

# A transaction that writes more objects than this (seeding, a generated catalogue) is not read
# object by object: it changes everything.
MAX_OBJECTS = 2000
# Nor is one whose keys would be more than this.
MAX_KEYS = 1000
UNKNOWN = object()  # a column's value before the change, when it was never loaded

# The lists a product's change can move it in, by name (see `_product_lists`). WORDS: what a
# search term finds it by, and whether it is found at all (its searched text, db/search/documents.py).
STOREFRONT, SEARCH, WORDS, SHELVES, RELATED, TILES = "storefront", "search", "words", "shelves", "related", "tiles"
EVERY_LIST = frozenset({STOREFRONT, SEARCH, WORDS, SHELVES, RELATED, TILES})
# What a write publishes when it changes what search terms find: the results pages, and what
# their loaders keep of what each term finds (db/queries/kept_searches.py).
WORDS_CHANGED = (keys.SEARCH, keys.SEARCH_WORDS)
# Product columns whose change can move the product into, out of or along lists. Any change to a
# product also changes its own record (keys.product), which every page showing it holds.
MOVES: dict[str, frozenset[str]] = {
    "published": EVERY_LIST,
    "shop": frozenset({STOREFRONT, WORDS, SHELVES, RELATED}),
    # in_category sections, related products of the category, search's category filter, tile counts
    "category_id": frozenset({STOREFRONT, WORDS, RELATED, TILES}),
    # on-sale lists, biggest discount first, sale-price sorts and filters, tiles' "up to 30% off"
    "discount": frozenset({STOREFRONT, SEARCH, SHELVES, TILES}),
    "price": frozenset({SEARCH, SHELVES}),
    # best rated first (nearly every list's order or tie-break)
    "rating": frozenset({STOREFRONT, SEARCH, SHELVES, RELATED}),
    "review_count": frozenset({STOREFRONT, SEARCH, SHELVES, RELATED}),
    "created_at": frozenset({STOREFRONT, SEARCH, SHELVES}),  # newest first
    "featured": frozenset({STOREFRONT, SHELVES}),
    "status": frozenset({STOREFRONT}),  # furniture's goods flagged "New" first
    "brand_id": frozenset({STOREFRONT, WORDS}),  # the market's brand lists; the brand is searched
    "seller_id": frozenset({STOREFRONT}),  # the market's lists of sellers' shops
    "title": frozenset({WORDS}),
    # search and the shelves filter by condition and by the lowest offer's price (a used copy's,
    # db/offers.py), and sort by that price
    "used_from": frozenset({SEARCH, SHELVES}),
    "condition": frozenset({SEARCH, SHELVES}),
    "description": frozenset({WORDS}),
    "author": frozenset({WORDS}),
}
# Columns no page shows at once: best-seller orders move with every sale, and the page cache's
# time slot refreshes them (app/settings.py page_cache_ttl) rather than every order.
UNSHOWN = frozenset({"units_sold"})
# Selling out leaves search's "in stock" filter and counts; coming back in stock may also enter a
# storefront list that shows only goods in stock (fashion's flash deals).
SOLD_OUT = frozenset({SEARCH})
BACK_IN_STOCK = frozenset({STOREFRONT, SEARCH})


@dataclass
class Changes:
    """One transaction's keys so far, and what is still to be looked up to name the rest."""

    keys: set[str] = field(default_factory=set)
    tiles_of: set[int] = field(default_factory=set)  # categories whose showcase tiles changed
    navigation_groups: set[int] = field(default_factory=set)  # groups whose items changed
    reviewers: set[int] = field(default_factory=set)  # customers whose reviews show a new name or photo
    authors: set[int] = field(default_factory=set)  # authors whose books show a new name
    shelved: set[int] = field(default_factory=set)  # books whose shelves their lists changed on

    def everything(self) -> None:
        self.keys = {keys.EVERYTHING}
        self.tiles_of, self.navigation_groups, self.reviewers, self.authors = set(), set(), set(), set()
        self.shelved = set()

    @property
    def anything(self) -> bool:
        return bool(
            self.keys or self.tiles_of or self.navigation_groups or self.reviewers or self.authors or self.shelved
        )

    @property
    def changes_everything(self) -> bool:
        return keys.EVERYTHING in self.keys


def changed_columns(obj: Any) -> dict[str, tuple[Any, Any]]:
    """{column attribute: (value before, value now)} of a changed object, from its history."""
    state = inspect(obj)
    changed = {}
    for column in state.mapper.column_attrs:
        history = state.attrs[column.key].history
        if history.has_changes():
            before = history.deleted[0] if history.deleted else UNKNOWN
            changed[column.key] = (before, history.added[0] if history.added else None)
    return changed


def stock_lists(before: Any, after: int) -> frozenset[str] | None:
    """The lists a stock change moves the product in, or None when it stays in stock (or out)."""
    if before is UNKNOWN or (before > 0) != (after > 0):
        return BACK_IN_STOCK if after > 0 else SOLD_OUT
    return None


def count_shown(before: Any, after: int) -> bool:
    """Whether a page prints the count before or after (see keys.STOCK_SHOWN_BELOW)."""
    return before is UNKNOWN or min(before, after) < keys.STOCK_SHOWN_BELOW


def stock_changed(changes: Changes, product_id: int, shop: str, before: Any, after: int) -> None:
    """A product's stock went from `before` to `after` (a sale, a restock, an edit)."""
    moved = stock_lists(before, after)
    if moved is None:
        if count_shown(before, after):
            changes.keys.add(keys.stock(product_id))
    else:
        changes.keys.add(keys.product(product_id))
        _product_lists(changes, moved, {shop}, set(), shelved=product_id if shop == "books" else None)


def _product_lists(
    changes: Changes, lists: frozenset[str], shops: set[str], categories: set[int], shelved: int | None, book=None
) -> None:
    """`shelved`: the product's id if it is a book (the shelves are a book's lists), with its `book`
    record when the writer has it."""
    if STOREFRONT in lists:
        changes.keys.update(keys.storefront(shop) for shop in shops)
    if SEARCH in lists:
        changes.keys.add(keys.SEARCH)
    if WORDS in lists:
        changes.keys.update(WORDS_CHANGED)
    if SHELVES in lists and shelved is not None:
        _on_shelves(changes, shelved, book)
    if RELATED in lists:
        changes.keys.update(keys.related(shop) for shop in shops)
        changes.keys.update(keys.related_in(category) for category in categories)
    if TILES in lists:
        changes.tiles_of.update(categories)


def _product(changes: Changes, product: Product, kind: str) -> None:
    book = inspect(product).dict.get("book")  # its book record, when the writer read it
    product_written(
        changes,
        product.id,
        product.shop,
        product.category_id,
        changed_columns(product) if kind == "changed" else None,
        books=book is not None,
        book=book,
    )


def product_written(
    changes: Changes,
    product_id: int | None,
    shop: str,
    category_id: int | None,
    changed: dict[str, tuple[Any, Any]] | None,
    books: bool = False,
    book: Book | None = None,
) -> None:
    """A product added or deleted (`changed` None), or these of its columns changed
    ({column: (value before, value now)}); `books`: it is a book (`book`: its record, if read)."""
    shops, categories = {shop}, {category_id}
    if changed is None:
        shown, lists = True, EVERY_LIST
    else:
        changed = {column: values for column, values in changed.items() if column not in UNSHOWN}
        shown, lists = False, frozenset()
        if "stock" in changed:
            before, after = changed.pop("stock")
            if (moved := stock_lists(before, after)) is None:
                if count_shown(before, after):
                    changes.keys.add(keys.stock(product_id))  # only the count its own page prints
            else:
                shown, lists = True, moved
        shown = shown or bool(changed)
        for column, (before, _after) in changed.items():
            lists |= MOVES.get(column, frozenset())
            if column == "shop" and before is not UNKNOWN:
                shops.add(before)
            if column == "category_id" and before is not UNKNOWN:
                categories.add(before)
    if shown and product_id is not None:
        changes.keys.add(keys.product(product_id))
    categories.discard(None)
    books = books or "books" in shops
    _product_lists(changes, lists, shops, categories, shelved=product_id if books else None, book=book)
    if books and (changed is None or COUNTED & changed.keys()):
        changes.keys.add(keys.LEVELS)


def _on_shelves(changes: Changes, product_id: int | None, book: Book | None) -> None:
    """A book's lists changed: the shelves it is on, read from its record and credits when the
    writer has them, else looked up at commit (one query for the transaction's books)."""
    found = _shelves_of(book) if book is not None else None
    if found is not None:
        changes.keys.update(found)
    elif product_id is not None:
        changes.shelved.add(product_id)
    else:
        changes.keys.add(keys.SHELVES)


def _shelves_of(book: Book) -> set[str] | None:
    """The level page a book record in hand is on, the one it was on before this change (a level
    change moves it between them), and its authors' pages; None when what names them is not loaded."""
    state = inspect(book)
    now, credits = state.dict, state.dict.get("credits")
    if credits is None or any(credit.author_id is None for credit in credits) or any(c not in now for c in LEVEL):
        return None
    found = {keys.shelf(now["level_kind"], now["level_from"]), *(keys.author(c.author_id) for c in credits)}
    if state.session is not None and book not in state.session.new:  # (after a flush, still its state before)
        changed = changed_columns(book)
        before = [changed.get(column, (now[column],))[0] for column in LEVEL]
        if UNKNOWN in before:
            return None
        found.add(keys.shelf(*before))
    return found


# A book's columns that name its level page (db/queries/book_pages.py Shelf), and the product's
# that decide whether the level counts (db/models/counts.py LevelCount) count it.
LEVEL = ("level_kind", "level_from")
COUNTED = {"published", "shop"}


# A book as bulk statements wrote it: (product id, category id now, its changed product columns as
# `product_written` takes them or None when created, whether its book record or credits changed).
BookWritten = tuple[int, int | None, dict[str, tuple[Any, Any]] | None, bool]


def books_written(written: list[BookWritten]) -> Changes:
    """What bulk statements wrote to books, which no flush reads (the CSV import). More books than
    a flush is read for fold to everything: naming each would cost more than the pages it spares."""
    changes = Changes()
    if len(written) > MAX_OBJECTS:
        changes.everything()
        return changes
    for product_id, category_id, changed, book_changed in written:
        product_written(changes, product_id, "books", category_id, changed, books=True)
        if book_changed:
            # Its level may have moved, from a level no statement read back.
            changes.keys.update((keys.product(product_id), *WORDS_CHANGED, keys.SHELVES, keys.LEVELS))
    if changes.shelved:  # not looked up book by book: every shelf
        changes.shelved = set()
        changes.keys.add(keys.SHELVES)
    return changes


def _book(changes: Changes, book: Book, kind: str) -> None:
    """A book's record: its cards, search, its shelves (whose facets count its format, subject and
    level) and, when it comes, goes or changes level, the level counts."""
    if book.product_id is not None:
        changes.keys.add(keys.product(book.product_id))
    changes.keys.update(WORDS_CHANGED)
    _on_shelves(changes, book.product_id, book)
    if kind != "changed" or set(LEVEL) & changed_columns(book).keys():
        changes.keys.add(keys.LEVELS)


def _credit(changes: Changes, credit: BookAuthor, kind: str) -> None:
    """An author credited on a book, or no longer: the book's cards (their authors' names), search,
    the author's page and the book's shelves (their author facets)."""
    if credit.book_id is not None:
        changes.keys.add(keys.product(credit.book_id))
    if credit.author_id is not None:
        changes.keys.add(keys.author(credit.author_id))
    changes.keys.update(WORDS_CHANGED)
    _on_shelves(changes, credit.book_id, inspect(credit).dict.get("book"))


def _category(changes: Changes, category: Category, kind: str) -> None:
    if kind == "new":
        changes.keys.add(keys.CATEGORIES)
        return
    changed = changed_columns(category) if kind == "changed" else {"slug": None}
    # Lists reach a category and its children by slug: a moved or renamed-slug category (or a
    # deleted one) changes what many lists hold.
    if {"slug", "parent_id"} & changed.keys():
        changes.everything()
        return
    changes.keys.add(keys.CATEGORIES)
    if "name" in changed:
        changes.keys.update((keys.category(category.id), *WORDS_CHANGED))
        changes.tiles_of.add(category.id)


def _brand(changes: Changes, brand: Brand, kind: str) -> None:
    changes.keys.add(keys.BRANDS)
    if kind != "new" and (kind == "deleted" or "name" in changed_columns(brand)):
        changes.keys.update((keys.brand(brand.id), *WORDS_CHANGED))


def _seller(changes: Changes, seller: Seller, kind: str) -> None:
    changed = changed_columns(seller) if kind == "changed" else {"shop_name": None, "published": None}
    if "shop_name" in changed or "published" in changed:
        changes.keys.add(keys.SELLERS)
    if "shop_name" in changed and kind != "new":
        changes.keys.add(keys.seller(seller.id))


def _review(changes: Changes, review: Review, kind: str) -> None:
    product_id = review.product_id if review.product_id is not None else getattr(review.product, "id", None)
    if product_id is not None:
        changes.keys.add(keys.reviews(product_id))


def _customer(changes: Changes, customer: Customer, kind: str) -> None:
    # Only reviews show a customer (their name and photo); a new customer has none yet.
    if kind == "changed" and {"name", "image"} & changed_columns(customer).keys():
        changes.reviewers.add(customer.id)


def _author(changes: Changes, author: Author, kind: str) -> None:
    # A new author is on no shelf until a book credits them (the credit names its shelves); a
    # renamed one's name shows on their page, their books' cards and the shelves' author facets.
    changes.keys.update((keys.author(author.id), *WORDS_CHANGED))
    if kind != "new":
        changes.authors.add(author.id)


def _shop_content(changes: Changes, record: ShopContent, kind: str) -> None:
    changes.keys.add(keys.content(record.shop))
    if kind == "changed" and (before := changed_columns(record).get("shop", (UNKNOWN,))[0]) not in (UNKNOWN, None):
        changes.keys.add(keys.content(before))


def _navigation_item(changes: Changes, item: NavigationItem, kind: str) -> None:
    changes.navigation_groups.add(item.group_id)
    if kind == "changed" and (before := changed_columns(item).get("group_id", (UNKNOWN,))[0]) not in (UNKNOWN, None):
        changes.navigation_groups.add(before)


READERS: dict[type, Callable[[Changes, Any, str], None]] = {
    Product: _product,
    Book: _book,
    BookAuthor: _credit,
    Author: _author,
    Category: _category,
    Brand: _brand,
    Seller: _seller,
    Review: _review,
    # An offer shows on its product's page; what lists show of it is the product row's summary.
    Offer: lambda changes, offer, kind: changes.keys.add(keys.offers(offer.product_id)),
    Customer: _customer,
    NavigationItem: _navigation_item,
    Booklist: lambda changes, booklist, kind: changes.keys.add(keys.BOOKLISTS),
    BooklistItem: lambda changes, item, kind: changes.keys.add(keys.BOOKLISTS),
    SearchSynonym: lambda changes, synonym, kind: changes.keys.update(WORDS_CHANGED),
}


def _reader(obj: Any) -> Callable[[Changes, Any, str], None] | None:
    if isinstance(obj, ShopContent):  # navigation groups, services, banners, slides, tiles, deals...
        return _shop_content
    return READERS.get(type(obj))


def read_flush(session: Session, changes: Changes) -> None:
    """Add what this flush writes (session.new, dirty and deleted, as after_flush sees them)."""
    if changes.changes_everything:
        return
    written = [(obj, "new") for obj in session.new]
    written += [(obj, "changed") for obj in session.dirty if session.is_modified(obj, include_collections=False)]
    written += [(obj, "deleted") for obj in session.deleted]
    if len(written) > MAX_OBJECTS:
        changes.everything()
        return
    for obj, kind in written:
        if (read := _reader(obj)) is not None:
            read(changes, obj, kind)
            if changes.changes_everything:
                return


def named(session: Session, changes: Changes) -> set[str]:
    """Every key of the transaction, the looked-up ones included (a few queries, once, at commit)."""
    found = set(changes.keys)
    if changes.changes_everything:
        return {keys.EVERYTHING}
    if changes.tiles_of:
        # A tile of a category also counts its children's products (db/queries/content.py).
        parents = session.scalars(
            select(Category.parent_id).where(Category.id.in_(changes.tiles_of), Category.parent_id.is_not(None))
        )
        shown = changes.tiles_of | set(parents)
        found.update(
            keys.content(shop)
            for shop in session.scalars(
                select(ShowcaseCategory.shop).where(ShowcaseCategory.category_id.in_(shown)).distinct()
            )
        )
    if changes.navigation_groups:
        found.update(
            keys.content(shop)
            for shop in session.scalars(
                select(NavigationGroup.shop).where(NavigationGroup.id.in_(changes.navigation_groups)).distinct()
            )
        )
    if changes.reviewers:
        found.update(
            keys.reviews(product_id)
            for product_id in session.scalars(
                select(Review.product_id).where(Review.customer_id.in_(changes.reviewers)).distinct()
            )
        )
    shelved = set(changes.shelved)
    if changes.authors:
        # Their books' cards, and those books' shelves: the author facets of their level pages and
        # of their co-authors' pages print the name too.
        credited = set(session.scalars(select(BookAuthor.book_id).where(BookAuthor.author_id.in_(changes.authors))))
        found.update(keys.product(book_id) for book_id in credited)
        shelved |= credited
    if shelved:
        found.update(_shelves_named(session, shelved))
    return found if len(found) <= MAX_KEYS else {keys.EVERYTHING}


def _shelves_named(session: Session, books: set[int]) -> set[str]:
    """The level pages and author pages these books are on (the products that are no book, none)."""
    if len(books) > MAX_KEYS:
        return {keys.SHELVES}
    rows = session.execute(
        select(Book.level_kind, Book.level_from, BookAuthor.author_id)
        .outerjoin(BookAuthor, BookAuthor.book_id == Book.product_id)
        .where(Book.product_id.in_(books))
    )
    found = set()
    for level_kind, level_from, author_id in rows:
        found.add(keys.shelf(level_kind, level_from))
        if author_id is not None:
            found.add(keys.author(author_id))
    return found
