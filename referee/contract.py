"""Declared JSON operations: one pydantic model per body, and everything else from it.

A view declares its operation once with :func:`operation`; from that single
declaration come the request validation (shape errors in the pinned
``{"error": {"message", "field"}}`` form), the response serialisation and the
operation's entry in ``/api/v1/openapi.json`` (:mod:`referee.openapi`). What
the published schema accepts is what the view accepts: the models use strict
JSON types (``true`` is not ``1``, ``"7"`` is not ``7``) except that a whole
number written as ``7.0`` is an integer, as JSON Schema says.

Declaring an operation in another blueprint::

    from referee.contract import Body, operation

    class Move(Body):
        action: str

    class TableView(Body):
        version: int

    @operation(bp, "POST", "/tables/<table_id>/actions", request=Move, response=TableView,
               errors={404: "no such table", 409: "stale version"}, auth="bearer",
               summary="Take an action")
    def act(body: Move, table_id: str) -> TableView: ...

The view gets the validated model first (when there is a request model), then
the URL's variables; it returns a model instance (serialised without the
fields it never set), ``(model, status)``, or a finished ``Response``.
Semantic refusals (a rule, a deck limit) are raised as
:class:`~referee.validation.ApiError` with the field they concern.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, TypeVar

from flask import Blueprint, Response, current_app, jsonify, request
from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    GetJsonSchemaHandler,
    Strict,
    ValidationError,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import PydanticCustomError, core_schema

from cardpress import players
from cardpress.games.registry import rule_id_pattern
from referee import validation as v
from referee.validation import N_, ApiError, Word

#: error statuses every operation with a JSON body can answer
BODY_ERRORS: dict[int, str] = {
    400: "Invalid body: the message names the field (error.field is its JSON path)",
    413: "Body larger than the size limit (64 KiB)",
    415: "Content-Type is not application/json",
}


M = TypeVar("M", bound=BaseModel)


class Body(BaseModel):
    """A request or response body: unknown fields are refused, values are read-only."""

    model_config = ConfigDict(extra="forbid", frozen=True, regex_engine="python-re")


# --------------------------------------------------------------------------- field types


def refuse(template: str, **params: Any) -> PydanticCustomError:
    """A validation failure carrying our own translatable message template."""
    return PydanticCustomError("cardpress", template, {"template": template, **params})


def _whole_number(value: Any) -> Any:
    """JSON Schema's integer includes 7.0; a fraction stays a float and is refused."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def Integer(lo: int, hi: int, **field_args: Any) -> Any:
    """An integer from lo to hi (bool is not an integer in JSON)."""

    def in_range(value: int) -> int:
        if not lo <= value <= hi:
            raise refuse(
                N_("%(field)s must be between %(lo)d and %(hi)d, not %(value)d"),
                lo=lo,
                hi=hi,
                value=value,
            )
        return value

    return Annotated[
        int,
        BeforeValidator(_whole_number),
        Strict(),
        AfterValidator(in_range),
        Field(json_schema_extra={"minimum": lo, "maximum": hi}, **field_args),
    ]


_NAME_MESSAGES = {
    "length": N_("%(field)s must be 1 to %(hi)d characters"),
    "characters": N_(
        "%(field)s must show at least one visible character and contain no control "
        "or text-direction characters"
    ),
}


def _player_name(value: str) -> str:
    try:
        return players.player_name(value)
    except players.BadName as exc:
        raise refuse(_NAME_MESSAGES[exc.reason], hi=players.MAX_NAME) from None


#: A player's name as a person typed it: trimmed, NFC-normalised, visible
#: (:func:`cardpress.players.player_name`); the schema publishes the same rule.
PlayerName = Annotated[
    str,
    Strict(),
    AfterValidator(_player_name),
    Field(
        json_schema_extra={
            "minLength": 1,
            "maxLength": players.MAX_NAME,
            "pattern": players.NAME_PATTERN,
        }
    ),
]

Flag = Annotated[bool, Strict()]


def choice(values: Iterable[str]) -> Any:
    """One of a fixed list of strings (a Literal, so the schema shows an enum)."""
    return Literal[tuple(values)]  # type: ignore[valid-type]


def _rule_id(value: str) -> str:
    pattern = rule_id_pattern()
    if re.search(pattern, value) is None:
        raise PydanticCustomError(
            "string_pattern_mismatch",
            "String should match pattern '{pattern}'",
            {"pattern": pattern},
        )
    return value


class _RuleIdForm:
    """A rule ID of a registered game's document (or Triptych's "how to choose"),
    checked and published with the prefixes of the games registered when the body
    is read or the schema made, so a game registered later (a test's own) cites
    its rules too."""

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        return core_schema.no_info_after_validator_function(_rule_id, handler(str))

    @classmethod
    def __get_pydantic_json_schema__(
        cls, _core: core_schema.CoreSchema, _handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return {"pattern": rule_id_pattern(), "type": "string"}


#: a rule ID such as ``GR-2``: an anchor of /{lang}/rules/{game}
RuleId = Annotated[str, _RuleIdForm]


# --------------------------------------------------------------------------- errors


_TYPE_MESSAGES = {
    "missing": N_("%(field)s is required"),
    "extra_forbidden": N_("unknown field %(field)s"),
    "int_type": N_("%(field)s must be an integer, not %(type)s"),
    "int_parsing": N_("%(field)s must be an integer, not %(type)s"),
    "bool_type": N_("%(field)s must be true or false, not %(type)s"),
    "string_type": N_("%(field)s must be a string, not %(type)s"),
    "list_type": N_("%(field)s must be an array, not %(type)s"),
    "dict_type": N_("%(field)s must be an object, not %(type)s"),
    "model_type": N_("%(field)s must be an object, not %(type)s"),
    "model_attributes_type": N_("%(field)s must be an object, not %(type)s"),
    "too_short": N_("%(field)s must have at least %(lo)d items, not %(n)d"),
    "too_long": N_("%(field)s must have at most %(hi)d items, not %(n)d"),
    "string_too_short": N_("%(field)s must not be empty"),
    "string_too_long": N_("%(field)s must be at most %(hi)d characters"),
    "string_pattern_mismatch": N_("%(field)s: %(value)s is not in the expected form"),
    "literal_error": N_("%(field)s: unknown value %(value)s (one of: %(choices)s)"),
    "enum": N_("%(field)s: unknown value %(value)s (one of: %(choices)s)"),
}

#: what a JSON value is, said in the caller's language
_JSON_TYPES = {
    "null": N_("null"),
    "boolean": N_("true or false"),
    "integer": N_("an integer"),
    "number": N_("a number"),
    "string": N_("a string"),
    "array": N_("an array"),
    "object": N_("an object"),
}

#: Union members are tagged with a prefix no field or player name can contain,
#: so their tags can be dropped from the JSON path.
TAG = "\x00"


def _clean(loc: Iterable[str | int]) -> tuple[str | int, ...]:
    return tuple(
        part
        for part in loc
        if not (isinstance(part, str) and (part.startswith(TAG) or part == "[key]"))
    )


def field_path(loc: Iterable[str | int]) -> str:
    where = ""
    for part in loc:
        where = v.path(where, part)
    return where or "body"


def api_error(exc: ValidationError) -> ApiError:
    """The first problem pydantic found, as our error: message template + field path."""
    error = exc.errors(include_url=False)[0]
    kind, ctx, value = error["type"], error.get("ctx") or {}, error.get("input")
    loc = _clean(error["loc"])
    if "index" in ctx:  # a list-level check that knows which item is wrong
        loc = (*loc, ctx["index"])
    where = field_path(loc)
    params: dict[str, Any] = {"field": where}
    if kind == "cardpress":
        params.update({k: val for k, val in ctx.items() if k not in ("template", "index")})
        return ApiError(ctx["template"], where, loc=loc, **params)
    template = _TYPE_MESSAGES.get(kind, N_("%(field)s is not valid here"))
    length = ctx.get("actual_length")
    params.update(
        type=Word(_JSON_TYPES[v.json_type(value)]),
        value=(value if isinstance(value, str) else json.dumps(value, ensure_ascii=False))[:40],
        # pydantic says "'a', 'b' or 'c'" (English "or"): only the values, as ids
        choices=", ".join(re.findall(r"'([^']*)'", str(ctx.get("expected", "")))),
        lo=ctx.get("min_length", 0),
        hi=ctx.get("max_length", 0),
        n=length if length is not None else 0,
    )
    return ApiError(template, where, loc=loc, **params)


def parse(model: type[M], data: Any) -> M:
    """Validate already-parsed JSON (or a form's equivalent dict) against a model."""
    if isinstance(data, model):
        return data
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = api_error(exc)
        describe = getattr(model, "describe_error", None)
        if describe is not None:  # the model adds keys of its own (e.g. who made a bid)
            describe(err)
        raise err from None


def read_json() -> Any:
    """The request body as JSON: the right media type, within the size limit, strict."""
    if not request.is_json:
        raise ApiError(
            N_("send the body as JSON with Content-Type: application/json (got %(type)s)"),
            "Content-Type",
            status=415,
            type=request.mimetype or "none",
        )
    data = request.get_data(cache=False)
    # A chunked body has no Content-Length: the stream stops at the limit, and
    # reading one byte more raises 413 when there was more to read.
    request.stream.read(1)
    return v.parse_json(data)


# --------------------------------------------------------------------------- operations


@dataclass(frozen=True)
class Operation:
    """Everything the OpenAPI document says about one view."""

    method: str
    summary: str
    description: str = ""
    request: type[BaseModel] | None = None
    response: type[BaseModel] | None = None
    status: int = 200
    errors: Mapping[int, str] = field(default_factory=dict)
    auth: Literal["none", "bearer", "optional"] = "none"
    content_type: str = "application/json"
    examples: tuple[Example, ...] = ()
    cache: str = "no-store"
    headers: tuple[Header, ...] = ()
    #: OpenAPI links of the success answer: name -> link object (operationId,
    #: parameters, requestBody), so a client (and the stateful fuzzer) can follow
    #: a created table to the calls it permits
    links: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)


@dataclass(frozen=True)
class Header:
    """A request header (or, with ``location="query"``, a query parameter) the view
    reads: the view checks it, this publishes it."""

    name: str
    description: str = ""
    schema: Mapping[str, Any] = field(default_factory=lambda: {"type": "string"})
    required: bool = False
    location: Literal["header", "query"] = "header"


@dataclass(frozen=True)
class Example:
    """A request and the response it gets; only 2xx requests are published as requests."""

    name: str
    request: Any
    status: int
    response: Any
    summary: str = ""


def operation(
    bp: Blueprint,
    method: str,
    rule: str,
    *,
    summary: str,
    description: str = "",
    request: type[BaseModel] | None = None,
    response: type[BaseModel] | None = None,
    status: int = 200,
    errors: Mapping[int, str] | None = None,
    auth: Literal["none", "bearer", "optional"] = "none",
    content_type: str = "application/json",
    examples: Iterable[Example] = (),
    cache: str = "no-store",
    headers: Iterable[Header] = (),
    links: Mapping[str, Mapping[str, Any]] | None = None,
    parser: Callable[[type[BaseModel], Any], BaseModel] = parse,
    decorators: Iterable[Callable[[Callable[..., Any]], Callable[..., Any]]] = (),
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a view on ``bp`` and declare it (see the module docstring).

    ``parser`` validates the request body against ``request`` (a blueprint may keep
    its own error messages); ``decorators`` wrap the whole view, body reading
    included, innermost first (e.g. a rate limit that must count every request)."""
    all_errors = dict(BODY_ERRORS) if request is not None else {}
    all_errors.update(errors or {})
    op = Operation(
        method=method.upper(),
        summary=summary,
        description=description,
        request=request,
        response=response,
        status=status,
        errors=all_errors,
        auth=auth,
        content_type=content_type,
        examples=tuple(examples),
        cache=cache,
        headers=tuple(headers),
        links=dict(links or {}),
    )

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def view(**kwargs: Any) -> Response:
            args = (parser(op.request, read_json()),) if op.request is not None else ()
            result = fn(*args, **kwargs)
            if isinstance(result, Response):
                return result
            code = op.status
            if isinstance(result, tuple):
                result, code = result
            body = result.model_dump(mode="json", exclude_unset=True)
            out = jsonify(body)
            out.status_code = code
            out.headers["Cache-Control"] = op.cache
            return out

        for decorator in decorators:
            view = decorator(view)
        view.operation = op  # type: ignore[attr-defined]
        bp.add_url_rule(rule, view_func=view, methods=[op.method])
        return view

    return decorate


def operations() -> list[tuple[str, Operation]]:
    """(Flask rule, operation) for every declared view of the running app."""
    found = []
    for rule in current_app.url_map.iter_rules():
        op = getattr(current_app.view_functions.get(rule.endpoint), "operation", None)
        if isinstance(op, Operation):
            found.append((rule.rule, op))
    return found
