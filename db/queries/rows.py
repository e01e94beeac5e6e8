"""A storefront loader's rows as named tuples.

SQLAlchemy's Row finds a column by attribute name in about 0.3 µs; a named tuple, in a tenth of
that. A page's cards read some twenty columns of each of their rows by name: on the home page's 74
rows that was 0.4 ms of a cache miss's 1.8 ms read, for a conversion that costs 25 µs.
"""

from __future__ import annotations

from collections import namedtuple
from functools import lru_cache
from typing import Any

from sqlalchemy import Executable
from sqlalchemy.orm import Session


@lru_cache(maxsize=256)
def _row_type(fields: tuple[str, ...]) -> type:
    return namedtuple("Row", fields, rename=True)


def read_rows(session: Session, statement: Executable, params: dict[str, Any] | None = None) -> list[Any]:
    """The statement's rows, run on the session's connection (no ORM), as named tuples."""
    result = session.connection().execute(statement, params or {})
    return list(map(_row_type(tuple(result.keys()))._make, result.all()))
