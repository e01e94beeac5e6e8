"""From what a shopper typed to what the index is asked: a plan of word groups, every group a few
alternatives (the word itself, its synonyms, its corrections), all groups required.

- Words are folded (lower case, no accents) and split on anything but letters and digits, so
  quotes, `*`, `-`, `NEAR`, `OR` and SQL are only words or nothing: no input is read as syntax.
- The last word as typed is a prefix when it is not a whole indexed word ("chem" finds chemistry;
  "books" finds books, not bookshelves).
- A word of five letters or more that the vocabulary does not hold is corrected: every indexed
  word one edit away (a letter wrong, missing, extra, or two swapped) is an alternative, the most
  common first. Shorter words need an exact or prefix match. A word of six letters or more with no
  word one edit away gets the nearest few two edits away instead ("phsycs" finds physics, "atlases"
  the atlas, whose stem SQLite's porter stemmer makes "atla"): a bounded look-up of the vocabulary
  (`nearest`), made only for a word that would otherwise find nothing.
- Synonyms (`search_synonym`, edited by administrators) work both ways and may be phrases
  ("sci fi" <-> "science fiction").
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field

from sqlalchemy import Connection, bindparam, select, text

from db.models import SearchTerm
from db.search.among import among
from db.search.documents import MIN_TERM, fold, words

MAX_WORDS = 8
MIN_CORRECTED = 5  # shorter words are not corrected (too many neighbours)
MIN_TWO_EDITS = 6  # shorter words are corrected by one edit only ("harry" is two from "hair", "happy", "harrow")
CORRECTIONS = 3  # alternatives per misspelt word
LETTERS = string.ascii_lowercase + string.digits


@dataclass(frozen=True)
class Alternative:
    tokens: tuple[str, ...]  # one word, or a phrase
    prefix: bool = False  # the last token may be the start of a word


@dataclass
class Group:
    typed: str  # the word (or phrase) as the plan read it
    alternatives: list[Alternative]
    known: bool = True  # the vocabulary holds it (or it is a prefix of a word it holds)
    corrections: list[str] = field(default_factory=list)


@dataclass
class Plan:
    words: list[str]
    groups: list[Group]
    typed: str = ""  # the whole text as typed, folded: what an exact title is

    @property
    def empty(self) -> bool:
        return not self.groups


def one_edit(word: str) -> set[str]:
    """Every string one deletion, transposition, substitution or insertion away (Norvig's edits1)."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    deletes = {a + b[1:] for a, b in splits if b}
    swaps = {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    replaces = {a + c + b[1:] for a, b in splits if b for c in LETTERS}
    inserts = {a + c + b for a, b in splits for c in LETTERS}
    return (deletes | swaps | replaces | inserts) - {word}


# What a plan needs of the database, in one statement (a search's statements each cost a round
# trip): the synonyms of the words and of each pair of neighbours (0), the words the vocabulary
# holds (1), and whether a word of it starts with the last word (2: a range on the primary key,
# answered from the index whatever the vocabulary's size).
LOOK_UP = text(
    "SELECT 0, term, synonym FROM search_synonym WHERE term IN :phrases "
    "UNION ALL SELECT 1, term, NULL FROM search_term WHERE term IN :words "
    "UNION ALL SELECT * FROM (SELECT 2, term, NULL FROM search_term WHERE term >= :start AND term < :end LIMIT 1) AS starting"
).bindparams(bindparam("phrases", expanding=True), bindparam("words", expanding=True))


@dataclass
class LookedUp:
    synonyms: dict[str, list[str]]  # of the words and the pairs of neighbours that have any
    vocabulary: set[str]  # the words the vocabulary holds
    last_starts_a_word: bool  # a word of the vocabulary starts with the last word (or is it)


def look_up(connection: Connection, found: list[str]) -> LookedUp:
    """LOOK_UP for these words."""
    pairs = {f"{a} {b}" for a, b in zip(found, found[1:])}
    rows = connection.execute(
        LOOK_UP,
        {
            "phrases": sorted(set(found) | pairs),
            "words": sorted(set(found)),
            "start": found[-1],
            "end": found[-1] + "\x7f",
        },
    )
    looked_up = LookedUp({}, set(), False)
    for kind, term, synonym in rows:
        if kind == 0:
            looked_up.synonyms.setdefault(term, []).append(synonym)
        elif kind == 1:
            looked_up.vocabulary.add(term)
        else:
            looked_up.last_starts_a_word = True
    return looked_up


def corrections(connection: Connection, word: str, limit: int = CORRECTIONS) -> list[str]:
    """Indexed words one edit away from the word, the ones in the most products first."""
    return list(
        connection.scalars(
            select(SearchTerm.term)
            .where(among(SearchTerm.term, sorted(one_edit(word)), connection.dialect.name))
            .order_by(SearchTerm.products.desc(), SearchTerm.term)
            .limit(limit)
        )
    )


def as_prefixes(typed: str) -> Plan:
    """Every word as the start of a word, nothing corrected: the back office's lists, whose users
    type the beginnings of what they know is there (no vocabulary look-up needed)."""
    found = words(typed, shortest=1)[:MAX_WORDS]
    return Plan(found, [Group(word, [Alternative((word,), prefix=True)]) for word in found])


def plan(connection: Connection, typed: str) -> Plan:
    found = words(typed, shortest=1)[:MAX_WORDS]
    if not found:
        return Plan([], [])
    looked_up = look_up(connection, found)
    same, vocabulary = looked_up.synonyms, looked_up.vocabulary
    groups: list[Group] = []
    i = 0
    while i < len(found):
        last = i == len(found) - 1
        pair = f"{found[i]} {found[i + 1]}" if not last else None
        if pair in same:  # a two-word synonym takes both words
            phrase = tuple(pair.split())
            groups.append(Group(pair, [Alternative(phrase), *(Alternative(tuple(s.split())) for s in same[pair])]))
            i += 2
            continue
        word = found[i]
        whole = word in vocabulary
        as_prefix = last and not whole and looked_up.last_starts_a_word
        alternatives = [Alternative((word,), prefix=as_prefix)]
        alternatives += [Alternative(tuple(s.split())) for s in same.get(word, [])]
        group = Group(word, alternatives, known=whole or as_prefix or bool(same.get(word)) or len(word) < MIN_TERM)
        if not group.known and len(word) >= MIN_CORRECTED:
            group.corrections = corrections(connection, word)
            if not group.corrections and len(word) >= MIN_TWO_EDITS:
                group.corrections = nearest(connection, word, CORRECTIONS)
            group.alternatives += [Alternative((c,)) for c in group.corrections]
        groups.append(group)
        i += 1
    return Plan(found, groups, fold(typed).strip())


def distance(a: str, b: str) -> int:
    """Damerau-Levenshtein distance (optimal string alignment): a swap of two letters is one edit."""
    rows = [list(range(len(b) + 1))]
    for i, x in enumerate(a, 1):
        row = [i]
        for j, y in enumerate(b, 1):
            cost = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (x != y))
            if i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                cost = min(cost, rows[-2][j - 2] + 1)
            row.append(cost)
        rows.append(row)
    return rows[-1][-1]


NEAREST_SCAN = 5000  # vocabulary words compared at most, per misspelt word


def max_distance(word: str) -> int:
    """How far a suggestion may be: one edit for a short word, two for a long one."""
    return 1 if len(word) < MIN_CORRECTED else 2


def nearest(connection: Connection, word: str, most: int = 1) -> list[str]:
    """The `most` closest indexed words (a few edits at most, the closest and commonest first), for
    "did you mean". PostgreSQL asks its trigram index; SQLite compares the words of about the same
    length with the same first letter."""
    if connection.dialect.name == "postgresql":
        # A looser threshold than pg_trgm's 0.3: "phsycs" and "physics" share few trigrams.
        connection.execute(text("SELECT set_config('pg_trgm.similarity_threshold', '0.2', true)"))
        rows = connection.execute(
            text(
                "SELECT term FROM search_term WHERE term % :word ORDER BY similarity(term, :word) DESC, products DESC LIMIT 20"
            ),
            {"word": word},
        )
    else:
        rows = connection.execute(
            text(
                "SELECT term FROM search_term WHERE term >= :start AND term < :end AND length(term) BETWEEN :low AND :high "
                "ORDER BY products DESC LIMIT :scan"
            ),
            {
                "start": word[0],
                "end": word[0] + "\x7f",
                "low": len(word) - 2,
                "high": len(word) + 2,
                "scan": NEAREST_SCAN,
            },
        )
    scored = sorted((distance(word, term), n, term) for n, (term,) in enumerate(rows))
    return [term for edits, _, term in scored if edits <= max_distance(word)][:most]
