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


def _colours(c: np.ndarray, hue: np.ndarray, value: np.ndarray, manner: Manner) -> list[RGB]:
    """The strokes' paint: each reference colour (a row) pushed as the painter pushes it
    (saturation, contrast, its own hue and value jitter), in HLS as :mod:`colorsys` has it,
    rounded to the hundredth a PDF keeps."""
    r, g, b = np.clip(c.astype(np.float64), 0.0, 1.0).T
    hh, ll, ss = _rgb_to_hls(r, g, b)
    if manner.hue_jitter:
        hh = (hh + hue) % 1.0
    ss = np.minimum(1.0, ss * manner.saturation)
    ll = 0.5 + (ll - 0.5) * manner.contrast
    if manner.value_jitter:
        ll = ll + value
    ll = np.clip(ll, 0.0, 1.0)
    rgb = np.stack(_hls_to_rgb(hh, ll, ss), axis=1).tolist()
    return [(round(r, 2), round(g, 2), round(b, 2)) for r, g, b in rgb]


def _rgb_to_hls(r: np.ndarray, g: np.ndarray, b: np.ndarray):
    """:func:`colorsys.rgb_to_hls` over arrays, step for step."""
    maxc, minc = np.maximum(np.maximum(r, g), b), np.minimum(np.minimum(r, g), b)
    sumc, rangec = maxc + minc, maxc - minc
    ll = sumc / 2.0
    grey = minc == maxc
    with np.errstate(divide="ignore", invalid="ignore"):
        ss = np.where(ll <= 0.5, rangec / sumc, rangec / (2.0 - maxc - minc))
        rc, gc, bc = ((maxc - v) / rangec for v in (r, g, b))
    hh = np.where(r == maxc, bc - gc, np.where(g == maxc, 2.0 + rc - bc, 4.0 + gc - rc))
    hh = (hh / 6.0) % 1.0
    return np.where(grey, 0.0, hh), ll, np.where(grey, 0.0, ss)


def _hls_to_rgb(hh: np.ndarray, ll: np.ndarray, ss: np.ndarray):
    """:func:`colorsys.hls_to_rgb` over arrays, step for step."""
    m2 = np.where(ll <= 0.5, ll * (1.0 + ss), ll + ss - (ll * ss))
    m1 = 2.0 * ll - m2

    def v(hue: np.ndarray) -> np.ndarray:
        hue = hue % 1.0
        rising = m1 + (m2 - m1) * hue * 6.0
        falling = m1 + (m2 - m1) * (colorsys.TWO_THIRD - hue) * 6.0
        bands = [hue < colorsys.ONE_SIXTH, hue < 0.5, hue < colorsys.TWO_THIRD]
        return np.where(ss == 0.0, ll, np.select(bands, [rising, m2, falling], m1))

    return v(hh + colorsys.ONE_THIRD), v(hh), v(hh - colorsys.ONE_THIRD)


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
        last = layer == len(manner.brushes) - 1  # impasto and accents: not the detail
        share = max(manner.width, 1.0) * 1.3 if layer == 0 else manner.width  # lay-in
        brush = Brush(radius_pt, share, manner.layer_alpha(layer), last)
        strokes.extend(_layer(starts, brush, manner, rng, (blurred, painted, dxa, dya), canvas))
    if manner.highlights:
        strokes.extend(_highlights(ref, manner, rng, ww / SCALE, h_pt))
    return strokes


@dataclass(frozen=True)
class Brush:
    """One layer's brush: its radius (pt), its width as a share of its diameter, its alpha,
    and whether it is the manner's last (the one that lays impasto ridges and accents)."""

    radius: float
    share: float
    alpha: float
    last: bool


#: what a layer's strokes read: the blurred reference, the painting as the layer found it,
#: and the direction field (dx, dy arrays)
Sight = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def _layer(
    starts: list[tuple[int, int]],
    brush: Brush,
    manner: Manner,
    rng: random.Random,
    sight: Sight,
    canvas: Image.Image,
) -> list[Stroke]:
    """One layer's strokes from their starts, in painting order, painted into ``canvas``.

    Every stroke of a layer reads the same reference and the painting as it stood when
    the layer began, so the layer's strokes are traced, coloured and written as arrays,
    together. Only the dice go one stroke after another, in the order a painter throws
    them (where the picture is flat, its direction; its hue and value; its width; then
    impasto and accent, for a stroke that moves): the strokes do not depend on how they
    are computed, only on the seed.
    """
    if not starts:
        return []
    ref, can, dxa, dya = sight
    hh, ww = dxa.shape
    y0, x0 = (np.array(v, dtype=np.intp) for v in zip(*starts, strict=True))
    step = brush.radius * SCALE * manner.step
    fdx, fdy = dxa[y0, x0].astype(np.float64), dya[y0, x0].astype(np.float64)
    flat = (fdx == 0.0) & (fdy == 0.0)
    moves = (~flat & _inside(x0 + step * fdx, y0 + step * fdy, ww, hh)).tolist()
    flat_list, x0_list, y0_list = flat.tolist(), x0.tolist(), y0.tolist()
    rests: list[tuple[float, float]] = []
    hues, values, jitters, ridges, accents = [], [], [], [], []
    spread, hj, vj, wj = (
        manner.rest_spread,
        manner.hue_jitter,
        manner.value_jitter,
        manner.width_jitter,
    )
    long = manner.max_length > 1
    for i in range(len(starts)):
        moved = moves[i]
        if manner.rest_angle is not None:
            a = manner.rest_angle + rng.uniform(-spread, spread)
            rx, ry = math.cos(a), -math.sin(a)
            rests.append((rx, ry))
            if flat_list[i]:  # its first step goes the rest way
                moved = 0 <= x0_list[i] + step * rx < ww and 0 <= y0_list[i] + step * ry < hh
        hues.append(rng.uniform(-hj, hj) if hj else 0.0)
        values.append(rng.uniform(-vj, vj) if vj else 0.0)
        jitters.append(1 + rng.uniform(-wj, wj))
        thrown = brush.last and long and moved
        ridges.append(thrown and rng.random() < manner.impasto)
        accents.append(thrown and rng.random() < manner.accents)
    rest = np.array(rests) if rests else None
    xs, ys, lengths = _trace(x0, y0, rest, step, manner, ref, can, dxa, dya)
    colours = _colours(ref[y0, x0], np.array(hues), np.array(values), manner)
    h_pt = hh / SCALE
    px, py = np.round(xs / SCALE, 1), np.round(h_pt - ys / SCALE, 1)
    paths = bezier_paths(px, py, lengths)
    widths = [round(2 * brush.radius * brush.share * j, 1) for j in jitters]
    ridge = _beside(px, py, lengths, [i for i, r in enumerate(ridges) if r], widths, -0.22)
    accent = _beside(px, py, lengths, [i for i, a in enumerate(accents) if a], widths, 0.45)
    inks = np.trunc(np.array(colours) * 255).astype(np.intp).tolist()
    draw = ImageDraw.Draw(canvas, "RGBA").draw  # Pillow's drawing core: no wrapper per call
    a255 = int(brush.alpha * 255)
    out: list[Stroke] = []
    for i, k in enumerate(lengths.tolist()):
        pts = tuple(zip(px[i, :k].tolist(), py[i, :k].tolist(), strict=True))
        colour, width = colours[i], widths[i]
        out.append(Stroke(colour, width, pts, brush.alpha, paths[i]))
        pixels = list(zip(xs[i, :k].tolist(), ys[i, :k].tolist(), strict=True))
        _raster(draw, pixels, width * SCALE, draw.draw_ink((*inks[i], a255)))
        if i in ridge:  # the light catching thick paint's upper-left edge: paler, thin
            light = tuple(round(min(1.0, v * 0.6 + 0.42), 2) for v in colour)
            pts, path = ridge[i]
            out.append(Stroke(light, round(max(0.3, width * 0.28), 1), pts, brush.alpha, path))  # type: ignore[arg-type]
        if i in accent:  # a thin stroke of the complementary hue beside it
            pts, path = accent[i]
            out.append(
                Stroke(complementary(colour), round(max(0.3, width * 0.3), 1), pts, 1.0, path)
            )
    return out


def _beside(px, py, lengths, rows: list[int], widths: list[float], offset: float):
    """The points and paths of copies of the strokes ``rows``, moved ``offset`` times their
    width down and right (negative: up and left): {row: (points, path)}."""
    if not rows:
        return {}
    off = offset * np.array([widths[i] for i in rows])[:, None]
    bx, by = np.round(px[rows] + off, 1), np.round(py[rows] - off, 1)
    kept = lengths[rows]
    paths = bezier_paths(bx, by, kept)
    return {
        row: (tuple(zip(bx[j, :k].tolist(), by[j, :k].tolist(), strict=True)), paths[j])
        for j, (row, k) in enumerate(zip(rows, kept.tolist(), strict=True))
    }


def _inside(x: np.ndarray, y: np.ndarray, ww: int, hh: int) -> np.ndarray:
    return (x >= 0) & (x < ww) & (y >= 0) & (y < hh)


def _trace(x0, y0, rest, step: float, manner: Manner, ref, can, dxa, dya):
    """The control points of a layer's strokes (Hertzmann's makeSplineStroke), as
    ``(xs, ys, lengths)`` in reference pixels, one row a stroke: each ends where the
    painting already matches the reference better than its colour would, at an edge
    (the reference far from its colour), at the box's rim, or at the manner's longest.
    ``rest``: per stroke, the direction it sets off in where the picture is flat (None:
    it stays a dab there)."""
    hh, ww = dxa.shape
    n, most = x0.size, max(1, manner.max_length)
    xs, ys = np.zeros((n, most)), np.zeros((n, most))
    x, y = x0.astype(np.float64), y0.astype(np.float64)
    xs[:, 0], ys[:, 0] = x, y
    lengths = np.ones(n, dtype=np.intp)
    colour = ref[y0, x0].astype(np.float64)
    ldx, ldy = np.zeros(n), np.zeros(n)
    fc, tolerance = manner.curvature, manner.tolerance**2
    live = np.arange(n)
    for i in range(1, most):
        if not live.size:
            break
        ix, iy = x[live].astype(np.intp), y[live].astype(np.intp)
        r = ref[iy, ix].astype(np.float64)
        mine = _distance(r, colour[live])
        stop = mine > tolerance
        if i > manner.min_length:
            stop |= _distance(r, can[iy, ix].astype(np.float64)) < mine
        dx, dy = dxa[iy, ix].astype(np.float64), dya[iy, ix].astype(np.float64)
        flat = (dx == 0.0) & (dy == 0.0)
        lx, ly = ldx[live], ldy[live]
        if i == 1:
            if rest is None:
                stop |= flat
            else:
                dx, dy = np.where(flat, rest[live, 0], dx), np.where(flat, rest[live, 1], dy)
        else:
            dx, dy = np.where(flat, lx, dx), np.where(flat, ly, dy)
        back = lx * dx + ly * dy < 0
        dx, dy = np.where(back, -dx, dx), np.where(back, -dy, dy)
        if i > 1:
            dx, dy = fc * dx + (1 - fc) * lx, fc * dy + (1 - fc) * ly
            norm = np.hypot(dx, dy)
            norm[norm == 0.0] = 1.0
            dx, dy = dx / norm, dy / norm
        nx, ny = x[live] + step * dx, y[live] + step * dy
        go = ~(stop | ~_inside(nx, ny, ww, hh))
        live = live[go]
        x[live], y[live], ldx[live], ldy[live] = nx[go], ny[go], dx[go], dy[go]
        xs[live, i], ys[live, i] = nx[go], ny[go]
        lengths[live] = i + 1
    return xs, ys, lengths


def _distance(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Squared RGB distance per row."""
    d = a - b
    return d[:, 0] ** 2 + d[:, 1] ** 2 + d[:, 2] ** 2


def _raster(draw, pts, width: float, ink) -> None:
    """The stroke into the working raster, round-capped, so the next layer sees it."""
    wpx = max(1, round(width))
    r = width / 2
    if len(pts) > 1:
        draw.draw_lines(pts, ink, wpx)
    for x, y in (pts[0], pts[-1]):
        draw.draw_ellipse((x - r, y - r, x + r, y + r), ink, 1)


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
    """PDF path operators for a smooth open curve through ``points`` (see
    :func:`bezier_paths`)."""
    xs, ys = (np.array([[p[i] for p in points]]) for i in (0, 1))
    return bezier_paths(xs, ys, np.array([len(points)]))[0]


def bezier_paths(xs: np.ndarray, ys: np.ndarray, lengths: np.ndarray) -> list[str]:
    """PDF path operators for smooth open curves (Catmull-Rom as Béziers) through the
    first ``lengths[i]`` points of row ``i`` of ``xs``, ``ys`` (pt).

    In tenths of a point, as integers (the art is drawn under a 0.1 scale): short
    operators, quick to write, and the picture keeps its 0.1 pt precision. A curve of
    more than four points keeps every other one (and its last): a smooth curve needs no
    more, and the PDF is smaller. Curves of one length are worked out together.
    """
    out = [""] * len(lengths)
    for n in np.unique(lengths).tolist():
        rows = np.flatnonzero(lengths == n)
        kept = [*range(0, n - 1, 2), n - 1] if n > 4 else list(range(n))
        gx, gy = (np.rint(v[np.ix_(rows, kept)] * 10).astype(np.int64) for v in (xs, ys))
        for i, ops in zip(rows.tolist(), _curves(gx, gy), strict=True):
            out[i] = ops
    return out


def _curves(gx: np.ndarray, gy: np.ndarray) -> list[str]:
    """The operators of curves through the points of each row (tenths of a point)."""
    n = gx.shape[1]
    if n == 1:  # a dab: a zero-length line, round caps make it a dot
        return [
            f"{x} {y} m {x + 1} {y} l"
            for x, y in zip(gx[:, 0].tolist(), gy[:, 0].tolist(), strict=True)
        ]
    # the end points repeated: the tangent at an end runs to its neighbour
    px, py = (np.concatenate([v[:, :1], v, v[:, -1:]], axis=1) for v in (gx, gy))
    columns = [gx[:, 0], gy[:, 0]]
    for i in range(1, n):
        for p in (px, py):
            columns.append(np.rint(p[:, i] + (p[:, i + 1] - p[:, i - 1]) / 6).astype(np.int64))
        for p in (px, py):
            columns.append(np.rint(p[:, i + 1] - (p[:, i + 2] - p[:, i]) / 6).astype(np.int64))
        columns += [px[:, i + 1], py[:, i + 1]]
    template = "%d %d m" + " %d %d %d %d %d %d c" * (n - 1)
    return [template % tuple(row) for row in np.stack(columns, axis=1).tolist()]


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
