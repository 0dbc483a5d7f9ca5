"""Every error the JSON API returns is entirely in the caller's language.

pydantic describes a refusal in English ("Input should be a valid integer");
referee.contract maps each error type, with its context, to our own msgids.
Here every declared operation's good example is broken in every way a
client might (each field set to each kind of JSON value, removed, added to),
sent with ``Accept-Language: ja``, and every answer read back: the error
type must have its own message (not the catch-all), and the Japanese text
may hold no English word except what is data (the request's own values, the
field's path, the schema's ids, rule IDs).
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from pydantic import ValidationError

from referee import create_app
from referee.contract import _TYPE_MESSAGES, Operation, operations

BROKEN_VALUES: list[Any] = [
    None,
    True,
    1.5,
    -1,
    2**70,
    "",
    "x" * 300,
    "\u200b",
    [],
    ["x"] * 50,
    {},
    {"x" * 60: 1},
]
#: JSON's own words, and the words of the HTTP headers an error may name
NOT_ENGLISH = {"null", "true", "false", "JSON", "Content", "Type", "application", "json"}
JA = re.compile(r"[ぁ-んァ-ヶ一-龥]")


@pytest.fixture(scope="module")
def app() -> Flask:
    return create_app(
        {"TESTING": True, "SECRET_KEY": "t", "TABLES_CREATE_LIMIT": "100000 per minute"}
    )


def _good_body(op: Operation) -> Any:
    for example in op.examples:
        if 200 <= example.status < 300:
            return example.request
    assert op.request is not None
    fields = op.request.model_fields
    if "players" in fields and "game" in fields:
        return {"game": "finger-auction", "players": ["Aki", "Ben"]}
    if "action" in fields:
        return {"action": "bid:1"}
    raise AssertionError(f"{op.request.__name__}: give the operation a request example")


def _paths(value: Any, prefix: tuple = ()) -> Iterator[tuple]:
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, (*prefix, i))


def _set(body: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    out = copy.deepcopy(body)
    target = out
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value
    return out


def _broken(body: Any) -> Iterator[Any]:
    for path in _paths(body):
        for value in BROKEN_VALUES:
            yield _set(body, path, value)
        if path:
            parent = copy.deepcopy(body)
            target = parent
            for part in path[:-1]:
                target = target[part]
            if isinstance(target, dict):
                del target[path[-1]]
                yield parent
    if isinstance(body, dict):
        yield {**body, "unknown_field": 1}


def _words_of(*values: Any) -> set[str]:
    return set(re.findall(r"[A-Za-z]+", json.dumps(values, ensure_ascii=False)))


def _schema_words(app: Flask) -> set[str]:
    with app.test_client() as client:
        return _words_of(client.get("/api/v1/openapi.json").get_json()["components"])


def test_every_error_the_models_can_give_is_said_in_japanese(app: Flask) -> None:
    allowed = NOT_ENGLISH | _schema_words(app)
    kinds: dict[str, str] = {}
    with app.app_context():
        declared = [(rule, op) for rule, op in operations() if op.request is not None]
    assert len(declared) >= 8
    with app.test_client() as client:
        for rule, op in declared:
            assert op.request is not None
            url = re.sub(r"<[^>]+>", "nosuchtable", rule)
            for body in _broken(_good_body(op)):
                try:
                    op.request.model_validate(body)
                    continue  # still valid: not an error case
                except ValidationError as exc:
                    kind = exc.errors()[0]["type"]
                answer = client.open(
                    url,
                    method=op.method,
                    data=json.dumps(body),
                    content_type="application/json",
                    headers={"Accept-Language": "ja"},
                )
                assert answer.status_code == 400, (rule, body)
                error = answer.get_json()["error"]
                message = error["message"]
                assert JA.search(message), (rule, body, message)
                data = json.dumps([body, error["field"]], ensure_ascii=False)
                english = {w for w in _words_of(message) - allowed if w not in data}
                assert not english, f"{rule} {body!r}: English {english} in {message!r}"
                kinds.setdefault(kind, message)
    unmapped = sorted(set(kinds) - set(_TYPE_MESSAGES) - {"cardpress"})
    assert not unmapped, f"pydantic error types with only the catch-all message: {unmapped}"
    # the sweep reaches the kinds of errors the models have
    assert {"missing", "extra_forbidden", "int_type", "string_type", "list_type"} <= set(kinds)
    assert {"too_long", "literal_error", "cardpress", "model_type"} <= set(kinds)
