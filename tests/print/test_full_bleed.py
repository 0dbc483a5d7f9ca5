"""A designer's picture edge to edge (``image_fit = "full-bleed"``), read back from real PDFs.

The print-shop PDF is rendered by pdftoppm: the picture must fill the whole bleed on
every side, while every index, text line and QR code stays 3.2 mm inside the trim
and the plates the words sit on keep the 4 mm a frame keeps (``safe_zone``). The
resolution warned about is the picture's over the bleed size. The scans are made here.
"""

from __future__ import annotations

import dataclasses
import io
import math
import subprocess
import warnings
from pathlib import Path

import pikepdf
import pytest
from PIL import Image
from pypdf import PdfReader
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas

from cardpress.catalogue import check_catalogue
from cardpress.print.designer_art import MIN_DPI
from cardpress.print.faces_full_bleed import draw_full_bleed
from cardpress.print.fonts import register_fonts
from cardpress.print.layout import BLEED, SIZES
from cardpress.print.marks import pdf_marks
from cardpress.print.safe_zone import problems
from cardpress.print.sheets import render_print_shop_pdf
from cardpress.print.typeset import Ctx
from tests.conftest import edit
from tests.print.helpers import BASE, catalogue, decode, render

GREEN = (40, 200, 60)  # no frame, plate or ink of a Triptych card is this colour
DPI = 100
CARDS = ("m1", "g2", "fg", "ml")  # a painting of each kind of header: painter, forgery, gold


def _scan(path: Path, size: tuple[int, int]) -> Path:
    Image.new("RGB", size, GREEN).save(path)
    return path


def _bleed_px(size: str) -> tuple[int, int]:
    """The pixels a scan needs to print at ``MIN_DPI`` over the card and its bleed."""
    cs = SIZES[size]
    w, h = cs.width + 2 * BLEED, cs.height + 2 * BLEED
    return math.ceil(w / 72 * MIN_DPI), math.ceil(h / 72 * MIN_DPI)


def _render(pdf: bytes) -> list[Image.Image]:
    out = subprocess.run(
        ["pdftoppm", "-r", str(DPI), "-png", "-"], input=pdf, capture_output=True, check=True
    ).stdout
    # pdftoppm writes one PNG after another to stdout: split them by their signature
    sig = b"\x89PNG\r\n\x1a\n"
    return [Image.open(io.BytesIO(sig + part)).convert("RGB") for part in out.split(sig)[1:]]


def _green(pixel: tuple[int, int, int]) -> bool:
    return max(abs(a - b) for a, b in zip(pixel, GREEN, strict=True)) <= 6


def _not_art_in_the_bleed(page: Image.Image, size: str = "poker") -> list[str]:
    """Each side whose bleed band (out to the page's edge) is not all the picture.

    The page is cut to its whole pixels: pdftoppm pads a fraction of one with paper."""
    cs = SIZES[size]
    w, h = (int((v + 2 * BLEED) / 72 * DPI) for v in (cs.width, cs.height))
    page = page.crop((0, 0, w, h))
    band = int(BLEED / 72 * DPI)
    sides = {
        "left": (0, 0, band, h),
        "right": (w - band, 0, w, h),
        "bottom": (0, h - band, w, h),
        "top": (0, 0, w, band),
    }
    bad = []
    for side, box in sides.items():
        strip = page.crop(box)
        pixels = list(strip.getdata())
        off = sum(not _green(p) for p in pixels)
        if off:
            bad.append(f"{side}: {off} of {len(pixels)} pixels are not the picture")
    return bad


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_picture_fills_the_bleed_and_the_words_keep_the_safe_zone(
    tmp_path, lang: str, size: str
) -> None:
    cat = catalogue()
    deck = cat.triptych
    scan = _scan(tmp_path / "scan.png", _bleed_px(size))
    cards = [dataclasses.replace(deck.card(i), image=scan, image_fit="full-bleed") for i in CARDS]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pdf = render_print_shop_pdf(deck, lang, BASE, size=size, root=cat.root, cards=cards)
    assert not [str(w.message) for w in caught if "dpi" in str(w.message)]
    cs = SIZES[size]
    trim = (BLEED, BLEED, BLEED + cs.width, BLEED + cs.height)
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        boxes = [tuple(float(v) for v in p.obj.BleedBox) for p in doc.pages]
        pages = pdf_marks(doc)
    pictures = _render(pdf)
    for n, card in enumerate(CARDS):
        front, marks, bleed_box = pictures[2 * n], pages[2 * n], boxes[2 * n]
        assert _not_art_in_the_bleed(front, size) == [], card
        # the picture is placed over the whole BleedBox, at the bleed size's resolution
        (art,) = [m for m in marks if m.kind == "image"]
        assert art.box == pytest.approx(bleed_box, abs=0.01), card
        px = _bleed_px(size)
        want = min(px[0] / (bleed_box[2] / 72), px[1] / (bleed_box[3] / 72))
        assert art.size == pytest.approx(want, rel=0.001) and art.size >= MIN_DPI
        texts = [m for m in marks if m.kind == "text"]
        assert len(texts) >= 5, card  # index, painter, title, small print...
        found = [p.describe() for p in problems(marks, trim)]
        assert found == [], f"{lang} {size} {card}: " + "\n".join(found)
        assert decode(front) == [f"{BASE}/{lang}/c/triptych/{card}"]


def test_a_framed_card_does_not_pass_the_bleed_check(tmp_path) -> None:
    """The check above fails on the same picture placed in the framed card's window."""
    cat = catalogue()
    deck = cat.triptych
    scan = _scan(tmp_path / "scan.png", _bleed_px("poker"))
    card = dataclasses.replace(deck.card("m1"), image=scan, image_fit="cover")
    pdf = render_print_shop_pdf(deck, "en", BASE, root=cat.root, cards=[card], backs=False)
    bad = _not_art_in_the_bleed(_render(pdf)[0])
    assert len(bad) == 4, bad


def test_the_resolution_is_the_pictures_over_the_bleed_size(tmp_path) -> None:
    """A scan made at 300 dpi for the trim prints under 300 dpi once it covers the bleed
    too: the warning names card and file and gives the dpi the bleed size gets."""
    cs = SIZES["poker"]
    px = (math.ceil(cs.width / 72 * MIN_DPI), math.ceil(cs.height / 72 * MIN_DPI))
    scan = _scan(tmp_path / "m1-trim.png", px)
    deck = catalogue().triptych
    card = dataclasses.replace(deck.card("m1"), image=scan, image_fit="full-bleed")
    ctx = Ctx("en", BASE, cs, BLEED)
    register_fonts()
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(3 * inch, 4 * inch), invariant=1)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert draw_full_bleed(c, ctx, deck, card)
    want = min(px[0] / ((cs.width + 2 * BLEED) / 72), px[1] / ((cs.height + 2 * BLEED) / 72))
    (message,) = [str(w.message) for w in caught]
    assert message.startswith(
        f"m1: m1-trim.png prints at {want:.0f} dpi over the card and its bleed, under 300 dpi"
    ), message
    assert want < MIN_DPI


def test_a_full_bleed_card_is_declared_in_the_card_data_and_built(
    cards_copy: Path, tmp_path: Path
) -> None:
    """``image_fit = "full-bleed"`` in a card file, built by ``cardpress build`` and read
    back from the print-shop PDF it writes."""
    art = cards_copy / "triptych" / "art"
    art.mkdir()
    _scan(art / "m1.png", _bleed_px("poker"))
    edit(
        cards_copy / "triptych" / "monet.toml",
        "year = 1872",
        'year = 1872\nimage = "art/m1.png"\nimage_fit = "full-bleed"\nimage_focus = [0.5, 0.3]',
    )
    catalogue_, found = check_catalogue(cards_copy)
    assert catalogue_ is not None and found.items == []
    assert catalogue_.triptych.card("m1").image_fit == "full-bleed"
    out = tmp_path / "build"
    args = ["--lang", "en", "--paper", "a4", "--deck", "triptych", "--no-rules", "--no-images"]
    result = subprocess.run(
        [".venv/bin/cardpress", "build", *args, "--cards", str(cards_copy), "--out", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    pdf = (out / "en" / "print-shop" / "triptych.pdf").read_bytes()
    labels = PdfReader(io.BytesIO(pdf)).page_labels
    assert _not_art_in_the_bleed(render(pdf, labels.index("m1") + 1, DPI)) == []
    # its neighbour, with no picture of its own, keeps its frame
    assert len(_not_art_in_the_bleed(render(pdf, labels.index("m2") + 1, DPI))) == 4


def test_a_bad_fit_is_named_by_file_card_and_field(cards_copy: Path) -> None:
    monet = cards_copy / "triptych" / "monet.toml"
    edit(monet, "year = 1872", 'year = 1872\nimage_fit = "bleed"')
    rules = cards_copy / "triptych" / "rules.toml"
    text = rules.read_text(encoding="utf-8")
    first = text.index("[[card]]")
    rules.write_text(
        text[:first] + text[first:].replace("\n", '\nimage_fit = "full-bleed"\n', 1),
        encoding="utf-8",
    )
    result = subprocess.run(
        [".venv/bin/cardpress", "check", "--cards", str(cards_copy)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    lines = result.stdout.splitlines()
    assert any(
        line.endswith(
            "monet.toml: m1: image_fit: unknown value 'bleed' "
            "(expected one of: cover, contain, full-bleed)"
        )
        for line in lines
    ), result.stdout
    assert any(
        "rules.toml: " in line
        and ": image_fit: a rule card prints no picture, so it has none to bleed" in line
        for line in lines
    ), result.stdout
    assert "Traceback" not in result.stderr
