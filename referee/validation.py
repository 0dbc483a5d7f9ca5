"""Client errors and strict JSON parsing, shared by the API and the forms.

Every failure is an :class:`ApiError` that names the offending field as a
JSON path (``hands[0].monet``). Messages are English msgids with ``%(name)s``
parameters, translated through the ``messages`` catalogue into the caller's
language. The shape of a body is checked by its model
(:mod:`referee.contract`), not here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from cardpress.players import is_text


def N_(message: str) -> str:
    """Mark a msgid for extraction without translating it here."""
    return message


def ascii_number(text: str | None, digits: int = 19) -> int | None:
    """A form or query value as a whole number if it is one written in ASCII
    digits (at most ``digits`` of them), else None. ``str.isdigit`` alone
    lets "²" or "١" through, and ``int`` then fails (or takes them): a 500."""
    if text and text.isascii() and text.isdigit() and len(text) <= digits:
        return int(text)
    return None


class Word(str):
    """A message parameter that is itself a catalogue entry ("an integer"):
    translated together with the message, so no English is left inside a
    Japanese sentence. Other parameters are the caller's data or ids."""


class English(str):
    """A message parameter that exists only in English (an engine's reason, a
    library's detail): in any other language the message shows ``instead``, a
    msgid formatted with the message's other parameters."""

    def __new__(cls, text: str, instead: str) -> English:
        self = super().__new__(cls, text)
        self.instead = instead
        return self


class Sentence(str):
    """A message parameter that is a whole sentence of its own (an engine's
    refusal, with cards to name): ``say()`` words it in the current language;
    as a string it is the English."""

    def __new__(cls, text: str, say: Callable[[], str]) -> Sentence:
        self = super().__new__(cls, text)
        self.say = say
        return self


class ApiError(Exception):
    """A client error: HTTP status, a message template and the field it names."""

    def __init__(
        self,
        template: str,
        where: str | None = None,
        /,
        status: int = 400,
        loc: tuple[str | int, ...] = (),
        **params: Any,
    ) -> None:
        self.template = template
        self.field = where
        #: the field as path parts (("hands", 2, "monet")), for pages that name it in words
        self.loc = loc
        self.status = status
        self.params = params
        self.extra: dict[str, Any] = {}
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return self.template % self.params if self.params else self.template

    def localised(self, gettext: Callable[[str], str]) -> str:
        text = gettext(self.template)
        if not self.params:
            return text
        # the catalogue's own English is the msgid: any other text is another language
        other_language = text != self.template
        params = {}
        for key, value in self.params.items():
            if isinstance(value, Word):
                value = gettext(value)
            elif isinstance(value, Sentence):
                value = value.say()
            elif isinstance(value, English) and other_language:
                value = gettext(value.instead) % self.params
            params[key] = value
        return text % params

    def body(self, gettext: Callable[[str], str] | None = None) -> dict[str, Any]:
        """The pinned error shape, the message translated when ``gettext`` is given."""
        message = self.localised(gettext) if gettext else self.message
        error: dict[str, Any] = {"message": message}
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


def _no_lone_surrogates(value: Any) -> None:
    """JSON allows "\\ud800" escapes that decode to no character at all; refuse them."""
    if isinstance(value, str):
        if not is_text(value):
            raise ApiError(
                N_("the request body is not valid JSON: %(detail)s"),
                "body",
                detail="a string holds a lone surrogate escape",
            )
    elif isinstance(value, dict):
        for key, item in value.items():
            _no_lone_surrogates(key)
            _no_lone_surrogates(item)
    elif isinstance(value, list):
        for item in value:
            _no_lone_surrogates(item)


def parse_json(raw: bytes) -> Any:
    """Parse a request body strictly: UTF-8, no NaN/Infinity, no duplicate keys,
    no lone surrogates."""
    if not raw.strip():
        raise ApiError(N_("the request body is empty; send a JSON object"), "body")
    try:
        text = raw.decode("utf-8")
        data = json.loads(text, object_pairs_hook=_no_duplicate_keys, parse_constant=_no_constants)
        _no_lone_surrogates(data)
        return data
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
