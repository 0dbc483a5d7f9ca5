"""Colour on the cards: every index reads, and suits stay apart for colour-blind players.

Colours come from where the faces take them: the card data (painters, Ultimatch
colours, 絵師100人展 icons) and each face module's ``corner_index``, which the
face draws with; the last test finds those very inks in the rendered PDFs.
"""

from __future__ import annotations

import io
import re
from itertools import combinations

import numpy as np
import pytest
from colorspacious import cspace_convert, deltaE
from PIL import Image, ImageChops
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from cardpress.print import faces_eshi100, faces_triptych, faces_ultimatch
from cardpress.print.art import hex_rgb
from cardpress.print.glyphs import draw_flower, draw_symbol
from tests.print.helpers import catalogue, deck_pdf, page_streams, render

#: WCAG 2 AA for text: every part of a corner index, against what it is printed on
MIN_CONTRAST = 4.5
#: the smallest colour difference (CAM02-UCS ΔE) between two suits, seen with full
#: deuteranopia, protanopia or tritanopia or with normal vision; ~1 is a bare
#: side-by-side difference, 10 tells two suits apart across a table
MIN_DELTA_E = 10.0
DEFICIENCIES = ("deuteranomaly", "protanomaly", "tritanomaly")  # at severity 100: -anopia

FACES = {"triptych": faces_triptych, "ultimatch": faces_ultimatch, "eshi100": faces_eshi100}


def suits(deck: str) -> dict[str, tuple[tuple[float, float, float], str]]:
    """Each suit's colour and the shape that names it without colour."""
    cat = catalogue()
    if deck == "triptych":
        return {
            p.id: (hex_rgb(p.rgb), faces_triptych.PAINTER_SYMBOL[p.id])
            for p in cat.triptych.painters
        }
    if deck == "ultimatch":
        return {c.id: (hex_rgb(c.rgb), c.symbol) for c in cat.ultimatch.colours}
    return {i.id: (hex_rgb(i.rgb), f"flower:{i.id}") for i in cat.eshi100.catalogue.icons}


@pytest.mark.parametrize("deck", FACES)
def test_every_corner_index_reads_at_4_5_to_1(deck):
    d = catalogue().deck(deck)
    low = [
        (card.id, part, round(ink.contrast, 2))
        for card in d.cards
        for part, ink in FACES[deck].corner_index(d, card).items()
        if ink.contrast < MIN_CONTRAST
    ]
    assert not low, f"{deck}: below {MIN_CONTRAST}:1 (card, part, ratio): {low}"


_RG = re.compile(rb"([\d.]+) ([\d.]+) ([\d.]+) rg")


@pytest.mark.parametrize("deck", FACES)
def test_the_faces_print_their_indices_in_those_inks(deck):
    """The colours checked above are the ones on the page (not a copy that could drift)."""
    reader = PdfReader(io.BytesIO(deck_pdf(deck, "en")))
    fills = {
        tuple(float(v) for v in m.groups())
        for page in reader.pages
        for stream in page_streams(page)
        for m in _RG.finditer(stream)
    }
    d = catalogue().deck(deck)
    missing = {
        (part, tuple(round(v, 3) for v in ink.ink))
        for card in d.cards
        for part, ink in FACES[deck].corner_index(d, card).items()
        if not any(max(abs(a - b) for a, b in zip(ink.ink, f, strict=True)) < 0.002 for f in fills)
    }
    assert not missing, f"{deck}: index inks never used as a fill: {sorted(missing)}"


def _ucs(rgb, deficiency: str | None) -> np.ndarray:
    seen = np.array(rgb, dtype=float)
    if deficiency:
        cvd = {"name": "sRGB1+CVD", "cvd_type": deficiency, "severity": 100}
        seen = np.clip(cspace_convert(seen, cvd, "sRGB1"), 0, 1)
    return cspace_convert(seen, "sRGB1", "CAM02-UCS")


@pytest.mark.parametrize("deficiency", (None, *DEFICIENCIES))
@pytest.mark.parametrize("deck", FACES)
def test_suit_colours_stay_apart_with_colour_vision_deficiency(deck, deficiency):
    colours = {name: _ucs(rgb, deficiency) for name, (rgb, _shape) in suits(deck).items()}
    close = [
        (a, b, round(float(deltaE(colours[a], colours[b], input_space="CAM02-UCS")), 1))
        for a, b in combinations(colours, 2)
        if deltaE(colours[a], colours[b], input_space="CAM02-UCS") < MIN_DELTA_E
    ]
    seen = deficiency or "normal vision"
    assert not close, f"{deck}, {seen}: suits closer than ΔE {MIN_DELTA_E}: {close}"


def _silhouette(shape: str) -> Image.Image:
    """The suit's shape alone, drawn black on white and rasterised."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(60, 60))
    if shape.startswith("flower:"):
        draw_flower(c, shape.split(":", 1)[1], 30, 30, 24, (0, 0, 0), disc=False)
    else:
        draw_symbol(c, shape, 30, 30, 24, (0, 0, 0))
    c.save()
    return render(buf.getvalue(), 1, 96).convert("L").point(lambda v: 255 if v > 128 else 0)


@pytest.mark.parametrize("deck", FACES)
def test_every_suit_has_a_shape_of_its_own(deck):
    """Colour is never the only signal: each suit's shape differs from every other's.

    Measured as the share of the larger silhouette's pixels that differ; the closest
    pairs today are Ultimatch's circle and hexagon and 梅/桜 (17 %), identical shapes 0 %.
    """
    shapes = {name: _silhouette(shape) for name, (_rgb, shape) in suits(deck).items()}
    for a, b in combinations(shapes, 2):
        ink_a, ink_b = (int((np.asarray(shapes[k]) == 0).sum()) for k in (a, b))
        diff = int((np.asarray(ImageChops.difference(shapes[a], shapes[b])) > 0).sum())
        share = diff / max(ink_a, ink_b)
        assert share > 0.12, f"{deck}: {a} and {b} are nearly the same shape ({share:.0%} differs)"
