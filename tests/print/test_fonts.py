"""Glyph spacing of the embedded fonts, read back from a rendered PDF."""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from cardpress.print.fonts import ROLES, register_fonts

EM = 1000  # points: one em is 1000 pt, so a pixel at 7.2 dpi is 10 units


# The monospaced role keeps one advance for every glyph, by design.
@pytest.mark.parametrize("role", sorted(r for r in ROLES if "Mono" not in r))
def test_curly_apostrophe_leaves_no_gap(role: str, tmp_path: Path) -> None:
    """English set in a Japanese font read "painting’ s": the mark sat at the
    left of a half-em advance. Its advance may pass its ink by a tenth of an em
    at most, as the straight apostrophe's does."""
    register_fonts()
    pdf = tmp_path / "quote.pdf"
    canvas = Canvas(str(pdf), pagesize=(EM, EM))
    canvas.setFont(role, EM)
    canvas.drawString(0, 200, "\u2019")
    canvas.save()
    subprocess.run(
        ["pdftoppm", "-r", "7.2", "-png", "-singlefile", str(pdf), str(tmp_path / "quote")],
        check=True,
    )
    ink = np.array(Image.open(tmp_path / "quote.png").convert("L")) < 128
    columns = np.flatnonzero(ink.any(axis=0))
    assert columns.size, f"{role}: no ink for U+2019"
    ink_right = (columns.max() + 1) * EM / ink.shape[1]
    advance = stringWidth("\u2019", role, EM)
    assert advance - ink_right <= 0.1 * EM, (
        f"{role}: U+2019 advances {advance:.0f}/1000 em past ink ending at {ink_right:.0f}"
    )
