"""ISBNs as people type them (db/isbn.py) and book levels as shops and booklists name them
(db/levels.py): what is accepted, what is refused and with which message, and how they are shown."""

from __future__ import annotations

import pytest

from app.settings import ROOT
from db import isbn, levels


@pytest.mark.parametrize(
    "typed",
    [
        "9780306406157",
        "978-0-306-40615-7",
        "978 0 306 40615 7",
        " 978-0306406157 ",
        "0306406152",
        "0-306-40615-2",
        "0 306 40615 2",
        "978‐0‐306‐40615‐7",  # Unicode hyphens, as pasted
    ],
)
def test_an_isbn_13_or_10_with_or_without_separators_is_the_same_book(typed):
    assert isbn.parse(typed) == "9780306406157"


def test_an_isbn_10_ending_in_x_is_read_whatever_the_case():
    assert isbn.parse("0-8044-2957-X") == "9780804429573"
    assert isbn.parse("080442957x") == "9780804429573"
    assert isbn.to_isbn10("9780804429573") == "080442957X"


@pytest.mark.parametrize(
    "typed, message",
    [
        ("978-0-306-40615-8", "The check digit of this ISBN-13 should be 7, not 8"),
        ("0-306-40615-3", "The check digit of this ISBN-10 should be 2, not 3"),
        ("0-8044-2957-5", "The check digit of this ISBN-10 should be X, not 5"),
        ("123-4-567-89012-8", "An ISBN-13 starts with 978 or 979"),
        ("978-0-306-4061", "Enter an ISBN-13 (13 digits) or an ISBN-10"),
        ("ISBN 9780306406157", "Enter an ISBN-13 (13 digits) or an ISBN-10"),
        ("97803064061X7", "Enter an ISBN-13 (13 digits) or an ISBN-10"),
        ("", "Enter an ISBN-13 (13 digits) or an ISBN-10"),
    ],
)
def test_a_wrong_isbn_is_refused_saying_what_is_wrong(typed, message):
    with pytest.raises(isbn.InvalidIsbn, match=message.replace("(", r"\(").replace(")", r"\)")):
        isbn.parse(typed)
    assert isbn.parse_or_none(typed) is None


def test_a_979_isbn_is_valid_but_has_no_isbn_10():
    made = isbn.make("979", "108765432")
    assert isbn.parse(made) == made
    assert isbn.to_isbn10(made) is None
    assert isbn.to_isbn10("9780306406157") == "0306406152"


def test_isbns_are_shown_grouped_by_prefix_group_publisher_and_title():
    assert isbn.grouped("9780306406157") == "978-0-306-40615-7"
    assert isbn.grouped("9781861972712") == "978-1-86197-271-2"
    assert isbn.grouped("9780804429573") == "978-0-8044-2957-3"
    # Other groups read 1-4-4, and what is shown parses back to the same ISBN.
    other = isbn.make("979", "887654321")
    assert isbn.grouped(other) == "979-8-8765-4321-" + other[-1]
    assert isbn.parse(isbn.grouped(other)) == other


def test_looks_like_isbn_is_about_shape_not_the_check_digit():
    assert isbn.looks_like_isbn("978-0-306-40615-8")
    assert isbn.looks_like_isbn("0-306-40615-X")
    assert not isbn.looks_like_isbn("algebra")
    assert not isbn.looks_like_isbn("12345")


@pytest.mark.parametrize(
    "text, level, label, url",
    [
        ("Class 9", ("class", 9, 9), "Class 9", "/books/class-9"),
        ("grade 12", ("class", 12, 12), "Class 12", "/books/class-12"),
        ("College year 2", ("college", 2, 2), "College year 2", "/books/college"),
        ("college year 1-4", ("college", 1, 4), "College years 1–4", "/books/college"),
        ("Ages 5-8", ("age", 5, 8), "Ages 5–8", "/books/stories"),
        ("Ages 5–8", ("age", 5, 8), "Ages 5–8", "/books/stories"),
        ("ages 12+", ("age", 12, levels.MAX_AGE), "Ages 12+", "/books/stories"),
    ],
)
def test_levels_parse_and_label(text, level, label, url):
    parsed = levels.parse(text)
    assert tuple(parsed) == level
    assert parsed.label == label
    assert parsed.url == url


@pytest.mark.parametrize("text", ["Class 9", "College year 2", "College year 1-4", "Ages 5-8", "Ages 12+", "Ages 0-3"])
def test_a_levels_text_reads_back_as_the_same_level(text):
    assert levels.parse(text).text == text
    assert levels.parse(levels.parse(text).text) == levels.parse(text)


@pytest.mark.parametrize(
    "text, message",
    [
        ("Class 13", "A class is a number from 1 to 12"),
        ("Class 0", "A class is a number from 1 to 12"),
        ("College year 6", "A college year is a number from 1 to 5"),
        ("College year 3-2", "A college year is a number from 1 to 5"),
        ("Ages 8-5", "Give ages from youngest to oldest"),
        ("Year 9", "Write the level as Class 1 to Class 12"),
        ("", "Write the level as Class 1 to Class 12"),
    ],
)
def test_a_wrong_level_is_refused_saying_how_to_write_it(text, message):
    with pytest.raises(levels.InvalidLevel, match=message):
        levels.parse(text)


@pytest.fixture(scope="module")
def product_form_isbn():
    """The product form's ISBN check (components/admin/forms/isbn.js) in V8, its exports as globals."""
    from py_mini_racer import MiniRacer

    from app.rendering.v8 import start_v8

    start_v8()
    source = (ROOT / "components/admin/forms/isbn.js").read_text()
    context = MiniRacer()
    context.eval(source.replace("export function ", "function ").replace("export const ", "var "))
    return context


@pytest.mark.parametrize(
    "typed",
    [
        "978-0-306-40615-7",
        "0-306-40615-2",
        "0 8044 2957 x",
        "978‐0‐306‐40615‐7",
        "978-0-306-40615-8",
        "0-306-40615-3",
        "0-8044-2957-5",
        "123-4-567-89012-8",
        "978-0-306-4061",
        "",
        "97803064061X7",
        "9798876543210",
    ],
)
def test_the_product_form_checks_an_isbn_as_the_server_does(product_form_isbn, typed):
    answer = product_form_isbn.call("parseIsbn", typed)
    try:
        assert answer == {"isbn": isbn.parse(typed)}
    except isbn.InvalidIsbn as error:
        assert answer == {"message": str(error)}


@pytest.mark.parametrize(
    "isbn13", ["9780306406157", "9781861972712", "9780804429573", "9798876543210", "9781999999990"]
)
def test_the_product_form_groups_an_isbn_as_the_server_does(product_form_isbn, isbn13):
    assert product_form_isbn.call("groupedIsbn", isbn13) == isbn.grouped(isbn13)
