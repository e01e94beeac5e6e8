"""Demo school booklists: six made-up schools, their lists for academic year 2026-27 covering
classes 1-12. Each list holds the catalogue's books of its class (required, one of each; two of a
workbook) and a couple of optional story books for the pupils' age.

Built after the sales, from the stock as the seed leaves it: the demo list (DEMO_LIST, Hillcrest
High School's Class 10) always holds a book that is out of stock, so /booklists/<its slug> shows
how the "add to cart" buttons leave such a book out and say so. The catalogue's Class 10 and 11
books include one with no stock already; if a reseed ever changed that, an out-of-stock book is
added to the demo list as optional reading, deliberately.
"""

from __future__ import annotations

import datetime as dt
import random

from db.models import Booklist, BooklistItem, Product
from db.seed.common import days_ago, rng, slugify

ACADEMIC_YEAR = "2026-27"
# school -> the classes it has a list for (together: every class 1-12, most of them twice)
SCHOOLS = {
    "Riverside Primary School": (1, 2, 3, 4, 5),
    "Hillcrest High School": (6, 7, 8, 9, 10, 11, 12),
    "Greenfield Public School": (1, 4, 8, 10),
    "St. Aldric's Academy": (3, 7, 11),
    "Maplewood International School": (2, 9, 12),
    "Lakeview Convent School": (5, 6),
}
DEMO_LIST = ("Hillcrest High School", 10)
# Lakeview's Class 6 list is a draft: the back office shows it, shoppers do not.
UNPUBLISHED = {("Lakeview Convent School", 6)}
WORKBOOK_WORDS = ("Workbook", "Practice", "Drills", "Lab Manual")
STORY_BOOKS_PER_LIST = 2
REQUIRED_NOTES = ("", "", "", "Covered in brown paper, name on the cover", "Latest edition only")
STORY_NOTES = ("Summer reading", "For the reading club", "Suggested by the class teacher")
PUPIL_AGE_OFFSET = 5  # a Class 1 pupil is about six


def _for_sale(product: Product) -> bool:
    return product.shop == "books" and product.published and product.book is not None


def class_books(products: list[Product], grade: int) -> list[Product]:
    return [p for p in products if _for_sale(p) and p.book.level_kind == "class" and p.book.level_from == grade]


def story_books(products: list[Product], grade: int) -> list[Product]:
    age = grade + PUPIL_AGE_OFFSET
    return [
        p
        for p in products
        if _for_sale(p) and p.book.level_kind == "age" and p.book.level_from <= age <= p.book.level_to
    ]


def booklist_items(r: random.Random, products: list[Product], school: str, grade: int) -> list[BooklistItem]:
    items = []
    for book in class_books(products, grade):
        workbook = any(word in book.title for word in WORKBOOK_WORDS)
        items.append(
            BooklistItem(
                product=book,
                quantity=2 if workbook else 1,
                required=True,
                note="Two copies: one for school, one for home" if workbook else r.choice(REQUIRED_NOTES),
            )
        )
    stories = story_books(products, grade)
    for book in r.sample(stories, min(STORY_BOOKS_PER_LIST, len(stories))):
        items.append(BooklistItem(product=book, quantity=1, required=False, note=r.choice(STORY_NOTES)))
    if (school, grade) == DEMO_LIST and not any(item.product.stock <= 0 for item in items):
        sold_out = next(p for p in products if _for_sale(p) and p.stock <= 0)
        items.append(
            BooklistItem(product=sold_out, quantity=1, required=True, note="Ask at the school library if sold out")
        )
    for position, item in enumerate(items):
        item.position = position
    return items


def build_booklists(products: list[Product], now: dt.datetime) -> list[Booklist]:
    r = rng("booklists")
    booklists = []
    for school, grades in SCHOOLS.items():
        for grade in grades:
            made = days_ago(now, r.uniform(5, 60))
            booklists.append(
                Booklist(
                    slug=slugify(f"{school} class {grade} {ACADEMIC_YEAR}"),
                    school=school,
                    grade=grade,
                    academic_year=ACADEMIC_YEAR,
                    published=(school, grade) not in UNPUBLISHED,
                    created_at=made,
                    updated_at=made,
                    items=booklist_items(r, products, school, grade),
                )
            )
    return booklists
