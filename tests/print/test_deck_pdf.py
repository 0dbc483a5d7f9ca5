"""Deck PDFs read back: sizes, counts, fonts, language, QR codes, duplex alignment."""

from __future__ import annotations

import io
import math
import re

import pytest
import zxingcpp
from pypdf import PdfReader

from cardpress.print.layout import PAPERS, SIZES, sheet
from cardpress.print.qr import card_url
from cardpress.print.sheets import deck_cards
from tests.print.helpers import (
    BASE,
    card_positions,
    catalogue,
    deck_pdf,
    decode,
    page_text,
    pdffonts,
    render,
    shop_pdf,
)

DECKS = ("triptych", "ultimatch", "eshi100")
JA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _cards(deck, lang="en", size="poker"):
    """The cards printed: a rule card that takes two cards counts twice."""
    from cardpress.print.faces import printed_cards
    from cardpress.print.typeset import Ctx

    d = catalogue().deck(deck)
    return printed_cards(d, deck_cards(d), Ctx(lang, BASE, SIZES[size]))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("deck", DECKS)
def test_page_sizes_and_counts(deck, paper):
    pdf = deck_pdf(deck, "en", paper)
    reader = PdfReader(io.BytesIO(pdf))
    n = len(_cards(deck))
    assert len(reader.pages) == 2 * math.ceil(n / 9)
    pw, ph = PAPERS[paper]
    for page in reader.pages:
        assert (round(float(page.mediabox.width), 1), round(float(page.mediabox.height), 1)) == (
            round(pw, 1),
            round(ph, 1),
        )
    size = SIZES["poker"]
    fronts = sum(
        len(card_positions(pdf, p, size.width, size.height))
        for p in range(1, len(reader.pages) + 1, 2)
    )
    assert fronts == n


@pytest.mark.parametrize("deck", DECKS)
def test_every_font_is_embedded(deck):
    for pdf in (deck_pdf(deck, "ja"), shop_pdf(deck, "en")):
        rows = pdffonts(pdf)
        assert rows, "no fonts at all?"
        for row in rows:
            assert "Helvetica" not in row[0] and "Times" not in row[0] and "Courier" not in row[0]
            # name type encoding emb sub uni id gen: emb is the 4th column from the right - 3
            assert row[-5] == "yes", row


def test_text_in_the_right_language():
    ja = page_text(deck_pdf("triptych", "ja"), 1)
    en = page_text(deck_pdf("triptych", "en"), 1)
    assert "モネ" in ja and "印象" in ja and "Impression" not in ja
    assert "Monet" in en and "Impression" in en and not JA.search(en)
    um = page_text(deck_pdf("ultimatch", "en"), 1)
    assert "Red" in um and not JA.search(um)
    assert "赤" in page_text(deck_pdf("ultimatch", "ja"), 1)
    es = page_text(deck_pdf("eshi100", "en"), 1)
    assert "Plum" in es and "Bid" in es and not JA.search(es)


@pytest.mark.parametrize(("deck", "lang"), [(d, lang) for d in DECKS for lang in ("ja", "en")])
def test_every_qr_decodes_at_100_dpi_to_its_card(deck, lang):
    pdf = deck_pdf(deck, lang)
    cards = _cards(deck, lang)
    pages = math.ceil(len(cards) / 9)
    lay = sheet("a4")
    for n in range(pages):
        chunk = cards[n * 9 : (n + 1) * 9]
        img = render(pdf, 2 * n + 1, 100)
        found = decode(img)
        # a rule card's continuation carries the first card's code
        expected = [card_url(BASE, lang, deck, getattr(c, "first", "") or c.id) for c in chunk]
        assert sorted(found) == sorted(expected), f"sheet {n + 1}"
        # and each code sits on its own card: order by position equals print order
        hits = zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormat.QRCode)
        scale = 100 / 72
        for hit in hits:
            px = (hit.position.top_left.x + hit.position.bottom_right.x) / 2 / scale
            py = lay.page[1] - (hit.position.top_left.y + hit.position.bottom_right.y) / 2 / scale
            slot = next(
                i
                for i, s in enumerate(lay.fronts)
                if s.x <= px <= s.x + s.w and s.y <= py <= s.y + s.h
            )
            assert hit.text == expected[slot]


def test_letter_codes_decode_too():
    pdf = deck_pdf("ultimatch", "ja", "letter")
    assert len(decode(render(pdf, 1, 100))) == 9


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_align_with_fronts_after_the_flip(duplex):
    size = SIZES["poker"]
    pdf = deck_pdf("triptych", "en", "a4", duplex=duplex)
    pw, ph = PAPERS["a4"]
    reader = PdfReader(io.BytesIO(pdf))
    for p in range(1, len(reader.pages) + 1, 2):
        fronts = card_positions(pdf, p, size.width, size.height)
        backs = card_positions(pdf, p + 1, size.width, size.height)
        assert len(fronts) == len(backs) > 0
        if duplex == "long":
            flipped = {(round(pw - x - size.width, 2), round(y, 2)) for x, y in fronts}
        else:
            flipped = {(round(x, 2), round(ph - y - size.height, 2)) for x, y in fronts}
        assert flipped == {(round(x, 2), round(y, 2)) for x, y in backs}
    # the last sheet is partial (35 printed cards = 3 x 9 + 8): mirrored, not copied
    last = card_positions(pdf, len(reader.pages) - 1, size.width, size.height)
    assert len(last) == len(_cards("triptych")) % 9 > 0


def test_gutterfold_puts_backs_across_the_fold():
    size = SIZES["poker"]
    pdf = deck_pdf("ultimatch", "en", "a4", duplex="gutterfold")
    reader = PdfReader(io.BytesIO(pdf))
    page = reader.pages[0]
    pw = float(page.mediabox.width)
    assert pw > float(page.mediabox.height)  # landscape
    pos = card_positions(pdf, 1, size.width, size.height)
    left = {(round(x, 2), round(y, 2)) for x, y in pos if x < pw / 2}
    right = {(round(pw - x - size.width, 2), round(y, 2)) for x, y in pos if x > pw / 2}
    assert left == right and len(left) == 4
    assert len(reader.pages) == math.ceil(48 / 4)


@pytest.mark.parametrize("size", ["bridge", "mini-euro"])
def test_other_card_sizes(size):
    cs = SIZES[size]
    pdf = deck_pdf("ultimatch", "en", "a4", size=size)
    per = sheet("a4", size).per_sheet
    assert len(card_positions(pdf, 1, cs.width, cs.height)) == per
    assert len(decode(render(pdf, 1, 100))) == per


def test_print_shop_has_bleed_and_trim_boxes():
    pdf = shop_pdf("ultimatch", "en")
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 2 * 48
    size = SIZES["poker"]
    bleed = 72 / 8  # 1/8 in, what print-on-demand services ask for
    for page in reader.pages[:2]:
        assert float(page.mediabox.width) == pytest.approx(size.width + 2 * bleed, abs=0.01)
        trim = [float(v) for v in page.trimbox]
        assert trim == pytest.approx(
            [bleed, bleed, bleed + size.width, bleed + size.height], abs=0.01
        )
        assert [float(v) for v in page.bleedbox] == pytest.approx(
            [0, 0, size.width + 2 * bleed, size.height + 2 * bleed], abs=0.01
        )


def test_pdfs_are_reproducible():
    from cardpress.print.sheets import render_deck_pdf

    cat = catalogue()
    a = render_deck_pdf(cat.triptych, "ja", "a4", BASE, root=cat.root)
    b = render_deck_pdf(cat.triptych, "ja", "a4", BASE, root=cat.root)
    assert a == b == deck_pdf("triptych", "ja")


def _pages(pdf: bytes, dpi: int):
    from cardpress.print.export import rasterise_images

    return rasterise_images(pdf, dpi)


@pytest.mark.parametrize("duplex", ["long", "gutterfold"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("deck", DECKS)
def test_no_ink_within_5_mm_of_the_paper_edge(deck, paper, duplex):
    dpi = 50
    edge = int(5 / 25.4 * dpi) - 1  # whole pixels inside the 5 mm band
    for n, img in enumerate(_pages(deck_pdf(deck, "en", paper, duplex=duplex), dpi), 1):
        w, h = img.size
        for box in ((0, 0, w, edge), (0, h - edge, w, h), (0, 0, edge, h), (w - edge, 0, w, h)):
            darkest = min(lo for lo, _hi in img.crop(box).getextrema())
            assert darkest >= 250, f"{deck} {paper} page {n}: ink in the band {box} ({dpi} dpi)"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_card_bleeds_into_the_gutter_beside_it(paper):
    """1 mm past a card's edge, towards its neighbour, is still that card's colour."""
    dpi = 100
    lay = sheet(paper)
    pdf = deck_pdf("triptych", "en", paper)
    for page, slots in ((render(pdf, 1, dpi), lay.fronts), (render(pdf, 2, dpi), lay.backs)):
        s = slots[4]  # the middle card has neighbours all round

        def at(x: float, y: float, page=page):
            return page.getpixel((round(x / 72 * dpi), round((lay.page[1] - y) / 72 * dpi)))

        mm_ = 72 / 25.4
        mid_y = s.y + s.h * 0.3
        for inside, outside in (
            (at(s.x + 0.4 * mm_, mid_y), at(s.x - 1.0 * mm_, mid_y)),
            (at(s.x + s.w - 0.4 * mm_, mid_y), at(s.x + s.w + 1.0 * mm_, mid_y)),
            (at(s.x + s.w / 2, s.y + 0.4 * mm_), at(s.x + s.w / 2, s.y - 1.0 * mm_)),
        ):
            assert max(abs(a - b) for a, b in zip(inside, outside, strict=True)) < 40
