"""Justified English paragraphs as a book sets them: hyphenated, no runts.

ReportLab justifies a paragraph by stretching its word spaces and hyphenates
with pyphen's kept dictionaries when a style names a language; it has no rule
against a ladder of hyphens or a last line holding a single word (a runt).
``BookParagraph`` adds both on top of ReportLab's own line breaking:

* at most ``MAX_HYPHENS`` consecutive lines end in a hyphen: a word that would
  make a third is not hyphenated (the paragraph is broken again without it);
* a paragraph's last line never holds one word alone: the line above it (or
  the few above it, in a narrow column) is broken a little narrower, so its
  last word comes down too, and then widened back to the column edge by its
  word spaces (as a compositor "takes a word back"), as long as those spaces
  stay under ``MAX_SPACE`` ems; a runt that is a broken word's tail ("tion.")
  is tried again with that word set whole; failing both, the paragraph's word
  spaces close up by at most ``TIGHTER`` to pull the runt back.

Lines are broken once per width, as ``WrapOnceParagraph`` does.
"""

from __future__ import annotations

from functools import cache

import pyphen
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph

from cardpress.rules.paragraph_cache import (
    ParsedOnce,
    frags_key,
    remembered,
    style_key,
    value_key,
)

#: what ReportLab's breaking notes on the paragraph, set again when lines are reused
_BREAKING_SETS = ("_width_max", "_hyphenations", "_splitLongWordCount")
#: no more than this many lines in a row end in a hyphen
MAX_HYPHENS = 2
#: a word space stretched past this many ems reads as a hole: a runt is left then
MAX_SPACE = 1.0
#: a runt's word is taken back over this many lines above it, fewest first (a narrow
#: column has few spaces a line to stretch)
SPANS = (1, 2, 3, 4)
#: how far a runt's paragraph may close its word spaces up (a fraction of a space),
#: tried in turn; ReportLab's own default is 0.05
TIGHTER = (0.1, 0.15, 0.2, 0.25)
#: words shorter than this are never hyphenated
MIN_WORD = 6


@cache
def _dictionary(lang: str) -> pyphen.Pyphen:
    # two letters at least before the hyphen, three after: "re-|mains", never "end-|s"
    return pyphen.Pyphen(lang=lang, left=2, right=3)


def hyphenator(lang: str, refuse: frozenset[str] = frozenset()):
    """pyphen's (head, tail) pairs for a word, for ReportLab; none for ``refuse``d words."""
    dictionary = _dictionary(lang)

    def pairs(word: str):
        if word.strip(".,;:!?)(’‘“”") in refuse:
            return []
        # a compound breaks after its own hyphen by ReportLab's embedded hyphenation;
        # pyphen's ("face-", "down") pair there made ReportLab drop the hyphen
        return [(h, t) for h, t in dictionary.iterate(word) if not h.endswith("-")]

    return pairs


def _words(line) -> list[str]:
    """The text of a broken line's words (both kinds of ReportLab line)."""
    if isinstance(line, tuple):
        return [str(w) for w in line[1]]
    text = "".join(getattr(f, "text", "") for f in line.words)
    return text.split()


def _ends_in_hyphen(line) -> bool:
    words = _words(line)
    return bool(words) and words[-1].endswith(("-", "\u2010", "\u00ad"))


def _is_forced(line) -> bool:
    return bool(getattr(line, "lineBreak", False))


def _extra(line) -> float:
    return line[0] if isinstance(line, tuple) else line.extraSpace


def _widen(lines: list, i: int, by: float) -> None:
    """Give line ``i`` ``by`` more points to justify over (it was broken narrower)."""
    line = lines[i]
    if isinstance(line, tuple):
        lines[i] = (line[0] + by, line[1])
    else:
        line.extraSpace += by


def hyphen_ladder(lines: list) -> int | None:
    """The index of the first line that ends a run of more than ``MAX_HYPHENS`` hyphens."""
    run = 0
    for i, line in enumerate(lines[:-1]):
        run = run + 1 if _ends_in_hyphen(line) else 0
        if run > MAX_HYPHENS:
            return i
    return None


def is_runt(lines: list) -> bool:
    """Whether the last of two or more lines holds a single word."""
    return len(lines) >= 2 and len(_words(lines[-1])) == 1 and not _is_forced(lines[-2])


class BookParagraph(ParsedOnce):
    """A justified, hyphenated English paragraph without ladders or runts."""

    def breakLines(self, width):
        key = tuple(width) if isinstance(width, list | tuple) else width
        done = self.__dict__.get("_wrapped_once")
        if done is not None and done[0] == key and done[1] is self.frags:
            return done[2]
        widths = list(width) if isinstance(width, list | tuple) else [width]
        para = remembered(
            (
                "book",
                frags_key(self.frags),
                value_key(widths),
                style_key(self.style),
                value_key(self.bulletText),
            ),
            self,
            _BREAKING_SETS,
            lambda: self._book_lines(widths),
        )
        self._wrapped_once = (key, self.frags, para)
        return para

    def _book_lines(self, widths: list[float]):
        para = self._no_ladder(widths)
        if para.kind in (0, 1) and is_runt(para.lines):
            para = self._no_runt(widths, para)
        if para.kind in (0, 1) and is_runt(para.lines) and _ends_in_hyphen(para.lines[-2]):
            # the runt is a broken word's tail ("tion."): set the word whole, then again
            head = _words(para.lines[-2])[-1].rstrip("-\u2010\u00ad")
            word = (head + _words(para.lines[-1])[0]).strip(".,;:!?)(’‘“”")
            refuse = frozenset({word})
            whole = self._no_ladder(widths, refuse)
            if whole.kind in (0, 1) and is_runt(whole.lines):
                whole = self._no_runt(widths, whole, refuse)
            if whole.kind in (0, 1) and not is_runt(whole.lines):
                para = whole
        if para.kind in (0, 1) and is_runt(para.lines):  # the runt pulled up: spaces tighter
            para = self._tighter(widths, para)
        return para

    def split(self, availWidth, availHeight):
        self.__dict__.pop("_wrapped_once", None)
        return super().split(availWidth, availHeight)

    # ------------------------------------------------------------------ helpers

    def _lang(self) -> str:
        lang = getattr(self.style, "hyphenationLang", "")
        return lang if isinstance(lang, str) else ""

    def _break(self, widths: list[float], refuse: frozenset[str]):
        """One trial breaking, on copies of the fragments: ReportLab edits the fragments
        it splits a hyphenated compound in ("three-" | "player"), and a later trial
        from the same ones would set "threeplayer"."""
        lang = self._lang()
        style, source = self.style, self.frags
        try:
            self.frags = [f.clone() if hasattr(f, "clone") else f for f in source]
            if lang:
                self.style = _with_hyphenator(style, lang, refuse)
            return Paragraph.breakLines(self, widths)
        finally:
            self.style, self.frags = style, source

    def _no_ladder(self, widths: list[float], refuse: frozenset[str] = frozenset()):
        para = self._break(widths, refuse)
        for _ in range(8):  # each round refuses one more word
            i = None if para.kind not in (0, 1) else hyphen_ladder(para.lines)
            if i is None or i + 1 >= len(para.lines):
                return para
            head = _words(para.lines[i])[-1].rstrip("-\u2010\u00ad")
            tail = _words(para.lines[i + 1])[0]
            refuse = refuse | {(head + tail).strip(".,;:!?)(’‘“”")}
            para = self._break(widths, refuse)
        return para

    def _no_runt(self, widths: list[float], para, refuse: frozenset[str] = frozenset()):
        n = len(para.lines)
        em = self.style.fontSize
        for span in SPANS:  # take the word back over the last line, then over more
            if n - 1 - span < 0:
                break
            for step in range(1, 13):
                by = step * em * 0.5 / span
                trial = _widths_for(widths, n)
                for k in range(n - 1 - span, n - 1):
                    trial[k] -= by
                cand = self._no_ladder(trial, refuse)
                # one line more is fine (a narrow column's word may take a line of its own
                # rather than stand alone), the narrowed lines are widened back either way
                grown = len(cand.lines) - n
                if cand.kind not in (0, 1) or grown not in (0, 1) or is_runt(cand.lines):
                    continue
                if grown and _words(cand.lines[-1]) == _words(para.lines[-1]):
                    continue  # only the runt went down a line
                for k in range(n - 1 - span, n - 1):
                    _widen(cand.lines, k, by)
                if all(self._spaces_ok(cand.lines[k]) for k in range(n - 1 - span, n - 1)):
                    return cand
                break  # narrower only stretches the spaces further
        return para

    def _tighter(self, widths: list[float], para):
        """The paragraph with its word spaces allowed to close up a little more (as a
        compositor tightens a paragraph to pull its runt back), the least that does."""
        style = self.style
        try:
            for shrink in TIGHTER:
                self.style = _shrinking(style, shrink)
                cand = self._no_ladder(widths)
                if cand.kind in (0, 1) and not is_runt(cand.lines):
                    return cand
        finally:
            self.style = style
        return para

    def _spaces_ok(self, line) -> bool:
        gaps = max(1, len(_words(line)) - 1)
        space = stringWidth(" ", self.style.fontName, self.style.fontSize)
        return space + _extra(line) / gaps <= MAX_SPACE * self.style.fontSize


def _widths_for(widths: list[float], n: int) -> list[float]:
    return [widths[min(k, len(widths) - 1)] for k in range(n)]


@cache
def _shrinking(style, shrink: float):
    return ParagraphStyle(style.name, style, spaceShrinkage=shrink)


@cache
def _with_hyphenator(style, lang: str, refuse: frozenset[str]):
    """``style`` hyphenating with pyphen's ``lang``, but never the ``refuse``d words."""
    return ParagraphStyle(style.name, style, hyphenationLang=hyphenator(lang, refuse))
