"""Where a scene looks hardest (a face, hands at work), the painting keeps the detail.

The brush renderer spends a limited budget of fine strokes on the cells that
are worst off. A scene marks its focus areas (``Pen.focus``); these tests
paint a reference with the same small marks in two places, one of them in
focus, and read the painting back as pixels.
"""

from __future__ import annotations

import dataclasses
import io
import random

import numpy as np
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import Canvas

from cardpress.print.art import brush
from cardpress.print.art.pen import Pen
from cardpress.print.art.vermeer import brushwork as vermeer_brushwork
from cardpress.print.export import rasterise_images

W, H = 120.0, 60.0
#: two heads' worth of marks: eyes and brows, a mouth (left at x=30, right at x=90)
MARKS = ((-6, 4, 5, 1.2), (6, 4, 5, 1.2), (-6, 8, 5, 0.8), (6, 8, 5, 0.8), (0, -6, 6, 1.2))


def _draw(c: Canvas) -> None:
    c.setFillColorRGB(0.85, 0.72, 0.58)
    c.rect(0, 0, W, H, stroke=0, fill=1)
    c.setFillColorRGB(0.2, 0.12, 0.08)
    for cx in (30, 90):
        for dx, dy, mw, mh in MARKS:
            c.rect(cx + dx - mw / 2, H / 2 + dy - mh / 2, mw, mh, stroke=0, fill=1)


def _painted(strokes: list[brush.Stroke], ground) -> np.ndarray:
    """The strokes drawn as a card draws them (PDF Bézier paths), read back at 150 dpi."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(W, H), invariant=1)
    c.setFillColorRGB(*ground)
    c.rect(0, 0, W, H, stroke=0, fill=1)
    c.setLineCap(1)
    c.setLineJoin(1)
    c.scale(brush.OPS_SCALE, brush.OPS_SCALE)
    for alpha, ops in brush.stroke_ops(strokes, lambda col: f"{fp_str(col)} RG"):
        c.setStrokeAlpha(alpha)
        c._code.append(ops)
    c.showPage()
    c.save()
    image = rasterise_images(buf.getvalue(), 150)[0].convert("RGB")
    return np.asarray(image, dtype=np.float32) / 255.0


def _contrast(painted: np.ndarray, cx: float) -> float:
    """How dark the head's marks about ``cx`` (pt) came out against the skin around them
    (luminance, 0-1): what a person sees as eyes there or not."""
    px = painted.shape[1] / W
    lum = painted @ np.array([0.299, 0.587, 0.114], dtype=np.float32)
    inside = np.zeros(lum.shape, dtype=bool)
    for dx, dy, mw, mh in MARKS:
        x0, x1 = round((cx + dx - mw / 2) * px), round((cx + dx + mw / 2) * px)
        y_top = round((H - (H / 2 + dy + mh / 2)) * px)  # rows count down from the top
        inside[y_top : y_top + max(1, round(mh * px)), x0:x1] = True
    y0, y1 = round((H / 2 - 12) * px), round((H / 2 + 14) * px)
    x0, x1 = round((cx - 12) * px), round((cx + 12) * px)
    around = np.zeros(lum.shape, dtype=bool)
    around[y0:y1, x0:x1] = True
    return float(lum[around & ~inside].mean() - lum[inside].mean())


def test_the_fine_brushes_keep_the_marks_in_focus_first():
    """The same eyes, brows and mouth drawn twice; with a budget too small for both, the
    head in focus keeps its dark marks far better than the other, and without focus neither
    is favoured."""
    reference = brush.reference(_draw, W, H)
    manner = dataclasses.replace(vermeer_brushwork(0), budget=(60, 60, 50, 40), highlights=0)
    focus = ((90.0, H / 2, 14.0, 14.0, 4.0),)
    sharp = _painted(brush.paint(reference, manner, 7, focus), manner.ground)
    left, right = _contrast(sharp, 30), _contrast(sharp, 90)
    assert right > 0.25 and right > 2 * left, (left, right)
    even = _painted(brush.paint(reference, manner, 7), manner.ground)
    left, right = _contrast(even, 30), _contrast(even, 90)
    assert 0.6 < right / left < 1.67, (left, right)


def test_the_detail_brush_paints_only_in_focus():
    """The manner's finest brush puts down its strokes inside the focus areas alone, and
    none at all when a scene marks none."""
    reference = brush.reference(_draw, W, H)
    manner = dataclasses.replace(vermeer_brushwork(0), highlights=0)
    width = round(2 * manner.detail * manner.width, 1)
    focus = ((90.0, H / 2, 14.0, 14.0, 4.0),)
    fine = [s for s in brush.paint(reference, manner, 3, focus) if s.width <= width * 1.06]
    assert len(fine) > 20
    assert all(abs(x - 90) < 14 * 1.3 for s in fine for x, _ in s.points), fine[:3]
    none = [s for s in brush.paint(reference, manner, 3) if s.width <= width * 1.06]
    assert not none


def test_a_focus_area_drawn_enlarged_is_enlarged_with_the_figure():
    """A figure drawn under ``Pen.scaled`` marks its face where the face is drawn."""
    c = Canvas(io.BytesIO(), pagesize=(W, H))
    pen = Pen(c, random.Random(0))
    with pen.scaled(50, 20, 2.0):
        pen.focus(60, 30, 5, 4)
    assert pen.focus_areas == [(70.0, 40.0, 10.0, 8.0, 3.0)]
