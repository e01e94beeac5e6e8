"""What makes a seeded book a book: ISBN-13 with a valid check digit, authors (several books each
for many of them), publisher, edition, year, format, pages, language, level, subject, series.

Drawn from a generator of its own, so the products' other draws (prices, stock) never move
when these details change.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from db import isbn
from db.seed.common import rng


@dataclass
class BookSpec:
    isbn: str
    authors: list[str]
    publisher: str
    edition: str
    year: int
    format: str
    pages: int
    language: str
    level: tuple[str, int, int]  # ("class", 9, 9), ("college", 2, 2), ("age", 5, 8)
    subject: str
    series: str | None = None
    volume: int | None = None


@dataclass(frozen=True)
class Publisher:
    name: str
    # The registration group (0 or 1, English) and the publisher's digits of its ISBNs.
    group: str
    code: str
    series_word: str


PUBLISHERS = {
    "School Books": (
        Publisher("Brightpath Education", "0", "306", "Brightpath"),
        Publisher("Kestrel School Press", "1", "86197", "Kestrel"),
        Publisher("Oakleaf Learning", "0", "7451", "Oakleaf"),
    ),
    "College Books": (
        Publisher("Meridian Academic", "0", "19", "Meridian"),
        Publisher("Harbourside University Press", "1", "4039", "Harbourside"),
        Publisher("Northgate Scientific", "0", "8493", "Northgate"),
    ),
    "Story Books": (
        Publisher("Lanternfly Books", "0", "14", "Lanternfly"),
        Publisher("Pebble & Quill", "1", "78506", "Pebble"),
        Publisher("Bluewater House", "0", "552", "Bluewater"),
    ),
}

AUTHOR_FIRST = (
    "Margaret",
    "Arthur",
    "Eleanor",
    "Rohan",
    "Beatrice",
    "Julian",
    "Meera",
    "Conrad",
    "Isla",
    "Vikram",
    "Harriet",
    "Tobias",
    "Anjali",
    "Edmund",
    "Lucinda",
    "Samir",
    "Rosalind",
    "Felix",
    "Celia",
    "Anand",
    "Winifred",
    "Hugo",
    "Nadia",
    "Rupert",
)
AUTHOR_LAST = (
    "Whitfield",
    "Ashcombe",
    "Mehra",
    "Penrose",
    "Calloway",
    "Banerjee",
    "Hartley",
    "Iyer",
    "Fairbanks",
    "Lindqvist",
    "Sterling",
    "Rao",
    "Montague",
    "Okonkwo",
    "Blackwood",
    "Desai",
    "Harrington",
    "Kapoor",
    "Winslow",
    "Thorne",
    "Chandra",
    "Ellery",
)
# Authors per category: eight books among three authors gives most of them two or three books.
AUTHORS_PER_CATEGORY = 3
CO_AUTHOR_SHARE = {"School Books": 0.3, "College Books": 0.4, "Story Books": 0.0}

CLASS_IN_TITLE = re.compile(r"\bClass (\d{1,2})\b")
EDITION_IN_TITLE = re.compile(r"\b(\d+(?:st|nd|rd|th)) Edition\b")
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")
# Language books are written in the language they teach; everything else in English.
LANGUAGES = ("French", "Spanish", "German", "Hindi", "Sanskrit", "Mandarin")
SCIENCE_SUBJECTS = (
    ("Physics", "Physics"),
    ("Chemistry", "Chemistry"),
    ("Biology", "Biology"),
    ("Living World", "Biology"),
)
PRACTICE_WORDS = ("Workbook", "Practice", "Lab Manual", "Drills", "Handwriting")
STORY_AGES = {
    "Children's Stories": ((3, 6), (4, 8), (5, 9)),
    "Fantasy": ((10, 14), (12, 99)),
    "Mystery & Thriller": ((14, 99), (16, 99)),
    "Fiction": ((14, 99), (16, 99)),
    "Classics": ((12, 99), (14, 99)),
}
FANTASY_SERIES = "The Eldenmoor Chronicles"


class AuthorPool:
    """Each category's few authors, named once and reused, every name unique across the shop."""

    def __init__(self, r: random.Random):
        self.r = r
        self.by_category: dict[str, list[str]] = {}
        self.taken: set[str] = set()

    def _new_name(self, top: str) -> str:
        while True:
            first, last = self.r.choice(AUTHOR_FIRST), self.r.choice(AUTHOR_LAST)
            if top == "School Books":
                # School textbooks are usually credited with initials.
                name = f"{first[0]}. {self.r.choice('ABCDKMPRS')}. {last}"
            elif top == "College Books" and self.r.random() < 0.5:
                name = f"Dr. {first} {last}"
            else:
                name = f"{first} {last}"
            if name not in self.taken:
                self.taken.add(name)
                return name

    def for_category(self, top: str, leaf: str) -> list[str]:
        if leaf not in self.by_category:
            self.by_category[leaf] = [self._new_name(top) for _ in range(AUTHORS_PER_CATEGORY)]
        return self.by_category[leaf]


class IsbnRegistry:
    """Hands each publisher's books consecutive title numbers, so every ISBN is unique and valid."""

    def __init__(self) -> None:
        self.next_title: dict[str, int] = {}

    def take(self, publisher: Publisher) -> str:
        number = self.next_title.get(publisher.code, 101)
        self.next_title[publisher.code] = number + 7
        digits = 9 - 1 - len(publisher.code)
        return isbn.make("978", publisher.group + publisher.code + str(number).zfill(digits)[-digits:])


def school_subject(leaf: str, title: str) -> str:
    if leaf == "Science":
        return next((subject for word, subject in SCIENCE_SUBJECTS if word in title), "General Science")
    if leaf == "Languages":
        return next((language for language in LANGUAGES if language in title), "Languages")
    if leaf == "History & Geography":
        return "Geography" if any(w in title for w in ("Geography", "Atlas", "Maps", "Earth")) else "History"
    return leaf


def level_of(r: random.Random, top: str, leaf: str, title: str) -> tuple[str, int, int]:
    if top == "School Books":
        grade = int(CLASS_IN_TITLE.search(title).group(1))
        return "class", grade, grade
    if top == "College Books":
        year = r.randint(1, 4)
        return "college", year, year
    low, high = r.choice(STORY_AGES[leaf])
    return "age", low, high


def book_format(r: random.Random, top: str, leaf: str, title: str, level: tuple[str, int, int]) -> str:
    if top == "School Books":
        return "Spiral" if any(word in title for word in PRACTICE_WORDS) else "Paperback"
    if leaf == "Children's Stories":
        return "Board book" if level[2] <= 6 else "Hardcover"
    if top == "College Books":
        return r.choice(("Hardcover", "Paperback", "Paperback"))
    return r.choice(("Paperback", "Paperback", "Hardcover"))


def page_count(r: random.Random, top: str, leaf: str) -> int:
    if leaf == "Children's Stories":
        return r.choice((24, 32, 40, 48))
    low, high = {"School Books": (96, 320), "College Books": (360, 1100), "Story Books": (220, 520)}[top]
    return r.randrange(low, high, 8)


@dataclass
class BookDetails:
    """Draws every seeded book's details in catalogue order."""

    r: random.Random = field(default_factory=lambda: rng("book-details"))
    authors: AuthorPool = field(init=False)
    isbns: IsbnRegistry = field(default_factory=IsbnRegistry)
    counts: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.authors = AuthorPool(self.r)

    def __call__(self, top: str, leaf: str, title: str) -> BookSpec:
        r = self.r
        n = self.counts[leaf] = self.counts.get(leaf, -1) + 1
        pool = self.authors.for_category(top, leaf)
        names = [pool[n % len(pool)]]
        if r.random() < CO_AUTHOR_SHARE[top]:
            names.append(pool[(n + 1) % len(pool)])
        publisher = r.choice(PUBLISHERS[top])
        level = level_of(r, top, leaf, title)
        edition = EDITION_IN_TITLE.search(title)
        subject = school_subject(leaf, title) if top == "School Books" else leaf
        series = volume = None
        if top == "School Books":
            series, volume = f"{publisher.series_word} {subject}", level[1]
        elif leaf == "Fantasy" and n < 3:
            series, volume = FANTASY_SERIES, n + 1
        return BookSpec(
            isbn=self.isbns.take(publisher),
            authors=names,
            publisher=publisher.name,
            edition=edition.group(1) if edition else r.choice(ORDINALS[:3]),
            year=r.randint(2014, 2026),
            format=book_format(r, top, leaf, title, level),
            pages=page_count(r, top, leaf),
            language=subject if top == "School Books" and subject in LANGUAGES else "English",
            level=level,
            subject=subject,
            series=series,
            volume=volume,
        )

    def bundle(self, leaf: str) -> BookSpec:
        """A boxed set of a college subject's course texts, by the shop's own editors."""
        publisher = PUBLISHERS["College Books"][0]
        return BookSpec(
            isbn=self.isbns.take(publisher),
            authors=["Student Books Editors"],
            publisher=publisher.name,
            edition="1st",
            year=2026,
            format="Paperback",
            pages=2400,
            language="English",
            level=("college", 1, 4),
            subject=leaf,
        )
