"""ISBNs: parsed from what people type (ISBN-13 or ISBN-10, hyphens or spaces), stored as the 13
digits of the ISBN-13, shown grouped.

`parse` raises InvalidIsbn with a message a shopper or an administrator can act on; it names the
check digit when only the check digit is wrong, since that is almost always a typing slip.
"""

from __future__ import annotations

import re

SEPARATORS = re.compile(r"[\s\-‐‑‒–—]")
ISBN_LIKE = re.compile(r"^(?:97[89])?\d{9}[\dXx]$")


class InvalidIsbn(ValueError):
    pass


def isbn13_check_digit(first12: str) -> str:
    total = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(first12))
    return str((10 - total % 10) % 10)


def isbn10_check_digit(first9: str) -> str:
    total = sum(int(d) * (10 - i) for i, d in enumerate(first9))
    check = (11 - total % 11) % 11
    return "X" if check == 10 else str(check)


def compact(text: str) -> str:
    """The characters of an ISBN without separators, upper-cased (an ISBN-10 may end in X)."""
    return SEPARATORS.sub("", text or "").upper()


def looks_like_isbn(text: str) -> bool:
    """True when the text could be meant as an ISBN (10 or 13 characters of digits once the
    separators are gone), whether or not its check digit is right: search uses it to decide
    whether to look an ISBN up."""
    return bool(ISBN_LIKE.match(compact(text)))


def parse(text: str) -> str:
    """The ISBN-13 (13 digits) of an ISBN-13 or ISBN-10, verified; InvalidIsbn otherwise."""
    raw = compact(text)
    if len(raw) == 13 and raw.isdigit():
        if not raw.startswith(("978", "979")):
            raise InvalidIsbn("An ISBN-13 starts with 978 or 979")
        expected = isbn13_check_digit(raw[:12])
        if raw[12] != expected:
            raise InvalidIsbn(f"The check digit of this ISBN-13 should be {expected}, not {raw[12]}")
        return raw
    if len(raw) == 10 and raw[:9].isdigit() and (raw[9].isdigit() or raw[9] == "X"):
        expected = isbn10_check_digit(raw[:9])
        if raw[9] != expected:
            raise InvalidIsbn(f"The check digit of this ISBN-10 should be {expected}, not {raw[9]}")
        return from_isbn10(raw)
    raise InvalidIsbn("Enter an ISBN-13 (13 digits) or an ISBN-10 (10 characters, the last may be X)")


def from_isbn10(isbn10: str) -> str:
    first12 = "978" + isbn10[:9]
    return first12 + isbn13_check_digit(first12)


def to_isbn10(isbn13: str) -> str | None:
    """The ISBN-10 of a 978 ISBN-13 (979 ones have none)."""
    if not isbn13.startswith("978"):
        return None
    return isbn13[3:12] + isbn10_check_digit(isbn13[3:12])


def parse_or_none(text: str) -> str | None:
    try:
        return parse(text)
    except InvalidIsbn:
        return None


def make(prefix: str, body: str) -> str:
    """An ISBN-13 from its prefix (978/979) and 9 more digits, with the right check digit (the seed
    and the benchmarks make valid ISBNs this way)."""
    first12 = prefix + body
    if len(first12) != 12 or not first12.isdigit():
        raise ValueError("an ISBN-13 is made of 12 digits and a check digit")
    return first12 + isbn13_check_digit(first12)


# Publisher ranges of the English-language groups 978-0 and 978-1 (not 979's, which differ) (the ISBN agency's classic
# table): (highest 7-digit prefix of the range, length of the publisher part). Other groups are
# shown split 1-4-4, which reads well and parses back the same.
PUBLISHER_RANGES = {
    "0": ((1999999, 2), (6999999, 3), (8499999, 4), (8999999, 5), (9499999, 6), (9999999, 7)),
    "1": ((999999, 2), (3999999, 3), (5499999, 4), (8697999, 5), (9989999, 6), (9999999, 7)),
}


def grouped(isbn13: str) -> str:
    """978-0-306-40615-7: prefix, group, publisher, title, check digit."""
    prefix, group, rest, check = isbn13[:3], isbn13[3], isbn13[4:12], isbn13[12]
    ranges = PUBLISHER_RANGES.get(group) if prefix == "978" else None
    split = next(length for highest, length in ranges if int(rest[:7]) <= highest) if ranges else 4
    return f"{prefix}-{group}-{rest[:split]}-{rest[split:]}-{check}"
