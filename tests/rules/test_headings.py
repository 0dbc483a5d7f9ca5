"""Japanese headings read back from every sheet's PDF break between phrases.

A heading, title, caption or ruling's question that runs over two lines is
found in the PDF by its text (from the rule document) and its line breaks are
held against budoux's phrases of that text: アルジャントゥイユの|ひなげし, never
アルジャントゥイユのひ|なげし. Where budoux reads a phrase longer than a line
holds (絵師100人展トレーディングカードゲーム is one), the break inside it may
only fall where kanji meets katakana (絵師100人展|トレーディングカードゲーム),
never inside a word or between a number and its counter (絵師100|人展).
"""

from __future__ import annotations

import re

import budoux
import pytest

from cardpress.print.typography import sheet_typography, typographic
from cardpress.rules import GAMES, load_rules
from cardpress.rules import model as m
from tests.print.readback import Line, lines

from .conftest import BOOKLET, EVERY_PAPER, Sheets
from .typeset_readback import without_pictures

RULE_ID = re.compile(r"^[A-Z]{2}-[A-Z]*\d+\s*")
KANJI = re.compile(r"[\u4e00-\u9fff々]")
KATAKANA = re.compile(r"[\u30a1-\u30fa]")


def _plain(text: str) -> str:
    return re.sub(r"\s", "", typographic(sheet_typography(text, "ja")))


def _text(spans: m.Inline) -> str:
    return "".join(s.text for s in spans)


def headings(game: str) -> list[str]:
    """Every text of the sheet that is set as a heading (phrase breaks only)."""
    doc = load_rules(game, "ja")
    q = doc.label("question", "Q")
    out = [doc.title, doc.subtitle or ""]
    for b in doc.walk():
        if isinstance(b, m.Section):
            out.append(b.title)
        elif isinstance(b, m.Box) and b.title:
            out.append(_text(b.title))
        elif isinstance(b, m.Example):  # 「例」 and its title, on one line
            out.append(doc.label("example", "Example") + _text(b.title))
        elif isinstance(b, m.Table) and b.caption:
            out.append(_text(b.caption))
        elif isinstance(b, m.Ruling):
            out.append(f"{q}.{_text(b.question_spans)}")
    return [_plain(h) for h in out if h]


def _seam(text: str, i: int) -> bool:
    a, b = text[i - 1], text[i]
    return bool((KANJI.match(a) and KATAKANA.match(b)) or (KATAKANA.match(a) and KANJI.match(b)))


def wrapped(found: list[Line], heading: str) -> list[list[str]]:
    """The heading's lines wherever the PDF sets it over more than one line."""
    out = []
    for i, first in enumerate(found):
        head = _plain(RULE_ID.sub("", first.text))
        if not head or len(head) >= len(heading) or not heading.startswith(head):
            continue
        parts, at = [head], len(head)
        for ln in found[i + 1 :]:  # the next lines, under it at its left edge
            if ln.page != first.page or abs(ln.box[0] - first.box[0]) > 1:
                break
            piece = _plain(ln.text)
            if not heading.startswith(piece, at):
                break
            parts.append(piece)
            at += len(piece)
            if at == len(heading):
                out.append(parts)
                break
    return out


def bad_breaks(heading: str, parts: list[str]) -> list[str]:
    """The breaks of ``parts`` (the heading's lines) that fall inside a phrase."""
    bounds, at, phrases = set(), 0, budoux.load_default_japanese_parser().parse(heading)
    longest = max(len(p) for p in parts)
    for phrase in phrases:
        start, at = at, at + len(phrase)
        bounds.add(at)
        if len(phrase) > longest:  # wider than a line: it breaks where its words meet
            bounds.update(i for i in range(start + 1, at) if _seam(heading, i))
    out, at = [], 0
    for part in parts[:-1]:
        at += len(part)
        if at not in bounds:
            out.append(f"{heading[:at]}⏎{heading[at:]}")
    return out


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", EVERY_PAPER)
def test_japanese_headings_are_not_split_inside_a_phrase(
    sheets: Sheets, game: str, paper: str
) -> None:
    """On every sheet and on both booklets' half pages (A5, half-letter), where more
    headings wrap."""
    found = lines(without_pictures(sheets.pdf(game, "ja", paper).read_bytes()))
    one_line = {_plain(RULE_ID.sub("", ln.text)) for ln in found}
    split, missing, over_two = [], [], 0
    for heading in sorted(set(headings(game))):
        lines_of = wrapped(found, heading)
        over_two += len(lines_of)
        if not lines_of and heading not in one_line:
            missing.append(heading)
        for parts in lines_of:
            split += bad_breaks(heading, parts)
    assert not split, f"{game}/{paper}: headings split inside a phrase:\n" + "\n".join(split)
    # every heading was read back, on one line or over several (so its breaks were judged)
    assert not missing, f"{game}/{paper}: headings not found in the PDF: {missing}"
    if paper.startswith(BOOKLET):  # the half page's measure wraps some of them
        assert over_two, f"{game}: no heading over two lines on the booklet's pages"
