"""A book's level, the way shoppers and booklists name it: a school class (1-12), a college year
(1-5), or an age range for story books. Stored as (kind, from, to) on the book; written and read
as text in CSV files and forms ("Class 9", "College year 2", "Ages 5-8", "Ages 12+").
"""

from __future__ import annotations

import re
from typing import NamedTuple

CLASSES = range(1, 13)
COLLEGE_YEARS = range(1, 6)
MAX_AGE = 99  # "Ages 12+" is stored as 12 to 99

CLASS_TEXT = re.compile(r"^(?:class|grade|std\.?|standard)\s*(\d{1,2})$", re.I)
COLLEGE_TEXT = re.compile(r"^college(?:\s+years?)?\s*(\d)(?:\s*[-–]\s*(\d))?$", re.I)
AGES_TEXT = re.compile(r"^(?:ages?)\s*(\d{1,2})\s*(?:(\+)|[-–]\s*(\d{1,2}))$", re.I)


class Level(NamedTuple):
    kind: str  # "class", "college" or "age"
    low: int
    high: int

    @property
    def label(self) -> str:
        if self.kind == "class":  # a school book is for one class
            return f"Class {self.low}"
        if self.kind == "college":
            return f"College year {self.low}" if self.low == self.high else f"College years {self.low}–{self.high}"
        return f"Ages {self.low}+" if self.high >= MAX_AGE else f"Ages {self.low}–{self.high}"

    @property
    def text(self) -> str:
        """The label with ASCII hyphens: what a CSV export writes and `parse` reads back."""
        return self.label.replace("–", "-").replace("College years", "College year")

    @property
    def url(self) -> str:
        """The browse page the level belongs to."""
        if self.kind == "class":
            return f"/books/class-{self.low}"
        return "/books/college" if self.kind == "college" else "/books/stories"


class InvalidLevel(ValueError):
    pass


def parse(text: str) -> Level:
    """ "Class 9", "College year 2", "College year 1-4", "Ages 5-8", "Ages 12+" (any case)."""
    value = " ".join((text or "").split())
    if match := CLASS_TEXT.match(value):
        grade = int(match.group(1))
        if grade in CLASSES:
            return Level("class", grade, grade)
        raise InvalidLevel("A class is a number from 1 to 12")
    if match := COLLEGE_TEXT.match(value):
        low = int(match.group(1))
        high = int(match.group(2) or low)
        if low in COLLEGE_YEARS and high in COLLEGE_YEARS and low <= high:
            return Level("college", low, high)
        raise InvalidLevel("A college year is a number from 1 to 5")
    if match := AGES_TEXT.match(value):
        low = int(match.group(1))
        high = MAX_AGE if match.group(2) else int(match.group(3))
        if 0 <= low <= high <= MAX_AGE:
            return Level("age", low, high)
        raise InvalidLevel("Give ages from youngest to oldest, such as Ages 5-8")
    raise InvalidLevel(
        "Write the level as Class 1 to Class 12, College year 1 to 5, or an age range such as Ages 5-8 or Ages 12+"
    )


def of_book(book) -> Level:
    return Level(book.level_kind, book.level_from, book.level_to)
