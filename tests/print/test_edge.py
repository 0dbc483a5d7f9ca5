"""Nothing within 5 mm of the paper's edge, read from what the page draws (strokes with
their width), not from a coarse raster: home printers clip there."""

from __future__ import annotations

import io

import pikepdf
import pytest

from cardpress.print.layout import EDGE
from cardpress.print.marks import pdf_marks
from tests.print.helpers import deck_pdf

HAIRLINE = 0.25 / 2  # a crop mark lies on a cut line 5 mm in: half its stroke may pass it


@pytest.mark.parametrize(("deck", "paper"), [("eshi100", "letter"), ("triptych", "a4")])
def test_no_mark_within_5_mm_of_the_paper_edge(deck: str, paper: str) -> None:
    with pikepdf.open(io.BytesIO(deck_pdf(deck, "en", paper))) as pdf:
        sizes = [[float(v) for v in page.obj.MediaBox] for page in pdf.pages]
        pages = pdf_marks(pdf)
    for n, (media, marks) in enumerate(zip(sizes, pages, strict=True), 1):
        for m in marks:
            d = min(m.box[0], m.box[1], media[2] - m.box[2], media[3] - m.box[3])
            assert d >= EDGE - HAIRLINE - 0.01, (
                f"{deck} {paper} page {n}: {m.kind} {m.text!r} {d / 72 * 25.4:.2f} mm "
                "from the paper's edge"
            )
