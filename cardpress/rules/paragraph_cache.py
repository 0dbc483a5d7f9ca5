"""Paragraphs parsed and broken once per process: the same words set the same way.

A rule sheet is typeset up to five times (its trial layouts, then the one kept), and
each time platypus makes new Paragraphs of the same markup, parses it and breaks it
into lines (kinsoku for Japanese, hyphenation without ladders or runts for English):
most of a sheet's time. Both results depend only on what is read, the markup and the
style, or the fragments' contents, the widths and the setting, so they are kept under
a key made of exactly those, never of an object's identity: two paragraphs that would
come out differently never share a key.

What is kept is handed out as copies, and kept as copies, because ReportLab edits a
paragraph's fragments and lines in place (splitting, hyphenating a compound).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any
from weakref import WeakKeyDictionary

from reportlab.platypus import Paragraph
from reportlab.platypus.paragraph import ParaLines

#: kept lines; a build holds a few thousand, a long ``--watch`` starts again past this
LIMIT = 20_000

_LINES: dict[Hashable, tuple[Any, dict[str, Any]]] = {}
_PARSED: dict[Hashable, tuple[str, list[Any]]] = {}
_STYLE_KEYS: WeakKeyDictionary[Any, tuple[dict[str, Any], Hashable]] = WeakKeyDictionary()

#: values that are their own contents (compared, hashed and shared as they are)
PLAIN = (str, int, float, bool, bytes, type(None))
_EXACT = frozenset(PLAIN)


def value_key(v: Any, seen: dict[int, Hashable] | None = None) -> Hashable:
    """``v`` as a hashable value that equals another's only when their contents do.

    Made for every paragraph of every trial layout, so quick: exact types first, and
    an object met twice in one key (a colour every fragment shares) is read once
    (``seen``, by identity, safe within the one call that holds both references). A
    dict's entries keep their order: two dicts equal in another order get two keys,
    which costs a second break of the lines, never a wrong one.
    """
    t = type(v)
    if t in _EXACT or isinstance(v, PLAIN):
        return (t, v)
    if isinstance(v, list | tuple):
        return (t, tuple([value_key(x, seen) for x in v]))
    if isinstance(v, dict):
        return (t, tuple([(k, value_key(x, seen)) for k, x in v.items()]))
    if seen is not None and (known := seen.get(id(v))) is not None:
        return known
    attrs = getattr(v, "__dict__", None)
    key = (t, repr(v)) if attrs is None else (t, value_key(attrs, seen))
    if seen is not None:
        seen[id(v)] = key
    return key


def frags_key(frags: Iterable[Any]) -> Hashable:
    """The fragments' contents: text, face, size, colour, links, everything set on them."""
    seen: dict[int, Hashable] = {}
    return tuple([value_key(f, seen) for f in frags])


def style_key(style: Any) -> Hashable:
    """Every attribute a ParagraphStyle answers with (not its name).

    A style holds all of them itself (ReportLab copies the defaults and its parent's
    into it as it is made). A style is read for thousands of paragraphs, so its key
    is kept with a copy of what it was made from, and made again if that changed.
    """
    own = vars(style)
    kept = _STYLE_KEYS.get(style)
    if kept is not None and kept[0] == own:
        return kept[1]
    key = tuple((n, value_key(v)) for n, v in sorted(own.items()) if n not in ("name", "parent"))
    _STYLE_KEYS[style] = (dict(own), key)
    return key


def remembered(key: Hashable, owner: Any, attrs: tuple[str, ...], make: Callable[[], Any]) -> Any:
    """``make()``'s lines, broken once per ``key``; the ``attrs`` breaking sets on the
    paragraph ``owner`` are set again on a paragraph that gets the kept lines."""
    kept = _LINES.get(key)
    if kept is not None:
        lines, state = kept
        owner.__dict__.update(state)
        return copy_lines(lines)
    lines = make()
    if len(_LINES) >= LIMIT:
        _LINES.clear()
    state = {a: owner.__dict__[a] for a in attrs if a in owner.__dict__}
    _LINES[key] = (copy_lines(lines), state)
    return lines


def copy_lines(para: Any) -> Any:
    """A copy of broken lines that shares nothing a later split could edit."""
    out = ParaLines(**vars(para))
    out.lines = [_copy_line(line) for line in para.lines]
    return out


def _copy_line(line: Any) -> Any:
    if isinstance(line, tuple):  # one fragment's line: (space left, [words])
        return tuple(list(x) if isinstance(x, list) else x for x in line)
    return line.clone(words=[_copy_word(w) for w in line.words])


def _copy_word(word: Any) -> Any:
    return word.clone() if hasattr(word, "clone") else word


class ParsedOnce(Paragraph):
    """A Paragraph whose markup is parsed once per process for each style it is set in."""

    def _setup(self, text, style, bulletText, frags, cleaner) -> None:
        if frags is not None or not isinstance(text, str):
            return super()._setup(text, style, bulletText, frags, cleaner)
        key = ("parse", text, style_key(style), self.caseSensitive, value_key(bulletText))
        kept = _PARSED.get(key)
        if kept is None:
            super()._setup(text, style, bulletText, frags, cleaner)
            if self.style is style and self.bulletText is bulletText:  # no <para>, no <bullet>
                if len(_PARSED) >= LIMIT:
                    _PARSED.clear()
                _PARSED[key] = (self.text, [_copy_word(f) for f in self.frags])
            return None
        self.text, self.style, self.bulletText, self.debug = kept[0], style, bulletText, 0
        self.frags = [_copy_word(f) for f in kept[1]]
        return None
