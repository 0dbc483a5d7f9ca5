"""What every game's diagram draws with: wrapped text, boxes of text, arrows, a blank Drawing.

Text is measured with the registered TrueType faces and broken by the
project's one line breaker (kinsoku for Japanese); a Japanese label is set
ragged, like the sheet's headings, so it breaks between phrases as they do.
"""

from __future__ import annotations

import math

from reportlab.graphics.shapes import Drawing, Group, Line, Polygon, String
from reportlab.pdfbase.pdfmetrics import stringWidth

from cardpress.print.fonts import SANS, register_fonts
from cardpress.print.palette import ACCENT, INK
from cardpress.print.typography import typographic
from cardpress.rules.kinsoku import line_breaks, phrase_boundaries

#: closing marks that hang at the end of a line rather than start the next (kinsoku)
_HANGING = frozenset("、。」）』")


def fill_lines(tokens: list[str], font: str, size: float, width: float) -> list[str]:
    """Fill lines greedily with ``tokens``, each no wider than ``width`` when it can be.

    The rule sheet breaks its URL with this too, so captions and URL agree on
    what fits. A space never starts a line; a closing mark hangs past the edge.
    """
    lines: list[str] = []
    line = ""
    for tok in tokens:
        trial = line + tok
        if line and stringWidth(trial.rstrip(), font, size) > width:
            if tok in _HANGING:
                line = trial
                continue
            lines.append(line.rstrip())
            line = "" if tok == " " else tok
        else:
            line = trial
    lines.append(line.rstrip())
    return lines


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` with the project's one line breaker.

    Japanese follows kinsoku (``cardpress.rules.kinsoku.line_breaks``) and, as a
    ragged label, breaks between budoux's phrases as the sheet's headings do
    (最後の1枚, never 最後の1|枚); other languages break at spaces; a word wider
    than the line is split.
    """
    text = typographic(text)
    chars = list(text)
    widths = [stringWidth(ch, font, size) for ch in chars]
    phrases = phrase_boundaries(text) if any(ord(ch) >= 0x3000 for ch in text) else None
    return [text[a:b].strip() for a, b in line_breaks(chars, widths, width, phrases=phrases)]


def text_block(
    g: Group,
    text: str,
    x: float,
    y_top: float,
    width: float,
    size: float = 7.5,
    font: str = SANS,
    colour=INK,
    anchor: str = "middle",
    leading: float | None = None,
) -> float:
    """Draw wrapped text with its first line's top at ``y_top``; returns the bottom y."""
    leading = leading or size * 1.28
    y = y_top - size
    for line in wrap(text, font, size, width):
        g.add(String(x, y, line, fontName=font, fontSize=size, fillColor=colour, textAnchor=anchor))
        y -= leading
    return y + leading - size * 0.3


def text_height(text: str, width: float, size: float = 7.5, font: str = SANS) -> float:
    """How tall :func:`text_block` will set ``text``: layouts measure before they draw."""
    return len(wrap(text, font, size, width)) * size * 1.28


def balanced_width(text: str, width: float, size: float = 7.5, font: str = SANS) -> float:
    """The narrowest width that sets ``text`` in as many lines as ``width`` does, so
    its lines come out even: a label's last line is never a word or two left over
    (受け取った贋作…使わ|ない)."""
    lines = len(wrap(text, font, size, width))
    lo, hi = width / 2, width
    for _ in range(12):
        mid = (lo + hi) / 2
        if len(wrap(text, font, size, mid)) > lines:
            lo = mid
        else:
            hi = mid
    return hi


def arrow(
    g: Group,
    x1: float,
    y1: float,
    x2: float,
    y2: float,
    colour=ACCENT,
    w: float = 0.9,
    head: float = 4.0,
    dash: tuple[float, ...] | None = None,
) -> None:
    """A line from (x1, y1) with a filled head at (x2, y2)."""
    line = Line(x1, y1, x2, y2, strokeColor=colour, strokeWidth=w)
    if dash:
        line.strokeDashArray = list(dash)
    g.add(line)
    ang = math.atan2(y2 - y1, x2 - x1)
    pts = [
        x2,
        y2,
        x2 - head * math.cos(ang - 0.42),
        y2 - head * math.sin(ang - 0.42),
        x2 - head * math.cos(ang + 0.42),
        y2 - head * math.sin(ang + 0.42),
    ]
    g.add(Polygon(pts, fillColor=colour, strokeColor=colour, strokeWidth=0.3))


def new_drawing(width: float, height: float) -> Drawing:
    """A Drawing whose initial font is a registered one (never Helvetica)."""
    register_fonts()
    d = Drawing(width, height)
    d.initialFontName = SANS
    d.initialFontSize = 8
    return d


def label(labels: dict[str, str], key: str) -> str:
    """The template's word for ``key``; the key itself when it gives none, so a gap shows."""
    return labels.get(key, key)
