"""The search page's facets in a real browser: with JavaScript a format then a level open the
narrowed results on the client (the address holds both, the counts follow); without JavaScript
the same through the filter form; on a phone the chosen filters show as removable chips."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from tests.test_search_product_browser import (
    mark_document,
    open_page,
    same_document,
    total_at,
    wait_for_total,
)


def facet(page, legend: str):
    return page.get_by_role("form", name="Filter results").get_by_role("group", name=legend)


def choice(page, legend: str, name: str):
    return facet(page, legend).locator("label").filter(has=page.get_by_text(name, exact=True))


def counts(page, legend: str) -> dict[str, int]:
    """The facet's choices with their counts, as shown."""
    shown = {}
    labels = facet(page, legend).locator("label")
    for i in range(labels.count()):
        label = labels.nth(i)
        if label.locator(".count").count():
            shown[label.locator(".name").inner_text()] = int(label.locator(".count").inner_text())
    return shown


def best_level(page, total: int) -> tuple[str, int]:
    """A level that narrows the results but leaves some."""
    levels = {name: n for name, n in counts(page, "Class / level").items() if 0 < n < total}
    name = max(levels, key=levels.get)
    return name, levels[name]


def level_value(name: str) -> str:
    """The level parameter of a level's label: Class 9 -> class-9."""
    return {"College": "college", "Story books": "stories"}.get(name, name.lower().replace(" ", "-"))


def query(page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


def test_format_then_level_update_results_and_counts_on_the_client(live_server, page_factory):
    page, log = page_factory()
    open_page(page, live_server + "/product/search/books")
    total = int(page.get_by_role("heading", level=1).inner_text().split()[0])
    formats = counts(page, "Format")
    assert 0 < formats["Hardcover"] < total
    mark_document(page)

    choice(page, "Format", "Hardcover").get_by_role("radio").check()
    page.wait_for_url(live_server + "/product/search/books?format=Hardcover")
    wait_for_total(page, formats["Hardcover"])
    # The level counts are now the hardcovers' (the format facet itself still counts every format).
    level, level_count = best_level(page, formats["Hardcover"])
    assert level_count == total_at(page, f"/product/search/books?format=Hardcover&level={level_value(level)}")
    assert counts(page, "Format") == formats

    choice(page, "Class / level", level).get_by_role("radio").check()
    page.wait_for_url(re.compile(r"level="))
    assert query(page)["format"] == ["Hardcover"] and query(page)["level"] == [level_value(level)]
    wait_for_total(page, level_count)
    assert len(page.locator("main article").all()) == min(level_count, 24)
    # Under the level, the format counts are that level's.
    assert counts(page, "Format")["Hardcover"] == level_count
    assert sum(counts(page, "Format").values()) == total_at(
        page, f"/product/search/books?level={query(page)['level'][0]}"
    )
    assert same_document(page)

    # A chosen filter is removable: its chip opens the results without it.
    page.get_by_role("region", name="Chosen filters").get_by_role("link", name="Remove filter: Hardcover").click()
    page.wait_for_url(re.compile(r"\?level=[^&]+$"))
    wait_for_total(page, sum(counts(page, "Format").values()))
    assert same_document(page)
    assert log.errors() == []


def test_without_javascript_the_facets_are_a_plain_form(live_server, page_factory):
    page, _ = page_factory(java_script_enabled=False)
    open_page(page, live_server + "/product/search/books")
    hardcovers = counts(page, "Format")["Hardcover"]
    choice(page, "Format", "Hardcover").get_by_role("radio").check()
    page.get_by_role("button", name="Apply filters").click()
    page.wait_for_url(re.compile(r"format=Hardcover"))
    assert page.get_by_role("heading", level=1).inner_text() == f"{hardcovers} results for “books”"

    level, level_count = best_level(page, hardcovers)
    choice(page, "Class / level", level).get_by_role("radio").check()
    facet(page, "Availability").get_by_role("checkbox", name=re.compile("In stock only")).check()
    page.get_by_role("button", name="Apply filters").click()
    page.wait_for_url(re.compile(r"in_stock=1"))
    assert query(page)["format"] == ["Hardcover"] and query(page)["level"]
    assert page.get_by_role("heading", level=1).inner_text().startswith(f"{total_at(page, page.url)} result")
    assert total_at(page, page.url) <= level_count

    # A price range is a link that keeps the other filters; "Clear filters" drops them all.
    facet(page, "Price").get_by_role("link", name=re.compile(r"^Under \$10")).click()
    page.wait_for_url(re.compile(r"max_price=10"))
    assert query(page)["format"] == ["Hardcover"] and query(page)["in_stock"] == ["1"]
    page.get_by_role("link", name="Clear filters").click()
    page.wait_for_url(live_server + "/product/search/books")


def test_on_a_phone_the_chosen_filters_show_above_the_folded_panel(live_server, page_factory):
    page, log = page_factory(390, 844)
    open_page(page, live_server + "/product/search/books?format=Paperback&in_stock=1")
    chips = page.get_by_role("region", name="Chosen filters")
    assert chips.get_by_role("link", name="Remove filter: Paperback").is_visible()
    assert page.get_by_role("button", name="Apply filters").is_hidden()
    page.locator("summary").filter(has_text="Filters").click()
    choice(page, "Format", "Hardcover").get_by_role("radio").check()
    page.wait_for_url(re.compile(r"format=Hardcover"))
    chips.get_by_role("link", name="Remove filter: Hardcover").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert log.errors() == []
