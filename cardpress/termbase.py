"""The termbase: one word per game term and language, and the variants that must not appear.

Terms drift when sheets, cards and pages are written at different times by
different hands ("Bit" on a card, "bid effect" on the sheet). The termbase
(``locales/termbase.toml``) names each term once per language and lists the
variants to avoid as regular expressions; :func:`scan` finds them in any
text, so a test can read back every catalogue, PDF and page and fail with the
term, the variant, the place and the sentence.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from cardpress.paths import LOCALES
from cardpress.vocabulary import LANGS

TERMBASE = LOCALES / "termbase.toml"

# what a reader never sees: gettext placeholders and the rule markup's inline tags
_PLACEHOLDER = re.compile(r"%\(\w+\)[sdr]|\{\w*\}")
_TAG = re.compile(r"<[^<>]+>")


class TermbaseError(ValueError):
    """The termbase file itself is broken; the message names the file, entry and field."""


@dataclass(frozen=True, slots=True)
class Term:
    id: str
    kind: str  # "term" or "style"
    names: Mapping[str, str]
    define: Mapping[str, str]
    avoid: Mapping[str, tuple[re.Pattern[str], ...]]
    source: str = ""

    def label(self, lang: str) -> str:
        name = self.names.get(lang) or next(iter(self.names.values()), "")
        return f"{self.kind} {self.id!r} ({lang}: {name})"


@dataclass(frozen=True, slots=True)
class Hit:
    """One forbidden variant found in one text."""

    term: Term
    lang: str
    variant: str  # the pattern as written in the termbase
    found: str  # the text it matched
    where: str
    context: str

    def __str__(self) -> str:
        return (
            f"{self.where}: {self.term.label(self.lang)}: forbidden variant "
            f"{self.found!r} (avoid {self.variant!r}) in: …{self.context}…"
        )


def _compile(pattern: str, lang: str, where: str) -> re.Pattern[str]:
    try:
        if lang == "en":
            return re.compile(rf"(?<![\w-])(?:{pattern})(?![\w-])", re.IGNORECASE)
        return re.compile(pattern)
    except re.error as exc:
        raise TermbaseError(f"{where}: avoid.{lang}: bad pattern {pattern!r}: {exc}") from None


def _texts(entry: Mapping[str, Any], field: str, where: str) -> dict[str, str]:
    value = entry.get(field, {})
    if not isinstance(value, Mapping) or not all(isinstance(v, str) for v in value.values()):
        raise TermbaseError(f"{where}: {field}: expected a table of strings per language")
    return dict(value)


def _entry(kind: str, entry: Any, index: int, path: Path) -> Term:
    if not isinstance(entry, Mapping):
        raise TermbaseError(f"{path}: {kind} #{index + 1}: expected a table")
    term_id = entry.get("id")
    if not isinstance(term_id, str) or not term_id:
        raise TermbaseError(f"{path}: {kind} #{index + 1}: id: missing")
    where = f"{path}: {kind} {term_id!r}"
    names = {lang: entry[lang] for lang in LANGS if lang in entry}
    if not names or not all(isinstance(v, str) and v for v in names.values()):
        raise TermbaseError(f"{where}: needs the term as a string in ja and/or en")
    if kind == "term" and set(names) != set(LANGS):
        missing = ", ".join(sorted(set(LANGS) - set(names)))
        raise TermbaseError(f"{where}: {missing}: missing (every term is named in both languages)")
    define = _texts(entry, "define", where)
    if kind == "term" and set(define) != set(LANGS):
        raise TermbaseError(f"{where}: define: needs both ja and en")
    avoid_raw = entry.get("avoid", {})
    if not isinstance(avoid_raw, Mapping):
        raise TermbaseError(f"{where}: avoid: expected a table of lists per language")
    avoid: dict[str, tuple[re.Pattern[str], ...]] = {}
    for lang, patterns in avoid_raw.items():
        if lang not in LANGS:
            raise TermbaseError(f"{where}: avoid.{lang}: unknown language (use ja or en)")
        if not isinstance(patterns, list) or not all(isinstance(p, str) for p in patterns):
            raise TermbaseError(f"{where}: avoid.{lang}: expected a list of strings")
        avoid[lang] = tuple(_compile(p, lang, where) for p in patterns)
    source = entry.get("source", "")
    return Term(term_id, kind, names, define, avoid, source if isinstance(source, str) else "")


@cache
def load_termbase(path: Path = TERMBASE) -> tuple[Term, ...]:
    """Every term and style rule of the termbase file, checked."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise TermbaseError(f"{path}: the termbase file is missing") from None
    except tomllib.TOMLDecodeError as exc:
        raise TermbaseError(f"{path}: not valid TOML: {exc}") from None
    unknown = set(data) - {"term", "style"}
    if unknown:
        raise TermbaseError(f"{path}: unknown table(s): {', '.join(sorted(unknown))}")
    terms = [
        _entry(kind, entry, i, path)
        for kind in ("term", "style")
        for i, entry in enumerate(data.get(kind, []))
    ]
    seen: set[str] = set()
    for t in terms:
        if t.id in seen:
            raise TermbaseError(f"{path}: {t.kind} {t.id!r}: defined twice")
        seen.add(t.id)
    return tuple(terms)


def term(term_id: str, path: Path = TERMBASE) -> Term:
    """One term by id (KeyError naming it if the termbase lacks it)."""
    for t in load_termbase(path):
        if t.id == term_id:
            return t
    raise KeyError(f"{path}: no term {term_id!r}")


def readable(text: str) -> str:
    """Text as a reader meets it: placeholders stand for a number, tags vanish."""
    return _TAG.sub("", _PLACEHOLDER.sub("0", text))


def scan(text: str, lang: str, where: str, terms: Iterable[Term] | None = None) -> Iterator[Hit]:
    """Every forbidden variant of every term in ``text`` (one language)."""
    plain = readable(text)
    for t in load_termbase() if terms is None else terms:
        for pattern in t.avoid.get(lang, ()):
            for m in pattern.finditer(plain):
                a, b = max(0, m.start() - 30), min(len(plain), m.end() + 30)
                context = " ".join(plain[a:b].split())
                yield Hit(t, lang, _variant(pattern, lang), m.group(0), where, context)


def _variant(pattern: re.Pattern[str], lang: str) -> str:
    if lang == "en":  # strip the word-boundary wrapper added by _compile
        return pattern.pattern[len(r"(?<![\w-])(?:") : -len(r")(?![\w-])")]
    return pattern.pattern


def pdf_text_for_scan(text: str, lang: str) -> str:
    """Text extracted from a PDF, with the line breaks a typesetter adds taken out.

    Japanese has no spaces between words, so a line break (or a layout gap) next to
    Japanese text is removed; in English it is one space.
    """
    if lang == "ja":  # layout spaces next to Japanese text are positions, not spaces
        return re.sub(r"(?<=[^\x00-\x7f])\s+|\s+(?=[^\x00-\x7f])", "", text)
    return re.sub(r"\s+", " ", text)
