"""The query parameters of list endpoints as pydantic models: one model both validates a request's
parameters (validation.read_query) and describes them in /openapi.json.

Every list takes `q`, `page` and `per_page`; `sort` is one of the list's fields, ascending or with
a leading `-` descending. A storefront list sorts by its record's plain fields (numbers, text,
flags); an admin list (db/queries/admin_lists.py AdminList) by the fields its spec names, and takes
its spec's filters too, typed by what each filter's parser accepts.
"""

from __future__ import annotations

import datetime as dt
import inspect
import types
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, create_model
from typing_extensions import get_type_hints

from db.queries.admin_lists import (
    CONTROL,
    MAX_PER_PAGE,
    MAX_Q,
    AdminList,
    Filter,
    choice,
    parse_bool,
    parse_id,
    whole_number,
)

MAX_PAGE = 1_000_000
PLAIN = (int, float, str, bool, dt.datetime)
MAX_ID = 2**63 - 1


class ListParams(BaseModel):
    """Unknown parameters (a cache buster, say) are ignored, as a browser would expect."""

    model_config = ConfigDict(extra="ignore")

    q: Annotated[str, Field(description="Case-insensitive text search")] = ""
    page: Annotated[int, Field(ge=1, le=MAX_PAGE, description="Which page, from 1 (with per_page)")] = 1
    per_page: Annotated[int | None, Field(ge=1, le=MAX_PER_PAGE, description="Records per page; all when left out")] = (
        None
    )


def sort_choices(fields: list[str]) -> Any:
    """`field` ascending or `-field` descending, for each field."""
    return Literal[tuple(word for name in fields for word in (name, "-" + name))]


def _is_plain(annotation: Any) -> bool:
    """A number, text, flag or time, possibly null: what sorting can compare."""
    if get_origin(annotation) in (Union, types.UnionType):
        return all(arg is type(None) or _is_plain(arg) for arg in get_args(annotation))
    return annotation in PLAIN


def sortable_fields(record: Any) -> list[str]:
    """The fields every record of this type has, holding a plain value (not a list or object)."""
    required = getattr(record, "__required_keys__", None)
    if required is None:  # a list of plain strings (names): nothing to sort by
        return []
    hints = get_type_hints(record)
    return [name for name in hints if name in required and _is_plain(hints[name])]


def storefront_params(record: Any) -> type[ListParams]:
    fields = sortable_fields(record)
    if not fields:
        return ListParams
    sort = (sort_choices(fields) | None, Field(None, description="A field to sort by; prefix with - for descending"))
    return create_model(f"{record.__name__}ListParams", __base__=ListParams, sort=sort)


# --- admin lists ---------------------------------------------------------------------------------------


def filter_type(spec_filter: Filter) -> Any:
    """The type a filter's parser reads its text as. The parsers are db/queries/admin_lists.py's:
    two plain functions, and two made by a factory whose arguments (bounds, choices) the made
    function holds in its closure; any other parser takes text."""
    parse = spec_filter.parse
    if parse is parse_bool:
        return bool
    if parse is parse_id:
        return Annotated[int, Field(ge=1, le=MAX_ID)]
    if not inspect.isfunction(parse):
        return str
    made_with = inspect.getclosurevars(parse).nonlocals
    if parse.__code__ is whole_number(0, 0).__code__:
        return Annotated[int, Field(ge=made_with["low"], le=made_with["high"])]
    if parse.__code__ is choice(()).__code__:
        return Literal[tuple(made_with["choices"])]
    return str


def admin_params(name: str, spec: AdminList) -> type[ListParams]:
    """q (at most MAX_Q characters), sort by the spec's fields, paging, and the spec's filters."""
    fields: dict[str, Any] = {
        "q": (str, Field("", max_length=MAX_Q, description="Every word appears in the record's searched text")),
        "sort": (
            sort_choices(list(spec.sorts)) | None,
            Field(None, description="A field to sort by; prefix with - for descending"),
        ),
    }
    for key, spec_filter in spec.filters.items():
        fields[key] = (filter_type(spec_filter) | None, None)
    return create_model(name, __base__=ListParams, **fields)


# --- what a form's picker sends as a person types --------------------------------------------------------


def searchable(text: str) -> str:
    """Control characters cannot be in what is searched (PostgreSQL refuses NUL in a query)."""
    return " ".join(CONTROL.sub(" ", text).split())


class Typed(BaseModel):
    model_config = ConfigDict(extra="ignore")

    q: Annotated[
        str,
        Field(max_length=MAX_Q, description="What was typed: part of a name, title or ISBN"),
        AfterValidator(searchable),
    ] = ""
