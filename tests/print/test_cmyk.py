"""CMYK print-shop PDFs: every colour operator in every page and form is CMYK."""

from __future__ import annotations

import io
import re

from click.testing import CliRunner
from hypothesis import given, settings
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


def _littlecms(img):
    """littleCMS's own press CMYK of an sRGB image, as the conversion is documented to use."""
    from PIL import ImageCms

    from cardpress.print.cmyk import PRESS_PROFILE, SRGB_PROFILE

    return ImageCms.profileToProfile(
        img,
        str(SRGB_PROFILE),
        str(PRESS_PROFILE),
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        outputMode="CMYK",
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
    )


@settings(deadline=None)  # the first example builds the transform and reads the profiles
@given(unit, unit, unit)
def test_conversion_is_littlecms_through_the_press_profile_within_the_ink_limit(r, g, b):
    """Each colour is what littleCMS makes of it (sRGB to the SWOP press profile, relative
    colorimetric with black-point compensation), total ink at most 240 %."""
    from PIL import Image

    from cardpress.print.cmyk import ink_aim

    aim = ink_aim()
    c = to_cmyk(Color(r, g, b))
    assert c.cyan + c.magenta + c.yellow + c.black <= aim + 1e-9
    px = Image.new("RGB", (1, 1), tuple(round(round(v, 4) * 255) for v in (r, g, b)))
    ref = _littlecms(px).getpixel((0, 0))
    ref = [v / 255 for v in ref]
    if sum(ref) <= aim:  # below the limit the transform's own numbers, unchanged
        assert [c.cyan, c.magenta, c.yellow, c.black] == ref
    else:  # above it, C, M and Y give way in proportion and K stays
        assert c.black == ref[3]
        assert abs(c.cyan * ref[1] - c.magenta * ref[0]) < 1e-9


def test_white_is_no_ink_and_black_is_rich_but_limited():
    white = to_cmyk(Color(1, 1, 1))
    assert (white.cyan, white.magenta, white.yellow, white.black) == (0, 0, 0, 0)
    black = to_cmyk(Color(0, 0, 0))
    assert black.black > 0.8 and sum((black.cyan, black.magenta, black.yellow, black.black)) <= 2.4


def test_the_ink_limit_is_the_strictest_service_s_with_room_for_8_bit_rounding():
    """Aimed under DriveThruCards' 240 % by more than Ghostscript's 8-bit flattening can add
    (four inks, each rounded to 1/255, twice), so a flattened colour stays within 240 %."""
    from cardpress.print.cmyk import ink_aim, total_ink
    from cardpress.print.preflight import services

    assert total_ink() == services()["drivethrucards"].total_ink / 100 == 2.4
    assert 2.4 - 0.02 < ink_aim() <= 2.4 - 2 * 4 * 0.5 / 255


def test_placed_images_are_ink_limited_pixel_by_pixel():
    """A designer's picture in CMYK: a dark sRGB scan (littleCMS makes up to ~300 % of its
    shadows) and a press-workflow CMYK scan at 400 % both print within the limit, C, M and
    Y in their own proportions, K kept; pixels under the limit keep littleCMS's inks."""
    import numpy as np
    from PIL import Image

    from cardpress.print.cmyk import image_to_cmyk, ink_aim

    aim = ink_aim() * 255
    ramp = np.zeros((16, 64, 3), np.uint8)
    ramp[..., 0] = np.linspace(0, 200, 64)[None, :]
    ramp[..., 2] = np.linspace(0, 120, 16)[:, None]
    scan = Image.fromarray(ramp, "RGB")
    got = np.asarray(image_to_cmyk(scan)).astype(int)
    ref = np.asarray(_littlecms(scan)).astype(int)
    over = ref.sum(axis=2) > aim
    assert over.any() and (~over).any()  # the ramp crosses the limit
    assert got.sum(axis=2).max() <= aim
    assert (got[~over] == ref[~over]).all()
    assert (got[over][:, 3] == ref[over][:, 3]).all()  # K kept
    # C and M scaled alike (within the 1/255 rounding down)
    c, m = got[over][:, 0], got[over][:, 1]
    rc, rm = ref[over][:, 0], ref[over][:, 1]
    assert (np.abs(c * rm - m * rc) <= np.maximum(rc, rm) + 1).all()
    heavy = Image.new("CMYK", (8, 8), (255, 255, 255, 255))
    px = image_to_cmyk(heavy).getpixel((0, 0))
    assert sum(px) <= aim and px[3] == 255 and px[0] == px[1] == px[2] > 100
