"""The shopper's side of books: a book's product page (details, JSON-LD, props), book records in
the list APIs, author pages, level pages (/books/class-N, /books/college, /books/stories) with
their filters, sort and pages, the home page's "Shop by class", search by ISBN and the sitemap."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from urllib.parse import quote_plus

import pytest
from sqlalchemy import select
from sqlalchemy.orm import joinedload

from db import isbn
from db.models import Author, Book, BookAuthor, Product

JSON = {"Accept": "application/json"}
SORTS = ("relevance", "price-asc", "price-desc", "rating", "newest")


def props(client, url):
    response = client.get(url, headers=JSON)
    assert response.status_code == 200, response.text
    return response.json()["props"]


def read(client, fn):
    return client.app.state.services.db.read_sync(fn)


def json_ld(html: str) -> dict:
    # The product's block; beside it the page's BreadcrumbList (issue 26, tests/test_page_heads.py).
    blocks = [json.loads(b) for b in re.findall(r'<script type="application/ld\+json">(.*?)</script>', html, re.S)]
    products = [b for b in blocks if b["@type"] != "BreadcrumbList"]
    assert len(products) == 1
    return products[0]


def sale(product: dict) -> float:
    return round(product["price"] * (100 - product["discount"]) / 100, 2)


def published_books(session, *conditions) -> list[Product]:
    """Published products that are books, with their book and authors loaded."""
    query = (
        select(Product)
        .join(Book, Book.product_id == Product.id)
        .options(joinedload(Product.book).selectinload(Book.credits))
        .where(Product.published.is_(True), *conditions)
        .order_by(Product.id)
    )
    return list(session.scalars(query).unique())


def book_facts(product: Product) -> dict:
    """What the database says about a book, in plain values a test can compare."""
    book = product.book
    return {
        "id": product.id,
        "title": product.title,
        "isbn": book.isbn,
        "publisher": book.publisher,
        "edition": book.edition,
        "year": book.year,
        "format": book.format,
        "pages": book.pages,
        "language": book.language,
        "subject": book.subject,
        "series": book.series,
        "volume": book.volume,
        "level": (book.level_kind, book.level_from, book.level_to),
        "authors": [(a.name, a.slug) for a in book.authors],
    }


def a_book(client, *conditions) -> dict:
    return read(client, lambda s: book_facts(published_books(s, *conditions)[0]))


def shelf_ids(client, url: str) -> list[int]:
    """Every product id a book page lists, over all its pages, in order."""
    first = props(client, url)
    joiner = "&" if "?" in url else "?"
    ids = [p["id"] for p in first["products"]]
    for n in range(2, first["pages"] + 1):
        ids += [p["id"] for p in props(client, f"{url}{joiner}page={n}")["products"]]
    assert len(ids) == first["total"] == len(set(ids))
    return ids


# --- A book's product page -----------------------------------------------------------------------


def test_book_page_shows_its_details(any_client):
    book = a_book(any_client, Book.series.is_not(None), Book.isbn.like("978%"))
    html = any_client.get(f"/product/{book['id']}").text
    details = html[html.index("Book details") :]
    details = details[: details.index("</dl>")]
    assert isbn.grouped(book["isbn"]) in details and book["isbn"] in details
    assert isbn.to_isbn10(book["isbn"]) in details
    for name, slug in book["authors"]:
        assert f'href="/author/{slug}">{name}</a>' in details
    for value in (
        book["publisher"],
        f"{book['edition']} edition",
        str(book["year"]),
        book["format"],
        str(book["pages"]),
        book["language"],
        book["subject"],
        book["series"],
    ):
        assert f">{value}" in details
    kind, low, _ = book["level"]
    level_url = (
        f"/books/class-{low}" if kind == "class" else "/books/college" if kind == "college" else "/books/stories"
    )
    assert f'href="{level_url}"' in details
    # Under the title, the authors link to their pages too.
    buy_box = html[html.index("<h1") : html.index("Book details")]
    name, slug = book["authors"][0]
    assert f'href="/author/{slug}">{name}</a>' in buy_box


def test_book_json_ld_has_every_field(any_client):
    book = a_book(any_client, Book.format == "Hardcover", Book.language == "English")
    html = any_client.get(f"/product/{book['id']}").text
    ld = json_ld(html)
    product = props(any_client, f"/product/{book['id']}")["product"]
    assert ld["@context"] == "https://schema.org" and ld["@type"] == "Book"
    assert ld["name"] == book["title"] and ld["image"] == product["imgGroup"] and ld["description"]
    assert ld["isbn"] == book["isbn"] and re.fullmatch(r"97[89]\d{10}", ld["isbn"])
    assert ld["author"] == [
        {"@type": "Person", "name": name, "url": f"/author/{slug}"} for name, slug in book["authors"]
    ]
    assert ld["publisher"] == {"@type": "Organization", "name": book["publisher"]}
    assert ld["bookFormat"] == "https://schema.org/Hardcover"
    assert ld["numberOfPages"] == book["pages"]
    assert ld["inLanguage"] == "en"
    assert ld["bookEdition"] == book["edition"] and ld["datePublished"] == str(book["year"])
    # Every offer (new and used, the buy box first) in an AggregateOffer.
    shown = props(any_client, f"/product/{book['id']}")["offers"]
    offers = ld["offers"]
    availability = "https://schema.org/InStock" if product["stock"] > 0 else "https://schema.org/OutOfStock"
    assert offers["@type"] == "AggregateOffer" and offers["priceCurrency"] == "USD"
    assert offers["offerCount"] == len(offers["offers"]) == len(shown) and offers["availability"] == availability
    assert Decimal(offers["lowPrice"]) == min(Decimal(f"{o['price']:.2f}") for o in shown)
    assert Decimal(offers["highPrice"]) == max(Decimal(f"{o['price']:.2f}") for o in shown)
    box = offers["offers"][0]
    assert box["@type"] == "Offer" and box["priceCurrency"] == "USD"
    assert Decimal(box["price"]) == Decimal(f"{sale(product):.2f}")
    for offer, record in zip(offers["offers"], shown):
        assert Decimal(offer["price"]) == Decimal(f"{record['price']:.2f}")
        condition = "NewCondition" if record["condition"] == "New" else "UsedCondition"
        assert offer["itemCondition"] == f"https://schema.org/{condition}"
        assert offer["seller"] == {"@type": "Organization", "name": record["seller"]["name"]}
    if product["reviewCount"]:
        assert ld["aggregateRating"] == {
            "@type": "AggregateRating",
            "ratingValue": product["rating"],
            "reviewCount": product["reviewCount"],
        }


@pytest.mark.parametrize(
    "stored, schema", [("Paperback", "Paperback"), ("Spiral", "Paperback"), ("Board book", "Hardcover")]
)
def test_book_formats_map_to_schema_org_book_formats(client, stored, schema):
    book = a_book(client, Book.format == stored)
    assert json_ld(client.get(f"/product/{book['id']}").text)["bookFormat"] == f"https://schema.org/{schema}"


def test_a_product_that_is_no_book_keeps_product_json_ld(client):
    product_id = read(
        client, lambda s: s.scalar(select(Product.id).where(Product.published.is_(True), ~Product.book.has()))
    )
    ld = json_ld(client.get(f"/product/{product_id}").text)
    assert ld["@type"] == "Product" and "isbn" not in ld and "author" not in ld
    assert "book" not in props(client, f"/product/{product_id}")["product"]


def test_book_page_props_carry_the_same_fields(any_client):
    book = a_book(any_client, Book.series.is_not(None))
    details = props(any_client, f"/product/{book['id']}")["product"]["book"]
    assert details["isbn"] == book["isbn"]
    assert (
        details["isbnGrouped"] == isbn.grouped(book["isbn"]) and details["isbnGrouped"].replace("-", "") == book["isbn"]
    )
    assert details["isbn10"] == isbn.to_isbn10(book["isbn"])
    assert details["authors"] == [{"name": n, "slug": s, "url": f"/author/{s}"} for n, s in book["authors"]]
    for key in ("publisher", "edition", "year", "format", "pages", "language", "subject", "series", "volume"):
        assert details[key] == book[key], key
    kind, low, high = book["level"]
    assert (details["level"]["kind"], details["level"]["from"], details["level"]["to"]) == (kind, low, high)
    assert details["level"]["label"] and details["level"]["url"].startswith("/books/")


def test_list_api_records_of_books_carry_isbn_and_authors(any_client):
    def expected(session):
        return {p.id: (p.book.isbn, [a.name for a in p.book.authors]) for p in published_books(session)}

    books = read(any_client, expected)
    some_book = next(iter(books))
    seen = 0
    for path in (
        f"/api/related-products?product={some_book}",
        "/api/related-products",
        "/api/frequently-bought-products",
    ):
        response = any_client.get(path)
        assert response.status_code == 200
        for record in response.json():
            if record["id"] in books:
                assert (record["isbn"], record["authors"]) == books[record["id"]]
                seen += 1
            else:
                assert "isbn" not in record and "authors" not in record
    assert seen > 0
    # The search page's records too.
    for record in props(any_client, "/product/search/books")["products"]:
        if record["id"] in books:
            assert (record["isbn"], record["authors"]) == books[record["id"]]


# --- Author pages --------------------------------------------------------------------------------


def test_author_page_lists_exactly_that_authors_published_books(any_client):
    def author_with_a_hidden_book(session):
        """An author with published books and an unpublished one: the page lists the published only."""
        hidden = (
            select(BookAuthor.author_id)
            .join(Product, Product.id == BookAuthor.book_id)
            .where(Product.published.is_(False))
        )
        for author in session.scalars(select(Author).where(Author.id.in_(hidden)).order_by(Author.slug)):
            books = set(
                session.scalars(
                    select(Product.id)
                    .join(BookAuthor, BookAuthor.book_id == Product.id)
                    .where(BookAuthor.author_id == author.id, Product.published.is_(True))
                )
            )
            if books:
                return author.id, author.name, author.slug, books
        raise AssertionError("the seed has no author with both published and unpublished books")

    author_id, name, slug, published = read(any_client, author_with_a_hidden_book)
    assert published
    page = props(any_client, f"/author/{slug}")
    expected = {"id": author_id, "name": name, "slug": slug, "url": f"/author/{slug}", "books": len(published)}
    assert page["author"] == expected
    assert set(shelf_ids(any_client, f"/author/{slug}")) == published
    html = any_client.get(f"/author/{slug}").text
    assert f"Books by {name}</h1>" in html
    assert f'<link rel="canonical" href="http://127.0.0.1:8000/author/{slug}">' in html
    assert all(name in p["authors"] for p in page["products"])


def test_unknown_author_is_a_404(any_client):
    response = any_client.get("/author/no-such-author")
    assert response.status_code == 404 and "Page not found" in response.text


# --- Level pages ---------------------------------------------------------------------------------


def level_ids(client, kind: str, number: int | None = None) -> set[int]:
    condition = Book.level_kind == kind
    if number is not None:
        condition = condition & (Book.level_from == number)
    return {p.id for p in read(client, lambda s: published_books(s, condition))}


@pytest.mark.parametrize(
    "url, kind, number",
    [
        ("/books/class-1", "class", 1),
        ("/books/class-9", "class", 9),
        ("/books/class-12", "class", 12),
        ("/books/college", "college", None),
        ("/books/stories", "age", None),
    ],
)
def test_level_page_lists_only_its_books(any_client, url, kind, number):
    expected = level_ids(any_client, kind, number)
    assert expected and set(shelf_ids(any_client, url)) == expected
    html = any_client.get(url).text
    title = f"Class {number} books" if number else "College books" if kind == "college" else "Story books"
    assert f"{title}</h1>" in html
    # The switcher links every level; the page's own is marked current.
    for n in range(1, 13):
        assert f'href="/books/class-{n}"' in html
    assert f'href="{url}" aria-current="page"' in html


@pytest.mark.parametrize("url", ["/books/class-13", "/books/class-0", "/books/class-abc", "/books/university"])
def test_unknown_level_is_a_404(client, url):
    response = client.get(url)
    assert response.status_code == 404 and "Page not found" in response.text


def test_level_filters_narrow_and_facets_count_right(any_client):
    college = props(any_client, "/books/college")
    assert len(college["subjects"]) > 1 and len(college["formats"]) > 1
    for facet in college["subjects"]:
        chosen = props(any_client, f"/books/college?subject={quote_plus(facet['value'])}")
        assert chosen["total"] == facet["count"] > 0
    for facet in college["formats"]:
        chosen = props(any_client, f"/books/college?format={quote_plus(facet['value'])}")
        assert chosen["total"] == facet["count"] > 0
    # A filter narrows the other facet's counts, not its own list.
    hardcover = props(any_client, "/books/college?format=Hardcover")
    assert hardcover["formats"] == college["formats"]
    subjects = {f["value"]: f["count"] for f in hardcover["subjects"]}
    assert sum(subjects.values()) == hardcover["total"] < college["total"]
    subject = next(iter(subjects))
    both = props(any_client, f"/books/college?format=Hardcover&subject={quote_plus(subject)}")
    assert both["total"] == subjects[subject]
    ids = {p["id"] for p in both["products"]}

    def formats_and_subjects(session):
        return {p.id: (p.book.format, p.book.subject) for p in published_books(session, Product.id.in_(ids))}

    assert set(read(any_client, formats_and_subjects).values()) == {("Hardcover", subject)}


def lowest(card: dict) -> float:
    """The least a shopper pays for the card's product: its sale price, or a cheaper used copy."""
    return min(sale(card), card["usedFrom"] or sale(card))


def test_level_price_filter_uses_the_lowest_offers_price(any_client):
    everything = props(any_client, "/books/stories")["total"]
    cheap = props(any_client, "/books/stories?max_price=10")
    dear = props(any_client, "/books/stories?min_price=10.01")
    assert cheap["products"] and dear["products"]
    assert all(lowest(p) <= 10 for p in cheap["products"]) and all(lowest(p) >= 10.01 for p in dear["products"])
    assert cheap["total"] + dear["total"] == everything
    assert cheap["filters"]["maxPrice"] == 10


@pytest.mark.parametrize("sort", SORTS)
def test_level_sorts_and_pages(any_client, sort):
    first = props(any_client, f"/books/college?sort={sort}")
    second = props(any_client, f"/books/college?sort={sort}&page=2")
    assert first["sort"] == sort and first["total"] > 24 and first["pages"] == 2
    assert len(first["products"]) == 24 and len(second["products"]) == first["total"] - 24
    ordered = first["products"] + second["products"]
    assert len({p["id"] for p in ordered}) == first["total"]
    if sort == "price-asc":
        assert [lowest(p) for p in ordered] == sorted(lowest(p) for p in ordered)
    if sort == "price-desc":
        assert [lowest(p) for p in ordered] == sorted((lowest(p) for p in ordered), reverse=True)
    if sort == "rating":
        assert [p["rating"] for p in ordered] == sorted((p["rating"] for p in ordered), reverse=True)


def test_level_page_shows_page_links_and_the_filter_form(client):
    html = client.get("/books/college?format=Hardcover").text
    # A real GET form to this page: filters work without JavaScript.
    assert re.search(r'<form[^>]*action="/books/college" method="get"', html)
    assert '<input type="radio" name="format" checked="" value="Hardcover"/>' in html
    assert '<input type="radio" name="subject" checked="" value=""/>' in html
    assert 'name="min_price"' in html and 'name="max_price"' in html
    assert '<meta name="robots" content="noindex, follow">' in html
    plain = client.get("/books/college").text
    assert 'href="/books/college?page=2"' in plain and 'rel="next"' in plain
    assert '<meta name="robots"' not in plain


def test_odd_level_parameters_fall_back_instead_of_failing(any_client):
    odd = props(
        any_client, "/books/class-9?sort=evil&page=-3&min_price=abc&max_price=-1&format=Scroll&subject=&condition=mint"
    )
    plain = props(any_client, "/books/class-9")
    assert odd["sort"] == "relevance" and odd["page"] == 1
    assert odd["filters"] == {
        "category": None,
        "minPrice": None,
        "maxPrice": None,
        "minRating": None,
        "author": None,
        "level": None,
        "format": None,
        "subject": None,
        "inStock": False,
        "condition": None,
    }
    assert [p["id"] for p in odd["products"]] == [p["id"] for p in plain["products"]]
    beyond = props(any_client, "/books/class-9?page=50")
    assert beyond["total"] == plain["total"] and beyond["products"] == []


def test_a_filter_that_leaves_nothing_keeps_its_choice_and_says_so(client):
    nothing = props(client, "/books/class-9?subject=Astrology")
    assert nothing["total"] == 0 and nothing["products"] == []
    assert {"value": "Astrology", "count": 0} in nothing["subjects"]
    html = client.get("/books/class-9?subject=Astrology").text
    assert "No books match these filters" in html and 'href="/books/class-9"' in html


# --- Home page, search, sitemap ------------------------------------------------------------------


def test_home_page_shops_by_class(any_client):
    html = any_client.get("/").text
    section = html[html.index("Shop by class") :]
    for n in range(1, 13):
        count = len(level_ids(any_client, "class", n))
        assert re.search(rf'href="/books/class-{n}">Class {n}<span class="count">{count} books?</span>', section), n
    assert 'href="/books/college">College books' in section and 'href="/books/stories">Story books' in section
    levels = props(any_client, "/")["levels"]
    assert [level["url"] for level in levels] == [f"/books/class-{n}" for n in range(1, 13)] + [
        "/books/college",
        "/books/stories",
    ]
    assert levels[-2]["count"] == len(level_ids(any_client, "college"))


@pytest.mark.parametrize("form", ["isbn13", "hyphenated", "isbn10"])
def test_search_finds_a_book_by_its_isbn_first(any_client, form):
    book = a_book(any_client, Book.isbn.like("978%"))
    term = {"isbn13": book["isbn"], "hyphenated": isbn.grouped(book["isbn"]), "isbn10": isbn.to_isbn10(book["isbn"])}[
        form
    ]
    results = props(any_client, f"/product/search/{term}")
    assert results["products"][0]["id"] == book["id"]


def test_sitemap_lists_author_and_level_pages(client):
    xml = client.get("/sitemap.xml").text
    for path in [f"/books/class-{n}" for n in range(1, 13)] + ["/books/college", "/books/stories"]:
        assert f"<loc>http://127.0.0.1:8000{path}</loc>" in xml
    slugs = read(
        client,
        lambda s: list(
            s.scalars(
                select(Author.slug)
                .join(BookAuthor)
                .join(Product, Product.id == BookAuthor.book_id)
                .where(Product.published.is_(True))
                .distinct()
            )
        ),
    )
    assert slugs and all(f"<loc>http://127.0.0.1:8000/author/{slug}</loc>" in xml for slug in slugs)
