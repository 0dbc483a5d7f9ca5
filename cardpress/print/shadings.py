"""Shadings (gradients) in a PDF: what colours they paint, in which colour space.

A print service's preflight judges a gradient as it judges a fill: an RGB
shading in a CMYK-only file is refused, and its darkest stop counts against
the total ink. The colours of an axial, radial or function-based shading
(types 1 to 3) are its PDF function's outputs (PDF 32000 §7.10): sampled
(type 0), exponential (type 2) and stitching (type 3) functions are
evaluated here over their domain, which is enough to find the most ink they
lay down (each is monotone between its samples, stops and bounds). A
PostScript calculator function (type 4) or a mesh shading (types 4 to 7,
whose colours sit in the stream's packed data) is judged by its colour space
alone.

Our own gradients are written through ReportLab, whose ``linearGradient`` and
``radialGradient`` ignore the canvas's ``enforceColorSpace``:
``cardpress.print.cmyk.CmykCanvas`` converts their stops through littleCMS,
sampled between stops in RGB here (``rgb_stops``) so the CMYK gradient follows
the RGB one through the press profile rather than cutting straight across CMYK.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

import pikepdf

#: points a function's domain is sampled at, besides its own stops and bounds
SAMPLES = 64
#: RGB samples taken between two stops of one of our gradients when it is made CMYK
STEPS_PER_STOP = 16


def _floats(array) -> list[float]:
    return [float(v) for v in array]


def evaluate(fn, t: float) -> list[float] | None:
    """A one-input PDF function at ``t``; None for a type it does not read (type 4)."""
    if isinstance(fn, pikepdf.Array):  # one function a component
        parts = [evaluate(f, t) for f in fn]
        if any(p is None for p in parts):
            return None
        return [v for p in parts for v in p]
    kind = int(fn.get("/FunctionType", -1))
    d0, d1 = _floats(fn.get("/Domain", [0, 1]))[:2]
    t = min(max(t, d0), d1)
    if kind == 2:
        c0 = _floats(fn.get("/C0", [0.0]))
        c1 = _floats(fn.get("/C1", [1.0]))
        n = float(fn.get("/N", 1))
        x = t**n if t > 0 or n >= 0 else 0.0
        out = [a + x * (b - a) for a, b in zip(c0, c1, strict=True)]
    elif kind == 3:
        bounds = _floats(fn.get("/Bounds", []))
        encode = _floats(fn.Encode)
        edges = [d0, *bounds, d1]
        k = next((i for i, b in enumerate(bounds) if t < b), len(bounds))
        lo, hi = edges[k], edges[k + 1]
        e0, e1 = encode[2 * k], encode[2 * k + 1]
        inner = e0 if hi == lo else e0 + (t - lo) * (e1 - e0) / (hi - lo)
        got = evaluate(fn.Functions[k], inner)
        if got is None:
            return None
        out = got
    elif kind == 0:
        out = _sampled(fn, t, d0, d1)
    else:
        return None
    if "/Range" in fn:
        r = _floats(fn.Range)
        out = [min(max(v, r[2 * i]), r[2 * i + 1]) for i, v in enumerate(out)]
    return out


def _sampled(fn, t: float, d0: float, d1: float) -> list[float]:
    """A one-input sampled function (type 0) at ``t``, linearly interpolated."""
    size = int(fn.Size[0])
    bits = int(fn.BitsPerSample)
    r = _floats(fn.Range)
    n = len(r) // 2
    encode = _floats(fn.get("/Encode", [0, size - 1]))
    decode = _floats(fn.get("/Decode", r))
    data = fn.read_bytes()
    e = encode[0] + (t - d0) * (encode[1] - encode[0]) / ((d1 - d0) or 1)
    e = min(max(e, 0.0), size - 1.0)
    i0 = int(e)
    i1 = min(i0 + 1, size - 1)
    top = (1 << bits) - 1

    def sample(i: int, j: int) -> float:
        pos = (i * n + j) * bits
        byte, shift = divmod(pos, 8)
        width = (shift + bits + 7) // 8
        word = int.from_bytes(data[byte : byte + width].ljust(width, b"\0"), "big")
        raw = (word >> (width * 8 - shift - bits)) & top
        return decode[2 * j] + raw * (decode[2 * j + 1] - decode[2 * j]) / top

    f = e - i0
    return [sample(i0, j) * (1 - f) + sample(i1, j) * f for j in range(n)]


def _stops(fn, d0: float, d1: float) -> list[float]:
    """Where ``fn`` may turn: its domain's ends, its stitching bounds, its samples."""
    ts = {d0 + (d1 - d0) * i / SAMPLES for i in range(SAMPLES + 1)}
    if isinstance(fn, pikepdf.Dictionary | pikepdf.Stream):
        kind = int(fn.get("/FunctionType", -1))
        if kind == 3:
            ts.update(_floats(fn.get("/Bounds", [])))
        elif kind == 0:
            size = int(fn.Size[0])
            ts.update(d0 + (d1 - d0) * i / max(size - 1, 1) for i in range(size))
    return sorted(ts)


def colours(shading) -> list[tuple[float, ...]]:
    """The colours a shading's function paints across its domain (empty: not read)."""
    fn = shading.get("/Function")
    if fn is None:
        return []
    kind = int(shading.get("/ShadingType", 0))
    if kind == 1:  # two inputs (x, y): its corners and middle, sampled on a grid
        return []
    d0, d1 = _floats(shading.get("/Domain", [0, 1]))[:2]
    out = []
    for t in _stops(fn, d0, d1):
        got = evaluate(fn, t)
        if got is None:
            return []
        out.append(tuple(got))
    return out


def most_ink(shading) -> tuple[float, ...]:
    """The shading's colour with the most C+M+Y+K (its components; () when not read)."""
    found = colours(shading)
    return max(found, key=sum) if found else ()


def rgb_stops(
    colors: Sequence, positions: Sequence[float] | None
) -> tuple[list[tuple[float, float, float]], list[float]]:
    """A gradient's stops as RGB, with ``STEPS_PER_STOP`` samples between each pair."""
    from reportlab.lib.colors import toColor

    rgb = [toColor(c).rgb() for c in colors]
    at = list(positions) if positions is not None else [i / (len(rgb) - 1) for i in range(len(rgb))]
    pairs = sorted(zip(at, rgb, strict=True), key=lambda p: p[0])
    out_t, out_c = [pairs[0][0]], [pairs[0][1]]
    for (t0, c0), (t1, c1) in pairwise(pairs):
        for s in range(1, STEPS_PER_STOP + 1):
            f = s / STEPS_PER_STOP
            out_t.append(t0 + (t1 - t0) * f)
            out_c.append(tuple(a + (b - a) * f for a, b in zip(c0, c1, strict=True)))
    return out_c, out_t
