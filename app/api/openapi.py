"""/openapi.json (OpenAPI 3.1): every /api route with its parameters, request body and answers,
made from the route table and each endpoint's contract (contract.py), so it cannot drift from
what is served.

The schemas come from the same pydantic models and TypedDict records that validate requests and
describe answers: request bodies in pydantic's "validation" mode, answers in its "serialization"
mode, all generated in one pass so every record is named once under components/schemas. Query
parameters are the fields of the contract's query model; path parameters are typed by the
route's converters ({id:int} is an integer).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel, TypeAdapter
from pydantic.json_schema import GenerateJsonSchema
from starlette.convertors import Convertor, FloatConvertor, IntegerConvertor, UUIDConvertor
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from app.api.contract import JSON, Contract, contract_of
from app.api.records import Refusal

REF = "#/components/schemas/{model}"
REFUSALS = {
    400: "The request cannot be read (a broken multipart body)",
    401: "Sign in as an administrator first",
    403: "The session's CSRF token (X-CSRF-Token) is missing or wrong, or the account may not do this",
    404: "No such record",
    409: "The change contradicts the data as it stands (a duplicate, a status that cannot move so, sold out)",
    413: "The request body is too large",
    415: "The request body is not of the content type described",
    422: "Input that cannot be used; `errors` names each field at fault",
    429: "Too many attempts; wait and try again",
}
HEADERS = {
    "X-Total-Count": {
        "description": "How many records match, before paging",
        "required": True,
        "schema": {"type": "integer", "minimum": 0},
    },
    "Location": {
        "description": "Where the created record (or file) is",
        "required": True,
        "schema": {"type": "string"},
    },
    "Content-Disposition": {
        "description": "A download, with the file's name",
        "required": True,
        "schema": {"type": "string"},
    },
}
REDIRECT = "A redirect (a form sent without JavaScript goes on to the page at Location)"
SUCCESS = {200: "The answer", 201: "Created", 204: "Done; nothing to answer"}


def allows_null(schema: dict) -> bool:
    kinds = schema.get("type")
    return (
        kinds == "null"
        or (isinstance(kinds, list) and "null" in kinds)
        or any(allows_null(branch) for branch in schema.get("anyOf", ()))
    )


class Described(GenerateJsonSchema):
    """pydantic's schemas, less a null default on a field that cannot be null: a PATCH form's
    left-out field (db/admin/forms.changes_of) is None without being validated, which JSON
    Schema would read as a default the type itself refuses."""

    def default_schema(self, schema):
        described = super().default_schema(schema)
        if "default" in described and described["default"] is None and not allows_null(described):
            del described["default"]
        return described


def path_schema(convertor: Convertor) -> dict:
    if isinstance(convertor, IntegerConvertor):
        return {"type": "integer", "minimum": 0}  # its pattern is [0-9]+
    if isinstance(convertor, FloatConvertor):
        return {"type": "number", "minimum": 0}
    if isinstance(convertor, UUIDConvertor):
        return {"type": "string", "format": "uuid"}
    return {"type": "string", "pattern": r"^[^/]+$"}


def without_null(schema: dict) -> dict:
    """A query parameter's schema: left out is how a parameter is null, so the null branch (and a
    null default) goes; pydantic's titles go too."""
    schema = {
        key: value for key, value in schema.items() if key != "title" and not (key == "default" and value is None)
    }
    branches = [branch for branch in schema.pop("anyOf", []) if branch != {"type": "null"}]
    if len(branches) == 1:
        schema.update(branches[0])
    elif branches:
        schema["anyOf"] = branches
    return schema


def query_parameters(model: type[BaseModel]) -> list[dict]:
    schema = model.model_json_schema(mode="validation")
    assert "$defs" not in schema, f"{model.__name__}: query parameters are plain values"
    required = set(schema.get("required", ()))
    parameters = []
    for name, field in schema["properties"].items():
        field = without_null(field)
        parameter = {"name": name, "in": "query", "required": name in required, "schema": field}
        if description := field.pop("description", None):
            parameter["description"] = description
        parameters.append(parameter)
    return parameters


# --- the route table ----------------------------------------------------------------------------------


def operations(app_routes: list) -> Iterator[tuple[Route, str, Contract | None]]:
    for route in app_routes:
        if isinstance(route, Route) and route.path.startswith("/api/"):
            for method in sorted(route.methods or ()):
                if method != "HEAD":
                    yield route, method, contract_of(route.endpoint)


def described_types(declared: Contract) -> Iterator[tuple[Any, str]]:
    """Every (type, pydantic mode) the contract's description needs a schema of."""
    if declared.body is not None:
        yield declared.body, "validation"
    if declared.returns is not None:
        yield declared.returns, "serialization"
    for answer in declared.answers.values():
        if answer is not None:
            yield answer, "serialization"


def schemas_of(contracts: list[Contract]) -> tuple[dict, dict]:
    """(type, mode) -> its schema (a $ref for a named record), and components/schemas: one pass, so
    a record used by many endpoints is one component, named after its class."""
    wanted = {(Refusal, "serialization")}
    for declared in contracts:
        wanted.update(described_types(declared))
    wanted_list = sorted(wanted, key=repr)  # a stable document, whatever the set's order
    inputs = [((tp, mode), mode, TypeAdapter(tp)) for tp, mode in wanted_list]
    found, definitions = TypeAdapter.json_schemas(inputs, ref_template=REF, schema_generator=Described)
    return {key: schema for (key, _mode), schema in found.items()}, definitions.get("$defs", {})


# --- one operation --------------------------------------------------------------------------------------


def summary_of(route: Route, method: str) -> dict:
    lines = (route.endpoint.__doc__ or "").strip().splitlines()
    described = {
        "summary": lines[0].strip() if lines else f"{method} {route.path_format}",
        "operationId": method.lower() + re.sub(r"[^A-Za-z0-9]+", "_", route.path_format).rstrip("_"),
    }
    if rest := " ".join(line.strip() for line in lines[1:]).strip():
        described["description"] = rest
    return described


def answer(description: str, schema: dict | None, media_type: str = JSON, headers: tuple[str, ...] = ()) -> dict:
    described: dict = {"description": description}
    if schema is not None:
        described["content"] = {media_type: {"schema": schema}}
    if headers:
        described["headers"] = {name: HEADERS[name] for name in headers}
    return described


def responses(declared: Contract, schemas: dict) -> dict:
    refusal = schemas[(Refusal, "serialization")]
    main = schemas[(declared.returns, "serialization")] if declared.returns is not None else None
    described = {
        str(declared.status): answer(
            SUCCESS.get(declared.status, "The answer"), main, declared.media_type, declared.headers
        )
    }
    for status in sorted(set(declared.refusals) | set(declared.answers)):
        if 300 <= status < 400:  # a redirect: where to, and nothing else
            described[str(status)] = answer(REDIRECT, None, headers=("Location",))
            continue
        schema = refusal
        if status in declared.answers:
            own = schemas[(declared.answers[status], "serialization")]
            schema = {"anyOf": [refusal, own]} if status in declared.refusals else own
        described[str(status)] = answer(REFUSALS.get(status, "Refused"), schema)
    return described


def operation(route: Route, method: str, declared: Contract | None, schemas: dict) -> dict:
    described = summary_of(route, method)
    parameters = [
        {"name": name, "in": "path", "required": True, "schema": path_schema(convertor)}
        for name, convertor in route.param_convertors.items()
    ]
    if declared is None:  # an endpoint not described yet: listed, but promising nothing
        described["responses"] = {"default": {"description": "Not described yet"}}
    else:
        if declared.query is not None:
            parameters += query_parameters(declared.query)
        if declared.body is not None:
            body = schemas[(declared.body, "validation")]
            described["requestBody"] = {"required": True, "content": {declared.body_media: {"schema": body}}}
        described["responses"] = responses(declared, schemas)
    if parameters:
        described["parameters"] = parameters
    return described


def document(app_routes: list) -> dict:
    found = list(operations(app_routes))
    schemas, components = schemas_of([declared for _, _, declared in found if declared is not None])
    paths: dict = {}
    for route, method, declared in found:
        paths.setdefault(route.path_format, {})[method.lower()] = operation(route, method, declared, schemas)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Student Books API",
            "version": "1.0.0",
            "description": "Admin endpoints need an administrator's session cookie; writes also the "
            "session's CSRF token in an X-CSRF-Token header (GET /api/auth/csrf).",
        },
        "paths": dict(sorted(paths.items())),
        "components": {"schemas": dict(sorted(components.items()))},
    }


async def openapi(request: Request) -> JSONResponse:
    state = request.app.state
    # The route table is fixed once the app is built: the document is made on the first request.
    if getattr(state, "openapi_document", None) is None:
        state.openapi_document = document(request.app.routes)
    return JSONResponse(state.openapi_document)


routes = [Route("/openapi.json", openapi, methods=["GET"])]
