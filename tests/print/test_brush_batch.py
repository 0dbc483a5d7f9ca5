"""A layer's strokes are traced, coloured and written as arrays; each must be the stroke
the one-at-a-time algorithm (Hertzmann's makeSplineStroke, colorsys, Catmull-Rom) gives."""

from __future__ import annotations

import colorsys
import math
import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from cardpress.print.art import brush
from cardpress.print.art.brush import Manner


def _one_stroke(x0, y0, radius, manner, ref, can, dxa, dya, rest):
    """makeSplineStroke for one stroke, written the plain way (the model the arrays follow)."""
    hh, ww = dxa.shape
    colour = ref[y0, x0].tolist()
    x, y = float(x0), float(y0)
    pts = [(x, y)]
    ldx = ldy = 0.0
    step = radius * manner.step
    for i in range(1, manner.max_length):
        r = ref[int(y), int(x)].tolist()
        mine = sum((a - b) ** 2 for a, b in zip(r, colour, strict=True))
        if mine > manner.tolerance**2:
            break
        if i > manner.min_length:
            here = sum((a - b) ** 2 for a, b in zip(r, can[int(y), int(x)].tolist(), strict=True))
            if here < mine:
                break
        dx, dy = float(dxa[int(y), int(x)]), float(dya[int(y), int(x)])
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
            dx, dy = (
                manner.curvature * dx + (1 - manner.curvature) * ldx,
                (manner.curvature * dy + (1 - manner.curvature) * ldy),
            )
            norm = math.hypot(dx, dy) or 1.0
            dx, dy = dx / norm, dy / norm
        x, y = x + step * dx, y + step * dy
        if not (0 <= x < ww and 0 <= y < hh):
            break
        ldx, ldy = dx, dy
        pts.append((x, y))
    return pts


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rests=st.booleans(), min_length=st.integers(0, 4))
def test_a_layer_traced_together_is_each_stroke_traced_alone(seed, rests, min_length):
    rng = np.random.default_rng(seed)
    hh, ww = 40, 50
    ref = rng.random((hh, ww, 3), dtype=np.float32)
    ref[:, : ww // 2] = ref[0, 0]  # a flat half: strokes there rely on their rest direction
    can = rng.random((hh, ww, 3), dtype=np.float32)
    manner = Manner(brushes=(2.0,), min_length=min_length, max_length=7, tolerance=0.6)
    dxa, dya = brush.direction_field(ref @ np.float32([0.3, 0.6, 0.1]), manner, 3.0)
    n = 60
    x0, y0 = rng.integers(0, ww, n), rng.integers(0, hh, n)
    angles = rng.uniform(0, 2 * math.pi, n)
    rest = np.stack([np.cos(angles), -np.sin(angles)], axis=1) if rests else None
    xs, ys, lengths = brush._trace(x0, y0, rest, 3.0 * manner.step, manner, ref, can, dxa, dya)
    for i in range(n):
        alone = _one_stroke(
            int(x0[i]), int(y0[i]), 3.0, manner, ref, can, dxa, dya,
            None if rest is None else tuple(rest[i].tolist()),
        )  # fmt: skip
        k = lengths[i]
        together = list(zip(xs[i, :k].tolist(), ys[i, :k].tolist(), strict=True))
        assert len(together) == len(alone)
        assert np.allclose(together, alone, atol=1e-9)


@settings(max_examples=200, deadline=None)
@given(
    rgb=st.tuples(*[st.floats(-0.2, 1.2, allow_nan=False)] * 3),
    hue=st.floats(-0.2, 0.2),
    value=st.floats(-0.2, 0.2),
    saturation=st.sampled_from([0.6, 1.0, 1.4]),
    contrast=st.sampled_from([0.8, 1.0, 1.3]),
)
def test_a_strokes_paint_is_pushed_as_colorsys_pushes_it(rgb, hue, value, saturation, contrast):
    manner = Manner(
        brushes=(1.0,), hue_jitter=0.1, value_jitter=0.1, saturation=saturation, contrast=contrast
    )
    r, g, b = (min(1.0, max(0.0, v)) for v in rgb)
    hh, ll, ss = colorsys.rgb_to_hls(r, g, b)
    hh = (hh + hue) % 1.0
    ss = min(1.0, ss * saturation)
    ll = min(1.0, max(0.0, 0.5 + (ll - 0.5) * contrast + value))
    want = tuple(round(v, 2) for v in colorsys.hls_to_rgb(hh, ll, ss))
    got = brush._colours(np.array([rgb]), np.array([hue]), np.array([value]), manner)[0]
    assert got == want


def _one_curve(points):
    """Catmull-Rom through every other point (of more than four) as Béziers, in tenths of a
    point: the plain way, one curve at a time."""
    if len(points) > 4:
        points = points[:-1:2] + points[-1:]
    xs, ys = [round(x * 10) for x, _ in points], [round(y * 10) for _, y in points]
    if len(xs) == 1:
        return f"{xs[0]} {ys[0]} m {xs[0] + 1} {ys[0]} l"
    px, py = [xs[0], *xs, xs[-1]], [ys[0], *ys, ys[-1]]
    parts = [f"{xs[0]} {ys[0]} m"]
    for i in range(1, len(xs)):
        c1 = round(px[i] + (px[i + 1] - px[i - 1]) / 6), round(py[i] + (py[i + 1] - py[i - 1]) / 6)
        c2 = round(px[i + 1] - (px[i + 2] - px[i]) / 6), round(py[i + 1] - (py[i + 2] - py[i]) / 6)
        parts.append(f"{c1[0]} {c1[1]} {c2[0]} {c2[1]} {px[i + 1]} {py[i + 1]} c")
    return " ".join(parts)


def test_curves_of_many_lengths_are_written_as_each_alone():
    rnd = random.Random(5)
    lengths = [rnd.randint(1, 9) for _ in range(200)]
    xs = np.round(np.array([[rnd.uniform(0, 150) for _ in range(9)] for _ in lengths]), 1)
    ys = np.round(np.array([[rnd.uniform(0, 116) for _ in range(9)] for _ in lengths]), 1)
    together = brush.bezier_paths(xs, ys, np.array(lengths))
    for i, n in enumerate(lengths):
        pts = tuple(zip(xs[i, :n].tolist(), ys[i, :n].tolist(), strict=True))
        assert together[i] == _one_curve(pts) == brush.bezier_ops(pts)
