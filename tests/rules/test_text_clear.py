"""No two lines of a rule sheet's text touch, read back from every sheet and booklet PDF.

A diagram's labels are placed by its own layout, not by the page's flow, so
nothing but this read-back sees one run into another: Detective Eye's 'Forgeries
you took…', wrapped a word a line on a booklet's half page, ran down over 'Your
hand…'. The ink of every glyph (PDFium's tight char box) is held clear of every
glyph of another line; the pictured cards are left out (a card face prints what
the card prints, at its own small sizes).
"""

from __future__ import annotations

import io

import pytest
from reportlab.lib.pagesizes import A6
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from cardpress.print.fonts import DISPLAY, register_fonts
from cardpress.rules import GAMES
from tests.print.readback import clashes, glyphs

from .conftest import EVERY_PAPER, LANGS, Sheets
from .typeset_readback import without_pictures


def _said(pairs) -> list[str]:
    def at(g) -> str:
        return f"{g.char!r}@{g.box[0]:.0f},{g.box[1]:.0f}"

    return [f"p{a.page} {at(a)} / {at(b)}" for a, b in pairs]


def _page(lines: list[tuple[float, float, str]]) -> bytes:
    register_fonts()
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=A6, invariant=1)
    c.setFont(DISPLAY, 6.8)
    for x, y, text in lines:
        c.drawString(x, y, text)
    c.save()
    return buf.getvalue()


def test_clashes_are_found() -> None:
    """The reader finds what the booklet showed (a label's last line over another's)
    and nothing in text set at a label's own leading, or words side by side."""
    leading = 6.8 * 1.28
    clear = _page([(20, 200, "Forgeries you took:"), (20, 200 - leading, "apart from your hand")])
    assert clashes(glyphs(clear)) == []
    beside = _page([(20, 200, "Your hand,"), (60, 200, "held so only you see it.")])
    assert clashes(glyphs(beside)) == []
    over = _page([(20, 200, "Your hand, held so only you see it."), (42, 202, "never")])
    assert clashes(glyphs(over))
    run_in = _page([(20, 200, "Your hand, held so"), (50, 200, "never placed.")])
    assert clashes(glyphs(run_in))
    end = 20 + stringWidth("…/rules/eshi100", DISPLAY, 6.8)
    folio = _page([(20, 200, "…/rules/eshi100"), (end - 2, 200, "2 / 8")])
    assert clashes(glyphs(folio))  # the next glyph in text order, but another run


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", EVERY_PAPER)
def test_no_text_runs_into_other_text(sheets: Sheets, game: str, lang: str, paper: str) -> None:
    pdf = without_pictures(sheets.pdf(game, lang, paper).read_bytes())
    found = clashes(glyphs(pdf))
    assert not found, f"{game}/{lang}/{paper}: text touching other text: {_said(found[:8])}"
