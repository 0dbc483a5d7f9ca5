"""Nothing within 5 mm of the paper's edge: home printers clip there.

Every deck sheet the build can make (each deck x paper x duplex layout x card size,
with and without gutters, both languages) is rendered by PDFium, as a printer driver
would, and the 5 mm bands along its edges must be blank paper; the rendering is what
a printer is sent, so it also catches an image's pixels or a clip taken wrongly. A
page that fails is then read for what it draws (``cardpress.print.marks``) to name
the offending mark. The poker sheets of every duplex layout are also read mark by
mark, strokes with their width, which sees ink thinner than a pixel.
"""

from __future__ import annotations

import io

import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cardpress.print.layout import DUPLEX, EDGE, PAPERS, SIZES
from cardpress.print.marks import pdf_marks
from cardpress.print.sheets import render_deck_pdf
from tests.print.helpers import BASE, catalogue, deck_pdf

HAIRLINE = 0.25 / 2  # a crop mark lies on a cut line 5 mm in: half its stroke may pass it
DPI = 100
#: a pixel is ink when a channel is darker than this (paper renders 255, 255, 255)
INK_BELOW = 250
DECKS = ("triptych", "ultimatch", "eshi100")


def _edge_strips(page: Image.Image) -> dict[str, Image.Image]:
    """The four bands of whole pixels lying within ``EDGE`` of the paper's edge."""
    w, h = page.size
    n = int(EDGE / 72 * DPI - HAIRLINE / 72 * DPI)  # pixels wholly inside the band
    return {
        "left": page.crop((0, 0, n, h)),
        "right": page.crop((w - n, 0, w, h)),
        "top": page.crop((0, 0, w, n)),
        "bottom": page.crop((0, h - n, w, h)),
    }


def _inked(strip: Image.Image) -> int:
    """How many pixels of ``strip`` carry ink (any channel darker than paper)."""
    darkest = ImageChops.darker(ImageChops.darker(*strip.split()[:2]), strip.split()[2])
    return sum(darkest.point(lambda v: 255 if v < INK_BELOW else 0).histogram()[255:])


def marks_near_the_edge(pdf: bytes, name: str) -> list[str]:
    """Every mark drawn within 5 mm of a page's edge, by what it is."""
    found = []
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        media = [[float(v) for v in page.obj.MediaBox] for page in doc.pages]
        pages = pdf_marks(doc)
    for n, (box, marks) in enumerate(zip(media, pages, strict=True), 1):
        for m in marks:
            d = min(m.box[0], m.box[1], box[2] - m.box[2], box[3] - m.box[3])
            if d < EDGE - HAIRLINE - 0.01:
                found.append(
                    f"{name} page {n}: {m.kind} {m.text!r} {d / 72 * 25.4:.2f} mm "
                    "from the paper's edge"
                )
    return found


def edge_problems(pdf: bytes, name: str) -> list[str]:
    """Every band of rendered ink within 5 mm of a page's edge, and what draws it."""
    found = []
    doc = pdfium.PdfDocument(pdf)
    try:
        for n, page in enumerate(doc, 1):
            image = page.render(scale=DPI / 72).to_pil().convert("RGB")
            for side, strip in _edge_strips(image).items():
                if inked := _inked(strip):
                    found.append(f"{name} page {n}: {inked} inked pixels along the {side} edge")
    finally:
        doc.close()
    return found + (marks_near_the_edge(pdf, name) if found else [])


def test_the_check_sees_ink_at_the_edge_and_not_a_crop_mark_at_5_mm() -> None:
    """The check itself: a line 4 mm from the edge fails, a crop mark ending at 5 mm does
    not (so a passing deck is not a blind check)."""

    def page(x: float) -> bytes:
        buf = io.BytesIO()
        c = Canvas(buf, pagesize=PAPERS["a4"], invariant=1)
        c.setLineWidth(0.25)
        c.line(x, 100 * mm, 40 * mm, 100 * mm)
        c.showPage()
        c.save()
        return buf.getvalue()

    near = edge_problems(page(4 * mm), "near")
    assert any("along the left edge" in p for p in near)
    assert any("shape '' 3.96 mm from the paper's edge" in p for p in near)
    assert edge_problems(page(EDGE), "crop mark") == []
    assert marks_near_the_edge(page(EDGE), "crop mark") == []
    assert marks_near_the_edge(page(4.9 * mm), "thin") != []


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("duplex", DUPLEX)
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("deck", DECKS)
def test_no_ink_within_5_mm_of_the_paper_edge(deck: str, paper: str, duplex: str, size: str):
    found = []
    for lang in ("en", "ja"):
        found += edge_problems(deck_pdf(deck, lang, paper, size, duplex), f"{lang} {deck}")
    assert not found, "\n".join(found[:12])


@pytest.mark.parametrize("duplex", DUPLEX)
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("deck", DECKS)
def test_no_mark_within_5_mm_on_the_poker_sheets(deck: str, paper: str, duplex: str) -> None:
    """Mark by mark, strokes boxed by half their width: the gutterfold's fold line ended
    on the 5 mm line, so its 0.4 pt stroke read 4.93 mm from the top and bottom edges."""
    found = []
    for lang in ("en", "ja"):
        pdf = deck_pdf(deck, lang, paper, "poker", duplex)
        found += marks_near_the_edge(pdf, f"{lang} {deck} {duplex}")
    assert not found, "\n".join(found[:12])


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("deck", DECKS)
def test_no_ink_within_5_mm_without_gutters(deck: str, paper: str) -> None:
    cat = catalogue()
    found = []
    for lang in ("en", "ja"):
        pdf = render_deck_pdf(cat.deck(deck), lang, paper, BASE, root=cat.root, gutter=False)
        found += edge_problems(pdf, f"{lang} {deck} --no-gutters")
    assert not found, "\n".join(found[:12])


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("paper", list(PAPERS))
def test_no_crop_mark_runs_across_the_fold_label(paper: str, size: str) -> None:
    """On a gutterfold sheet "Fold here" / 「ここで折る」 stands clear of every crop mark
    (centred on the page, it sat where the gutter's cut lines meet the fold)."""
    from cardpress.print.typeset import label

    for lang in ("en", "ja"):
        pdf = deck_pdf("eshi100", lang, paper, size, "gutterfold")
        with pikepdf.open(io.BytesIO(pdf)) as doc:
            marks = pdf_marks(doc)[0]
        words = label(lang, "Fold here")
        (text,) = [m for m in marks if m.kind == "text" and m.text.strip() == words]
        t = text.box
        crossing = [
            m.box
            for m in marks
            if m.kind == "shape"
            and m.box[3] - m.box[1] < 100 * mm  # not the fold line itself
            and m.box[0] < t[2]
            and t[0] < m.box[2]
            and m.box[1] < t[3]
            and t[1] < m.box[3]
        ]
        assert not crossing, (lang, paper, size, t, crossing)
