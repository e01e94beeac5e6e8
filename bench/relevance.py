"""How good the search page's ranking is: nDCG@10 over the judged queries of tests/search_judgements.json
(its "about" says how they are judged), for the tests (tests/test_search_relevance.py) and the benchmark
(`python -m bench search`), which both ask a session of a seeded database (grown, in the benchmark).

nDCG@10 of one query: the DCG of the first ten titles the search answers (a judged title's gain
2^grade - 1, discounted by log2(rank + 1); any other title gains nothing) over the DCG of the judged
titles in the best order. A query judged to have no good answer scores 1 when the search answers
nothing, 0 when it answers anything. The set's figure is the mean over its queries.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy.orm import Session

JUDGEMENTS = Path(__file__).resolve().parent.parent / "tests" / "search_judgements.json"
DEPTH = 10


@dataclass(frozen=True)
class Judged:
    q: str
    kind: str
    grades: dict[str, int]  # title -> 3 the answer, 2 very relevant, 1 relevant
    did_you_mean: str | None = None
    expects_did_you_mean: bool = False  # whether the judgement says what "did you mean" must offer


@dataclass(frozen=True)
class Scored:
    judged: Judged
    score: float
    titles: list[str]  # the first DEPTH titles the search answered
    did_you_mean: str | None = None


@dataclass
class Report:
    scored: list[Scored] = field(default_factory=list)

    @property
    def mean(self) -> float:
        return sum(s.score for s in self.scored) / len(self.scored) if self.scored else 0.0

    def worst(self, n: int = 10) -> list[Scored]:
        return sorted(self.scored, key=lambda s: (s.score, s.judged.q))[:n]

    def by_kind(self) -> dict[str, float]:
        kinds: dict[str, list[float]] = {}
        for s in self.scored:
            kinds.setdefault(s.judged.kind, []).append(s.score)
        return {kind: sum(scores) / len(scores) for kind, scores in kinds.items()}

    def describe(self, worst: int = 10) -> str:
        """The mean, and the worst queries with what they answered."""
        lines = [f"nDCG@{DEPTH} {self.mean:.4f} over {len(self.scored)} judged queries; the worst:"]
        for s in self.worst(worst):
            if s.score >= 1:
                break
            wanted = ", ".join(f"{t} ({g})" for t, g in sorted(s.judged.grades.items(), key=lambda i: -i[1]))
            lines.append(f"  {s.score:.3f} {s.judged.q!r} [{s.judged.kind}] wanted: {wanted or 'nothing'}")
            lines.append(f"        got: {s.titles}" + (f", did you mean {s.did_you_mean!r}" if s.did_you_mean else ""))
        return "\n".join(lines)


def judgements(path: Path = JUDGEMENTS) -> list[Judged]:
    queries = json.loads(path.read_text())["queries"]
    return [
        Judged(q["q"], q["kind"], dict(q["judged"]), q.get("did_you_mean"), expects_did_you_mean="did_you_mean" in q)
        for q in queries
    ]


def dcg(gains: Iterable[float]) -> float:
    return sum(gain / math.log2(rank + 2) for rank, gain in enumerate(gains))


def ndcg(titles: list[str], grades: dict[str, int], depth: int = DEPTH) -> float:
    """nDCG@depth of the answered titles (in order) against the judged grades."""
    if not grades:
        return 1.0 if not titles else 0.0
    actual = dcg(2 ** grades.get(title, 0) - 1 for title in titles[:depth])
    ideal = dcg(sorted((2**grade - 1 for grade in grades.values()), reverse=True)[:depth])
    return actual / ideal


def measure(answer: Callable[[str], tuple[list[str], str | None]], judged: list[Judged] | None = None) -> Report:
    """Each judged query scored: `answer(q)` gives the titles the search ranks first and its "did you mean"."""
    report = Report()
    for query in judgements() if judged is None else judged:
        titles, offered = answer(query.q)
        report.scored.append(Scored(query, ndcg(titles, query.grades), titles[:DEPTH], offered))
    return report


def search_page(session: Session) -> Callable[[str], tuple[list[str], str | None]]:
    """The search page's answer (db/queries/search.py, its relevance order): the first DEPTH titles."""
    from db.queries.search import SearchRequest, search

    def answer(q: str) -> tuple[list[str], str | None]:
        page = search(session, SearchRequest(term=q, per_page=DEPTH))
        return [product["title"] for product in page["products"]], page["didYouMean"]

    return answer


def measure_database(url: str) -> Report:
    """The judged set over the database at this URL."""
    from db.engine import make_engine, make_sessionmaker

    engine = make_engine(url)
    try:
        with make_sessionmaker(engine)() as session:
            return measure(search_page(session))
    finally:
        engine.dispose()
