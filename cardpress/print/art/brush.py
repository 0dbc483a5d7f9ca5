"""Painterly rendering with curved brush strokes of multiple sizes (Hertzmann, 1998).

A scene is first drawn as a flat *reference image* with the :class:`~.pen.Pen`
vocabulary, rasterised small (PDFium, 2 px per point); then it is painted over
in layers, from the largest brush to the smallest. For each layer the
reference is blurred in proportion to the brush; wherever the painting so far
differs from it by more than the manner's threshold (mean colour error over a
grid cell), a stroke starts at the cell's worst pixel, in the reference's
colour there, and runs across the colour gradient (along the edges, never
across them), bending at most as the manner allows, until the colour under it
no longer matches or it reaches its longest. Each layer's strokes are painted
into the working raster (Pillow) in shuffled order so the next, smaller brush
only corrects what is still wrong. Large brushes lay in the masses, small ones
the edges and details.

What makes Monet look like Monet is the :class:`Manner`: brush sizes, stroke
lengths, how closely a stroke follows the gradient, a flow field that takes
over in flat areas (Van Gogh's swirls), how a stroke's colour is pushed
(saturation, broken hue, complementary shadows), glazing alpha, highlights.

The strokes are returned as vector paths in points (:class:`Stroke`) and
written into the PDF as Bézier curves, so the card stays resolution-
independent. Everything random comes from ``random.Random(seed)``: a card's
strokes, and so its bytes, are the same in every build.
"""

from __future__ import annotations

import colorsys
import io
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from PIL import Image, ImageDraw, ImageFilter
from reportlab.pdfgen.canvas import Canvas

from cardpress.print.colour import RGB
from cardpress.print.pdfium_lock import PDFIUM

#: reference raster resolution: pixels per point
SCALE = 1.5

#: a flow field: (u, v) arrays in 0-1 (v up), the box's aspect -> angles in radians
Flow = Callable[[np.ndarray, np.ndarray, float], np.ndarray]


@dataclass(frozen=True)
class Stroke:
    """One brush stroke: a colour, a width and the control points it passes through (pt)."""

    colour: RGB
    width: float
    points: tuple[tuple[float, float], ...]
    alpha: float = 1.0
    #: its path as PDF operators (:func:`bezier_ops`), worked out once when it is painted
    path: str = field(default="", compare=False, repr=False)

    @classmethod
    def of(cls, colour: RGB, width: float, points, alpha: float = 1.0) -> Stroke:
        return cls(colour, width, points, alpha, bezier_ops(points))


@dataclass(frozen=True)
class Manner:
    """How a painter handles the brush (the parameters of Hertzmann's algorithm and more)."""

    #: brush radii in points, largest first (one layer each)
    brushes: tuple[float, ...]
    #: mean colour error (0-1 RGB distance) a grid cell may keep before it is repainted
    threshold: float = 0.1
    min_length: int = 2
    max_length: int = 8
    #: 1: a stroke turns with every bend of the edges; 0: it keeps its first direction
    curvature: float = 0.6
    #: reference blur per layer, times the brush radius
    blur: float = 0.6
    #: grid spacing per layer, times the brush radius
    grid: float = 1.0
    #: step between control points, times the brush radius
    step: float = 1.0
    #: a stroke ends where the reference differs from its colour by more than this (an edge)
    tolerance: float = 0.3
    #: most strokes per layer (the cells worst off first): the PDF's size and build time
    budget: tuple[int, ...] = (300, 400, 500)
    #: glaze alpha per layer (1: opaque paint), one per brush
    alpha: tuple[float, ...] = ()
    #: saturation multiplier, value contrast around 0.5, hue/value jitter per stroke
    saturation: float = 1.0
    contrast: float = 1.0
    hue_jitter: float = 0.0
    value_jitter: float = 0.0
    #: stroke width as a share of the brush's diameter (under 1: dabs longer than wide)
    width: float = 1.0
    #: random width variation per stroke (fraction)
    width_jitter: float = 0.15
    #: where the picture is flat, a stroke sets off at this angle (radians, y up), give or take
    #: ``rest_spread``; None: a stroke there stays a single dab
    rest_angle: float | None = 0.0
    rest_spread: float = 0.4
    #: overrides the gradient direction where it returns an angle (blended by flow_weight)
    flow: Flow | None = None
    flow_weight: float = 1.0
    #: the ground the painting starts from
    ground: RGB = (0.85, 0.82, 0.75)
    #: every stroke runs at this fixed angle (a forger's mechanical hatching), if set
    hatch: float | None = None
    #: light from the left: the reference brightened toward x=0 by this much
    light_left: float = 0.0
    #: small bright dots where the reference is brightest (Vermeer's pointillé)
    highlights: int = 0
    #: a last, finest brush (radius, pt) that works only inside a scene's focus areas (faces,
    #: hands), at most ``detail_budget`` strokes; 0: none
    detail: float = 0.0
    detail_budget: int = 0
    #: share of the last layer's strokes given a lighter ridge along them (impasto: thick
    #: paint catching the light on its upper-left edge)
    impasto: float = 0.0
    #: share of the last layer's strokes answered by a thin stroke of the complementary
    #: hue beside them (orange in a blue sky, violet in the wheat: Van Gogh's contrast)
    accents: float = 0.0

    def layer_alpha(self, i: int) -> float:
        return self.alpha[i] if i < len(self.alpha) else 1.0


# --------------------------------------------------------------------------- the reference


def reference(draw: Callable[[Canvas], None], w: float, h: float) -> np.ndarray:
    """The scene drawn by ``draw`` on a ``w`` x ``h`` pt page, as an RGB float array (0-1)."""
    import pypdfium2 as pdfium

    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(w, h), invariant=1, pageCompression=0)
    draw(c)
    c.showPage()
    c.save()
    with PDFIUM:
        doc = pdfium.PdfDocument(buf.getvalue())
        try:
            page = doc[0]
            bitmap = page.render(scale=SCALE)
            try:
                img = bitmap.to_pil().convert("RGB")
            finally:
                bitmap.close()
            page.close()
        finally:
            doc.close()
    return np.asarray(img, dtype=np.float32) / 255.0


# --------------------------------------------------------------------------- colour handling


def shape_colour(c, manner: Manner, rng: random.Random) -> RGB:
    """A stroke's paint: the reference colour pushed as the painter pushes it."""
    r, g, b = (min(1.0, max(0.0, float(v))) for v in c)
    hh, ll, ss = colorsys.rgb_to_hls(r, g, b)
    if manner.hue_jitter:
        hh = (hh + rng.uniform(-manner.hue_jitter, manner.hue_jitter)) % 1.0
    ss = min(1.0, ss * manner.saturation)
    ll = 0.5 + (ll - 0.5) * manner.contrast
    if manner.value_jitter:
        ll += rng.uniform(-manner.value_jitter, manner.value_jitter)
    ll = min(1.0, max(0.0, ll))
    r, g, b = colorsys.hls_to_rgb(hh, ll, ss)
    return (round(r, 2), round(g, 2), round(b, 2))


def complementary(c: RGB, depth: float = 0.2) -> RGB:
    """``c``'s complementary hue, a little darker and more saturated."""
    hh, ll, ss = colorsys.rgb_to_hls(*c)
    r, g, b = colorsys.hls_to_rgb((hh + 0.5) % 1.0, max(0.0, ll * (1 - depth)), min(1.0, ss + 0.2))
    return (round(r, 3), round(g, 3), round(b, 3))


# --------------------------------------------------------------------------- painting


def _layer_grid(diff: np.ndarray, step: int):
    """Per grid cell: its mean error and the (y, x) of its worst pixel."""
    hh, ww = diff.shape
    ny, nx = -(-hh // step), -(-ww // step)
    padded = np.zeros((ny * step, nx * step), dtype=diff.dtype)
    padded[:hh, :ww] = diff
    cells = padded.reshape(ny, step, nx, step).transpose(0, 2, 1, 3).reshape(ny, nx, step * step)
    mean = cells.mean(axis=2)
    worst = cells.argmax(axis=2)
    ys = np.arange(ny)[:, None] * step + worst // step
    xs = np.arange(nx)[None, :] * step + worst % step
    return mean, np.minimum(ys, hh - 1), np.minimum(xs, ww - 1)


def direction_field(lum: np.ndarray, manner: Manner, radius: float):
    """Per pixel, the unit direction a stroke takes there: (dx, dy) arrays, y down.

    Across the colour gradient (along the edges); where the manner has a flow
    field it is blended in (the gradient's sign turned to agree with it), and
    it takes over where the picture is flat. (0, 0): no preferred direction.
    """
    hh, ww = lum.shape
    if manner.hatch is not None:
        return (
            np.full((hh, ww), math.cos(manner.hatch), dtype=np.float32),
            np.full((hh, ww), -math.sin(manner.hatch), dtype=np.float32),
        )
    gy, gx = np.gradient(lum)
    mag = np.hypot(gx, gy)
    edge = mag * radius > 0.02
    safe = np.where(edge, mag, 1.0)
    dx = np.where(edge, -gy / safe, 0.0)
    dy = np.where(edge, gx / safe, 0.0)
    if manner.flow is not None:
        u = (np.arange(ww, dtype=np.float32) + 0.5) / ww
        v = 1.0 - (np.arange(hh, dtype=np.float32) + 0.5) / hh
        angle = manner.flow(u[None, :], v[:, None], ww / hh)
        fx, fy = np.cos(angle), -np.sin(angle)
        flip = np.where(dx * fx + dy * fy < 0, -1.0, 1.0)
        fw = np.where(edge, manner.flow_weight, 1.0)
        dx, dy = fw * fx + (1 - fw) * dx * flip, fw * fy + (1 - fw) * dy * flip
        norm = np.hypot(dx, dy)
        norm = np.where(norm > 1e-6, norm, 1.0)
        dx, dy = dx / norm, dy / norm
    return dx.astype(np.float32), dy.astype(np.float32)


#: a scene's areas of interest: (x, y, rx, ry, weight) ellipses in points, y up
Focus = tuple[tuple[float, float, float, float, float], ...]


def focus_weights(focus: Focus, ww: int, hh: int) -> np.ndarray | None:
    """Per reference pixel, how much its error counts for the fine brushes: 1, and up to
    an area's weight inside it (the most of overlapping areas), fading out at its rim."""
    if not focus:
        return None
    xs = (np.arange(ww, dtype=np.float32) + 0.5) / SCALE
    ys = hh / SCALE - (np.arange(hh, dtype=np.float32) + 0.5) / SCALE
    out = np.ones((hh, ww), dtype=np.float32)
    for fx, fy, rx, ry, weight in focus:
        d = ((xs[None, :] - fx) / rx) ** 2 + ((ys[:, None] - fy) / ry) ** 2
        out = np.maximum(out, 1 + (weight - 1) * np.clip(1.5 - d, 0.0, 1.0))
    return out


def paint(ref: np.ndarray, manner: Manner, seed: int, focus: Focus = ()) -> list[Stroke]:
    """Hertzmann's layered painting of ``ref`` in ``manner``: the strokes, in painting order.

    After the lay-in, a cell's error is weighted by ``focus`` (see :func:`focus_weights`):
    where the budget runs out, it runs out away from the faces. With detail brushes in the
    manner, a last layer of them works inside the focus areas alone.
    """
    rng = random.Random(seed)
    hh, ww = ref.shape[:2]
    h_pt = hh / SCALE
    weights_focus = focus_weights(focus, ww, hh)
    if manner.light_left:
        ramp = 1.0 + manner.light_left * (0.5 - np.arange(ww, dtype=np.float32) / ww)
        ref = np.clip(ref * ramp[None, :, None], 0.0, 1.0)
    ground = tuple(int(v * 255) for v in manner.ground)
    canvas = Image.new("RGB", (ww, hh), ground)
    ref_img = Image.fromarray((ref * 255).astype(np.uint8))
    weights = np.array([0.299, 0.587, 0.114], dtype=np.float32)
    strokes: list[Stroke] = []
    radii = list(manner.brushes)
    if manner.detail and weights_focus is not None:
        radii.append(manner.detail)
    for layer, radius_pt in enumerate(radii):
        detail = layer == len(manner.brushes)  # the detail brush, in the focus areas alone
        radius = radius_pt * SCALE
        blurred_img = ref_img.filter(ImageFilter.GaussianBlur(max(0.5, manner.blur * radius)))
        blurred = np.asarray(blurred_img, dtype=np.float32) / 255.0
        dxa, dya = direction_field(blurred @ weights, manner, radius)
        painted = np.asarray(canvas, dtype=np.float32) / 255.0
        diff = np.sqrt(((painted - blurred) ** 2).sum(axis=2))
        if layer and weights_focus is not None:
            diff = diff * weights_focus * (weights_focus > 1.05 if detail else 1)
        budgets = manner.budget
        budget = manner.detail_budget if detail else budgets[min(layer, len(budgets) - 1)]
        if layer == 0:  # the whole canvas is laid in, on a grid as fine as the budget allows
            step = max(round(manner.grid * radius), math.ceil(math.sqrt(ww * hh / budget)))
        else:
            step = max(1, round(manner.grid * radius))
        mean, ys, xs = _layer_grid(diff, step)
        if layer == 0:  # every cell is as bad as the next: start anywhere in it, not on a grid
            jy = np.array([rng.randrange(step) for _ in range(ys.size)]).reshape(ys.shape)
            jx = np.array([rng.randrange(step) for _ in range(xs.size)]).reshape(xs.shape)
            ys = np.minimum(ys - ys % step + jy, hh - 1)
            xs = np.minimum(xs - xs % step + jx, ww - 1)
        keep = np.ones_like(mean, dtype=bool) if layer == 0 else mean > manner.threshold
        order = np.argsort(-mean[keep], kind="stable")[:budget]
        starts = list(zip(ys[keep][order].tolist(), xs[keep][order].tolist(), strict=True))
        rng.shuffle(starts)
        alpha = manner.layer_alpha(layer)
        draw = ImageDraw.Draw(canvas, "RGBA")
        for y0, x0 in starts:
            rest = None
            if manner.rest_angle is not None:
                a = manner.rest_angle + rng.uniform(-manner.rest_spread, manner.rest_spread)
                rest = (math.cos(a), -math.sin(a))
            pts = _trace(x0, y0, radius, manner, blurred, painted, dxa, dya, rest)
            colour = shape_colour(blurred[y0, x0].tolist(), manner, rng)
            jitter = 1 + rng.uniform(-manner.width_jitter, manner.width_jitter)
            share = max(manner.width, 1.0) * 1.3 if layer == 0 else manner.width  # lay-in
            width = round(2 * radius_pt * share * jitter, 1)
            pt_pts = tuple((round(x / SCALE, 1), round(h_pt - y / SCALE, 1)) for x, y in pts)
            strokes.append(Stroke.of(colour, width, pt_pts, alpha))
            fill = (*(int(v * 255) for v in colour), int(alpha * 255))
            _raster(draw, pts, width * SCALE, fill)
            last = layer == len(manner.brushes) - 1  # impasto and accents: not the detail
            if last and len(pt_pts) > 1 and rng.random() < manner.impasto:
                strokes.append(_ridge(strokes[-1]))
            if last and len(pt_pts) > 1 and rng.random() < manner.accents:
                strokes.append(_accent(strokes[-1]))
    if manner.highlights:
        strokes.extend(_highlights(ref, manner, rng, ww / SCALE, h_pt))
    return strokes


def _trace(x0: int, y0: int, radius: float, manner: Manner, ref, can, dxa, dya, rest=None):
    """The control points of one stroke from (x0, y0), in reference pixels (Hertzmann's
    makeSplineStroke): it ends where the painting already matches the reference
    better than this stroke's colour would, or at the manner's longest."""
    hh, ww = dxa.shape
    colour = ref[y0, x0].tolist()
    x, y = float(x0), float(y0)
    pts = [(x, y)]
    ldx = ldy = 0.0
    fc = manner.curvature
    step = radius * manner.step
    tolerance = manner.tolerance**2
    for i in range(1, manner.max_length):
        ix, iy = int(x), int(y)
        r = ref[iy, ix].tolist()
        mine = (r[0] - colour[0]) ** 2 + (r[1] - colour[1]) ** 2 + (r[2] - colour[2]) ** 2
        if mine > tolerance:
            break
        if i > manner.min_length:
            cv = can[iy, ix].tolist()
            here = (r[0] - cv[0]) ** 2 + (r[1] - cv[1]) ** 2 + (r[2] - cv[2]) ** 2
            if here < mine:
                break
        dx, dy = float(dxa[iy, ix]), float(dya[iy, ix])
        if dx == 0.0 and dy == 0.0:
            if i == 1:
                if rest is None:
                    break
                dx, dy = rest
            else:
                dx, dy = ldx, ldy
        if ldx * dx + ldy * dy < 0:
            dx, dy = -dx, -dy
        if i > 1:
            dx, dy = fc * dx + (1 - fc) * ldx, fc * dy + (1 - fc) * ldy
            norm = math.hypot(dx, dy) or 1.0
            dx, dy = dx / norm, dy / norm
        x, y = x + step * dx, y + step * dy
        if not (0 <= x < ww and 0 <= y < hh):
            break
        ldx, ldy = dx, dy
        pts.append((x, y))
    return pts


def _raster(draw: ImageDraw.ImageDraw, pts, width: float, fill) -> None:
    """The stroke into the working raster, round-capped, so the next layer sees it."""
    wpx = max(1, round(width))
    r = width / 2
    if len(pts) > 1:
        draw.line(pts, fill=fill, width=wpx)
    for x, y in (pts[0], pts[-1]):
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)


def _ridge(stroke: Stroke) -> Stroke:
    """The light catching a thick stroke's upper-left edge: a thin, paler line along it."""
    off = stroke.width * 0.22
    colour = tuple(round(min(1.0, v * 0.6 + 0.42), 2) for v in stroke.colour)
    pts = tuple((round(x - off, 1), round(y + off, 1)) for x, y in stroke.points)
    return Stroke.of(colour, round(max(0.3, stroke.width * 0.28), 1), pts, stroke.alpha)  # type: ignore[arg-type]


def _accent(stroke: Stroke) -> Stroke:
    """A thin stroke of the complementary hue alongside ``stroke``."""
    off = stroke.width * 0.45
    pts = tuple((round(x + off, 1), round(y - off, 1)) for x, y in stroke.points)
    return Stroke.of(complementary(stroke.colour), round(max(0.3, stroke.width * 0.3), 1), pts)


def _highlights(ref: np.ndarray, manner: Manner, rng: random.Random, w_pt, h_pt) -> list[Stroke]:
    """Tiny bright dots at the reference's brightest spots (lit rims, bread crust, pearls)."""
    lum = ref @ np.array([0.299, 0.587, 0.114], dtype=np.float32)
    hh, ww = lum.shape
    cell = 6
    mean, ys, xs = _layer_grid(lum, cell)
    found = []
    for j in range(mean.shape[0]):
        for i in range(mean.shape[1]):
            y, x = int(ys[j, i]), int(xs[j, i])
            y0, y1, x0, x1 = max(0, y - 4), min(hh, y + 5), max(0, x - 4), min(ww, x + 5)
            contrast = float(lum[y, x] - lum[y0:y1, x0:x1].mean())
            if lum[y, x] > 0.62 and contrast > 0.06:
                found.append((contrast, y, x))
    found.sort(reverse=True)
    dots = []
    for _, y, x in found[: manner.highlights]:
        c = ref[y, x]
        colour = tuple(round(min(1.0, float(v) * 0.4 + 0.62), 3) for v in c)
        px, py = x / SCALE + rng.uniform(-0.3, 0.3), h_pt - y / SCALE + rng.uniform(-0.3, 0.3)
        dots.append(
            Stroke.of(colour, round(rng.uniform(0.5, 0.9), 2), ((round(px, 2), round(py, 2)),))
        )  # type: ignore[arg-type]
    return dots


# --------------------------------------------------------------------------- to PDF


def bezier_ops(points: tuple[tuple[float, float], ...]) -> str:
    """PDF path operators for a smooth open curve through ``points`` (Catmull-Rom as Béziers).

    In tenths of a point, as integers (the art is drawn under a 0.1 scale): short
    operators, quick to write, and the picture keeps its 0.1 pt precision.
    """
    if len(points) > 4:  # a smooth curve needs no more than every other point (PDF size)
        points = points[:-1:2] + points[-1:]
    xs = [round(x * 10) for x, _ in points]
    ys = [round(y * 10) for _, y in points]
    n = len(xs)
    if n == 1:  # a dab: a zero-length line, round caps make it a dot
        return f"{xs[0]} {ys[0]} m {xs[0] + 1} {ys[0]} l"
    # the end points repeated: the tangent at an end runs to its neighbour
    px, py = [xs[0], *xs, xs[-1]], [ys[0], *ys, ys[-1]]
    parts = [f"{xs[0]} {ys[0]} m"]
    for i in range(1, n):
        bx, by, cx, cy = px[i], py[i], px[i + 1], py[i + 1]
        c1x, c1y = round(bx + (cx - px[i - 1]) / 6), round(by + (cy - py[i - 1]) / 6)
        c2x, c2y = round(cx - (px[i + 2] - bx) / 6), round(cy - (py[i + 2] - by) / 6)
        parts.append(f"{c1x} {c1y} {c2x} {c2y} {cx} {cy} c")
    return " ".join(parts)


#: the scale the operators of :func:`stroke_ops` are drawn under (they count tenths of a point)
OPS_SCALE = 0.1


def stroke_ops(strokes: list[Stroke], colour_op: Callable[[RGB], str]) -> list[tuple[float, str]]:
    """The strokes as PDF operators, in runs of one alpha: [(alpha, operators)].

    ``colour_op`` formats a stroke colour as the target canvas would (RGB, or
    CMYK on a print-shop canvas), so the cached operators match its colour space.
    """
    runs: list[tuple[float, list[str]]] = []
    last_colour = last_width = None
    for s in strokes:
        if not runs or runs[-1][0] != s.alpha:
            runs.append((s.alpha, []))
            last_colour = last_width = None
        ops = runs[-1][1]
        if s.colour != last_colour:
            ops.append(colour_op(s.colour))
            last_colour = s.colour
        if s.width != last_width:
            ops.append(f"{round(s.width * 10)} w")
            last_width = s.width
        ops.append(s.path + " S")
    return [(alpha, "\n".join(ops)) for alpha, ops in runs]
