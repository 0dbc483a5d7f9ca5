"""The rule sheets' colours, shared by the typeset pages and their diagrams.

A diagram sits inside a rule sheet (and, as SVG, on the referee's page), so it
must use the very inks of the text around it; one definition keeps them equal.
These are ReportLab colour objects, for Platypus styles and graphics shapes.
Card faces draw on a bare canvas with RGB tuples and a warmer ink on cream
stock: their palette is ``cardpress.print.typeset``'s.
"""

from __future__ import annotations

from reportlab.lib.colors import HexColor

INK = HexColor("#1d2230")
MUTED = HexColor("#6b7080")
ACCENT = HexColor("#1f2a44")
PAPER = HexColor("#ffffff")
RULE = HexColor("#c9ccd6")  # hairlines: the footer rule
HEAD_BG = HexColor("#e9ebf1")  # table header rows
SOFT = HexColor("#eef0f5")  # a diagram box with nothing to say

BLUE = HexColor("#2a6bb5")  # supplements, cross-references, answers
BLUE_BG = HexColor("#eaf2fb")
EXAMPLE_LINE = HexColor("#c8a860")  # worked examples
EXAMPLE_BG = HexColor("#f7f4ec")
EXAMPLE_WORD = HexColor("#8a6d2b")  # the word "Example" before an example's title

GOOD = HexColor("#2e8b57")  # allowed, a match, a hit
GOOD_BG = HexColor("#e8f5ec")
BAD = HexColor("#c0392b")  # blocked, a miss
BAD_BG = HexColor("#fbeaea")
