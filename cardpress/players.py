"""Players' names as people type them on a phone: one rule for every form and API.

A name is what the table reads aloud and what the referee prints in a result,
so it must show something: a name made only of spaces or invisible
characters (U+FEFF, zero-width spaces) is refused, and so are control
characters, text-direction controls (which can make "Aki" display as
someone else's name) and lone surrogates (not text at all). A name is
trimmed and NFC-normalised, so "Å" typed as one character or as A + ring is
one name, and two names equal after that are the same player.

``NAME_PATTERN`` is the same rule as a regular expression, published in the
API's schema; :func:`player_name` applies exactly that pattern, so a client
that validates against the schema and the referee never disagree.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

MAX_NAME = 40

#: control characters (C0, DEL, C1), line/paragraph separators, bidi marks,
#: embeddings, overrides and isolates (lone surrogates are refused apart: a
#: JSON Schema pattern cannot name them, and a JSON body with one is refused
#: before any pattern is tried)
_FORBIDDEN = r"\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069"
#: characters that show nothing: spaces, zero-width characters, the BOM, soft hyphen
_INVISIBLE = (
    r"\s\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200d\u2060-\u2064\u3164\ufeff\uffa0"
)

NAME_PATTERN = f"^[^{_FORBIDDEN}]*[^{_FORBIDDEN}{_INVISIBLE}][^{_FORBIDDEN}]*$"
_NAME = re.compile(NAME_PATTERN)
_EDGES = re.compile(f"^[{_INVISIBLE}]+|[{_INVISIBLE}]+$")


class BadName(ValueError):
    """The name cannot be used; ``reason`` is ``"length"`` or ``"characters"``."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def player_name(raw: str) -> str:
    """The name as stored and shown: trimmed of invisible edges, NFC. Raises BadName."""
    if not 1 <= len(raw) <= MAX_NAME:
        raise BadName("length")
    if not _NAME.search(raw) or not is_text(raw):
        raise BadName("characters")
    return unicodedata.normalize("NFC", _EDGES.sub("", raw))


def is_text(value: str) -> bool:
    """False for a string holding a lone surrogate (which no encoding can write)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def first_repeat(names: Iterable[str]) -> int | None:
    """The index of the first name already seen (names already through player_name)."""
    seen: set[str] = set()
    for i, name in enumerate(names):
        if name in seen:
            return i
        seen.add(name)
    return None


def shown(raw: str) -> str:
    """A refused name quoted back in an error: without what cannot be shown safely."""
    return re.sub(f"[{_FORBIDDEN}]", "", raw if is_text(raw) else "").strip()[:MAX_NAME]
