"""Search and product pages: real results, escaping, 404s, JSON-LD and the sitemap."""

from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest
from sqlalchemy import select
from sqlalchemy.orm import joinedload

from db.models import Product

JSON = {"Accept": "application/json"}


def props(client, url):
    response = client.get(url, headers=JSON)
    assert response.status_code == 200, response.text
    return response.json()["props"]


@pytest.mark.parametrize(
    "term",
    [
        "vegetables",
        "Breakfast",
        "Frozen",
        "Organic",
        "Canned Food",
        "Coffee & Snacks",
        "Sauces & Jems",
        "Onion",
        "Potato",
        "Grapes",
    ],
)
def test_spec_search_terms_find_real_products(client, term):
    results = props(client, "/product/search/" + quote(term, safe=""))
    assert results["total"] > 0 and results["products"]
    # The best matches name the words in their title or category (descriptions are searched too, ranked lower).
    for product in results["products"][:3]:
        words = term.lower().split()
        haystack = (product["title"] + " " + product["category"] + " " + product.get("author", "")).lower()
        assert all(w in haystack for w in words)


def test_search_is_case_insensitive_and_matches_categories(client):
    lower = props(client, "/product/search/onion")
    upper = props(client, "/product/search/ONION")
    assert lower["total"] == upper["total"] > 0
    vegetables = props(client, "/product/search/vegetables")
    assert all(p["category"] == "Vegetables" for p in vegetables["products"][:3])


def test_relevance_ranks_whole_words_before_parts_of_words(any_client):
    """ "books" is a whole word of "College Books" but only a part of "Bookshelf": it finds books (and
    the word's other forms, "book"), titles and categories first, and no bookshelf by its title alone."""

    def names_by_id(session):
        products = session.scalars(select(Product).options(joinedload(Product.category)))
        return {p.id: [p.title, p.category.name, p.category.parent.name if p.category.parent else ""] for p in products}

    names = any_client.app.state.services.db.read_sync(names_by_id)
    first = props(any_client, "/product/search/books")
    ranked = [
        p["id"]
        for n in range(1, first["pages"] + 1)
        for p in props(any_client, f"/product/search/books?page={n}")["products"]
    ]
    whole = [re.search(r"\bbooks?\b", " ".join(names[i]).lower()) is not None for i in ranked]
    assert any(whole)
    assert whole == sorted(whole, reverse=True)
    assert not any(
        "bookshel" in names[i][0].lower() and not whole[n] for n, i in enumerate(ranked[: first["total"] // 2])
    )


def test_search_sorts_filters_and_pages(client):
    by_price = props(client, "/product/search/books?sort=price-asc")["products"]
    # By the lowest offer's price: the sale price, or a cheaper used copy's.
    lowest = [min(p["price"] * (100 - p["discount"]) / 100, p["usedFrom"] or p["price"]) for p in by_price]
    assert lowest == sorted(lowest)
    by_rating = props(client, "/product/search/books?sort=rating")["products"]
    assert [p["rating"] for p in by_rating] == sorted((p["rating"] for p in by_rating), reverse=True)
    first, second = props(client, "/product/search/books"), props(client, "/product/search/books?page=2")
    assert first["pages"] >= 2 and {p["id"] for p in first["products"]}.isdisjoint(
        {p["id"] for p in second["products"]}
    )
    cheap = props(client, "/product/search/books?max_price=10&rating=4")
    assert cheap["products"] and all(
        min(p["price"] * (100 - p["discount"]) / 100, p["usedFrom"] or p["price"]) <= 10 and p["rating"] >= 4
        for p in cheap["products"]
    )
    facet = props(client, "/product/search/books")["categories"][0]
    narrowed = props(client, f"/product/search/books?category={facet['slug']}")
    assert narrowed["total"] == facet["count"]


def test_odd_search_parameters_fall_back_instead_of_failing(client):
    results = props(client, "/product/search/books?sort=evil&page=-3&min_price=abc&rating=9")
    assert results["sort"] == "relevance" and results["page"] == 1 and results["total"] > 0


def test_no_results_offers_suggestions(client):
    results = props(client, "/product/search/zzzqqqxxx")
    assert results["total"] == 0 and results["products"] == []
    assert len(results["suggestions"]) > 0


def test_the_header_search_box_shows_the_term(client):
    html = client.get("/product/search/Canned%20Food").text
    assert re.search(r'<input[^>]*type="search"[^>]*name="q" value="Canned Food"', html)


def test_search_term_is_escaped_in_the_page(client):
    html = client.get("/product/search/" + quote("<img src=x onerror=alert(1)>", safe="")).text
    assert "<img src=x onerror" not in html


def test_product_page_props_and_json_ld(client):
    product_id = client.app.state.services.db.read_sync(
        # A product that is no book (a book's JSON-LD is a schema.org Book: tests/test_book_pages.py).
        lambda s: s.scalar(
            select(Product.id).where(Product.published.is_(True), Product.review_count > 0, ~Product.book.has())
        )
    )
    data = props(client, f"/product/{product_id}")
    product = data["product"]
    assert product["id"] == product_id and len(product["imgGroup"]) == 3
    assert data["reviews"] and all(1 <= r["rating"] <= 5 for r in data["reviews"])
    assert all(p["id"] != product_id for p in data["related"] + data["frequentlyBought"])
    html = client.get(f"/product/{product_id}").text
    block = re.search(r'<script type="application/ld\+json">(.*?)</script>', html, re.S).group(1)
    ld = json.loads(block)
    assert ld["@type"] == "Product" and ld["name"] == product["title"]
    assert ld["offers"]["priceCurrency"] == "USD" and ld["offers"]["availability"].startswith("https://schema.org/")
    assert ld["aggregateRating"]["reviewCount"] == product["reviewCount"]
    assert f'<link rel="canonical" href="http://127.0.0.1:8000/product/{product_id}">' in html


def test_unknown_or_unpublished_product_is_a_real_404(client):
    hidden = client.app.state.services.db.read_sync(
        lambda s: s.scalar(select(Product.id).where(Product.published.is_(False)))
    )
    for url in (f"/product/{hidden}", "/product/999999"):
        response = client.get(url)
        assert response.status_code == 404
        assert "Page not found" in response.text


def test_sitemap_lists_every_storefront_and_published_product(client):
    xml = client.get("/sitemap.xml").text
    published = client.app.state.services.db.read_sync(
        lambda s: list(s.scalars(select(Product.id).where(Product.published.is_(True))))
    )
    for path in ("/", "/market-1", "/grocery1", "/gift-shop", f"/product/{published[0]}", f"/product/{published[-1]}"):
        assert f"<loc>http://127.0.0.1:8000{path}</loc>" in xml
    # Besides the storefronts and products: the book level and author pages (tests/test_book_pages.py).
    assert len(re.findall(r"<loc>[^<]*/product/\d+</loc>", xml)) == len(published)
