"""A paragraph split over two cards (or columns) reads the same on the second.

ReportLab rebuilds the rest of a split paragraph from its broken lines, with a
space at each old line end; Japanese has no spaces, so each showed as a gap
inside a word once the rest was wrapped again (「自分を数 える」 on the
continued Detective Eye rule card).
"""

from __future__ import annotations

import pytest

from cardpress.print import typeset
from cardpress.print.fonts import SANS, register_fonts

JAPANESE = (
    "配置されたカードを1枚ずつめくります。宣言の枚数に届いたら、めくったカードの持ち主"
    "1人につき1枚、手札を捨てます。自分を数えるのは、自分のカードをめくったときだけです。"
    "贋作は先にサプライへ返します。違う画家をめくったらミスカウントを1増やします。"
)
ENGLISH = (
    "Turn the placed cards up one at a time. Once the count is reached, every owner of a "
    "turned card discards one card from hand; you count yourself only when one of your "
    "own cards was turned."
)


def _lines(paragraph) -> list[str]:
    """The text of each broken line (a Latin line is a list of words, a CJK line of frags)."""
    return [
        " ".join(line[1]) if isinstance(line, tuple) else "".join(w.text for w in line.words)
        for line in paragraph.blPara.lines
    ]


@pytest.mark.parametrize("second_width", [140, 120, 90])
def test_the_rest_of_a_split_japanese_paragraph_has_no_gaps(second_width: float) -> None:
    register_fonts()
    p = typeset.paragraph(JAPANESE, SANS, 6.5, "ja", leading=7.8)
    p.wrap(140, 1000)
    first, rest = p.split(140, 20)
    rest.wrap(second_width, 1000)
    text = "".join(_lines(first)) + "".join(_lines(rest))
    assert text.replace(" ", "") == JAPANESE  # nothing lost
    assert " " not in "".join(_lines(rest)), _lines(rest)


def test_a_split_english_paragraph_keeps_its_word_spaces() -> None:
    register_fonts()
    p = typeset.paragraph(ENGLISH, SANS, 6.5, "en", leading=7.8)
    p.wrap(140, 1000)
    first, rest = p.split(140, 20)
    rest.wrap(100, 1000)
    words = " ".join(_lines(first)).split() + " ".join(_lines(rest)).split()
    assert words == ENGLISH.split()
