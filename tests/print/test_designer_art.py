"""A designer's own scans placed on a card: fit modes, focal point, the low-dpi warning,
embedded ICC profiles (Adobe RGB, CMYK), PNG, JPEG and TIFF. The scans are made here."""

from __future__ import annotations

import io
import warnings
from pathlib import Path
from types import SimpleNamespace

import pikepdf
import pytest
from PIL import Image, ImageCms
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas

from cardpress.print.art import draw_card_art
from cardpress.print.cmyk import PRESS_PROFILE, SRGB_PROFILE
from cardpress.print.designer_art import ArtError, draw_art, load, place
from cardpress.print.marks import pdf_marks

ADOBE_RGB = Path("/usr/share/color/icc/compatibleWithAdobeRGB1998.icc")  # icc-profiles-free
GREEN = (40, 200, 60)


def _scan(path: Path, size, mode="RGB", colour=GREEN, profile: Path | None = None, **kw) -> Path:
    img = Image.new(mode, size, colour)
    if profile is not None:
        kw["icc_profile"] = profile.read_bytes()
    img.save(path, **kw)
    return path


def _placed(draw) -> tuple[bytes, list]:
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(3 * inch, 3 * inch), invariant=1)
    draw(c)
    c.showPage()
    c.save()
    with pikepdf.open(io.BytesIO(buf.getvalue())) as pdf:
        (marks,) = pdf_marks(pdf)
        images = [
            pikepdf.PdfImage(obj).as_pil_image()
            for obj in pdf.pages[0].obj.Resources.XObject.values()
            if obj.get("/Subtype") == "/Image"
        ]
    return marks, images


def test_cover_crops_around_the_focal_point_and_contain_shows_it_all() -> None:
    box = (10.0, 20.0, 100.0, 100.0)
    left = place((2000, 1000), box, "cover", focus=(0.0, 0.5))
    assert (left.x, left.w, left.h) == (10.0, 200.0, 100.0)  # the left edge kept
    right = place((2000, 1000), box, "cover", focus=(1.0, 0.5))
    assert right.x == pytest.approx(10.0 + 100.0 - 200.0)
    centre = place((2000, 1000), box, "cover")
    assert centre.x == pytest.approx(10.0 - 50.0)
    whole = place((2000, 1000), box, "contain")
    assert (whole.w, whole.h) == (100.0, 50.0) and whole.y == pytest.approx(45.0)
    assert whole.dpi == pytest.approx(2000 / (100 / 72))
    with pytest.raises(ArtError, match="stretch"):
        place((10, 10), box, "stretch")


def test_a_low_resolution_tiff_warns_naming_card_and_file(tmp_path) -> None:
    scan = _scan(tmp_path / "m1-scan.tif", (60, 80), format="TIFF")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        marks, _ = _placed(lambda c: draw_art(c, scan, (36, 36, inch, 4 / 3 * inch), card="m1"))
    (message,) = [str(w.message) for w in caught]
    assert message.startswith("m1: m1-scan.tif prints at 60 dpi in its window, under 300 dpi")
    (image,) = [m for m in marks if m.kind == "image"]
    assert image.size == pytest.approx(60, abs=0.5)  # what a preflight reads back


def test_a_sharp_png_places_without_warning(tmp_path) -> None:
    scan = _scan(tmp_path / "art.png", (600, 800))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        _placed(lambda c: draw_art(c, scan, (36, 36, inch, 4 / 3 * inch), card="m2"))
    assert not caught


def test_an_adobe_rgb_jpeg_prints_its_own_colour(tmp_path) -> None:
    scan = _scan(tmp_path / "art.jpg", (300, 400), profile=ADOBE_RGB, quality=100)
    want = ImageCms.profileToProfile(
        Image.open(scan).convert("RGB"),
        ImageCms.getOpenProfile(str(ADOBE_RGB)),
        ImageCms.getOpenProfile(str(SRGB_PROFILE)),
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
    ).getpixel((150, 200))
    _, (placed,) = _placed(lambda c: draw_art(c, scan, (36, 36, inch, 4 / 3 * inch)))
    got = placed.convert("RGB").getpixel((150, 200))
    assert max(abs(a - b) for a, b in zip(got, want, strict=True)) <= 2, (got, want)
    # read as if it were sRGB it would be a different, duller green
    raw = Image.open(scan).convert("RGB").getpixel((150, 200))
    assert max(abs(a - b) for a, b in zip(got, raw, strict=True)) > 10


def test_a_cmyk_jpeg_with_its_profile_reads_right_and_goes_to_the_press_in_cmyk(
    tmp_path,
) -> None:
    ink = (0, 90, 255, 0)  # a full yellow with a little magenta
    scan = _scan(tmp_path / "art.jpg", (300, 400), "CMYK", ink, PRESS_PROFILE, quality=100)
    screen = load(scan)
    assert screen.mode == "RGB"
    r, _g, b = screen.getpixel((10, 10))
    assert r > 200 and b < 80  # yellow-orange, not the inverted blue of a misread CMYK
    marks, (placed,) = _placed(lambda c: draw_art(c, scan, (36, 36, inch, inch), cmyk=True))
    (image,) = [m for m in marks if m.kind == "image"]
    assert image.space == "DeviceCMYK"
    c, _m, y, _k = placed.getpixel((10, 10))
    assert y > 200 and c < 40


def test_other_formats_are_refused_by_name(tmp_path) -> None:
    gif = _scan(tmp_path / "art.gif", (10, 10), "P", 1, format="GIF")
    with pytest.raises(ArtError, match=r"art\.gif: GIF is not accepted \(PNG, JPEG or TIFF\)"):
        load(gif)


def test_a_triptych_card_names_its_fit_and_focus(tmp_path) -> None:
    scan = _scan(tmp_path / "wide.png", (3000, 1000))
    window = (36.0, 36.0, 100.0, 100.0)

    def card(fit):
        return SimpleNamespace(id="m3", image=scan, image_fit=fit, image_focus=(0.0, 0.5))

    contain, _ = _placed(lambda c: draw_card_art(c, card("contain"), *window))
    (image,) = [m for m in contain if m.kind == "image"]
    assert image.box == pytest.approx((36.0, 36.0 + 100 / 3, 136.0, 136.0 - 100 / 3), abs=0.01)
    cover, _ = _placed(lambda c: draw_card_art(c, card("cover"), *window))
    (image,) = [m for m in cover if m.kind == "image"]
    assert image.box == pytest.approx((36.0, 36.0, 136.0, 136.0), abs=0.01)  # clipped
    assert image.size == pytest.approx(1000 / (100 / 72), rel=0.01)
