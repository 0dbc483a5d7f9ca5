"""CMYK print-shop PDFs: every colour operator in every page and form is CMYK."""

from __future__ import annotations

import io
import re

from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader
from reportlab.lib.colors import Color

from cardpress.print.cli import build_command
from cardpress.print.cmyk import to_cmyk
from tests.print.helpers import BASE, page_streams

COLOUR_OPS = re.compile(rb"(?<![A-Za-z/])(rg|RG|k|K|g|G|sc|SC|scn|SCN)(?![A-Za-z])")


def colour_operators(pdf: bytes) -> set[bytes]:
    """The colour-setting operators of every page and every form it draws."""
    reader = PdfReader(io.BytesIO(pdf))
    ops: set[bytes] = set()
    for page in reader.pages:
        for data in page_streams(page):
            ops.update(m.group(1) for m in COLOUR_OPS.finditer(data))
    return ops


def test_cmyk_option_writes_only_cmyk_colours(tmp_path):
    args = ["--lang", "en", "--paper", "a4", "--deck", "triptych", "--no-images", "--no-rules"]
    args += ["--jobs", "1", "--base-url", BASE, "--out", str(tmp_path)]
    result = CliRunner().invoke(build_command, [*args, "--cmyk"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    cmyk = (tmp_path / "en" / "print-shop" / "triptych-cmyk.pdf").read_bytes()
    assert colour_operators(cmyk) == {b"k", b"K"}
    assert not (tmp_path / "en" / "print-shop" / "triptych.pdf").exists()
    CliRunner().invoke(build_command, args, catch_exceptions=False)
    rgb = (tmp_path / "en" / "print-shop" / "triptych.pdf").read_bytes()
    assert b"rg" in colour_operators(rgb)  # the default stays RGB, for screens and TGC
    cmyk_pages, rgb_pages = PdfReader(io.BytesIO(cmyk)).pages, PdfReader(io.BytesIO(rgb)).pages
    assert len(cmyk_pages) == len(rgb_pages)
    assert cmyk_pages[0].trimbox == rgb_pages[0].trimbox


unit = st.floats(0, 1)


@given(unit, unit, unit)
def test_conversion_keeps_ink_low_and_greys_on_black(r, g, b):
    c = to_cmyk(Color(r, g, b))
    assert c.cyan + c.magenta + c.yellow + c.black <= 2.0 + 1e-9  # DriveThruCards allows 2.4
    assert min(c.cyan, c.magenta, c.yellow) == 0  # the grey component is black ink
    back = (1 - min(1, c.cyan + c.black), 1 - min(1, c.magenta + c.black))
    assert abs(back[0] - r) < 1e-9 and abs(back[1] - g) < 1e-9
    grey = to_cmyk(Color(r, r, r))
    assert (grey.cyan, grey.magenta, grey.yellow) == (0, 0, 0)
