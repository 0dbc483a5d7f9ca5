"""``/api/v1/openapi.json`` (OpenAPI 3.1), generated from the declared operations.

Nothing here describes a body by hand: every schema is its pydantic model's
JSON Schema (:mod:`referee.bodies`, and any blueprint that declares its
views with :func:`referee.contract.operation`), every path is a route of the
running app. Request examples are only the requests that succeed; an error
example is published under its status with the request that causes it.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue, models_json_schema
from pydantic_core import core_schema

from referee.contract import Body, Operation, operations

PREFIX = "/api/v1"
REF = "#/components/schemas/{model}"


class ErrorDetail(Body):
    """The pinned error shape; an operation may add keys of its own (e.g. version)."""

    model_config = ConfigDict(extra="allow")
    message: str
    field: str = Field(
        default=None,
        description="JSON path of the offending field, e.g. hands[0].monet; 'body' for the "
        "body as a whole",
    )
    player: str = Field(default=None, description="who made an illegal bid")
    rule: str = Field(default=None, description="the rule ID that forbids the request")
    version: int = Field(default=None, description="409 only: the table's current version")
    problems: list[str] = Field(
        default=None,
        description="503 only: what is wrong with the card data on the server, one "
        "'FILE: CARD-ID: FIELD: message' line each",
    )


class Error(Body):
    error: ErrorDetail


class _Schema(GenerateJsonSchema):
    """Absent-but-not-null fields (``default=None`` on a non-null type) show no default."""

    def default_schema(self, schema: core_schema.WithDefaultSchema) -> JsonSchemaValue:
        if schema.get("default", ...) is None:
            return self.generate_inner(schema["schema"])
        return super().default_schema(schema)

    def dict_schema(self, schema: core_schema.DictSchema) -> JsonSchemaValue:
        """Constrained keys as propertyNames (pydantic would use patternProperties,
        which lets keys that miss the pattern through with any value)."""
        keys = self.generate_inner(schema["keys_schema"]) if "keys_schema" in schema else {}
        values = self.generate_inner(schema["values_schema"]) if "values_schema" in schema else {}
        names = {k: val for k, val in keys.items() if k not in ("title", "type")}
        out: JsonSchemaValue = {"type": "object"}
        out["additionalProperties"] = {k: val for k, val in values.items() if k != "title"} or True
        if names:
            out["propertyNames"] = names
        self.update_with_validations(out, schema, self.ValidationsMapping.object)
        return out


def _path(rule: str) -> tuple[str, list[dict[str, Any]]]:
    """Flask's ``/tables/<table_id>`` -> ``/tables/{table_id}`` and its parameters."""
    params = []
    for converter, name in re.findall(r"<(?:(\w+):)?(\w+)>", rule):
        schema = {"type": "integer"} if converter == "int" else {"type": "string"}
        params.append({"name": name, "in": "path", "required": True, "schema": schema})
    return re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule).removeprefix(PREFIX), params


def _models(ops: list[tuple[str, Operation]]) -> dict[str, Any]:
    seen: dict[type[BaseModel], None] = {Error: None}
    for _, op in ops:
        for model in (op.request, op.response):
            if model is not None:
                seen.setdefault(model)
    pairs = [(m, "validation") for m in seen]
    _, defs = models_json_schema(pairs, ref_template=REF, schema_generator=_Schema)
    return defs["$defs"]


def _ref(model: type[BaseModel]) -> dict[str, str]:
    return {"$ref": REF.format(model=model.__name__)}


def _operation(rule: str, op: Operation, params: list[dict[str, Any]]) -> dict[str, Any]:
    name = re.sub(r"[^a-z0-9]+", "_", f"{op.method} {rule.removeprefix(PREFIX)}".lower())
    out: dict[str, Any] = {
        "operationId": name.strip("_"),
        "summary": op.summary,
    }
    if op.description:
        out["description"] = op.description
    params = params + [
        {
            "name": h.name,
            "in": h.location,
            "required": h.required,
            "schema": dict(h.schema),
            **({"description": h.description} if h.description else {}),
        }
        for h in op.headers
    ]
    if params:
        out["parameters"] = params
    ok = [e for e in op.examples if 200 <= e.status < 300]
    if op.request is not None:
        content: dict[str, Any] = {"schema": _ref(op.request)}
        if ok:
            content["examples"] = {e.name: {"value": e.request} for e in ok}
        out["requestBody"] = {"required": True, "content": {"application/json": content}}
    responses: dict[str, Any] = {}
    media: dict[str, Any] = {}
    if op.response is not None:
        media["schema"] = _ref(op.response)
    if ok:
        media["examples"] = {e.name: {"value": e.response} for e in ok}
    responses[str(op.status)] = {
        "description": "The outcome",
        "content": {op.content_type: media},
        **({"links": {name: dict(link) for name, link in op.links.items()}} if op.links else {}),
    }
    for status, text in sorted(op.errors.items()):
        errors = [e for e in op.examples if e.status == status]
        body: dict[str, Any] = {"schema": _ref(Error)}
        if errors:
            body["examples"] = {
                e.name: {
                    "summary": e.summary or "request: " + json.dumps(e.request, ensure_ascii=False),
                    "value": e.response,
                }
                for e in errors
            }
        responses[str(status)] = {"description": text, "content": {"application/json": body}}
    out["responses"] = responses
    if op.auth != "none":
        out["security"] = [{"bearer": []}] if op.auth == "bearer" else [{}, {"bearer": []}]
    return out


def document() -> dict[str, Any]:
    ops = [(rule, op) for rule, op in operations() if rule.startswith(PREFIX + "/")]
    paths: dict[str, Any] = {}
    for rule, op in sorted(ops, key=lambda item: item[0]):
        path, params = _path(rule)
        paths.setdefault(path, {})[op.method.lower()] = _operation(rule, op, params)
    components: dict[str, Any] = {"schemas": _models(ops)}
    if any(op.auth != "none" for _, op in ops):
        components["securitySchemes"] = {
            "bearer": {
                "type": "http",
                "scheme": "bearer",
                "description": "a seat's or the host's token from the table's links",
            }
        }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "cardpress referee API",
            "version": "1.0.0",
            "description": "Scoring and adjudication for Triptych (Gallery Rush, Finger "
            "Auction), Ultimatch and 絵師100人展. JSON in, JSON out. Errors: "
            '{"error": {"message": ..., "field": ...}}, the message in the language of '
            "Accept-Language (English by default); never a 500 for anything a client "
            "sends. Rule IDs in `rulings` link to /{lang}/rules/{game}#{ID}.",
        },
        "servers": [{"url": PREFIX}],
        "paths": paths,
        "components": components,
    }


def examples() -> list[tuple[str, str, Any, int, Any]]:
    """(URL, example name, request, status, response) of every declared example."""
    return [
        (rule, e.name, e.request, e.status, e.response)
        for rule, op in operations()
        for e in op.examples
        if rule.startswith(PREFIX + "/")
    ]
