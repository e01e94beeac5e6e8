"""Big admin lists, searched, filtered, sorted, counted and paged in SQL.

An `AdminList` describes one list: the SELECT its records are made of, how a row becomes a record,
which API fields it sorts by (each an SQL expression), which columns `q` searches and which
filters it takes. `parse_query` turns request parameters into a `ListQuery` (or refuses them with
per-field errors); `page_of` answers one page and the total; `stream` yields every matching
record for an export without holding them all in memory.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Select, and_, func, or_, select
from sqlalchemy.engine import Row
from sqlalchemy.orm import Session

MAX_PER_PAGE = 100
MAX_Q = 100
MAX_WORDS = 8
CONTROL = re.compile(r"[\x00-\x1f\x7f]")
TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "off"})


class InvalidListQuery(ValueError):
    """Parameters a list cannot use; `errors` maps each parameter to what is wrong with it."""

    def __init__(self, errors: dict[str, str]):
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))
        self.errors = errors


# --- filters -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Filter:
    """A query parameter that narrows a list: `parse` reads its text (ValueError if it cannot),
    `where` turns the value into a condition."""

    parse: Callable[[str], Any]
    where: Callable[[Any], Any]


def parse_bool(text: str) -> bool:
    word = text.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ValueError("must be true or false")


def parse_id(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise ValueError("must be a record id") from None
    if not 0 < value < 2**63:  # what a database id can be
        raise ValueError("must be a record id")
    return value


def whole_number(low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise ValueError("must be a whole number") from None
        if not low <= value <= high:
            raise ValueError(f"must be between {low} and {high}")
        return value

    return parse


def is_flag(column: Any) -> Filter:
    return Filter(parse_bool, lambda value: column.is_(value))


def choice(choices: tuple[str, ...]) -> Callable[[str], str]:
    """A parser for one of a few words (a status, a package), whatever the case."""

    def parse(text: str) -> str:
        for word in choices:
            if text.lower() == word.lower():
                return word
        raise ValueError("must be one of " + ", ".join(choices))

    return parse


def one_of(column: Any, choices: tuple[str, ...]) -> Filter:
    return Filter(choice(choices), lambda value: column == value)


def equals_id(column: Any) -> Filter:
    return Filter(parse_id, lambda value: column == value)


# --- a list and a request for part of it ----------------------------------------------------------


@dataclass(frozen=True)
class Related:
    """A text column of another table that `q` searches through a foreign key, as
    `foreign_key IN (SELECT key FROM that table WHERE text matches)`: the small table is searched
    once rather than its text being matched again for every row of the list."""

    foreign_key: Any
    key: Any
    text: Any


@dataclass(frozen=True)
class Number:
    """A record number `q` finds exactly: a word of digits equal to it (typing 184 finds order 184,
    not 1184); other words are not compared with it at all, which keeps a text search cheap."""

    column: Any


@dataclass(frozen=True)
class AdminList:
    name: str  # in the shop's words, plural: names the CSV file
    select: Callable[[], Select]  # the columns records are made of, joins included
    record: Callable[[Row], dict]
    key: Any  # the primary key: the tie-break of every order, so pages never overlap
    sorts: Mapping[str, Any]  # API field -> SQL expression
    search: tuple[Any, ...]  # text columns `q` looks in (or Related or Number ones)
    default_order: tuple[Any, ...]
    filters: Mapping[str, Filter] = field(default_factory=dict)
    # Sort fields that can be NULL: sorted last in both directions, on SQLite as on PostgreSQL.
    nullable: frozenset[str] = frozenset()
    csv_record: Callable[[Row], dict] | None = None  # what an export row holds (default: record)
    # (q, dialect) -> a condition an index answers (a book's ISBN, the search index), searched
    # instead of the words of `search`; None: the words are searched as usual.
    search_with: Callable[[str, str], Any] | None = None
    summary: str = ""


@dataclass(frozen=True)
class ListQuery:
    q: str = ""
    sort: str = ""
    filters: tuple[tuple[str, Any], ...] = ()
    page: int = 1
    per_page: int | None = None  # None: every record

    def params(self) -> dict[str, str]:
        """The query as request parameters (defaults left out), e.g. for a page's URL state."""
        out = {name: _param_text(value) for name, value in self.filters}
        if self.q:
            out["q"] = self.q
        if self.sort:
            out["sort"] = self.sort
        if self.page != 1:
            out["page"] = str(self.page)
        if self.per_page is not None:
            out["per_page"] = str(self.per_page)
        return out


def _param_text(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _paging(params: Mapping[str, str], errors: dict[str, str], default_per_page: int | None) -> tuple[int, int | None]:
    def number(name: str, default: int | None, high: int) -> int | None:
        raw = (params.get(name) or "").strip()
        if not raw:
            return default
        try:
            value = int(raw)
        except ValueError:
            errors[name] = "must be a whole number"
            return default
        if not 1 <= value <= high:
            errors[name] = f"must be between 1 and {high}"
            return default
        return value

    return number("page", 1, 1_000_000), number("per_page", default_per_page, MAX_PER_PAGE)


def parse_query(
    spec: AdminList, params: Mapping[str, str], *, lenient: bool = False, default_per_page: int | None = None
) -> ListQuery:
    """Read q, sort, page, per_page and the list's filters. Strict (the API): anything unusable
    raises InvalidListQuery. Lenient (a page's URL): unusable parameters are left out instead."""
    errors: dict[str, str] = {}
    # Control characters cannot be in what is searched (and PostgreSQL refuses NUL in a query).
    q = " ".join(CONTROL.sub(" ", params.get("q") or "").split())
    if len(q) > MAX_Q:
        errors["q"] = f"must be at most {MAX_Q} characters"
        q = q[:MAX_Q]
    sort = (params.get("sort") or "").strip()
    if sort and sort.removeprefix("-") not in spec.sorts:
        errors["sort"] = f"unknown field {sort.removeprefix('-')}; sort by one of " + ", ".join(spec.sorts)
        sort = ""
    filters = []
    for name, spec_filter in spec.filters.items():
        raw = (params.get(name) or "").strip()
        if not raw:
            continue
        try:
            filters.append((name, spec_filter.parse(raw)))
        except ValueError as error:
            errors[name] = str(error)
    page, per_page = _paging(params, errors, default_per_page)
    if errors and not lenient:
        raise InvalidListQuery(errors)
    return ListQuery(q=q, sort=sort, filters=tuple(filters), page=page, per_page=per_page)


# --- SQL -----------------------------------------------------------------------------------------


def escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def contains(column: Any, word: str, dialect: str) -> Any:
    """The column holds `word`, whatever the case. SQLite's LIKE already ignores (ASCII) case, as
    its lower() only folds ASCII anyway, so lower() there would only cost time (half of a search's);
    PostgreSQL has ILIKE."""
    pattern = f"%{escape_like(word)}%"
    if dialect == "sqlite":
        return column.like(pattern, escape="\\")
    return column.ilike(pattern, escape="\\")


def _matches(spec: AdminList, q: str, dialect: str) -> Any:
    """Every word of q appears (case-insensitively) in at least one searchable column."""
    conditions = []
    for word in q.split()[:MAX_WORDS]:
        either = []
        for column in spec.search:
            if isinstance(column, Number):
                if word.isdigit() and int(word) < 2**63:
                    either.append(column.column == int(word))
            elif isinstance(column, Related):
                # correlate(None): the related table may be joined in the list's own SELECT as well.
                found = select(column.key).where(contains(column.text, word, dialect)).correlate(None)
                either.append(column.foreign_key.in_(found))
            else:
                either.append(contains(column, word, dialect))
        conditions.append(or_(*either))
    return and_(*conditions)


def _order(spec: AdminList, sort: str) -> tuple[Any, ...]:
    if not sort:
        return (*spec.default_order, spec.key)
    name = sort.removeprefix("-")
    expression = spec.sorts[name]
    ordered = expression.desc() if sort.startswith("-") else expression.asc()
    if name in spec.nullable:
        ordered = ordered.nulls_last()
    tie_break = spec.key.desc() if sort.startswith("-") else spec.key.asc()
    return ordered, tie_break


def filtered(spec: AdminList, query: ListQuery, dialect: str = "default") -> Select:
    """The list's SELECT narrowed by q and the filters, in the asked order, not paged."""
    statement = spec.select()
    if query.q and spec.search:
        indexed = spec.search_with(query.q, dialect) if spec.search_with else None
        statement = statement.where(_matches(spec, query.q, dialect) if indexed is None else indexed)
    for name, value in query.filters:
        statement = statement.where(spec.filters[name].where(value))
    return statement.order_by(*_order(spec, query.sort))


def dialect_of(session: Session) -> str:
    return session.get_bind().dialect.name


def count(session: Session, statement: Select, key: Any) -> int:
    """How many rows match, counted without computing the records' columns (a figure from a
    correlated subquery would otherwise be worked out for every row just to be thrown away)."""
    keys = statement.with_only_columns(key, maintain_column_froms=True).order_by(None)
    return session.scalar(select(func.count()).select_from(keys.subquery())) or 0


def page_of(session: Session, spec: AdminList, query: ListQuery) -> tuple[list[dict], int]:
    """One page of records and the number of records across all pages."""
    statement = filtered(spec, query, dialect_of(session))
    if query.per_page is None:
        records = [spec.record(row) for row in session.execute(statement)]
        return records, len(records)
    total = count(session, statement, spec.key)
    paged = statement.limit(query.per_page).offset((query.page - 1) * query.per_page)
    return [spec.record(row) for row in session.execute(paged)], total


def stream(session: Session, spec: AdminList, query: ListQuery, batch: int = 500) -> Iterator[dict]:
    """Every matching record for an export, fetched `batch` rows at a time."""
    shape = spec.csv_record or spec.record
    result = session.execute(filtered(spec, query, dialect_of(session)).execution_options(yield_per=batch))
    for row in result:
        yield shape(row)
