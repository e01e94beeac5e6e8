"""A book's write drops only the shelves showing it: its level page (/books/class-9) and its
authors' pages, not the other levels nor other authors' pages; a level change drops the shelf it
left and the one it joined (and the level counts every level page prints); a new book its shelf.
The keys are named from the book's record when the writer read it, else looked up at commit."""

from __future__ import annotations

from decimal import Decimal

import pytest
from sqlalchemy import select
from test_admin_books import ISBN_13
from test_page_invalidation import STOREFRONTS, Shop, shop, warm  # noqa: F401  (the fixture)

from app.caching.shared_cache import SURROGATE_KEY_LIMIT
from db import page_keys
from db.models import Author, Book, BookAuthor, Offer, PageChange, Product
from db.offers import summarise

JSON = {"Accept": "application/json"}
NOT_BOOKS = [path for path in STOREFRONTS if path != "/"]  # no other storefront shows a book


def a_book(shop: Shop, level: int) -> tuple[int, Author, Author]:
    """A published class book with an author, the author, and an author of none of its level's
    books nor of the author's (whose page must stay cached)."""

    def find(session):
        books = select(Book.product_id).where(Book.level_kind == "class", Book.level_from == level)
        product_id, author_id = session.execute(
            select(Product.id, BookAuthor.author_id)
            .join(BookAuthor, BookAuthor.book_id == Product.id)
            .where(Product.id.in_(books), Product.published.is_(True))
            .order_by(Product.id)
            .limit(1)
        ).one()
        theirs = select(BookAuthor.book_id).where(BookAuthor.author_id == author_id)
        near = select(BookAuthor.author_id).where(BookAuthor.book_id.in_(books) | BookAuthor.book_id.in_(theirs))
        other = session.scalars(
            select(Author)
            .join(BookAuthor, BookAuthor.author_id == Author.id)
            .where(Author.id.not_in(near))
            .order_by(Author.id)
            .limit(1)
        ).one()
        author = session.get(Author, author_id)
        session.expunge_all()
        return product_id, author, other

    return shop.read(find)


def last_keys(shop: Shop) -> set[str]:
    return set(shop.read(lambda s: s.scalars(select(PageChange.keys).order_by(PageChange.id.desc())).first()).split())


@pytest.fixture
def class_9(shop: Shop) -> dict:
    product_id, author, other = a_book(shop, 9)
    pages = {
        "book": f"/product/{product_id}",
        "shelf": "/books/class-9",
        "other shelf": "/books/class-12",
        "college": "/books/college",
        "author's page": f"/author/{author.slug}",
        "other author's page": f"/author/{other.slug}",
    }
    warm(shop, [*STOREFRONTS, *pages.values()])
    return {"id": product_id, "author": author, **pages}


def test_a_price_change_drops_its_shelf_and_its_authors_page_only(shop, class_9):
    shop.write("PATCH", f"/api/products/{class_9['id']}", {"price": "23.45"})
    _, built = shop.visit([*STOREFRONTS, *(class_9[page] for page in ("book", "shelf", "other shelf", "college"))])
    _, authors = shop.visit([class_9["author's page"], class_9["other author's page"]])

    assert {class_9["book"], class_9["shelf"]} <= built
    assert built.isdisjoint({class_9["other shelf"], "/books/college", *NOT_BOOKS}), built
    assert authors == {class_9["author's page"]}
    keys = last_keys(shop)
    assert {page_keys.shelf("class", 9), page_keys.author(class_9["author"].id)} <= keys
    assert page_keys.SHELVES not in keys and page_keys.LEVELS not in keys


def test_an_offers_price_change_names_the_shelves_of_a_book_it_did_not_read(shop, class_9):
    """The seller portal's write: an offer and its product's summary, the book record unread."""

    def cheaper(session):
        offer = session.scalars(select(Offer).where(Offer.product_id == class_9["id"]).order_by(Offer.id)).first()
        offer.price -= Decimal("0.01")
        summarise(session, [class_9["id"]])
        assert "book" not in session.get(Product, class_9["id"]).__dict__

    shop.write_around(cheaper)
    _, built = shop.visit(
        [class_9[page] for page in ("book", "shelf", "other shelf", "author's page", "other author's page")]
    )

    assert built == {class_9["book"], class_9["shelf"], class_9["author's page"]}
    assert page_keys.SHELVES not in last_keys(shop)


def test_a_level_change_drops_the_shelf_it_left_and_the_one_it_joined(shop, class_9):
    record = shop.client.get(f"/api/products/{class_9['id']}", headers=shop.admin).json()
    before = shop.props("/books/class-12")["total"]

    shop.write("PATCH", f"/api/products/{class_9['id']}", {"book": {**record["book"], "level": "Class 12"}})
    after, built = shop.visit([class_9[page] for page in ("book", "shelf", "other shelf", "other author's page")])

    assert {class_9["book"], class_9["shelf"], class_9["other shelf"]} <= built
    assert class_9["other author's page"] not in built
    assert after["/books/class-12"]["total"] == before + 1
    keys = last_keys(shop)
    assert {page_keys.shelf("class", 9), page_keys.shelf("class", 12), page_keys.LEVELS} <= keys
    assert page_keys.SHELVES not in keys


def test_a_new_book_drops_its_shelf(shop, class_9):
    record = shop.client.get(f"/api/products/{class_9['id']}", headers=shop.admin).json()
    body = {
        "name": "Lantern Physics for Class 9",
        "price": "14.50",
        "categoryId": record["categoryId"],
        "shop": "books",
        "book": {**record["book"], "isbn": ISBN_13, "authors": ["Mira Quillfeather"]},
    }
    before = shop.props(class_9["shelf"])["total"]

    created = shop.write("POST", "/api/products", body)
    after, built = shop.visit([class_9["shelf"], class_9["other author's page"], *NOT_BOOKS])

    assert built == {class_9["shelf"]}
    assert after[class_9["shelf"]]["total"] == before + 1
    assert {page_keys.product(created["id"]), page_keys.shelf("class", 9), page_keys.LEVELS} <= last_keys(shop)


def test_an_author_renamed_drops_their_page_their_books_and_their_books_shelves(shop, class_9):
    author = class_9["author"]
    shop.write_around(lambda s: setattr(s.get(Author, author.id), "name", "Renamed Penwright"))
    after, built = shop.visit(
        [class_9[page] for page in ("book", "shelf", "author's page", "other author's page", "college")]
    )

    assert {class_9["book"], class_9["shelf"], class_9["author's page"]} <= built
    assert built.isdisjoint({class_9["other author's page"], "/books/college"})
    assert after[class_9["author's page"]]["author"]["name"] == "Renamed Penwright"


def test_a_shelf_page_carries_its_own_shelfs_key_within_the_header_limit(shop, class_9):
    for path, key in (
        ("/books/class-9", page_keys.shelf("class", 9)),
        ("/books/stories", "shelf:stories"),
        (class_9["author's page"], page_keys.author(class_9["author"].id)),
    ):
        header = shop.client.get(path).headers["surrogate-key"]
        assert len(header) <= SURROGATE_KEY_LIMIT
        assert {key, page_keys.SHELVES} <= set(header.split()), path
