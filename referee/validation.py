"""Strict validation of JSON request bodies, shared by the API and the forms.

Every failure is an :class:`ApiError` that names the offending field as a
JSON path (``hands[0].monet``). Messages are English msgids with ``%(name)s``
parameters, so the API answers in English and the HTML forms show the same
message translated through the ``messages`` catalogue.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any


def N_(message: str) -> str:
    """Mark a msgid for extraction without translating it here."""
    return message


class ApiError(Exception):
    """A client error: HTTP status, a message template and the field it names."""

    def __init__(
        self,
        template: str,
        where: str | None = None,
        /,
        status: int = 400,
        **params: Any,
    ) -> None:
        self.template = template
        self.field = where
        self.status = status
        self.params = params
        self.extra: dict[str, Any] = {}
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return self.template % self.params if self.params else self.template

    def localised(self, gettext: Callable[[str], str]) -> str:
        text = gettext(self.template)
        return text % self.params if self.params else text

    def body(self) -> dict[str, Any]:
        error: dict[str, Any] = {"message": self.message}
        if self.field is not None:
            error["field"] = self.field
        error.update(self.extra)
        return {"error": error}


# --------------------------------------------------------------------------- parsing


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ApiError(N_("duplicate key %(key)s in a JSON object"), "body", key=key)
        out[key] = value
    return out


def _no_constants(name: str) -> Any:
    raise ApiError(N_("%(name)s is not valid JSON"), "body", name=name)


def parse_json(raw: bytes) -> Any:
    """Parse a request body strictly: UTF-8, no NaN/Infinity, no duplicate keys."""
    if not raw.strip():
        raise ApiError(N_("the request body is empty; send a JSON object"), "body")
    try:
        text = raw.decode("utf-8")
        return json.loads(text, object_pairs_hook=_no_duplicate_keys, parse_constant=_no_constants)
    except ApiError:
        raise
    except (ValueError, RecursionError) as exc:
        # UnicodeDecodeError and JSONDecodeError are ValueErrors; deep nesting
        # raises RecursionError; huge integers raise ValueError.
        detail = exc.msg if isinstance(exc, json.JSONDecodeError) else type(exc).__name__
        raise ApiError(
            N_("the request body is not valid JSON: %(detail)s"), "body", detail=detail
        ) from None


# --------------------------------------------------------------------------- fields


@lru_cache(maxsize=4096)
def path(parent: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{parent}[{key}]"
    if not parent:
        return key
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", key):
        return f"{parent}.{key}"
    return f"{parent}[{json.dumps(key, ensure_ascii=False)}]"


def json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def obj(
    value: Any,
    field: str,
    *,
    required: Iterable[str] = (),
    optional: Iterable[str] = (),
) -> dict[str, Any]:
    """An object with only the named keys; every required key present."""
    if not isinstance(value, dict):
        raise ApiError(
            N_("%(field)s must be an object, not %(type)s"),
            field or "body",
            field=field or "body",
            type=json_type(value),
        )
    required = tuple(required)
    allowed = set(required) | set(optional)
    for key in value:
        if key not in allowed:
            raise ApiError(
                N_("unknown field %(key)s (allowed: %(allowed)s)"),
                path(field, key),
                key=path(field, key),
                allowed=", ".join(sorted(allowed)),
            )
    for key in required:
        if key not in value:
            raise ApiError(N_("%(field)s is required"), path(field, key), field=path(field, key))
    return value


def mapping(value: Any, field: str) -> dict[str, Any]:
    """An object whose keys are data (player names), not field names."""
    if not isinstance(value, dict):
        raise ApiError(
            N_("%(field)s must be an object, not %(type)s"),
            field,
            field=field,
            type=json_type(value),
        )
    return value


def integer(value: Any, field: str, lo: int, hi: int) -> int:
    # bool is an int in Python but not in JSON: true is not 1.
    if isinstance(value, bool) or not isinstance(value, int):
        raise ApiError(
            N_("%(field)s must be an integer, not %(type)s"),
            field,
            field=field,
            type=json_type(value),
        )
    if not lo <= value <= hi:
        raise ApiError(
            N_("%(field)s must be between %(lo)d and %(hi)d, not %(value)d"),
            field,
            field=field,
            lo=lo,
            hi=hi,
            value=value,
        )
    return value


def boolean(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise ApiError(
            N_("%(field)s must be true or false, not %(type)s"),
            field,
            field=field,
            type=json_type(value),
        )
    return value


def string(value: Any, field: str, *, max_length: int = 40) -> str:
    if not isinstance(value, str):
        raise ApiError(
            N_("%(field)s must be a string, not %(type)s"),
            field,
            field=field,
            type=json_type(value),
        )
    value = value.strip()
    if not value:
        raise ApiError(N_("%(field)s must not be empty"), field, field=field)
    if len(value) > max_length or any(ord(c) < 32 for c in value):
        raise ApiError(
            N_("%(field)s must be at most %(max)d printable characters"),
            field,
            field=field,
            max=max_length,
        )
    return value


def array(value: Any, field: str, *, min_items: int = 0, max_items: int) -> list[Any]:
    if not isinstance(value, list):
        raise ApiError(
            N_("%(field)s must be an array, not %(type)s"),
            field,
            field=field,
            type=json_type(value),
        )
    if not min_items <= len(value) <= max_items:
        raise ApiError(
            N_("%(field)s must have between %(lo)d and %(hi)d items, not %(n)d"),
            field,
            field=field,
            lo=min_items,
            hi=max_items,
            n=len(value),
        )
    return value


def choice(value: Any, field: str, choices: Iterable[str]) -> str:
    choices = tuple(choices)
    if not isinstance(value, str):
        raise ApiError(
            N_("%(field)s must be a string, not %(type)s"),
            field,
            field=field,
            type=json_type(value),
        )
    if value not in choices:
        raise ApiError(
            N_("%(field)s: unknown value %(value)s (one of: %(choices)s)"),
            field,
            field=field,
            value=value[:40],
            choices=", ".join(choices),
        )
    return value


def unique(items: list[Any], field: str) -> None:
    seen: set[Any] = set()
    for i, item in enumerate(items):
        if item in seen:
            raise ApiError(
                N_("%(field)s: duplicate %(value)s"),
                path(field, i),
                field=path(field, i),
                value=str(item)[:40],
            )
        seen.add(item)


def get(mapping: Mapping[str, Any], key: str, default: Any) -> Any:
    return mapping.get(key, default)
