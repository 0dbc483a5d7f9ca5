"""Every index, text line and QR code at least 3.2 mm inside the trim, frames 4 mm or none.

Read back from the print-shop PDFs themselves (``cardpress.print.marks``): every
card of every deck at every size in both languages, fronts and backs.
"""

from __future__ import annotations

import io

import pikepdf
import pytest
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cardpress.catalogue import load_catalogue
from cardpress.print.faces import printed_cards
from cardpress.print.layout import BLEED, FRAME_MIN, SAFE, SIZES
from cardpress.print.marks import pdf_marks
from cardpress.print.safe_zone import problems
from cardpress.print.sheets import deck_cards, render_print_shop_pdf
from cardpress.print.typeset import Ctx
from cardpress.print.version_mark import with_version

BASE = "https://cards.example.org"


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue()


def _trim(size: str):
    cs = SIZES[size]
    return (BLEED, BLEED, BLEED + cs.width, BLEED + cs.height)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("deck_id", ["triptych", "ultimatch", "eshi100"])
def test_every_card_keeps_the_safe_zone(catalogue, deck_id: str, size: str) -> None:
    deck = catalogue.deck(deck_id)
    found = []
    for lang in ("en", "ja"):
        pdf = render_print_shop_pdf(deck, lang, BASE, size=size, root=catalogue.root)
        cards = printed_cards(deck, deck_cards(deck), Ctx(lang, BASE, SIZES[size]))
        pages = pdf_marks(pikepdf.open(io.BytesIO(pdf)))
        assert len(pages) == 2 * len(cards)
        texts = 0
        for n, marks in enumerate(pages):
            texts += sum(m.kind == "text" for m in marks)
            side = "front" if n % 2 == 0 else "back"
            for p in problems(marks, _trim(size)):
                found.append(f"{lang} {cards[n // 2].id} {side}: {p.describe()}")
        assert texts > 5 * len(cards)  # the reader saw the cards' text
    assert not found, "\n".join(found[:12])


def _page(draw) -> list:
    """The marks of one poker page with bleed, drawn by ``draw(canvas)`` in trim space."""
    cs = SIZES["poker"]
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(cs.width + 2 * BLEED, cs.height + 2 * BLEED))
    c.translate(BLEED, BLEED)
    c.setFillColorRGB(0.2, 0.3, 0.5)
    c.rect(-BLEED, -BLEED, cs.width + 2 * BLEED, cs.height + 2 * BLEED, stroke=0, fill=1)
    draw(c)
    c.showPage()
    c.save()
    return pdf_marks(pikepdf.open(io.BytesIO(buf.getvalue())))[0]


def test_text_in_the_safe_zone_is_found() -> None:
    def draw(c):
        c.setFont("Helvetica", 8)
        c.drawString(2 * mm, 40 * mm, "too close")  # 2 mm from the left trim
        c.drawString(10 * mm, 40 * mm, "fine")

    found = problems(_page(draw), _trim("poker"))
    assert [(p.rule, p.mark.text) for p in found] == [("safe zone", "too close")]
    assert abs(found[0].distance - 2 * mm) < 0.1
    assert "2.00 mm inside the trim" in found[0].describe()


def test_a_turned_index_near_the_top_is_found() -> None:
    def draw(c):
        c.saveState()
        c.translate(50 * mm, 86 * mm)
        c.rotate(180)
        c.setFont("Helvetica-Bold", 10)
        c.drawString(0, 0, "7")  # turned: its glyph hangs down from 86 mm, its foot at the top
        c.restoreState()
        c.circle(10 * mm, 85 * mm, 2 * mm, stroke=0, fill=1)  # a disc 1 mm from the top

    found = problems(_page(draw), _trim("poker"))
    assert {p.mark.kind for p in found} == {"text", "shape"}


def test_a_narrow_frame_is_found_and_a_wide_one_is_not() -> None:
    cs = SIZES["poker"]

    def frame(width):
        def draw(c):
            c.setFillColorRGB(1, 1, 0.9)
            c.roundRect(width, width, cs.width - 2 * width, cs.height - 2 * width, 4, 0, 1)

        return draw

    narrow = problems(_page(frame(3 * mm)), _trim("poker"))
    assert [p.rule for p in narrow] == ["safe zone"]
    between = problems(_page(frame(3.6 * mm)), _trim("poker"))
    assert [p.rule for p in between] == ["frame"]
    assert not problems(_page(frame(FRAME_MIN)), _trim("poker"))


def test_art_clipped_to_its_window_and_bleeding_patterns_pass() -> None:
    cs = SIZES["poker"]

    def draw(c):
        c.saveState()
        p = c.beginPath()
        p.rect(8 * mm, 40 * mm, 40 * mm, 30 * mm)
        c.clipPath(p, stroke=0, fill=0)
        c.circle(8 * mm, 40 * mm, 20 * mm, stroke=0, fill=1)  # runs past the window, clipped
        c.restoreState()
        c.setLineWidth(0.5)  # a lattice across the card into the bleed
        c.line(-BLEED, -BLEED, cs.width + BLEED, cs.height + BLEED)

    assert not problems(_page(draw), _trim("poker"))


def test_the_mona_lisa_has_its_own_index_mark(catalogue) -> None:
    """Van Gogh's index shows a star; the Mona Lisa's disc holds the three painters' shapes."""
    deck = catalogue.triptych
    cards = [deck.card("ml"), deck.card("g1")]
    pdf = render_print_shop_pdf(deck, "en", BASE, root=catalogue.root, cards=cards, backs=False)
    cs = SIZES["poker"]
    counts = []
    for marks in pdf_marks(pikepdf.open(io.BytesIO(pdf))):
        corner = [
            m
            for m in marks
            if m.kind == "shape"
            and m.box[0] >= BLEED + SAFE - 0.1
            and m.box[2] <= BLEED + 16 * mm
            and m.box[1] >= BLEED + cs.height - 13 * mm
            and m.box[3] <= BLEED + cs.height - SAFE + 0.1
        ]
        counts.append(len(corner))
    # Mona Lisa: disc + three shapes; Van Gogh: disc + the star under it (+ its outline)
    assert counts[0] == 4, counts
    assert counts[1] < counts[0]


def test_mixes_into_lists_colours_without_a_stray_dot(catalogue) -> None:
    deck = catalogue.ultimatch
    pdf = render_print_shop_pdf(
        deck, "en", BASE, root=catalogue.root, cards=[deck.card("red-1")], backs=False
    )
    texts = [m.text for m in pdf_marks(pikepdf.open(io.BytesIO(pdf)))[0] if m.kind == "text"]
    assert "Mixes into" in texts
    # the footer's only dots: collector number and the deck's version mark
    assert [t for t in texts if "·" in t] == [with_version("Ultimatch · 1/48", deck, "en")]
