"""Search synonyms the administrator edits (/api/search-synonyms): pairs listed once each, added,
edited and deleted with their audit entries; search takes an added pair both ways at the very
next request and cached search pages are not served after it; bad input is 422, a pair that is
there already 409, a missing one 404, no session 401, no CSRF token 403, with nothing written."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from conftest import another_browser
from sqlalchemy import func, select

from db.models import AuditEntry, SearchSynonym

PATH = "/api/search-synonyms"
JSON = {"Accept": "application/json"}


def titles(client, term: str) -> list[str]:
    response = client.get("/product/search/" + quote(term), headers=JSON)
    assert response.status_code == 200, response.text
    return [p["title"] for p in response.json()["props"]["products"]]


def stored(client) -> tuple[set[tuple[str, str]], int]:
    """Every synonym row (term, synonym) and the number of audit entries."""

    def read(session):
        pairs = set(session.execute(select(SearchSynonym.term, SearchSynonym.synonym)).tuples())
        return pairs, session.scalar(select(func.count(AuditEntry.id)))

    return client.app.state.services.db.read_sync(read)


@pytest.fixture(params=["sqlite", "postgresql"])
def writer(request, admin_client):
    if request.param == "postgresql":
        return request.getfixturevalue("postgres_admin_client")
    return admin_client


def test_each_pair_is_listed_once_searched_and_paged(admin_client):
    listed = admin_client.get(PATH, params={"q": "math", "per_page": 100})
    assert listed.status_code == 200
    pairs = {(p["term"], p["synonym"]) for p in listed.json()}
    assert ("maths", "mathematics") in pairs and ("mathematics", "maths") not in pairs
    assert int(listed.headers["x-total-count"]) == len(pairs) == 2  # maths and math, each with mathematics
    everything = admin_client.get(PATH, params={"per_page": 5, "page": 2, "sort": "-term"})
    assert len(everything.json()) == 5 and int(everything.headers["x-total-count"]) == 12
    assert [p["term"] for p in everything.json()] == sorted((p["term"] for p in everything.json()), reverse=True)
    one = admin_client.get(f"{PATH}/{everything.json()[0]['id']}")
    assert one.status_code == 200 and one.json() == everything.json()[0]


def test_an_added_pair_finds_both_ways_at_once_and_cached_pages_are_not_served(writer):
    anonymous = another_browser(writer)  # the shop's cached pages are for visitors
    cache = writer.app.state.services.page_cache
    assert titles(writer, "blimp") == [] and "No results" in anonymous.get("/product/search/blimp").text
    cached = len(cache)
    assert cached > 0
    created = writer.post(PATH, json={"term": "Blimp", "synonym": "balloon"})
    assert len(cache) < cached  # the search page is dropped with the write
    assert created.status_code == 201, created.text
    pair = created.json()
    assert {"term": "blimp", "synonym": "balloon"}.items() <= pair.items()
    assert created.headers["location"] == f"{PATH}/{pair['id']}"
    balloons = titles(writer, "balloon")
    assert "Milo and the Moon Balloon" in balloons and titles(writer, "blimp") == balloons
    assert "Milo and the Moon Balloon" in anonymous.get("/product/search/blimp").text

    # Either way round: the pair is turned about, the words changed.
    changed = writer.patch(f"{PATH}/{pair['id']}", json={"term": "balloon", "synonym": "Dirigible"})
    assert changed.status_code == 200 and changed.json() == {
        "id": pair["id"],
        "term": "balloon",
        "synonym": "dirigible",
    }
    assert titles(writer, "dirigible") == balloons and titles(writer, "blimp") == []
    rows, _ = stored(writer)
    assert {("balloon", "dirigible"), ("dirigible", "balloon")} <= rows and not any("blimp" in row for row in rows)

    assert writer.delete(f"{PATH}/{pair['id']}").status_code == 204
    assert titles(writer, "dirigible") == [] and "No results" in anonymous.get("/product/search/dirigible").text
    assert writer.get(f"{PATH}/{pair['id']}").status_code == 404
    actions = writer.app.state.services.db.read_sync(
        lambda s: list(
            s.scalars(select(AuditEntry.action).where(AuditEntry.entity == "search_synonym").order_by(AuditEntry.id))
        )
    )
    assert actions == ["create", "update", "delete"]


REFUSED = [
    ({"term": "maths", "synonym": "Maths"}, 422, "synonym"),  # its own synonym, once folded
    ({"term": "sci-fi", "synonym": "Sci Fi"}, 422, "synonym"),
    ({"term": "", "synonym": "x"}, 422, "term"),
    ({"term": "a" * 61, "synonym": "long"}, 422, "term"),
    ({"term": "three word phrase", "synonym": "x"}, 422, "term"),  # search looks up one or two words
    ({"term": "!!!", "synonym": "x"}, 422, "term"),
    ({"term": "maths"}, 422, "synonym"),
    ({"term": "x", "synonym": "y", "weight": 2}, 422, "weight"),
    ({"term": "maths", "synonym": "mathematics"}, 409, None),
    ({"term": "Mathematics", "synonym": "MATHS"}, 409, None),  # the other way round is the same pair
]


@pytest.mark.parametrize(("body", "status", "field"), REFUSED)
def test_bad_or_duplicate_pairs_are_refused_with_nothing_written(admin_client, body, status, field):
    before = stored(admin_client)
    response = admin_client.post(PATH, json=body)
    assert response.status_code == status, response.text
    assert response.json()["message"]
    if field:
        assert field in response.json()["errors"]
    assert stored(admin_client) == before


def test_edits_are_checked_too_and_a_missing_pair_is_404(admin_client):
    pairs = admin_client.get(PATH, params={"q": "math"}).json()
    maths = next(p for p in pairs if p["term"] == "maths")
    before = stored(admin_client)
    assert (
        admin_client.patch(f"{PATH}/{maths['id']}", json={"term": "math"}).status_code == 409
    )  # math <-> mathematics is there
    assert admin_client.patch(f"{PATH}/{maths['id']}", json={"synonym": "maths"}).status_code == 422
    assert admin_client.patch(f"{PATH}/{maths['id']}", json={}).status_code == 422
    assert stored(admin_client) == before
    for method in ("GET", "PATCH", "DELETE"):
        assert admin_client.request(method, f"{PATH}/999999", json={"term": "x"}).status_code == 404


def test_no_session_is_401_and_no_csrf_token_is_403(client, admin_client):
    pair_id = admin_client.get(PATH).json()[0]["id"]
    token = admin_client.headers.pop("X-CSRF-Token")
    before = stored(admin_client)
    for method, path in (("POST", PATH), ("PATCH", f"{PATH}/{pair_id}"), ("DELETE", f"{PATH}/{pair_id}")):
        assert admin_client.request(method, path, json={"term": "a", "synonym": "b"}).status_code == 403
    admin_client.headers["X-CSRF-Token"] = token
    anonymous = another_browser(client)  # no session cookie
    for method, path in (("GET", PATH), ("GET", f"{PATH}/{pair_id}"), ("POST", PATH), ("DELETE", f"{PATH}/{pair_id}")):
        response = anonymous.request(method, path, json={"term": "a", "synonym": "b"})
        assert response.status_code == 401 and response.json()["message"]
    assert stored(admin_client) == before
