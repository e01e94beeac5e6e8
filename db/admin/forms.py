"""What the admin forms send, validated with pydantic: the field types every area shares, and
`changes_of(Form)`, the PATCH version of a form (every field optional, none nullable unless the
form allows it).

The browser's forms mirror these rules (components/admin/forms/rules.js) so a person sees the
same message before sending; the server checks again because a request can come from anywhere.
"""

from __future__ import annotations

import copy
import re
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, create_model

# A path inside the media folder as POST /api/media answers it: no "..", no absolute paths.
MEDIA_PATH = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9._-]*(/[A-Za-z0-9_][A-Za-z0-9._-]*)*$")
MAX_MEDIA_PATH = 255


def _media_path(value: str) -> str:
    if len(value) > MAX_MEDIA_PATH or not MEDIA_PATH.match(value) or ".." in value:
        raise ValueError("Upload the image again: this is not a media file path")
    return value


# Control characters have no place in shop text (and PostgreSQL refuses NUL outright).
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
LINE_BREAK = re.compile(r"[\r\n]")


def _printable(value: str) -> str:
    if CONTROL.search(value):
        raise ValueError("Remove the control characters from this text")
    return value


def _one_line(value: str) -> str:
    if LINE_BREAK.search(value):
        raise ValueError("Keep this to one line")
    return value


def Text(low: int, high: int, multiline: bool = False):
    checks = [AfterValidator(_printable)] + ([] if multiline else [AfterValidator(_one_line)])
    return Annotated[str, StringConstraints(strip_whitespace=True, min_length=low, max_length=high), *checks]


# Ids beyond 64 bits cannot be in the database (and SQLite cannot even compare with them).
MAX_ID = 2**63 - 1
RecordId = Annotated[int, Field(strict=True, gt=0, le=MAX_ID)]
MediaPath = Annotated[str, AfterValidator(_media_path)]


class Form(BaseModel):
    """Unknown fields are refused, so a misspelt field is an error rather than silently ignored."""

    model_config = ConfigDict(extra="forbid", strict=False)


def changes_of(form: type[Form]) -> type[Form]:
    """The form for PATCH: each field may be left out. A left-out field defaults to None without
    being validated, while an explicit null is validated (and refused unless the type allows it);
    callers read only `model_dump(exclude_unset=True)`."""
    fields = {}
    for name, info in form.model_fields.items():
        optional = copy.copy(info)
        optional.default = None
        optional.default_factory = None
        fields[name] = (info.annotation, optional)
    return create_model(f"{form.__name__}Changes", __base__=form, **fields)
