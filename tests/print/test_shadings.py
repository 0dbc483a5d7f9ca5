"""Gradients (PDF shadings) in print-shop files: made CMYK by littleCMS with the rest of a
``--cmyk`` page, and judged by the preflight's colour-space and ink checks wherever they
are painted (``sh``, or a shading pattern filling a path)."""

from __future__ import annotations

import dataclasses
import io

import pikepdf
import pytest
from reportlab.lib.colors import CMYKColor, Color
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas

from cardpress.print.cmyk import ink_aim, rgb_to_cmyk
from cardpress.print.marks import pdf_marks
from cardpress.print.pdfx import for_service
from cardpress.print.preflight import preflight, services
from cardpress.print.shadings import evaluate
from cardpress.print.sheets import new_canvas

PAGE = (2.75 * inch, 3.75 * inch)
TRIM = (inch / 8, inch / 8, PAGE[0] - inch / 8, PAGE[1] - inch / 8)
DEEP_BLUE, WARM_RED, NEAR_BLACK = Color(0.05, 0.1, 0.45), Color(0.9, 0.3, 0.1), Color(0, 0, 0)


def _card(make, draw) -> bytes:
    """One card page drawn by ``draw`` on the canvas ``make(buffer)`` gives."""
    buf = io.BytesIO()
    canvas = make(buf)
    canvas.setTrimBox(TRIM)
    canvas.setBleedBox((0, 0, *PAGE))
    draw(canvas)
    canvas.showPage()
    canvas.save()
    return buf.getvalue()


def _cmyk(buf) -> Canvas:
    return new_canvas(buf, PAGE, "gradients", cmyk=True)


def _rgb(buf) -> Canvas:
    return Canvas(buf, pagesize=PAGE, invariant=1)


def _gradients(c: Canvas) -> None:
    c.saveState()
    p = c.beginPath()
    p.rect(0, 0, PAGE[0], PAGE[1] / 2)
    c.clipPath(p, stroke=0, fill=0)
    c.linearGradient(0, 0, PAGE[0], 0, [DEEP_BLUE, WARM_RED, NEAR_BLACK], [0, 0.6, 1])
    c.restoreState()
    c.saveState()
    p = c.beginPath()
    p.rect(0, PAGE[1] / 2, PAGE[0], PAGE[1] / 2)
    c.clipPath(p, stroke=0, fill=0)
    c.radialGradient(PAGE[0] / 2, PAGE[1] * 0.75, inch, [WARM_RED, DEEP_BLUE])
    c.restoreState()


def _shadings(doc: pikepdf.Pdf) -> list:
    return [sh for page in doc.pages for sh in page.obj.Resources.get("/Shading", {}).values()]


def _rgb_at(stops, at, t):
    """The RGB colour at ``t`` of a gradient through ``stops`` placed ``at``."""
    k = next(i for i in range(len(at) - 1) if at[i] <= t <= at[i + 1])
    f = (t - at[k]) / (at[k + 1] - at[k])
    return [a + (b - a) * f for a, b in zip(stops[k].rgb(), stops[k + 1].rgb(), strict=True)]


def test_a_cmyk_page_s_gradients_are_littlecms_cmyk_following_the_rgb_gradient() -> None:
    pdf = _card(_cmyk, _gradients)
    doc = pikepdf.open(io.BytesIO(pdf))
    linear, radial = _shadings(doc)
    assert str(linear.ColorSpace) == str(radial.ColorSpace) == "/DeviceCMYK"
    # along each gradient, the CMYK colour is littleCMS's conversion of the RGB colour there
    cases = (
        (linear, [DEEP_BLUE, WARM_RED, NEAR_BLACK], [0, 0.6, 1]),
        (radial, [WARM_RED, DEEP_BLUE], [0, 1]),
    )
    for shading, stops, at in cases:
        for i in range(41):
            t = i / 40
            got = evaluate(shading.Function, t)
            want = rgb_to_cmyk(*(round(v, 4) for v in _rgb_at(stops, at, t)))
            assert max(abs(g - w) for g, w in zip(got, want, strict=True)) < 0.02, (t, got, want)
            assert sum(got) <= ink_aim() + 1e-4  # as written, to 7 digits
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        (marks,) = pdf_marks(doc)
    shaded = [m for m in marks if m.kind == "shading"]
    assert [m.space for m in shaded] == ["DeviceCMYK", "DeviceCMYK"]
    assert shaded[0].box == pytest.approx((0, 0, PAGE[0], PAGE[1] / 2))
    assert preflight(pdf, "generic").problems == []
    # flattened and marked PDF/X-1a for DriveThruCards, the gradients stay CMYK within the ink
    # (one page, no card to put back first: the sides' order is not what this checks)
    dtc = dataclasses.replace(services()["drivethrucards"], sides="front-back")
    x1a = for_service(pdf, dtc)
    # one page, not a card's two: every other rule passes
    assert [p.rule for p in preflight(x1a, "drivethrucards").problems] == ["pages"]


def test_an_rgb_gradient_fails_a_cmyk_only_service_naming_the_shading() -> None:
    pdf = _card(_rgb, _gradients)
    problems = [p for p in preflight(pdf, "drivethrucards").problems if p.rule == "colour"]
    assert [p.text() for p in problems] == [
        "a shading in DeviceRGB; DriveThruCards prints CMYK only"
    ]
    assert problems[0].page == 1 and problems[0].box is not None


def test_a_gradient_to_a_four_colour_black_fails_the_ink_limit() -> None:
    def heavy(c: Canvas) -> None:
        c.linearGradient(0, 0, PAGE[0], 0, [CMYKColor(0, 0, 0, 0.2), CMYKColor(0.9, 0.8, 0.8, 1)])

    pdf = _card(_rgb, heavy)
    (ink,) = [p for p in preflight(pdf, "drivethrucards").problems if p.rule == "ink"]
    assert ink.text() == "a shading at 350 % total ink; DriveThruCards allows 240 %"
    assert ink.box == pytest.approx((0, 0, *PAGE))  # no clip: the whole page
    # the same gradient on a --cmyk canvas is held within the limit
    pdf = _card(_cmyk, heavy)
    assert not [p for p in preflight(pdf, "drivethrucards").problems if p.rule == "ink"]


def _pattern_page(shading) -> bytes:
    """A card page whose middle is filled with a shading pattern (``/Pattern cs /P0 scn``);
    ``shading(doc)`` makes the pattern's shading in the new file."""
    doc = pikepdf.new()
    page = doc.add_blank_page(page_size=PAGE)
    page.obj.TrimBox = pikepdf.Array(TRIM)
    page.obj.BleedBox = pikepdf.Array([0, 0, *PAGE])
    pattern = pikepdf.Dictionary(PatternType=2, Shading=shading(doc))
    page.obj.Resources = pikepdf.Dictionary(Pattern=pikepdf.Dictionary(P0=pattern))
    page.obj.Contents = doc.make_stream(b"/Pattern cs /P0 scn 40 60 100 120 re f\n")
    out = io.BytesIO()
    doc.save(out)
    return out.getvalue()


def _rgb_axial(doc) -> pikepdf.Dictionary:
    red_to_blue = pikepdf.Dictionary(FunctionType=2, Domain=[0, 1], C0=[1, 0, 0], C1=[0, 0, 1], N=1)
    return pikepdf.Dictionary(
        ShadingType=2,
        ColorSpace=pikepdf.Name.DeviceRGB,
        Coords=[0, 0, 100, 0],
        Function=red_to_blue,
    )


def _sampled_cmyk(doc) -> pikepdf.Dictionary:
    """A sampled (type 0) CMYK function of five samples: the third lays down 320 %."""
    inks = [(0, 0, 0, 0), (60, 60, 60, 60), (204, 204, 204, 204), (60, 60, 60, 60), (0, 0, 0, 255)]
    fn = doc.make_stream(bytes(v for ink in inks for v in ink))
    fn.FunctionType, fn.Domain, fn.Size = 0, pikepdf.Array([0, 1]), pikepdf.Array([5])
    fn.BitsPerSample, fn.Range = 8, pikepdf.Array([0, 1] * 4)
    return pikepdf.Dictionary(
        ShadingType=2, ColorSpace=pikepdf.Name.DeviceCMYK, Coords=[0, 0, 100, 0], Function=fn
    )


def test_a_shading_pattern_is_judged_by_its_own_colour_space_and_samples() -> None:
    rgb = _pattern_page(_rgb_axial)
    (colour,) = [p for p in preflight(rgb, "drivethrucards").problems if p.rule == "colour"]
    assert colour.text() == "a shading in DeviceRGB; DriveThruCards prints CMYK only"
    assert colour.box == pytest.approx((40, 60, 140, 180))  # the filled path, not the page
    cmyk = _pattern_page(_sampled_cmyk)
    (ink,) = [p for p in preflight(cmyk, "drivethrucards").problems if p.rule == "ink"]
    assert ink.text() == "a shading at 320 % total ink; DriveThruCards allows 240 %"
    with pikepdf.open(io.BytesIO(cmyk)) as doc:
        fn = doc.pages[0].obj.Resources.Pattern.P0.Shading.Function
        assert evaluate(fn, 0.5) == pytest.approx([0.8] * 4)
        assert evaluate(fn, 0.125) == pytest.approx([30 / 255] * 4)  # halfway, samples 1-2
        assert evaluate(fn, 1.0) == pytest.approx([0, 0, 0, 1])
