""" "Did you mean": what a search that found nothing offers instead, when something better exists.

Each word the vocabulary does not hold gets a few candidates (the indexed words one edit away, then
the nearest few), and their combinations are tried closest first. One is offered only if it finds
something, and, for several words, finds them together in one title or in one author's name: never
a pair of unrelated words ("harry potter" was offered "hair potted"). Books are tried first, as
the shopper is in a book shop, then every product. Nothing is offered when no candidate qualifies.
"""

from __future__ import annotations

import itertools

from sqlalchemy.orm import Session

from db.models import Book
from db.search.backends import FIELDS, TITLE
from db.search.found import rows
from db.search.terms import Group, Plan, distance, nearest, plan

CANDIDATES = 3  # per word the vocabulary does not hold
TRIED = 12  # combinations tried at most
TOGETHER = (TITLE, ("authors",))  # where several words must be found together


def candidates(session: Session, group: Group) -> list[str]:
    if group.known:
        return [group.typed]
    found = list(group.corrections)
    found += [w for w in nearest(session.connection(), group.typed, CANDIDATES) if w not in found]
    return found[:CANDIDATES]


def finds(session: Session, text: str, books_only: bool) -> bool:
    """Whether `text` finds a published product (a book), its words together when there are several."""
    asked = plan(session.connection(), text)
    if asked.empty or not all(group.known for group in asked.groups):
        return False
    conditions = [Book.product_id.is_not(None)] if books_only else []
    places = TOGETHER if len(asked.words) > 1 else (FIELDS,)
    return any(rows(session, conditions, 1, asked, fields) for fields in places)


def did_you_mean(session: Session, typed: Plan) -> str | None:
    if all(group.known for group in typed.groups):
        return None
    choices = [candidates(session, group) for group in typed.groups]
    if not all(choices):
        return None
    combinations = sorted(
        itertools.product(*choices),
        key=lambda words: sum(distance(g.typed, w) for g, w in zip(typed.groups, words, strict=True)),
    )[:TRIED]
    offers = [" ".join(words) for words in combinations if list(words) != [g.typed for g in typed.groups]]
    for books_only in (True, False):
        for offer in offers:
            if finds(session, offer, books_only):
                return offer
    return None
