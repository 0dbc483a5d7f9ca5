"""Where a rule sheet's text goes on the page: its columns and their measure.

A line of running text is easiest to read at about 45-75 Latin characters (two
to three alphabets, as typographers measure it) and, in Japanese, at about 35-40
全角. Across a portrait A4 or Letter page, inside the margins and the rule-ID
gutter, a single English column would run to about 90 characters, so English
sets two columns there, each with a narrower gutter for the rule IDs; on a
booklet's half page one column already reads at that measure.

Japanese sets one column of whole characters, at most 40 to a line, centred
on the page: two columns of an A4 page hold only about 24 全角 each at the 13Q
(9.2 pt) body, short enough that kinsoku and 両端揃え stretch many lines and
long katakana words straddle them, while the full width holds 45 and more. A
measure of a whole number of characters is also what lets a line of
Japanese alone justify without any added space (JIS X 4051).
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

MARGIN_X = 16 * mm
LABEL_W = 15 * mm  # the rule-ID gutter of a single column, inside the frame
COLUMN_LABEL_W = 10 * mm  # the gutter in one of two columns ("GR-10", "DE-H3" at 6.4 pt)
COLUMN_GAP = 6 * mm
LATIN_MAX_CHARS = 75  # a single column past this many characters a line splits in two
CJK_LINE_CHARS = 40  # the most 全角 a Japanese line holds


@dataclass(frozen=True)
class Measure:
    """The text area of a page: ``columns`` side by side, each ``column_w`` wide
    (its rule-ID gutter of ``label_w`` included), the first at ``x0``."""

    columns: int
    column_w: float
    label_w: float
    gap: float
    x0: float

    @property
    def full_w(self) -> float:
        """From the first column's left to the last one's right (the title's width)."""
        return self.columns * self.column_w + (self.columns - 1) * self.gap

    def column_x(self, i: int) -> float:
        return self.x0 + i * (self.column_w + self.gap)

    def text_edges(self) -> list[tuple[float, float]]:
        """Each column's running text: its left (right of the gutter) and right edge."""
        return [
            (self.column_x(i) + self.label_w, self.column_x(i) + self.column_w)
            for i in range(self.columns)
        ]


def alphabet_chars(width: float, font: str, size: float) -> float:
    """How many characters of running text a line ``width`` wide holds, by the
    lowercase alphabet's length (26 characters of average text)."""
    return width / (stringWidth("abcdefghijklmnopqrstuvwxyz", font, size) / 26)


def measure(pagesize: tuple[float, float], cjk: bool, body_font: str, body_size: float) -> Measure:
    """The columns of a page of ``pagesize`` for text set in ``body_font`` at ``body_size``."""
    page_w = pagesize[0]
    full = page_w - 2 * MARGIN_X
    if cjk:
        chars = min(CJK_LINE_CHARS, int((full - LABEL_W) / body_size))
        width = LABEL_W + chars * body_size
        return Measure(1, width, LABEL_W, 0.0, (page_w - width) / 2)
    if alphabet_chars(full - LABEL_W, body_font, body_size) <= LATIN_MAX_CHARS:
        return Measure(1, full, LABEL_W, 0.0, MARGIN_X)
    return Measure(2, (full - COLUMN_GAP) / 2, COLUMN_LABEL_W, COLUMN_GAP, MARGIN_X)
