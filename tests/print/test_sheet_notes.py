"""The printing notes on deck sheets fit their room on every layout.

A note too long for its room even condensed is drawn anyway and only warned
about, so it runs over the crop marks a person cuts along: here such a warning
fails, on every deck, layout, card size, paper, gutter setting and language.
"""

from __future__ import annotations

import itertools
import re
import subprocess
import warnings

import pytest

from cardpress.print.layout import DUPLEX, SIZES, sheet
from cardpress.print.sheets import render_deck_pdf
from cardpress.print.typeset import label
from tests.print.helpers import BASE, catalogue, deck_pdf

DECKS = ("triptych", "ultimatch", "eshi100")
GUTTERFOLD_NOTE = "Print single-sided, cut, fold along the centre line and glue"


@pytest.mark.parametrize(
    ("lang", "paper", "size"), list(itertools.product(("en", "ja"), ("a4", "letter"), SIZES))
)
def test_no_text_overflows_on_any_deck_sheet(lang: str, paper: str, size: str) -> None:
    cat = catalogue()
    for deck, duplex, gutter in itertools.product(DECKS, DUPLEX, (True, False)):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            try:
                render_deck_pdf(
                    cat.deck(deck), lang, paper, BASE, size=size, duplex=duplex,
                    root=cat.root, gutter=gutter,
                )  # fmt: skip
            except Warning as w:
                pytest.fail(f"{deck} {lang} {paper} {size} {duplex} gutter={gutter}: {w}")


def _words(pdf: bytes, page: int) -> list[tuple[str, float, float, float, float]]:
    """Each word on a page and its box (x0, y0, x1, y1 in points from the top left)."""
    out = subprocess.run(
        ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), "-", "-"],
        input=pdf, capture_output=True, check=True,
    ).stdout.decode()  # fmt: skip
    pattern = (
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>'
    )
    return [
        (w, float(a), float(b), float(c), float(d)) for a, b, c, d, w in re.findall(pattern, out)
    ]


def test_the_gutterfold_note_under_a_mini_euro_card_stays_between_its_marks() -> None:
    """Read back as printed: every word of the note is on the page, in order, on two
    lines under the cards, and none crosses the middle column's cut lines (the crop
    marks under it)."""
    lay = sheet("a4", "mini-euro", "gutterfold")
    pdf = deck_pdf("ultimatch", "en", "a4", "mini-euro", "gutterfold")
    words = _words(pdf, 1)
    note = label("en", GUTTERFOLD_NOTE).split()
    texts = [w[0] for w in words]
    start = next(i for i in range(len(texts)) if texts[i : i + len(note)] == note)
    placed = words[start : start + len(note)]
    trim_foot = lay.page[1] - min(s.y for s in lay.fronts)  # lowest row's cut, from the top
    xs = sorted({s.x for s in lay.fronts})
    left = xs[len(xs) // 2]
    for word, x0, y0, x1, _y1 in placed:
        assert y0 > trim_foot, f"{word!r} is not under the cards"
        assert left < x0 and x1 < left + lay.size.width, f"{word!r} crosses a cut line"
    assert len({round(w[2]) for w in placed}) == 2, "the note takes two lines"
