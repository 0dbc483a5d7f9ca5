"""The soft proof a designer looks at before sending a file to print: read back as a
picture, it is as wide as the card's page and rings the very place where a placed
image lays down more ink than the service allows, not the whole picture or the card."""

from __future__ import annotations

import io

import numpy as np
from click.testing import CliRunner
from PIL import Image
from reportlab.lib.units import inch
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from cardpress.cli import main
from cardpress.print.preflight import preflight
from cardpress.print.preflight_proof import PROBLEM_RGB, PROOF_DPI

PAGE = (2.75 * inch, 3.75 * inch)
#: the placed picture, in points from the page's bottom left: 1 in square
PICTURE = (0.75 * inch, 1.25 * inch, 1.75 * inch, 2.25 * inch)


def _card_with_a_dark_corner() -> bytes:
    """One DriveThruCards card: a light CMYK picture (40 % ink) whose top right quarter
    is a four-colour black (400 %), 400 px an inch."""
    picture = Image.new("CMYK", (400, 400), (26, 26, 26, 26))
    picture.paste((255, 255, 255, 255), (200, 0, 400, 200))
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=PAGE, invariant=1)
    c.setTrimBox((inch / 8, inch / 8, PAGE[0] - inch / 8, PAGE[1] - inch / 8))
    c.setBleedBox((0, 0, *PAGE))
    x0, y0, x1, y1 = PICTURE
    c.drawImage(ImageReader(picture), x0, y0, x1 - x0, y1 - y0)
    c.showPage()
    c.save()
    return buf.getvalue()


def _px(x: float, y: float) -> tuple[float, float]:
    """A point on the page (points, from the bottom left) in the proof's pixels."""
    scale = PROOF_DPI / 72
    return x * scale, (PAGE[1] - y) * scale


def test_the_proof_is_the_card_s_width_and_rings_where_the_image_has_too_much_ink(
    tmp_path,
) -> None:
    pdf = tmp_path / "dark.pdf"
    pdf.write_bytes(_card_with_a_dark_corner())
    (ink,) = [p for p in preflight(pdf, "drivethrucards").problems if p.rule == "ink"]
    assert ink.text() == "an image at 400 % total ink; DriveThruCards allows 240 %"

    run = CliRunner().invoke(
        main, ["preflight", str(pdf), "--service", "drivethrucards", "--lang", "en"]
    )
    assert run.exit_code == 1, run.output
    (proof,) = sorted((tmp_path / "dark-preflight").glob("*.png"))
    with Image.open(proof) as img:
        rgb = np.asarray(img.convert("RGB")).astype(int)
    page_h = round(PAGE[1] / 72 * PROOF_DPI)
    # as wide as the card's page with its bleed, the caption under it
    assert rgb.shape[1] == round(PAGE[0] / 72 * PROOF_DPI)
    assert rgb.shape[0] > page_h
    on_card = rgb[:page_h]
    red = (np.abs(on_card - np.array(PROBLEM_RGB)).max(axis=2) < 40).nonzero()
    assert len(red[0]) > 100

    # the dark quarter: the picture's top right, in the proof's pixels
    left, top = _px((PICTURE[0] + PICTURE[2]) / 2, PICTURE[3])
    right, bottom = _px(PICTURE[2], (PICTURE[1] + PICTURE[3]) / 2)
    ys, xs = red
    # its box is drawn on the quarter's edges: red on each of the four
    near = 6
    assert (abs(xs - right) < near).sum() > 50  # right edge
    assert (abs(ys - bottom) < near).sum() > 50  # bottom edge
    on_left = (abs(xs - left) < near) & (ys > top) & (ys < bottom)
    on_top = (abs(ys - top) < near) & (xs > left) & (xs < right)
    assert on_left.sum() > 50 and on_top.sum() > 50
    # and nowhere else but its numbered tag, just above and left of the box
    assert xs.max() < right + near and ys.max() < bottom + near
    assert xs.min() > left - 80 and ys.min() > top - 60
    # the light three quarters of the picture carry no mark
    light_left, _ = _px(PICTURE[0], PICTURE[3])
    assert not ((xs > light_left + near) & (xs < left - near) & (ys > top + near)).any()
