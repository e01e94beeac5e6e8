"""CSV exports of the admin lists: GET /api/<list>.csv with the list's own q, sort and filters,
every matching record (no paging), a UTF-8 byte order mark, csv-module quoting, a download name."""

from __future__ import annotations

import csv
import io

import pytest
from conftest import sign_in

from db.models import Review

LISTS = {
    "/api/products": [
        "id",
        "name",
        "shop",
        "category",
        "brand",
        "price",
        "discount",
        "stock",
        "published",
        "featured",
        "image",
    ],
    "/api/category": ["id", "level", "featured", "name", "category", "banner"],
    "/api/brands": ["id", "featured", "name", "logo"],
    "/api/reviews": ["id", "product", "customer", "rating", "published", "comment"],
    "/api/customers": ["id", "name", "email", "phone", "orders", "balance"],
}


def parse(response) -> list[dict]:
    assert response.content.startswith(b"\xef\xbb\xbf"), "a UTF-8 byte order mark, for spreadsheet apps"
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"), newline="")))


@pytest.mark.parametrize("path,header", LISTS.items())
def test_export_has_every_record_of_the_list(admin_client, path, header):
    response = admin_client.get(path + ".csv")
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/csv; charset=utf-8"
    disposition = response.headers["content-disposition"]
    assert disposition.startswith("attachment; filename=") and disposition.endswith('.csv"')
    rows = parse(response)
    listed = admin_client.get(path).json()
    assert list(rows[0]) == header
    assert [int(r["id"]) for r in rows] == [r["id"] for r in listed], "same records, same order as the JSON list"


def test_export_follows_the_lists_search_sort_and_filters_not_its_paging(admin_client):
    params = {"published": "true", "sort": "-price", "q": "book", "page": "2", "per_page": "5"}
    rows = parse(admin_client.get("/api/products.csv", params=params))
    page = admin_client.get("/api/products", params=params)
    total = int(page.headers["x-total-count"])
    assert len(rows) == total > 10
    everything = admin_client.get(
        "/api/products", params={k: v for k, v in params.items() if k not in ("page", "per_page")}
    ).json()
    assert [int(r["id"]) for r in rows] == [p["id"] for p in everything]
    assert all(r["published"] == "yes" for r in rows)
    prices = [float(r["price"]) for r in rows]
    assert prices == sorted(prices, reverse=True)
    assert all(len(r["price"].split(".")[1]) == 2 for r in rows), "money with two decimals"


def test_export_quotes_commas_quotes_newlines_and_keeps_unicode(admin_client):
    name = 'Crème brûlée, "the" guide'
    created = admin_client.post("/api/products", json={"name": name, "price": "5", "categoryId": 2})
    assert created.status_code == 201
    admin_client.patch("/api/customers/1", json={"name": "Zoë O'Brien, Jr."})
    response = admin_client.get("/api/products.csv", params={"q": "brûlée"})
    raw = response.content.decode("utf-8-sig")
    assert '"Crème brûlée, ""the"" guide"' in raw, "csv quoting: the cell in quotes, inner quotes doubled"
    rows = parse(response)
    assert [(r["name"], r["price"]) for r in rows] == [(name, "5.00")]
    customers = parse(admin_client.get("/api/customers.csv", params={"q": "Zoë"}))
    assert [c["name"] for c in customers] == ["Zoë O'Brien, Jr."]


def test_export_keeps_line_breaks_inside_a_cell(admin_client):
    comment = "Line one,\nline two — “quoted”"
    admin_client.app.state.services.db.write_sync(lambda s: s.get(Review, 1).__setattr__("comment", comment))
    rows = parse(admin_client.get("/api/reviews.csv", params={"q": "line two"}))
    assert [(r["id"], r["comment"]) for r in rows] == [("1", comment)]


def test_export_defuses_spreadsheet_formulas_but_not_phone_numbers(admin_client):
    for name in ('=HYPERLINK("http://x")', "+cmd|' /C calc'!A0 hyperlink", "@SUM(1) hyperlink"):
        assert admin_client.post("/api/products", json={"name": name, "price": "1", "categoryId": 2}).status_code == 201
    rows = parse(admin_client.get("/api/products.csv", params={"q": "hyperlink", "sort": "name"}))
    assert [r["name"] for r in rows] == [
        "'+cmd|' /C calc'!A0 hyperlink",
        '\'=HYPERLINK("http://x")',
        "'@SUM(1) hyperlink",
    ]
    admin_client.patch("/api/customers/1", json={"phone": "+1 555-114-5911"})
    customers = parse(admin_client.get("/api/customers.csv", params={"q": "555-114-5911"}))
    assert "+1 555-114-5911" in [c["phone"] for c in customers]


def test_export_of_nothing_is_an_empty_file(admin_client):
    response = admin_client.get("/api/brands.csv", params={"q": "no such brand anywhere"})
    assert response.status_code == 200 and response.content == b"\xef\xbb\xbf"


def test_export_needs_an_administrator_and_usable_parameters(client):
    assert client.get("/api/products.csv").status_code == 401
    assert sign_in(client).status_code == 200
    response = client.get("/api/products.csv", params={"published": "maybe", "sort": "colour"})
    assert response.status_code == 422
    assert set(response.json()["errors"]) == {"published", "sort"}
