"""Paragraphs parsed and broken once per process come out as if set afresh.

The cache is only worth having if nothing can tell it is there: a paragraph that
gets kept lines must draw, split and measure exactly as one broken from scratch,
and paragraphs that differ in anything that changes their lines must not share.
"""

from __future__ import annotations

import io

import pytest
from reportlab.lib.colors import Color
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas

from cardpress.print.fonts import register_fonts, sheet_fonts
from cardpress.print.justify import BookParagraph
from cardpress.rules import paragraph_cache
from cardpress.rules.kinsoku import JustifiedKinsokuParagraph

EN = (
    "Each player in turn lays one painting face up in the gallery, then takes the "
    "nominated card into their hand; a forgery counts against whoever holds it at "
    "the end of the round, and the thirty-two-card deck is shuffled between rounds."
)
JA = (
    "手番のプレイヤーは絵札を1枚ギャラリーに表向きに置き、指名されたカードを手札に加えます。"
    "ラウンドの終わりに贋作を持っているプレイヤーは、その枚数だけ得点を失います。"
)


def _style(lang: str, **kw) -> ParagraphStyle:
    register_fonts()
    fonts = sheet_fonts(lang)
    base = dict(fontName=fonts.body, fontSize=9.5, leading=13, alignment=4)
    if lang == "en":
        base["hyphenationLang"] = "en_GB"
    else:
        base["wordWrap"] = "CJK"
    return ParagraphStyle(f"body-{lang}", **{**base, **kw})


def _lines(para) -> list[tuple[float, list[str]]]:
    """Each line's slack and words, as drawn."""
    out = []
    for line in para.blPara.lines:
        if isinstance(line, tuple):
            out.append((round(line[0], 6), [str(w) for w in line[1]]))
        else:
            out.append((round(line.extraSpace, 6), [w.text for w in line.words]))
    return out


def _drawn(para, width: float) -> bytes:
    buf = io.BytesIO()
    canvas = Canvas(buf, invariant=1)
    para.wrapOn(canvas, width, 1000)
    para.drawOn(canvas, 20, 400)
    canvas.save()
    return buf.getvalue()


CASES = [
    pytest.param(BookParagraph, EN, "en", id="en"),
    pytest.param(JustifiedKinsokuParagraph, JA, "ja", id="ja"),
]


@pytest.fixture(autouse=True)
def _empty_cache():
    paragraph_cache._LINES.clear()
    paragraph_cache._PARSED.clear()
    yield
    paragraph_cache._LINES.clear()
    paragraph_cache._PARSED.clear()


@pytest.mark.parametrize(("cls", "text", "lang"), CASES)
def test_kept_lines_draw_as_fresh_ones(cls, text, lang):
    width = 170
    fresh = _drawn(cls(text, _style(lang)), width)
    assert paragraph_cache._LINES and paragraph_cache._PARSED  # the first one was kept
    again = cls(text, _style(lang))
    assert _drawn(again, width) == fresh
    paragraph_cache._LINES.clear()
    paragraph_cache._PARSED.clear()
    assert _drawn(cls(text, _style(lang)), width) == fresh


@pytest.mark.parametrize(("cls", "text", "lang"), CASES)
def test_splitting_kept_lines_leaves_the_cache_as_it_was(cls, text, lang):
    """Splitting edits a paragraph's lines in place: the next paragraph must not see it."""
    width = 150
    first = cls(text, _style(lang))
    first.wrap(width, 1000)
    expected = _lines(first)
    canvas = Canvas(io.BytesIO())
    for _ in range(2):
        para = cls(text, _style(lang))
        para.wrapOn(canvas, width, 1000)
        parts = para.split(width, 30)  # two lines' room: a split
        assert len(parts) == 2
        for part in parts:
            part.wrapOn(canvas, width, 1000)
    later = cls(text, _style(lang))
    later.wrap(width, 1000)
    assert _lines(later) == expected


@pytest.mark.parametrize(("cls", "text", "lang"), CASES)
@pytest.mark.parametrize(
    "change",
    [
        {"fontSize": 10.5},
        {"leading": 15},
        {"textColor": Color(0.5, 0, 0)},
        {"alignment": 0},
    ],
    ids=["size", "leading", "colour", "alignment"],
)
def test_a_different_setting_is_broken_afresh(cls, text, lang, change):
    width = 160
    plain = cls(text, _style(lang))
    plain.wrap(width, 1000)
    other = cls(text, _style(lang, **change))
    other.wrap(width, 1000)
    paragraph_cache._LINES.clear()
    paragraph_cache._PARSED.clear()
    alone = cls(text, _style(lang, **change))
    alone.wrap(width, 1000)
    assert _lines(other) == _lines(alone)
    assert _drawn(cls(text, _style(lang, **change)), width) == _drawn(alone, width)


@pytest.mark.parametrize(("cls", "text", "lang"), CASES)
def test_another_width_is_broken_afresh(cls, text, lang):
    narrow, wide = cls(text, _style(lang)), cls(text, _style(lang))
    narrow.wrap(120, 1000)
    wide.wrap(240, 1000)
    assert len(_lines(narrow)) > len(_lines(wide))


def test_markup_differing_in_one_span_is_parsed_afresh():
    style = _style("en")
    bold = BookParagraph(EN.replace("forgery", "<b>forgery</b>"), style)
    plain = BookParagraph(EN, style)
    assert len(bold.frags) > len(plain.frags)
    assert [f.text for f in plain.frags] == [EN]


def test_a_key_tells_apart_exactly_what_differs():
    """Equal contents give equal keys, whatever the objects; a value of another type, a
    colour a shade off, a fragment of other text give another key, also where one
    object is met twice in a key (read once)."""
    from reportlab.lib.abag import ABag

    def frag(text: str, colour: Color) -> ABag:
        return ABag(text=text, fontName="F", fontSize=9, textColor=colour, rise=0)

    red = Color(1, 0, 0)
    key = paragraph_cache.frags_key
    assert key([frag("a", red), frag("b", red)]) == key(
        [frag("a", Color(1, 0, 0))] * 1 + [frag("b", Color(1, 0, 0))]
    )
    assert key([frag("a", red), frag("b", red)]) != key(
        [frag("a", red), frag("b", Color(1, 0, 0.01))]
    )
    assert key([frag("a", red), frag("b", red)]) != key([frag("a", red), frag("c", red)])
    assert (
        paragraph_cache.value_key(1)
        != paragraph_cache.value_key(1.0)
        != paragraph_cache.value_key(True)
    )
    assert paragraph_cache.value_key([1, (2, "x")]) != paragraph_cache.value_key((1, (2, "x")))
    assert paragraph_cache.value_key({"a": [1]}) == paragraph_cache.value_key({"a": [1]})
    assert paragraph_cache.value_key({"a": [1]}) != paragraph_cache.value_key({"a": [2]})
