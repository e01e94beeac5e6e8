"""Issue 26: every page kind has a head of its own (title, description, canonical link, Open
Graph and Twitter tags, a cover as og:image), search results are not indexed, and the book,
product, author, shelf and booklist pages show breadcrumbs and give them as schema.org's
BreadcrumbList. Before, every page had "Student Books | Online Book Store | Admin Panel"."""

from __future__ import annotations

import html as html_lib
import json
import re
import sqlite3

import pytest

from app.pages.books.booklists import booklist_title
from app.pages.heads import MAX_TITLE, book_title, page_title, shorten
from app.rendering.document import TITLE

BASE = "http://127.0.0.1:8000"  # PUBLIC_URL of the test settings (tests/conftest.py)


def head(html: str) -> dict:
    """What a crawler or a link preview reads in the document's head."""
    top = html.split("</head>", 1)[0]

    def content(pattern: str) -> str | None:
        found = re.search(pattern, top)
        return html_lib.unescape(found.group(1)) if found else None

    return {
        "title": content(r"<title>([^<]*)</title>"),
        "description": content(r'<meta name="description" content="([^"]*)">'),
        "canonical": content(r'<link rel="canonical" href="([^"]*)">'),
        "robots": content(r'<meta name="robots" content="([^"]*)">'),
        "og:title": content(r'<meta property="og:title" content="([^"]*)">'),
        "og:description": content(r'<meta property="og:description" content="([^"]*)">'),
        "og:url": content(r'<meta property="og:url" content="([^"]*)">'),
        "og:image": content(r'<meta property="og:image" content="([^"]*)">'),
        "twitter:title": content(r'<meta name="twitter:title" content="([^"]*)">'),
        "twitter:image": content(r'<meta name="twitter:image" content="([^"]*)">'),
        "json_ld": [
            json.loads(b) for b in re.findall(r'<script type="application/ld\+json">(.*?)</script>', top, re.S)
        ],
    }


# An author with a published book.
AN_AUTHOR = (
    "SELECT a.name, a.slug FROM author a JOIN book_author ba ON ba.author_id = a.id "
    "JOIN product p ON p.id = ba.book_id WHERE p.published ORDER BY a.id"
)


def row(db_file, sql: str, *args):
    with sqlite3.connect(db_file) as connection:
        return connection.execute(sql, args).fetchone()


@pytest.fixture
def physics(db_file) -> int:
    return row(db_file, "SELECT id FROM product WHERE title = ?", "Class 9 Physics Fundamentals")[0]


def authors_of(db_file, product_id: int) -> list[str]:
    with sqlite3.connect(db_file) as connection:
        rows = connection.execute(
            "SELECT a.name FROM author a JOIN book_author ba ON ba.author_id = a.id "
            "WHERE ba.book_id = ? ORDER BY ba.position",
            (product_id,),
        ).fetchall()
    return [name for (name,) in rows]


def get_head(client, path: str) -> dict:
    response = client.get(path)
    assert response.status_code == 200, path
    return head(response.text)


def assert_social(tags: dict) -> None:
    """Open Graph and Twitter say what the title and description say; the canonical link and
    og:url are one absolute address of PUBLIC_URL."""
    assert tags["og:title"] == tags["twitter:title"] == tags["title"]
    assert tags["og:description"] == tags["description"]
    assert tags["canonical"].startswith(BASE + "/")
    assert tags["og:url"] == tags["canonical"]


# The defect: one title on every page.


def test_a_book_page_has_the_books_title_author_and_cover(client, db_file, physics):
    tags = get_head(client, f"/product/{physics}")
    author = authors_of(db_file, physics)[0]
    # "{title} by {author} | Student Books", the shop's name left out when that passes 60 characters.
    full = f"Class 9 Physics Fundamentals by {author}"
    assert tags["title"] == (f"{full} | Student Books" if len(full) + 16 <= MAX_TITLE else full)
    assert tags["title"] != TITLE and len(tags["title"]) <= MAX_TITLE
    assert "class 9" in tags["description"].lower()  # the book's own description
    assert tags["canonical"] == f"{BASE}/product/{physics}"
    assert_social(tags)
    # The cover, absolute from PUBLIC_URL (a relative og:image is ignored by link previews).
    assert tags["og:image"].startswith(BASE + "/media/") and tags["twitter:image"] == tags["og:image"]
    assert tags["robots"] is None


def test_a_product_that_is_no_book_is_titled_by_its_name(client, db_file):
    product_id, title = row(
        db_file,
        "SELECT id, title FROM product WHERE published AND id NOT IN (SELECT product_id FROM book) ORDER BY id",
    )
    tags = get_head(client, f"/product/{product_id}")
    assert tags["title"] == page_title(title) and title in tags["title"]
    assert_social(tags)
    assert tags["og:image"].startswith(BASE + "/")


def test_an_author_page_is_titled_books_by_the_author(client, db_file):
    name, slug = row(db_file, AN_AUTHOR)
    tags = get_head(client, f"/author/{slug}")
    assert tags["title"] == f"Books by {name} | Student Books"
    assert name in tags["description"]
    assert tags["canonical"] == f"{BASE}/author/{slug}"
    assert_social(tags)


@pytest.mark.parametrize(
    ("path", "title"),
    [
        ("/books/class-9", "Class 9 books | Student Books"),
        ("/books/college", "College books | Student Books"),
        ("/books/stories", "Story books | Student Books"),
    ],
)
def test_a_shelf_is_titled_by_its_level(client, path, title):
    tags = get_head(client, path)
    assert tags["title"] == title
    assert tags["canonical"] == BASE + path
    assert_social(tags)


def test_a_booklist_is_titled_by_school_class_and_year(client, db_file):
    slug, school, grade, year = row(
        db_file, "SELECT slug, school, grade, academic_year FROM booklist WHERE published ORDER BY id"
    )
    tags = get_head(client, f"/booklists/{slug}")
    assert tags["title"].startswith(f"{school} — Class {grade} booklist {year}")
    assert len(tags["title"]) <= MAX_TITLE
    assert tags["canonical"] == f"{BASE}/booklists/{slug}"
    assert_social(tags)
    assert get_head(client, "/booklists")["title"] == "School booklists | Student Books"


@pytest.mark.parametrize(
    ("path", "name"),
    [
        ("/market-1", "Market"),
        ("/grocery1", "Grocery"),
        ("/gadget-shop", "Gadget Shop"),
        ("/fashion-shop", "Fashion Shop"),
        ("/furniture-shop", "Furniture Shop"),
        ("/healthbeauty-shop", "Health & Beauty Shop"),
        ("/gift-shop", "Gift Shop"),
    ],
)
def test_a_storefront_is_titled_by_its_shops_name(client, path, name):
    tags = get_head(client, path)
    assert tags["title"] == f"{name} | Student Books"
    assert tags["canonical"] == BASE + path
    assert_social(tags)


def test_a_search_is_titled_by_its_term_and_never_indexed(client):
    tags = get_head(client, "/product/search/physics")
    assert tags["title"] == "Search: physics | Student Books"
    assert "physics" in tags["description"]
    # The defect: the plain search was indexed (only its filtered variants were not).
    assert tags["robots"] == "noindex, follow"
    assert get_head(client, "/product/search/physics?sort=price-asc")["robots"] == "noindex, follow"
    long_term = "physics " * 20
    assert len(get_head(client, "/product/search/" + long_term.strip())["title"]) <= MAX_TITLE


@pytest.mark.parametrize(
    ("path", "title"), [("/cart", "Your cart | Student Books"), ("/checkout", "Checkout | Student Books")]
)
def test_the_cart_and_checkout_have_titles_of_their_own_and_are_never_indexed(client, path, title):
    """Before, both had the specification's title, the tab of a cart and a checkout the same."""
    tags = get_head(client, path)
    assert tags["title"] == tags["og:title"] == title
    assert tags["robots"] == "noindex"
    assert tags["canonical"] == BASE + path
    assert client.get(path, headers={"Accept": "application/json"}).json()["meta"]["title"] == title


def test_the_home_and_the_back_office_keep_the_specifications_title(client, admin_client):
    home = get_head(client, "/")
    assert home["title"] == home["og:title"] == home["twitter:title"] == TITLE
    assert home["canonical"] == BASE + "/"
    for path in ("/admin", "/admin/products", "/admin/orders"):
        assert head(admin_client.get(path).text)["title"] == TITLE, path


def test_titles_differ_across_the_sitemap_and_stay_short(client):
    """Every page the sitemap lists has a title of its own, within 60 characters."""
    paths = re.findall(r"<loc>http://[^/]+(/[^<]*)</loc>", client.get("/sitemap.xml").text)
    titles = {path: get_head(client, path)["title"] for path in paths}
    assert [p for p, t in titles.items() if t == TITLE] == ["/"]
    assert [p for p, t in titles.items() if len(t) > MAX_TITLE] == []
    storefronts = {t for p, t in titles.items() if not p.startswith(("/product/", "/author/"))}
    assert len(storefronts) == len([p for p in titles if not p.startswith(("/product/", "/author/"))])


def test_the_page_json_carries_the_title_for_client_navigation(client, physics):
    """The router sets document.title from the next page's JSON (components/common/router.jsx)."""
    book = client.get(f"/product/{physics}", headers={"Accept": "application/json"}).json()
    assert book["meta"]["title"] == get_head(client, f"/product/{physics}")["title"]
    home = client.get("/", headers={"Accept": "application/json"}).json()
    assert home["meta"]["title"] == TITLE  # back to the home: its title again


def test_the_head_does_not_depend_on_the_visitor(client, physics):
    """Cached pages are shared by everyone: the Host header does not make the addresses."""
    plain = get_head(client, f"/product/{physics}")
    other = head(client.get(f"/product/{physics}", headers={"Host": "evil.example"}).text)
    assert other["canonical"] == plain["canonical"] and other["og:image"] == plain["og:image"]


# Titles shortened sensibly.


def test_a_long_book_title_loses_the_shops_name_then_its_subtitle_then_words():
    assert book_title("Class 9 Physics Fundamentals", ["A. Author"]) == (
        "Class 9 Physics Fundamentals by A. Author | Student Books"
    )
    # Without the shop's name, the title and author fit.
    assert book_title("The Tortoise Who Wanted to Fly Home", ["Edmund Lindqvist"]) == (
        "The Tortoise Who Wanted to Fly Home by Edmund Lindqvist"
    )
    # A subtitle goes before words do.
    subtitled = book_title("Organic Chemistry: Reactions, Mechanisms and Problems for Class 12", ["R. Rao"])
    assert subtitled == "Organic Chemistry by R. Rao"
    cut = book_title("A Very Long Book Title That Goes On and On Without Any Subtitle At All", ["R. Rao"])
    assert cut.endswith("… by R. Rao") and len(cut) <= MAX_TITLE and " On" in cut
    # Three or more authors: the first et al.
    assert book_title("Maths", ["A", "B", "C"]) == "Maths by A et al. | Student Books"
    assert book_title("Maths", []) == "Maths | Student Books"
    for title in ("x" * 200, "word " * 40):
        assert len(book_title(title, ["Some Author"])) <= MAX_TITLE


def test_shorten_and_booklist_titles():
    assert shorten("short", 10) == "short"
    assert len(shorten("a b c d e f g h i j k l m n o p", 10)) <= 10
    assert booklist_title("School", "Class 8", "2026-27") == "School — Class 8 booklist 2026-27 | Student Books"
    long_school = booklist_title("The Very Long Name of an International Residential School", "Class 12", "2026-27")
    assert long_school.endswith("— Class 12 booklist 2026-27") and len(long_school) <= MAX_TITLE


# Breadcrumbs: visible and as JSON-LD.

NAV = re.compile(r'<nav aria-label="Breadcrumb"[^>]*><ol>(.*?)</ol></nav>', re.S)


def visible_crumbs(html: str) -> list[tuple[str, str | None, bool]]:
    """(text, href or None, aria-current) of each crumb the page shows."""
    found = NAV.search(html)
    assert found, "no breadcrumb nav"
    crumbs = []
    for item in re.findall(r"<li[^>]*>(.*?)</li>", found.group(1), re.S):
        link = re.search(r'<a [^>]*href="([^"]*)"[^>]*>(.*?)</a>', item, re.S)
        current = re.search(r'<span aria-current="page">(.*?)</span>', item, re.S)
        if link:
            crumbs.append((html_lib.unescape(link.group(2)), html_lib.unescape(link.group(1)), False))
        else:
            assert current, item
            crumbs.append((html_lib.unescape(current.group(1)), None, True))
    return crumbs


def breadcrumb_list(tags: dict) -> dict:
    """The page's one BreadcrumbList, checked against schema.org's shape."""
    lists = [block for block in tags["json_ld"] if block.get("@type") == "BreadcrumbList"]
    assert len(lists) == 1
    data = lists[0]
    assert data["@context"] == "https://schema.org"
    items = data["itemListElement"]
    assert isinstance(items, list) and len(items) >= 2
    for position, item in enumerate(items, start=1):
        assert item["@type"] == "ListItem"
        assert item["position"] == position
        assert isinstance(item["name"], str) and item["name"].strip()
        if position < len(items) or "item" in item:
            assert re.fullmatch(r"https?://[^/\s]+/\S*", item["item"]), item
            assert item["item"].startswith(BASE + "/")
    return data


def crumbs_of(client, path: str) -> tuple[list, list]:
    html = client.get(path).text
    items = breadcrumb_list(head(html))["itemListElement"]
    shown = visible_crumbs(html)
    # What is shown is what crawlers read: the same names, the same addresses (the last one shown
    # as the current page, not a link).
    assert [name for name, _, _ in shown] == [item["name"] for item in items]
    assert [href for _, href, _ in shown[:-1]] == [item["item"].removeprefix(BASE) for item in items[:-1]]
    assert [current for _, _, current in shown] == [False] * (len(shown) - 1) + [True]
    return shown, items


def test_a_book_trail_is_home_class_subject_book(client, physics):
    shown, items = crumbs_of(client, f"/product/{physics}")
    assert [name for name, _, _ in shown] == ["Home", "Class 9", "Physics", "Class 9 Physics Fundamentals"]
    assert shown[1][1] == "/books/class-9"
    assert shown[2][1] == "/books/class-9?subject=Physics"
    assert items[0]["item"] == BASE + "/" and items[-1]["item"] == f"{BASE}/product/{physics}"
    # The subject crumb opens the shelf narrowed to that subject.
    assert client.get("/books/class-9?subject=Physics", headers={"Accept": "application/json"}).json()["props"]["total"]


def test_a_product_trail_is_home_category_product(client, db_file):
    product_id, title = row(
        db_file,
        "SELECT id, title FROM product WHERE published AND id NOT IN (SELECT product_id FROM book) ORDER BY id",
    )
    shown, _ = crumbs_of(client, f"/product/{product_id}")
    assert len(shown) == 3 and shown[1][1].startswith("/product/search/") and shown[-1][0] == title


def test_author_shelf_and_booklist_trails(client, db_file):
    name, slug = row(db_file, AN_AUTHOR)
    shown, _ = crumbs_of(client, f"/author/{slug}")
    assert [c[0] for c in shown] == ["Home", name]
    shown, _ = crumbs_of(client, "/books/class-9")
    assert [c[0] for c in shown] == ["Home", "Class 9"]
    shown, _ = crumbs_of(client, "/books/stories")
    assert [c[0] for c in shown] == ["Home", "Story books"]
    booklist, school = row(db_file, "SELECT slug, school FROM booklist WHERE published ORDER BY id")
    shown, items = crumbs_of(client, f"/booklists/{booklist}")
    assert shown[1] == ("School booklists", "/booklists", False) and shown[2][0].startswith(school)
    assert items[-1]["item"] == f"{BASE}/booklists/{booklist}"


def test_pages_without_a_trail_have_no_breadcrumb_list(client):
    for path in ("/", "/grocery1", "/product/search/physics"):
        assert not [b for b in head(client.get(path).text)["json_ld"] if b.get("@type") == "BreadcrumbList"], path
